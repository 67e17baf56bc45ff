/**
 * A face as the layout sees it (regular or bold): DejaVu Sans first, the Noto slices a document
 * embedded for what DejaVu cannot draw after it. A line is measured and drawn as the same pieces (bidi
 * runs split where the font changes), so wrapping and alignment see what is drawn.
 */
import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { graphemes, isRightToLeft, visualPieces, type Piece } from './bidi';
import { familiesFor, type FallbackFamily } from './scripts';

/** What fontkit's font answers that the face needs: whether a character has a glyph. */
export interface GlyphSet {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

export interface FallbackFont {
  family: FallbackFamily;
  font: PDFFont;
  glyphs: GlyphSet;
}

// Variation selectors, joiners and the like: drawn by no glyph of their own, dropped where the font lacks them.
const ignorable = /\p{Default_Ignorable_Code_Point}/u;
const plain = /^[\x20-\x7e]*$/;

const codePoints = (grapheme: string) => Array.from(grapheme, (char) => char.codePointAt(0)!);
const significant = (grapheme: string) =>
  codePoints(grapheme).filter((cp) => !ignorable.test(String.fromCodePoint(cp)));

export function drawsAll(glyphs: GlyphSet, grapheme: string): boolean {
  return significant(grapheme).every((cp) => glyphs.hasGlyphForCodePoint(cp));
}

/**
 * Per font file (its parsed glyphs, which every document of the container shares), a text's width at
 * 1,000 pt: fontkit lays the text out at every measure, wrapping measures the same words again and again,
 * and one label after another measures the same sender, captions and carrier. Cleared when it grows past
 * the bound.
 */
const keptWidths = new WeakMap<GlyphSet, Map<string, number>>();
const maxKeptWidths = 20_000;

export class TextFace {
  private readonly lines = new Map<string, Piece<PDFFont>[]>();

  constructor(
    readonly primary: PDFFont,
    private readonly primaryGlyphs: GlyphSet,
    readonly fallbacks: readonly FallbackFont[],
  ) {}

  /** The font that draws a grapheme of a line: DejaVu, else the line's preferred family, else any. */
  fontFor(grapheme: string, line: string): PDFFont {
    if (drawsAll(this.primaryGlyphs, grapheme)) return this.primary;
    const first = significant(grapheme)[0];
    if (first === undefined) return this.primary;
    const drawing = this.fallbacks.filter((fallback) => fallback.glyphs.hasGlyphForCodePoint(first));
    for (const family of familiesFor(String.fromCodePoint(first), line)) {
      const match = drawing.find((fallback) => fallback.family === family);
      if (match) return match.font;
    }
    return drawing[0]?.font ?? this.primary;
  }

  /** The graphemes of a line no font of the face draws (they would print as .notdef boxes). */
  missingGlyphs(line: string): string[] {
    return graphemes(line).filter((grapheme) => {
      const font = this.fontFor(grapheme, line);
      const glyphs =
        font === this.primary ? this.primaryGlyphs : this.fallbacks.find((f) => f.font === font)?.glyphs;
      return !glyphs || !drawsAll(glyphs, grapheme);
    });
  }

  /** The line as pieces, left to right, each in one font. */
  pieces(line: string): Piece<PDFFont>[] {
    let pieces = this.lines.get(line);
    if (!pieces) {
      pieces = plain.test(line)
        ? [{ text: line, level: 0, face: this.primary }]
        : visualPieces(line, (grapheme) => this.fontFor(grapheme, line)).map((piece) => ({
            ...piece,
            text: this.drawable(piece.text, piece.face),
          }));
      this.lines.set(line, pieces);
    }
    return pieces;
  }

  private drawable(text: string, font: PDFFont): string {
    if (!ignorable.test(text)) return text;
    const glyphs =
      font === this.primary ? this.primaryGlyphs : this.fallbacks.find((f) => f.font === font)?.glyphs;
    return Array.from(text)
      .filter((char) => !ignorable.test(char) || glyphs?.hasGlyphForCodePoint(char.codePointAt(0)!))
      .join('');
  }

  widthOfTextAtSize(line: string, size: number): number {
    return this.pieces(line).reduce((sum, piece) => sum + this.pieceWidth(piece, size), 0);
  }

  /** As pdf-lib answers it (its width at 1,000 pt times size / 1000), laid out once per font and text. */
  private pieceWidth(piece: Piece<PDFFont>, size: number): number {
    const widths = this.widthsOf(piece.face);
    let atThousand = widths.get(piece.text);
    if (atThousand === undefined) {
      atThousand = piece.face.widthOfTextAtSize(piece.text, 1000);
      if (widths.size >= maxKeptWidths) widths.clear();
      widths.set(piece.text, atThousand);
    }
    return atThousand * (size / 1000);
  }

  private widthsOf(font: PDFFont): Map<string, number> {
    // A piece is always in the primary font or a fallback (fontFor): each has its parsed glyphs.
    const glyphs =
      font === this.primary ? this.primaryGlyphs : this.fallbacks.find((f) => f.font === font)!.glyphs;
    let widths = keptWidths.get(glyphs);
    if (!widths) {
      widths = new Map();
      keptWidths.set(glyphs, widths);
    }
    return widths;
  }

  isRightToLeft(line: string): boolean {
    return !plain.test(line) && isRightToLeft(line);
  }

  /** Draws the line with its baseline at y, starting at x. */
  draw(page: PDFPage, line: string, options: { x: number; y: number; size: number; color: Color }): void {
    let x = options.x;
    for (const piece of this.pieces(line)) {
      if (piece.text) page.drawText(piece.text, { ...options, x, font: piece.face });
      x += this.pieceWidth(piece, options.size);
    }
  }
}

export { graphemes };
