/**
 * Where a line may break: after a space, and, in scripts written without spaces, between words as ICU
 * finds them (Thai by dictionary; Chinese and Japanese between characters). Never inside a grapheme
 * cluster, and never inside a Latin word or an identifier (`112-0000050-9` stays whole).
 */
const unspaced =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u3000-\u303f\uff00-\uffef]/u;

let words: Intl.Segmenter | undefined;

/** Offsets (ascending, ending at the text's length) a line may end at; a space at a break is dropped. */
export function breakOpportunities(text: string): number[] {
  words ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  const breaks = new Set<number>();
  let previous = '';
  for (const { segment, index } of words.segment(text)) {
    if (
      index > 0 &&
      (previous.endsWith(' ') || unspaced.test(lastChar(previous)) || unspaced.test(firstChar(segment)))
    ) {
      breaks.add(index);
    }
    previous = segment;
  }
  breaks.add(text.length);
  return [...breaks].sort((a, b) => a - b);
}

const firstChar = (text: string) => String.fromCodePoint(text.codePointAt(0) ?? 32);
const lastChar = (text: string) => Array.from(text).at(-1) ?? ' ';
