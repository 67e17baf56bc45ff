/**
 * A font program embedded again and again, encoded and compressed once per container.
 *
 * A label subsets DejaVu to the glyphs it draws. fontkit encodes that subset (about 5 ms) and pdf-lib
 * compresses it (about 3 ms), and this happens for every label. Nearly every label draws a subset of the
 * same glyphs: pdf-fonts.ts puts printable ASCII first in every subset (after .notdef), in one order. So,
 * in one container, the same glyph list gives the same bytes:
 * - `keepEncodedSubsets` keeps a subset's encoded program by its glyph list (glyph ids in subset order);
 * - `keepDeflatedPrograms` keeps what pdf-lib's flateStream made of a byte array, found again by its
 *   content.
 * The bytes written are those a fresh encode would write.
 */
import { Readable } from 'node:stream';
import type { PDFDocument } from 'pdf-lib';

/** fontkit's subset, as far as this module reads it. */
interface FontkitSubset {
  /** Glyph ids in subset order; encoding appends the components of compound glyphs. */
  glyphs: number[];
  encodeStream(): NodeJS.ReadableStream;
}

interface SubsetMaker {
  createSubset(): FontkitSubset;
}

/**
 * Printable ASCII, put first in every subset of DejaVu (after .notdef) and in this order (pdf-fonts.ts):
 * a document whose text is ASCII then has the same subset as the one before it, and its program is not
 * encoded or compressed again. It adds about 13 KB to a label (20 KB to 33 KB for a US address).
 */
export const subsetBase = Array.from({ length: 0x7f - 0x20 }, (_, index) =>
  String.fromCharCode(0x20 + index),
).join('');

interface GlyphMaker {
  layout(text: string, ...rest: unknown[]): { glyphs: unknown[] };
  glyphForCodePoint(codePoint: number): unknown;
}

/**
 * The base letters are put in a subset through pdf-lib's encodeText, which lays its text out: shaping 95
 * letters in two faces cost about as much as drawing a whole label. They need one glyph each, as the
 * font's character map gives it (what fontkit starts shaping from), and nothing else reads that layout.
 */
export function baseUnshaped(view: GlyphMaker): void {
  const layout = view.layout;
  view.layout = function (this: GlyphMaker, text: string, ...rest: unknown[]) {
    if (text !== subsetBase) return layout.call(this, text, ...rest);
    return { glyphs: Array.from(text, (char) => this.glyphForCodePoint(char.codePointAt(0)!)) };
  };
}

/** Kept programs of each font, most recently used last, and the bytes they hold. */
const maxKeptPerFont = 16;
const keptSubsets = new WeakMap<object, Map<string, Uint8Array>>();

function keep<K, V>(kept: Map<K, V>, key: K, value: V, max: number): void {
  kept.delete(key);
  kept.set(key, value);
  if (kept.size > max) kept.delete(kept.keys().next().value as K);
}

function concatenated(parts: readonly Uint8Array[]): Uint8Array {
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/**
 * Makes the font's subsets answer `encodeStream` from the programs kept for `shared` (the parsed font all
 * documents' views read). A subset whose glyph list was not seen encodes as fontkit does, and is kept.
 */
export function keepEncodedSubsets(view: SubsetMaker, shared: object): void {
  const createSubset = view.createSubset;
  view.createSubset = function (this: SubsetMaker) {
    const subset = createSubset.call(this);
    const encodeStream = subset.encodeStream;
    subset.encodeStream = function (this: FontkitSubset) {
      // The key is taken before encoding: encoding adds compound glyphs' components, the same ones each time.
      const key = this.glyphs.join(',');
      const kept = keptSubsets.get(shared) ?? new Map<string, Uint8Array>();
      keptSubsets.set(shared, kept);
      const program = kept.get(key);
      if (program) {
        keep(kept, key, program, maxKeptPerFont);
        return Readable.from([program], { objectMode: false });
      }
      const stream = encodeStream.call(this);
      const parts: Uint8Array[] = [];
      stream.on('data', (part: Uint8Array) => parts.push(part));
      stream.on('end', () => keep(kept, key, concatenated(parts), maxKeptPerFont));
      return stream;
    };
    return subset;
  };
}

interface Deflated {
  raw: Uint8Array;
  deflated: Uint8Array;
}

/** Compressed programs, oldest first: a few dozen at most, a few MB together. */
const maxDeflated = 32;
const deflated: Deflated[] = [];

function findDeflated(raw: Uint8Array): Uint8Array | undefined {
  return deflated.find((entry) => entry.raw.length === raw.length && Buffer.compare(entry.raw, raw) === 0)
    ?.deflated;
}

function keepDeflated(raw: Uint8Array, compressed: Uint8Array): void {
  if (deflated.length >= maxDeflated) deflated.shift();
  deflated.push({ raw, deflated: compressed });
}

/**
 * The document's flateStream, for byte arrays (the font programs; pdf-lib passes the ToUnicode maps as
 * strings, and those it compresses as before), answers what it compressed for equal bytes before.
 */
export function keepDeflatedPrograms(document: PDFDocument): void {
  const context = document.context;
  const flateStream = context.flateStream.bind(context);
  context.flateStream = (contents, dict = {}) => {
    if (!(contents instanceof Uint8Array)) return flateStream(contents, dict);
    const kept = findDeflated(contents);
    if (kept) return context.stream(kept, { ...dict, Filter: 'FlateDecode' });
    const stream = flateStream(contents, dict);
    keepDeflated(contents, stream.getContents());
    return stream;
  };
}
