/**
 * Printable ASCII in DejaVu is one glyph a character except ff, fi, fl (and ffi, ffl): the document views
 * of shared/render/pdf-fonts.ts lay such texts out from the character map without shaping. Held here to
 * the pinned font files: every pair of printable ASCII characters in both faces, and the views' glyphs
 * (ids and characters) against a fresh fontkit layout.
 */
import fontkit from '@pdf-lib/fontkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fontkitParsingOnce, parsedFont, pdfFontBytes } from '../../shared/render/pdf-fonts';

afterEach(() => vi.restoreAllMocks());

const printable = Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index));
const ligatures = /f[fil]/;

interface Glyph {
  id: number;
  codePoints: number[];
}
interface Font {
  layout(text: string): { glyphs: Glyph[] };
  glyphForCodePoint(codePoint: number): Glyph;
}

const glyphsOf = (font: Font, text: string) =>
  font.layout(text).glyphs.map((glyph) => ({ id: glyph.id, codePoints: [...glyph.codePoints] }));

describe('ASCII layout in DejaVu', () => {
  it('every pair of printable ASCII characters but ff, fi and fl is one glyph a character, in both faces', async () => {
    const bytes = await pdfFontBytes();
    for (const face of [bytes.regular, bytes.bold]) {
      const font = fontkit.create(face) as unknown as Font;
      const ids = new Map(printable.map((char) => [char, font.glyphForCodePoint(char.codePointAt(0)!).id]));
      const shaped: string[] = [];
      for (const first of printable) {
        for (const second of printable) {
          const pair = first + second;
          const laidOut = font.layout(pair).glyphs.map((glyph) => glyph.id);
          if (laidOut.join() !== [ids.get(first), ids.get(second)].join()) shaped.push(pair);
        }
      }
      expect(shaped).toEqual(['ff', 'fi', 'fl']);
    }
  });

  it('a document’s view gives the glyphs and characters fontkit’s layout gives, shaping only what ligates', async () => {
    const bytes = await pdfFontBytes();
    const texts = [
      'Customer 1234',
      '1 Main St, Springfield IL 62701',
      '1Z999AA10123456784',
      'Office',
      'Griffin fly',
      '',
      ' {~}',
    ];
    for (const face of [bytes.regular, bytes.bold]) {
      const fresh = fontkit.create(face) as unknown as Font;
      const shared = parsedFont(face) as unknown as Font;
      const layout = shared.layout.bind(shared);
      const shapedTexts: string[] = [];
      vi.spyOn(shared, 'layout').mockImplementation((text: string) => {
        shapedTexts.push(text);
        return layout(text);
      });
      const view = fontkitParsingOnce.create(face) as unknown as Font;
      for (const text of texts) expect(glyphsOf(view, text)).toEqual(glyphsOf(fresh, text));
      expect(shapedTexts.filter((text) => !ligatures.test(text))).toEqual([]);
      vi.restoreAllMocks();
    }
  });
});
