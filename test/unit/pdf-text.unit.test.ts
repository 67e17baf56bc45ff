/**
 * The PDF text engine's pure parts: bidi pieces in visual order (what fontkit will reverse and what it
 * will not), line breaks in unspaced scripts, the fallback fonts' range index, and the scan of a
 * document's strings.
 */
import { describe, expect, it } from 'vitest';
import { graphemes, isRightToLeft, reorderByLevel, visualPieces } from '../../shared/render/text/bidi';
import { parseFontFaceCss, sliceCovers } from '../../shared/render/text/font-face-css';
import { breakOpportunities } from '../../shared/render/text/line-breaks';
import { cjkOrder, familiesFor, shaperReverses } from '../../shared/render/text/scripts';
import { stringsIn } from '../../shared/render/text/strings-in';

/** The pieces as [text handed to the shaper, level]; one face. */
const pieces = (line: string) => visualPieces(line, () => 'face').map(({ text, level }) => [text, level]);

/** What a reader sees left to right: each piece as drawn (fontkit reverses the pieces it detects as RTL). */
const seen = (line: string) =>
  visualPieces(line, () => 'face')
    .map(({ text }) => (shaperReverses(text) ? graphemes(text).reverse().join('') : text))
    .join('');

describe('visualPieces: UAX #9 on one line', () => {
  it('keeps a house number in a Hebrew street as written: 12, not 21', () => {
    expect(pieces('רחוב הרצל 12')).toEqual([
      ['12', 2],
      ['רחוב הרצל ', 1],
    ]);
    expect(seen('רחוב הרצל 12')).toBe('12 לצרה בוחר');
  });

  it('hands Arabic to the shaper in logical order (it joins and reverses it) around a left-to-right number', () => {
    expect(pieces('شارع 1234 الملك')).toEqual([
      [' الملك', 1],
      ['1234', 2],
      ['شارع ', 1],
    ]);
  });

  it('keeps a Latin name inside a right-to-left line in its own order', () => {
    expect(pieces('שרה כהן Sarah Cohen')).toEqual([
      ['Sarah Cohen', 2],
      ['שרה כהן ', 1],
    ]);
    expect(seen('שרה כהן Sarah Cohen')).toBe('Sarah Cohen ןהכ הרש');
  });

  it('puts Hebrew inside a left-to-right line in place, its letters right to left', () => {
    expect(seen('Ship to שרה כהן today')).toBe('Ship to ןהכ הרש today');
  });

  it('pre-reverses Arabic-Indic digits, which fontkit would reverse for their Arabic script', () => {
    expect(pieces('Order ١٢٣')).toEqual([
      ['Order ', 0],
      ['٣٢١', 2],
    ]);
    expect(seen('Order ١٢٣')).toBe('Order ١٢٣');
  });

  it('mirrors brackets at a right-to-left level, and reverses neutrals fontkit would leave', () => {
    expect(seen('שלום (abc) עולם')).toBe('םלוע (abc) םולש');
    expect(pieces('שלום (')).toEqual([['שלום )', 1]]);
  });

  it('splits where the face changes, and never inside a grapheme cluster or a surrogate pair', () => {
    const split = visualPieces('ab🎁ेक्षc', (grapheme) => (/[a-z]/.test(grapheme) ? 'latin' : 'other'));
    expect(split.map(({ text, face }) => [text, face])).toEqual([
      ['ab', 'latin'],
      ['🎁ेक्ष', 'other'],
      ['c', 'latin'],
    ]);
  });

  it('reads the paragraph direction from the first strong character', () => {
    expect(isRightToLeft('12 רחוב')).toBe(true);
    expect(isRightToLeft('12 Main St רחוב')).toBe(false);
  });

  it('reorders levels per L2: highest first, down to the lowest odd level', () => {
    const visual = reorderByLevel([
      { id: 'a', level: 1 },
      { id: 'b', level: 2 },
      { id: 'c', level: 2 },
      { id: 'd', level: 1 },
    ]);
    expect(visual.map(({ id }) => id)).toEqual(['d', 'b', 'c', 'a']);
  });
});

describe('scripts', () => {
  it('knows which strings fontkit lays out right to left: the first letter of a real script decides', () => {
    expect(shaperReverses('12 שלום')).toBe(true);
    expect(shaperReverses('١٢٣')).toBe(true);
    expect(shaperReverses('Sarah')).toBe(false);
    expect(shaperReverses('12 - ')).toBe(false);
  });

  it('prefers the Japanese font for Han with kana, the Korean with hangul, else Chinese', () => {
    expect(cjkOrder('やまだ 山田')[0]).toBe('noto-sans-jp');
    expect(cjkOrder('김 金')[0]).toBe('noto-sans-kr');
    expect(cjkOrder('王小明')[0]).toBe('noto-sans-sc');
    expect(familiesFor('ส', 'สมชาย')).toEqual(['noto-sans-thai']);
    expect(familiesFor('🎁', '🎁')[0]).toBe('noto-emoji');
  });
});

describe('breakOpportunities', () => {
  const lines = (text: string) => {
    let start = 0;
    return breakOpportunities(text).map((end) => {
      const part = text.slice(start, end);
      start = end;
      return part;
    });
  };

  it('breaks after spaces, never inside an identifier', () => {
    expect(lines('Order 112-0000050-9 shipped')).toEqual(['Order ', '112-0000050-9 ', 'shipped']);
  });

  it('breaks a Chinese or Japanese line without spaces between words', () => {
    expect(lines('北京市朝阳区建国路').length).toBeGreaterThan(1);
    expect(lines('北京市朝阳区建国路').join('')).toBe('北京市朝阳区建国路');
  });

  it('breaks Thai at word boundaries, never inside a cluster', () => {
    const parts = lines('สวัสดีครับคุณสมชาย');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(graphemes(part).join('')).toBe(part);
    expect(parts.every((part) => !/^[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/u.test(part))).toBe(true);
  });
});

describe('the fallback fonts', () => {
  it("reads a @fontsource stylesheet's slices: the WOFF file and its ranges", () => {
    const css = `/* x */
@font-face {
  font-family: 'Noto Sans JP';
  font-weight: 400;
  src: url(./files/noto-sans-jp-0-400-normal.woff2) format('woff2'), url(./files/noto-sans-jp-0-400-normal.woff) format('woff');
  unicode-range: U+25ee8,U+4E00-4E2F, U+3042;
}`;
    const [slice] = parseFontFaceCss(css);
    expect(slice).toEqual({
      file: 'files/noto-sans-jp-0-400-normal.woff',
      ranges: [
        [0x25ee8, 0x25ee8],
        [0x4e00, 0x4e2f],
        [0x3042, 0x3042],
      ],
    });
    expect(sliceCovers(slice!, 0x4e10)).toBe(true);
    expect(sliceCovers(slice!, 0x4e30)).toBe(false);
  });

  it("finds every string of a document's input, however deep", () => {
    expect(stringsIn({ a: 'x', b: [{ c: 'y' }, 3, null], d: { e: { f: 'z' } } })).toEqual(['x', 'y', 'z']);
  });
});
