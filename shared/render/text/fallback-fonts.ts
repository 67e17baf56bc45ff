/**
 * The fallback fonts (Noto, from the `@fontsource/*` packages) for what DejaVu Sans cannot draw:
 * Japanese, Chinese, Korean, Thai, Devanagari, emoji. Each family is split into woff2 slices by
 * Unicode range; a document reads only the slices its text falls in, once per process.
 *
 * A family's folder (holding `400.css`, `700.css` and `files/`) is found like DejaVu's (pdf-fonts.ts):
 * `<PDF_FONT_DIR>/<family>`, `fonts/<family>` beside the running module (in a Lambda bundle every module
 * is that one file; `pdfFontCommands` in infra/bundling.ts copies the folders there), then the package resolved from this module or the working
 * directory.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseFontFaceCss, sliceCovers, type FontSlice } from './font-face-css';
import type { FallbackFamily } from './scripts';

/** The weights read: 400 for the regular face, 700 for bold. */
export const fallbackWeights = [400, 700] as const;
export type FallbackWeight = (typeof fallbackWeights)[number];

export const fallbackPackage = (family: FallbackFamily) => `@fontsource/${family}`;

function packageDir(family: FallbackFamily, from: string | URL): string | undefined {
  try {
    return dirname(createRequire(from).resolve(`${fallbackPackage(family)}/package.json`));
  } catch {
    return undefined;
  }
}

/** The folders to try for a family, in order. */
export function familyDirCandidates(family: FallbackFamily, bundledFontDir: string): string[] {
  const override = process.env.PDF_FONT_DIR;
  const candidates = [
    override && join(override, family),
    fileURLToPath(new URL(`./${bundledFontDir}/${family}/`, import.meta.url)),
    packageDir(family, import.meta.url),
    packageDir(family, pathToFileURL(join(process.cwd(), 'package.json'))),
  ];
  return [...new Set(candidates.filter((dir): dir is string => Boolean(dir)))];
}

export interface FamilySlices {
  dir: string;
  slices: FontSlice[];
}

async function readSlices(family: FallbackFamily, weight: FallbackWeight, bundledFontDir: string) {
  for (const dir of familyDirCandidates(family, bundledFontDir)) {
    try {
      return { dir, slices: parseFontFaceCss(await readFile(join(dir, `${weight}.css`), 'utf8')) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return undefined;
}

const slicesRead = new Map<string, Promise<FamilySlices | undefined>>();

/** A family's slices at a weight, or undefined when the family is not installed (then it is skipped). */
export function familySlices(family: FallbackFamily, weight: FallbackWeight, bundledFontDir: string) {
  const key = `${family}/${weight}`;
  let slices = slicesRead.get(key);
  if (!slices) slicesRead.set(key, (slices = readSlices(family, weight, bundledFontDir)));
  return slices;
}

const bytesRead = new Map<string, Promise<Uint8Array>>();

/** A slice file's bytes, read once per process (the same array each time: parsed fonts are keyed by it). */
export function sliceBytes(path: string): Promise<Uint8Array> {
  let bytes = bytesRead.get(path);
  if (!bytes) {
    bytes = readFile(path).then((buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length));
    bytes.catch(() => bytesRead.delete(path));
    bytesRead.set(path, bytes);
  }
  return bytes;
}

/** The path of the slice of a family that covers a code point, if any. */
export function slicePath({ dir, slices }: FamilySlices, codePoint: number): string | undefined {
  const slice = slices.find((candidate) => sliceCovers(candidate, codePoint));
  return slice && join(dir, slice.file);
}
