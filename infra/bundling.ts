/**
 * How every function is bundled, in one place: the CDK NodejsFunction construct and the bundle
 * benchmark both use these settings, so the bench measures what ships.
 */
import path from 'node:path';
// The side bundles (file beside index.mjs → source), declared where they are loaded.
import { sideBundles } from '../shared/side-bundle';
import { fallbackFamilies } from '../shared/pdf-font-families';
import {
  bundledReferenceScript,
  referenceScriptFile,
  referenceScriptPackage,
} from '../functions/openapi/reference-script';

export const lambdaNodeTarget = 'node22';

/** ESM bundles need `require` for the CommonJS parts of the AWS SDK. */
export const esmRequireBanner =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

export const esbuildOptions = {
  bundle: true,
  platform: 'node' as const,
  format: 'esm' as const,
  target: lambdaNodeTarget,
  minify: true,
  sourcemap: true,
  // The map ships beside the bundle for `npm run symbolicate` (functions run without
  // --enable-source-maps, functionNodeOptions): stack positions need the mappings, not the sources.
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: { js: esmRequireBanner },
  legalComments: 'none' as const,
};

export { sideBundles };

/** esbuild's command-line form of esbuildOptions, for the after-bundling hook. */
function esbuildArguments(): string[] {
  return [
    '--bundle',
    `--platform=${esbuildOptions.platform}`,
    `--format=${esbuildOptions.format}`,
    `--target=${esbuildOptions.target}`,
    '--minify',
    '--sourcemap',
    '--sources-content=false',
    `--main-fields=${esbuildOptions.mainFields.join(',')}`,
    `--legal-comments=${esbuildOptions.legalComments}`,
    `--banner:js=${esbuildOptions.banner.js}`,
  ];
}

/**
 * Run after bundling, before the fonts: a function whose index.mjs names a side bundle (it loads it
 * through shared/side-bundle.ts) gets that bundle built beside it with the same settings.
 */
export function sideBundleCommands(inputDir: string, outputDir: string): string[] {
  const index = shellQuote(path.posix.join(outputDir, 'index.mjs'));
  const esbuild = shellQuote(path.posix.join(inputDir, 'node_modules', '.bin', 'esbuild'));
  return Object.entries(sideBundles).map(
    ([file, source]) =>
      `if grep -qF ${file} ${index}; then ${esbuild} ${shellQuote(path.posix.join(inputDir, source))} ` +
      `${esbuildArguments().map(shellQuote).join(' ')} ${shellQuote(`--outfile=${path.posix.join(outputDir, file)}`)} --log-level=warning; fi`,
  );
}

/** shared/render/pdf-fonts.ts: the package the PDF fonts come from, and the files it reads. */
export const pdfFontPackage = 'dejavu-fonts-ttf';
export const pdfFontFiles = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'] as const;

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** shared/render/text/fallback-fonts.ts: the weights of the Noto fallback slices it reads, as WOFF. */
export const fallbackFontWeights = [400, 700] as const;
export { fallbackFamilies };

/**
 * Run after bundling (the construct's afterBundling hook): a function that carries the PDF renderers
 * (render-pdf.mjs, which names the font package) gets the two .ttf files (1.4 MB) in `fonts/` beside it, where
 * shared/render/pdf-fonts.ts reads them, and each Noto fallback family in `fonts/<family>/`: its 400 and
 * 700 stylesheets (the slices' Unicode ranges) and those weights' WOFF slices (28.6 MB for the six
 * families, read only when a document draws a character in them); the other functions ship without
 * them. POSIX shell: CDK runs the hooks with bash on Linux and macOS, and in its Docker image.
 */
export function pdfFontCommands(inputDir: string, outputDir: string): string[] {
  const fonts = path.posix.join(outputDir, 'fonts');
  const sources = pdfFontFiles.map((file) =>
    shellQuote(path.posix.join(inputDir, 'node_modules', pdfFontPackage, 'ttf', file)),
  );
  const copies = [`mkdir -p ${shellQuote(fonts)} && cp ${sources.join(' ')} ${shellQuote(fonts)}`];
  for (const family of fallbackFamilies) {
    const from = path.posix.join(inputDir, 'node_modules', '@fontsource', family);
    const to = path.posix.join(fonts, family);
    const styles = fallbackFontWeights.map((weight) => shellQuote(path.posix.join(from, `${weight}.css`)));
    const slices = fallbackFontWeights.map(
      (weight) => `${shellQuote(path.posix.join(from, 'files'))}/*-${weight}-normal.woff`,
    );
    copies.push(
      `mkdir -p ${shellQuote(path.posix.join(to, 'files'))}`,
      `cp ${styles.join(' ')} ${shellQuote(to)}`,
      `cp ${slices.join(' ')} ${shellQuote(path.posix.join(to, 'files'))}`,
    );
  }
  return [
    `if grep -qsF ${pdfFontPackage} ${shellQuote(path.posix.join(outputDir, 'render-pdf.mjs'))}; then ` +
      `${copies.join(' && ')}; fi`,
  ];
}

/**
 * Run after bundling (the construct's afterBundling hook): the function that serves the API reference
 * page (its index.mjs names Scalar's package, functions/openapi/reference-script.ts) gets Scalar's
 * browser bundle beside it, gzipped once here (4.3 MB to 1.3 MB; `-n` keeps the bytes, and so the asset
 * hash, the same from build to build); the other functions ship without it.
 */
export function referenceScriptCommands(inputDir: string, outputDir: string): string[] {
  const source = path.posix.join(inputDir, 'node_modules', referenceScriptPackage, referenceScriptFile);
  const target = path.posix.join(outputDir, bundledReferenceScript);
  return [
    `if grep -qsF ${shellQuote(referenceScriptPackage)} ${shellQuote(path.posix.join(outputDir, 'index.mjs'))}; then ` +
      `mkdir -p ${shellQuote(path.posix.dirname(target))} && gzip -9 -n -c ${shellQuote(source)} > ${shellQuote(target)}; fi`,
  ];
}
