/**
 * What the text engine needs to know about a character's script: which direction fontkit will lay a
 * string out in (it decides from the string's first letter of a real script), and which fallback font
 * family draws a character DejaVu Sans has no glyph for.
 */
import type { FallbackFamily } from '../../pdf-font-families';

export { fallbackFamilies, type FallbackFamily } from '../../pdf-font-families';

/** The scripts fontkit lays out right to left (its RTL table), reversing the glyphs of the whole string. */
const rtlScript =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Cypriot}\p{Script=Kharoshthi}\p{Script=Phoenician}\p{Script=Nko}\p{Script=Lydian}\p{Script=Avestan}\p{Script=Imperial_Aramaic}\p{Script=Inscriptional_Pahlavi}\p{Script=Inscriptional_Parthian}\p{Script=Old_South_Arabian}\p{Script=Old_Turkic}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Meroitic_Cursive}\p{Script=Meroitic_Hieroglyphs}\p{Script=Manichaean}\p{Script=Mende_Kikakui}\p{Script=Nabataean}\p{Script=Old_North_Arabian}\p{Script=Palmyrene}\p{Script=Psalter_Pahlavi}]/u;
const realScript = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;

/**
 * Whether fontkit reverses this string when it lays it out: its first character of a script other
 * than Common/Inherited is of a right-to-left script. Arabic-Indic digits (١٢٣) count: their script is
 * Arabic, though the bidi algorithm keeps them left to right.
 */
export function shaperReverses(text: string): boolean {
  const first = realScript.exec(text);
  return first !== null && rtlScript.test(first[0]);
}

const kana = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const hangul = /\p{Script=Hangul}/u;
const thai = /\p{Script=Thai}/u;
const devanagari = /\p{Script=Devanagari}/u;
const pictograph = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/**
 * The CJK families in the order a line prefers them for Han (and CJK punctuation): the same
 * ideograph is drawn differently in Japan, China and Korea, so kana in the line make it Japanese,
 * hangul Korean, and otherwise Simplified Chinese.
 */
export function cjkOrder(line: string): FallbackFamily[] {
  if (kana.test(line)) return ['noto-sans-jp', 'noto-sans-sc', 'noto-sans-kr'];
  if (hangul.test(line)) return ['noto-sans-kr', 'noto-sans-jp', 'noto-sans-sc'];
  return ['noto-sans-sc', 'noto-sans-jp', 'noto-sans-kr'];
}

/** The families to try, in order, for a character (a grapheme's first) DejaVu Sans cannot draw. */
export function familiesFor(character: string, line: string): FallbackFamily[] {
  if (thai.test(character)) return ['noto-sans-thai'];
  if (devanagari.test(character)) return ['noto-sans-devanagari'];
  if (kana.test(character)) return ['noto-sans-jp'];
  if (hangul.test(character)) return ['noto-sans-kr', ...cjkOrder(line).filter((f) => f !== 'noto-sans-kr')];
  if (pictograph.test(character)) return ['noto-emoji', ...cjkOrder(line)];
  return [...cjkOrder(line), 'noto-emoji', 'noto-sans-thai', 'noto-sans-devanagari'];
}
