/**
 * Which fallback slices a document needs, and their embedding: pdf-lib embeds a font asynchronously and
 * draws synchronously, so the renderers hand over the text they will draw before drawing. A slice is
 * read only when a character of that text falls in its range, DejaVu has no glyph for it and the
 * slice has one; it is embedded as a subset of the glyphs drawn.
 */
import type { PDFDocument } from 'pdf-lib';
import { graphemes } from './bidi';
import { familySlices, sliceBytes, slicePath, type FallbackWeight } from './fallback-fonts';
import { familiesFor, type FallbackFamily } from './scripts';
import { drawsAll, type FallbackFont, type GlyphSet } from './text-face';

export interface Need {
  codePoint: number;
  families: FallbackFamily[];
}

const ignorable = /\p{Default_Ignorable_Code_Point}/u;
const plain = /^[\x20-\x7e\s]*$/;

/** The characters of the texts the primary face cannot draw, each with the families to try (deduplicated). */
export function fallbackNeeds(texts: Iterable<string>, primary: GlyphSet): Need[] {
  const needs = new Map<string, Need>();
  for (const text of texts) {
    if (plain.test(text)) continue;
    for (const grapheme of graphemes(text.normalize('NFC'))) {
      if (drawsAll(primary, grapheme)) continue;
      const first = Array.from(grapheme).find((char) => !ignorable.test(char));
      if (!first) continue;
      const families = familiesFor(first, text);
      const key = `${first}|${families.join()}`;
      if (!needs.has(key)) needs.set(key, { codePoint: first.codePointAt(0)!, families });
    }
  }
  return [...needs.values()];
}

interface Slice {
  family: FallbackFamily;
  bytes: Uint8Array;
  glyphs: GlyphSet;
}

/** The first slice, by the need's family order, that has a glyph for the character. */
async function sliceFor(
  need: Need,
  weight: FallbackWeight,
  fontDir: string,
  parse: (bytes: Uint8Array) => GlyphSet,
) {
  for (const family of need.families) {
    const slices = await familySlices(family, weight, fontDir);
    const path = slices && slicePath(slices, need.codePoint);
    if (!path) continue;
    const bytes = await sliceBytes(path);
    const glyphs = parse(bytes);
    if (glyphs.hasGlyphForCodePoint(need.codePoint)) return { family, bytes, glyphs };
  }
  return undefined;
}

export async function embedFallbacks(
  document: PDFDocument,
  needs: readonly Need[],
  weight: FallbackWeight,
  fontDir: string,
  parse: (bytes: Uint8Array) => GlyphSet,
): Promise<FallbackFont[]> {
  const found = await Promise.all(needs.map((need) => sliceFor(need, weight, fontDir, parse)));
  const slices = [...new Set(found.filter((slice): slice is Slice => slice !== undefined))];
  const unique = [...new Map(slices.map((slice) => [slice.bytes, slice])).values()];
  return Promise.all(
    unique.map(async ({ family, bytes, glyphs }) => ({
      family,
      glyphs,
      font: await document.embedFont(bytes, { subset: true }),
    })),
  );
}
