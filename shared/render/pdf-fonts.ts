/**
 * The Unicode fonts the PDF renderers embed. pdf-lib's standard fonts encode only WinAnsi, so a
 * customer in "Łódź" makes drawText throw (DESIGN §6): labels and forms embed DejaVu Sans (the npm
 * package `dejavu-fonts-ttf`, Latin, Greek and Cyrillic in full; no CJK) through fontkit, subset to the
 * glyphs a document uses, so a label stays a few tens of KB.
 *
 * Where the .ttf files are found, first hit wins:
 * 1. `PDF_FONT_DIR`, when set: an override (a Lambda layer's /opt/fonts, say).
 * 2. `fonts/` beside the running module file. In a Lambda bundle that file is index.mjs, and the CDK
 *    construct's afterBundling hook copies the fonts there (`pdfFontCommands` in infra/bundling.ts).
 *    From source the folder does not exist and the search goes on.
 * 3. The `dejavu-fonts-ttf` package, resolved from this module (tsx and vitest run the source inside
 *    the repository), then from the working directory (a bundle built into a temp folder, as the
 *    benchmarks do, and run from the repository).
 *
 * Nothing is read at import: the first render reads the two files (about 1.4 MB) and every later one
 * in the process reuses the same bytes.
 *
 * What DejaVu cannot draw (Japanese, Chinese, Korean, Thai, Devanagari, emoji) falls back to Noto
 * slices (text/fallback-fonts.ts), read and embedded only for the characters of the text a document
 * says it will draw.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import './text/fontkit-shapers';
import './native-deflate';
import type { PDFDocument } from 'pdf-lib';
import { embedFallbacks, fallbackNeeds } from './text/embed-fallbacks';
import {
  keepDeflatedPrograms,
  keepEncodedSubsets,
  keepGlyphMetrics,
  keepGlyphRuns,
  subsetBase,
} from './text/kept-font-programs';
import { TextFace } from './text/text-face';

/** The package the fonts come from; infra/bundling.ts copies from it, and looks for its name in a bundle. */
export const pdfFontPackage = 'dejavu-fonts-ttf';
/** The folder, beside a bundle's index.mjs, the Lambda package carries the fonts in. */
export const bundledFontDir = 'fonts';
export const pdfFontFiles = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

export interface PdfFontBytes {
  regular: Uint8Array;
  bold: Uint8Array;
}

export interface PdfFonts {
  regular: TextFace;
  bold: TextFace;
}

export class PdfFontsMissingError extends Error {
  override readonly name = 'PdfFontsMissingError';
}

function packageFontDir(from: string | URL): string | undefined {
  try {
    return dirname(createRequire(from).resolve(`${pdfFontPackage}/ttf/${pdfFontFiles.regular}`));
  } catch {
    return undefined;
  }
}

/** The folders to try, in order (see the module comment). */
export function fontDirCandidates(): string[] {
  const candidates = [
    process.env.PDF_FONT_DIR,
    fileURLToPath(new URL(`./${bundledFontDir}/`, import.meta.url)),
    packageFontDir(import.meta.url),
    packageFontDir(pathToFileURL(join(process.cwd(), 'package.json'))),
  ];
  return [...new Set(candidates.filter((dir): dir is string => Boolean(dir)))];
}

