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

interface Glyph {
  id: number;
  codePoints: number[];
}

/** fontkit's font (a document's view of it, or the parsed font itself), as far as this module reads it. */
interface GlyphMaker {
  layout(text: string, ...rest: unknown[]): { glyphs: Glyph[] };
  glyphForCodePoint(codePoint: number): Glyph;
  getGlyph(id: number, codePoints: number[]): Glyph;
  _glyphs: object;
}

/** Per parsed font, each text's glyphs as laid out: ids and the characters each stands for. */
const keptRuns = new WeakMap<object, Map<string, readonly Glyph[]>>();
const maxKeptRuns = 20_000;
/** Per parsed font, a view kept for laying texts out: its glyph objects are dropped before each text. */
const layoutViews = new WeakMap<object, GlyphMaker>();

function glyphRunOf(shared: object, layout: GlyphMaker['layout'], text: string): readonly Glyph[] {
  const runs = keptRuns.get(shared) ?? new Map<string, readonly Glyph[]>();
  keptRuns.set(shared, runs);
  let run = runs.get(text);
  if (!run) {
    let scratch = layoutViews.get(shared);
    if (!scratch) {
      scratch = Object.create(shared) as GlyphMaker;
      layoutViews.set(shared, scratch);
    }
    // Fresh glyph objects: each takes the characters this layout gives it, not another text's.
    scratch._glyphs = {};
    run = layout
      .call(scratch, text)
      .glyphs.map((glyph) => ({ id: glyph.id, codePoints: [...glyph.codePoints] }));
    if (runs.size >= maxKeptRuns) runs.clear();
    runs.set(text, run);
  }
  return run;
}

const printableAscii = /^[\x20-\x7e]*$/;

/**
 * Printable ASCII without any of the font's ASCII ligatures takes one glyph a character, as the character
 * map gives it: shaping changes nothing pdf-lib reads (it draws glyph ids and ignores positions). Names
 * and addresses differ on every label, so their layouts were not kept; this spares them the shaping.
 */
function isUnshapedAscii(text: unknown, asciiLigatures: RegExp, rest: unknown[]): boolean {
  return (
    typeof text === 'string' &&
    rest.every((argument) => argument === undefined) &&
    printableAscii.test(text) &&
    !asciiLigatures.test(text)
  );
}

/**
 * A document's view lays a text out once per container: pdf-lib lays out every text it draws or
 * measures, and shaping (fontkit's GSUB and GPOS lookups, its shaping plan) was two thirds of a label's
 * CPU. The view answers with the glyphs a layout of the text gave (pdf-lib reads only the glyphs, not
 * their positions), made in its own glyph objects with the characters fontkit gave them: fontkit makes
 * the glyphs of a layout the same way (getGlyph with each glyph's characters), so the document's
 * ToUnicode map is built from the same characters.
 *
 * The subset's base letters (subsetBase) are put in through pdf-lib's encodeText too. They need one
 * glyph each, as the font's character map gives it, and no shaping.
 */
export function keepGlyphRuns(view: GlyphMaker, shared: object, asciiLigatures?: RegExp): void {
  const layout = view.layout;
  view.layout = function (this: GlyphMaker, text: string, ...rest: unknown[]) {
    if (text === subsetBase || (asciiLigatures && isUnshapedAscii(text, asciiLigatures, rest))) {
      return { glyphs: Array.from(text, (char) => this.glyphForCodePoint(char.codePointAt(0)!)) };
    }
    // Features, a script or a direction asked for: laid out as asked, not kept.
    if (typeof text !== 'string' || rest.some((argument) => argument !== undefined)) {
      return layout.call(this, text, ...rest);
    }
    const glyphs = glyphRunOf(shared, layout, text).map((glyph) =>
      this.getGlyph(glyph.id, [...glyph.codePoints]),
    );
    return { glyphs };
  };
}

/** fontkit's glyph metrics (advance, bearings), computed on a glyph object once. */
interface MetricGlyph {
  _metrics?: object;
  _getMetrics(cbox?: unknown): object;
}

interface BaseGlyphMaker {
  _glyphs: Record<number, unknown>;
  _getBaseGlyph(id: number, characters?: number[]): MetricGlyph | null;
}

/** Per parsed font, each glyph's metrics by glyph id. */
const keptMetrics = new WeakMap<object, Map<number, object>>();

/**
 * A document's view answers each glyph's metrics from those computed for the parsed font before: its
 * glyph objects are its own (keepGlyphRuns), so every document decoded the metrics of every glyph it
 * embedded again (pdf-lib's widths array, and each width it measures), with the glyph's outline box when
 * the font has no vertical metrics: 2.3 s of the busy day's 47.3 s profile. Metrics depend on the glyph
 * id alone (no variation axes are set), and fontkit never changes them once made.
 */
export function keepGlyphMetrics(view: BaseGlyphMaker, shared: object): void {
  const metrics = keptMetrics.get(shared) ?? new Map<number, object>();
  keptMetrics.set(shared, metrics);
  const baseGlyph = view._getBaseGlyph;
  view._getBaseGlyph = function (this: BaseGlyphMaker, id: number, characters?: number[]) {
    const fresh = !this._glyphs[id];
    const glyph = baseGlyph.call(this, id, characters);
    if (fresh && glyph) {
      const compute = glyph._getMetrics;
      glyph._getMetrics = function (this: MetricGlyph, cbox?: unknown) {
        if (this._metrics) return this._metrics;
        let kept = metrics.get(id);
        if (!kept) {
          kept = compute.call(this, cbox);
          metrics.set(id, kept);
        }
        this._metrics = kept;
        return kept;
      };
    }
    return glyph;
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
