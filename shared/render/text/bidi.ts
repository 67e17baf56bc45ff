/**
 * The Unicode Bidirectional Algorithm (UAX #9, through `bidi-js`) for one line, as pieces to draw left
 * to right. A piece is a stretch of one embedding level and one face (the caller's font choice).
 *
 * fontkit shapes each piece and reverses the glyphs of a string whose first letter is of a
 * right-to-left script. So a right-to-left piece with Hebrew or Arabic letters goes to it in logical
 * order (Arabic joins right only so), and any other piece whose visual order differs from what
 * fontkit will do is reversed here, by grapheme: neutrals alone at an odd level ("(" between two
 * Hebrew words), and Arabic-Indic digits at an even level (their script is Arabic, their order left to
 * right).
 */
import bidiFactory from 'bidi-js';
import { shaperReverses } from './scripts';

let engine: ReturnType<typeof bidiFactory> | undefined;
const bidi = () => (engine ??= bidiFactory());

let segmenter: Intl.Segmenter | undefined;

/** The grapheme clusters of a text: a base letter with its marks, an emoji sequence, a surrogate pair. */
export function graphemes(text: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

export interface Piece<Face> {
  /** The text as it is handed to the shaper (mirrored, and reversed where the shaper will not). */
  text: string;
  level: number;
  face: Face;
}

/** UAX #9 L2: from the highest level down to the lowest odd one, reverse every run at that level or above. */
export function reorderByLevel<T extends { level: number }>(pieces: readonly T[]): T[] {
  const visual = [...pieces];
  const levels = visual.map((piece) => piece.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.map((level) => (level % 2 === 1 ? level : level + 1)));
  for (let level = highest; level >= lowestOdd; level -= 1) {
    let start = 0;
    while (start < visual.length) {
      if (visual[start]!.level < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end < visual.length && visual[end]!.level >= level) end += 1;
      visual.splice(start, end - start, ...visual.slice(start, end).reverse());
      start = end;
    }
  }
  return visual;
}

/** The paragraph direction of a line, from its first strong character (UAX #9 P2, P3). */
export function isRightToLeft(line: string): boolean {
  return bidi().getEmbeddingLevels(line).paragraphs[0]?.level === 1;
}

/**
 * One line as pieces in visual order, left to right. `faceOf` picks the face of each grapheme; a piece
 * changes where the level or the face does.
 */
export function visualPieces<Face>(line: string, faceOf: (grapheme: string) => Face): Piece<Face>[] {
  if (!line) return [];
  const levels = bidi().getEmbeddingLevels(line);
  // The levels array itself, not the result object (the README says otherwise; the code reads `levels[i]`).
  const mirrored = bidi().getMirroredCharactersMap(line, levels.levels);
  const logical: Piece<Face>[] = [];
  let offset = 0;
  for (const grapheme of graphemes(line)) {
    const level = levels.levels[offset]!;
    const face = faceOf(grapheme);
    const shown = mirrored.get(offset) ?? grapheme;
    const last = logical.at(-1);
    if (last && last.level === level && last.face === face) last.text += shown;
    else logical.push({ text: shown, level, face });
    offset += grapheme.length;
  }
  return reorderByLevel(logical).map((piece) => {
    const rightToLeft = piece.level % 2 === 1;
    return rightToLeft === shaperReverses(piece.text)
      ? piece
      : { ...piece, text: graphemes(piece.text).reverse().join('') };
  });
}