async function readFontsIn(dir: string): Promise<PdfFontBytes | undefined> {
  try {
    const [regular, bold] = await Promise.all([
      readFile(join(dir, pdfFontFiles.regular)),
      readFile(join(dir, pdfFontFiles.bold)),
    ]);
    return { regular, bold };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function findFonts(): Promise<PdfFontBytes> {
  const tried = fontDirCandidates();
  for (const dir of tried) {
    const fonts = await readFontsIn(dir);
    if (fonts) return fonts;
  }
  throw new PdfFontsMissingError(
    `${pdfFontFiles.regular} and ${pdfFontFiles.bold} are in none of: ${tried.join(', ')}`,
  );
}

let loading: Promise<PdfFontBytes> | undefined;

/** The font files' bytes, read once per process; a failed read is retried on the next call. */
export function pdfFontBytes(): Promise<PdfFontBytes> {
  loading ??= findFonts().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type FontkitFont = ReturnType<Fontkit['create']>;

const parsedFonts = new WeakMap<Uint8Array, FontkitFont>();

/**
 * The only sequences of printable ASCII that DejaVu's default features turn into other glyphs: ff, fi, fl
 * (and ffi, ffl). Every other ASCII text is one glyph a character (test/unit/pdf-ascii-layout.unit.test.ts
 * lays out every pair of printable ASCII characters in both faces to hold this to the pinned font files).
 */
const dejaVuAsciiLigatures: Record<string, RegExp | undefined> = {
  DejaVuSans: /f[fil]/,
  'DejaVuSans-Bold': /f[fil]/,
};

/**
 * fontkit, with each font file parsed once per process. pdf-lib calls `create` for every document that
 * embeds a font, and a fresh font object decodes its tables (cmap, hmtx, GSUB, GPOS for the layout of
 * every string drawn) again: about three quarters of a label's render.
 *
 * Each document gets a view of the parsed font: the decoded tables are shared (the view reads them
 * through its prototype), the glyph objects are its own. fontkit fixes a glyph's code points when it first
 * makes the glyph object, and pdf-lib writes the document's ToUnicode map from them: sharing glyph
 * objects let one document's history (a glyph first made by a substitution, without characters) leave
 * letters out of another's text layer: a report whose bold "e" pdftotext read as a space.
 *
 * A view also answers from the container's kept subset programs and glyph runs, and lays the subset's
 * base letters out without shaping (text/kept-font-programs.ts).
 */
export const fontkitParsingOnce: Fontkit = {
  create(bytes, postscriptName) {
    if (postscriptName !== undefined) return fontkit.create(bytes, postscriptName);
    const shared = parsedFont(bytes);
    const view = Object.create(shared) as FontkitFont & { _glyphs: object };
    view._glyphs = {};
    keepEncodedSubsets(view as unknown as Parameters<typeof keepEncodedSubsets>[0], shared);
    keepGlyphMetrics(view as unknown as Parameters<typeof keepGlyphMetrics>[0], shared);
    keepGlyphRuns(
      view as unknown as Parameters<typeof keepGlyphRuns>[0],
      shared,
      dejaVuAsciiLigatures[(shared as { postscriptName?: string }).postscriptName ?? ''],
    );
    return view;
  },
};

/**
 * The font parsed once per process. A WOFF file (the Noto slices) inflates a table on every read of it,
 * and fontkit reads `glyf` for each glyph it draws or subsets: the inflated tables are kept here, on the
 * shared object, so each is inflated once per process.
 */
export function parsedFont(bytes: Uint8Array): FontkitFont {
  let font = parsedFonts.get(bytes);
  if (!font) {
    font = fontkit.create(bytes);
    if (isWoff(bytes)) keepInflatedTables(font as unknown as WoffTables);
    parsedFonts.set(bytes, font);
  }
  return font;
}

const isWoff = (bytes: Uint8Array) => String.fromCharCode(...bytes.subarray(0, 4)) === 'wOFF';

interface TableStream {
  buffer: Uint8Array;
  constructor: new (buffer: Uint8Array) => TableStream;
}
interface WoffTables {
  stream: TableStream;
  _getTableStream(tag: string): TableStream | null;
}

function keepInflatedTables(font: WoffTables): void {
  const inflate = font._getTableStream;
  const inflated = new Map<string, Uint8Array>();
  font._getTableStream = function (this: WoffTables, tag: string) {
    const kept = inflated.get(tag);
    if (kept) return new this.stream.constructor(kept);
    const stream = inflate.call(this, tag);
    // An uncompressed table is read in place from the file's own stream: nothing to keep.
    if (stream && stream !== this.stream) inflated.set(tag, stream.buffer);
    return stream;
  };
}

/**
 * Embeds both faces into a document, subset to the glyphs it ends up using (printable ASCII always),
 * with the fallback slices `texts` (every string the document will draw; a string left out draws what
 * DejaVu and the slices embedded for the others can) needs.
 */
export async function embedPdfFonts(document: PDFDocument, texts: Iterable<string> = []): Promise<PdfFonts> {
  const bytes = await pdfFontBytes();
  document.registerFontkit(fontkitParsingOnce);
  keepDeflatedPrograms(document);
  const regularGlyphs = parsedFont(bytes.regular);
  const boldGlyphs = parsedFont(bytes.bold);
  const wanted = [...texts];
  const [regular, bold, regularFallbacks, boldFallbacks] = await Promise.all([
    document.embedFont(bytes.regular, { subset: true }),
    document.embedFont(bytes.bold, { subset: true }),
    embedFallbacks(document, fallbackNeeds(wanted, regularGlyphs), 400, bundledFontDir, parsedFont),
    embedFallbacks(document, fallbackNeeds(wanted, boldGlyphs), 700, bundledFontDir, parsedFont),
  ]);
  // Printable ASCII first in every subset (text/kept-font-programs.ts).
  regular.encodeText(subsetBase);
  bold.encodeText(subsetBase);
  return {
    regular: new TextFace(regular, regularGlyphs, regularFallbacks),
    bold: new TextFace(bold, boldGlyphs, boldFallbacks),
  };
}
