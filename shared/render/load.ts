/**
 * The renderers, loaded at the first render. pdf-lib with fontkit and exceljs are large: parsed with a
 * function's bundle they would slow every cold start of it, used or not (an `await import()` inside one
 * bundle defers their evaluation, not their parse). So a deployed function carries them as bundles of
 * their own beside index.mjs (`render-pdf.mjs`, `render-xlsx.mjs`, built by infra/bundling.ts
 * `rendererBundleCommands`), read only here; run from source (tsx, tests), the modules themselves.
 * This module is light: import it statically.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type * as PdfModule from './pdf';
import type * as XlsxModule from './xlsx';

type PdfRenderers = typeof PdfModule;
type XlsxRenderer = typeof XlsxModule;

/** The side bundles, by file name beside the function's index.mjs, and the source each is built from. */
export const rendererBundles = {
  'render-pdf.mjs': 'shared/render/pdf.ts',
  'render-xlsx.mjs': 'shared/render/xlsx.ts',
} as const;

const loaded = new Map<string, Promise<unknown>>();

function load<T>(bundle: keyof typeof rendererBundles, source: string): Promise<T> {
  let module = loaded.get(bundle);
  if (!module) {
    const beside = new URL(`./${bundle}`, import.meta.url);
    // A specifier in a variable: esbuild leaves the source out of the function's bundle.
    module = existsSync(fileURLToPath(beside)) ? import(beside.href) : import(source);
    module.catch(() => loaded.delete(bundle));
    loaded.set(bundle, module);
  }
  return module as Promise<T>;
}

export const loadPdfRenderers = (): Promise<PdfRenderers> => load('render-pdf.mjs', sourceOf('./pdf.ts'));
export const loadXlsxRenderer = (): Promise<XlsxRenderer> => load('render-xlsx.mjs', sourceOf('./xlsx.ts'));

/** The module's path from source, kept out of esbuild's reach. */
function sourceOf(relative: string): string {
  return new URL(relative, import.meta.url).href;
}
