/**
 * Side bundles: heavy code a function needs only for some operations (pdf-lib and fontkit, exceljs, the
 * S3 client, the OpenAPI document's schemas). Parsed with a function's bundle they would slow every cold
 * start of it, used or not (an `await import()` inside one bundle defers their evaluation, not their
 * parse). So a deployed function carries each as a bundle of its own beside index.mjs, built by
 * infra/bundling.ts `sideBundleCommands` when index.mjs names its file, and read at the first use; run
 * from source (tsx, tests), the module itself. This module is light: import it statically.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The side bundles, by file name beside the function's index.mjs, and the source each is built from.
 * Only infra and the benchmarks read this map: at run time a loader names its own file, so a function's
 * bundle carries the names of the side bundles it loads and no other (the build looks for them).
 */
export const sideBundles = {
  'render-pdf.mjs': 'shared/render/pdf.ts',
  'render-xlsx.mjs': 'shared/render/xlsx.ts',
  'files-s3.mjs': 'shared/files/s3/index.ts',
  'openapi-document.mjs': 'functions/openapi/document/index.ts',
} as const;

export type SideBundleFile = keyof typeof sideBundles;

const loaded = new Map<string, Promise<unknown>>();

/**
 * The side bundle beside the running bundle, else (from source) the module at `sourceUrl`; loaded once
 * per process, a failed load retried on the next call.
 */
export function loadSideBundle<T>(file: SideBundleFile, sourceUrl: string): Promise<T> {
  let module = loaded.get(file);
  if (!module) {
    const beside = new URL(`./${file}`, import.meta.url);
    // A specifier in a variable: esbuild leaves the source out of the function's bundle.
    module = existsSync(fileURLToPath(beside)) ? import(beside.href) : import(sourceUrl);
    module.catch(() => loaded.delete(file));
    loaded.set(file, module);
  }
  return module as Promise<T>;
}
