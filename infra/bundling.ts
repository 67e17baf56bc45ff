/**
 * How every function is bundled, in one place: the CDK NodejsFunction construct and the bundle
 * benchmark both use these settings, so the bench measures what ships.
 */
import path from 'node:path';

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
  mainFields: ['module', 'main'],
  banner: { js: esmRequireBanner },
  legalComments: 'none' as const,
};

/** shared/render/pdf-fonts.ts: the package the PDF fonts come from, and the files it reads. */
export const pdfFontPackage = 'dejavu-fonts-ttf';
export const pdfFontFiles = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'] as const;

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * Run after bundling (the construct's afterBundling hook): a bundle that carries the PDF renderers (its
 * code names the font package) gets the two .ttf files (1.4 MB) in `fonts/` beside index.mjs, where
 * shared/render/pdf-fonts.ts reads them; the other functions ship without them. POSIX shell: CDK runs
 * the hooks with bash on Linux and macOS, and in its Docker image.
 */
export function pdfFontCommands(inputDir: string, outputDir: string): string[] {
  const fonts = path.posix.join(outputDir, 'fonts');
  const sources = pdfFontFiles.map((file) =>
    shellQuote(path.posix.join(inputDir, 'node_modules', pdfFontPackage, 'ttf', file)),
  );
  return [
    `if grep -qF ${pdfFontPackage} ${shellQuote(path.posix.join(outputDir, 'index.mjs'))}; then ` +
      `mkdir -p ${shellQuote(fonts)} && cp ${sources.join(' ')} ${shellQuote(fonts)}; fi`,
  ];
}
