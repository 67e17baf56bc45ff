/**
 * Layout shared by the PDF renderers (label-pdf.ts, manifest-pdf.ts): text that wraps or shrinks to its
 * box and never runs off the page, amounts in a currency's minor units, weights, and forms (packing
 * slips, manifests) whose pages repeat their header and say "Page x of y".
 *
 * Coordinates are PDF points with the origin at the bottom left; a box's `top` is its upper edge and
 * text is placed from there down (the first baseline sits one ascent below the top).
 */
import type { PDFDocument, PDFPage } from 'pdf-lib';
import { rgb } from 'pdf-lib';
import type { PdfFonts } from './pdf-fonts';
import { breakOpportunities } from './text/line-breaks';
import { graphemes } from './text/bidi';
import type { TextFace } from './text/text-face';
import { currencyExponent } from '../domain/money';

export const black = rgb(0, 0, 0);
const headerShade = rgb(0.93, 0.93, 0.93);
/** Every other table row, so the eye keeps its line across wide rows. */
const stripeShade = rgb(0.97, 0.97, 0.97);

/** Line advance as a multiple of the font size. */
export const leading = 1.2;
/** DejaVu Sans's ascent (1901/2048 em): from a line's top to its baseline. */
const ascent = 0.93;
const ellipsis = '…';

export type PaperSize = 'letter' | 'a4';
export const paperSizes: Record<PaperSize, [number, number]> = {
  letter: [612, 792],
  a4: [595.28, 841.89],
};

/**
 * One line of text as it can be drawn: NFC (a precomposed "ë"; pdf-lib places a combining mark by its
 * advance width alone), no control characters or line breaks (drawText would start new lines), runs of
 * white space as one space.
 */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Text width, remembered per font: fontkit shapes the text (GSUB/GPOS) on every measure, the largest
 * cost of a long form. Widths grow linearly with the size, so one width at size 1 serves every size.
 */
const unitWidths = new WeakMap<TextFace, Map<string, number>>();
export function textWidth(text: string, font: TextFace, size: number): number {
  let widths = unitWidths.get(font);
  if (!widths) unitWidths.set(font, (widths = new Map()));
  let width = widths.get(text);
  if (width === undefined) {
    width = font.widthOfTextAtSize(text, 1);
    widths.set(text, width);
  }
  return width * size;
}

const fits = (text: string, font: TextFace, size: number, width: number) =>
  textWidth(text, font, size) <= width;

/** The longest prefix (whole grapheme clusters) that fits `width`; 0 when not even one does. */
function prefixThatFits(chars: readonly string[], font: TextFace, size: number, width: number, suffix = '') {
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(chars.slice(0, middle).join('') + suffix, font, size, width)) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The text, cut to `width` with an ellipsis when it is wider. */
export function truncateToWidth(text: string, font: TextFace, size: number, width: number): string {
  if (fits(text, font, size, width)) return text;
  const chars = graphemes(text);
  const kept = prefixThatFits(chars, font, size, width, ellipsis);
  return kept === 0 ? '' : chars.slice(0, kept).join('').trimEnd() + ellipsis;
}

/**
 * Wraps at spaces, and between the characters of scripts written without them (Chinese, Japanese,
 * Thai at its word boundaries; text/line-breaks.ts); a word wider than the box is broken between
 * grapheme clusters. At least one line.
 */
export function wrapText(text: string, font: TextFace, size: number, width: number): string[] {
  const clean = cleanText(text);
  if (fits(clean, font, size, width)) return [clean];
  const breaks = breakOpportunities(clean);
  const lines: string[] = [];
  let start = 0;
  while (start < clean.length) {
    let end = start;
    for (const at of breaks) {
      if (at <= start) continue;
      if (!fits(clean.slice(start, at).trimEnd(), font, size, width)) break;
      end = at;
    }
    if (end === start) {
      const next = breaks.find((at) => at > start) ?? clean.length;
      const chars = graphemes(clean.slice(start, next));
      end = start + chars.slice(0, Math.max(1, prefixThatFits(chars, font, size, width))).join('').length;
    }
    lines.push(clean.slice(start, end).trimEnd());
    start = end;
    while (clean[start] === ' ') start += 1;
  }
  if (lines.length === 0) lines.push('');
  return lines;
}

export interface TextRun {
  text: string;
  font: TextFace;
  size: number;
  /** In a block (fitBlock): wrap to at most this many lines, the last cut with an ellipsis. */
  maxLines?: number;
}

/** One line: shrinks (linearly, down to `minSize`) to fit `width`, then cuts with an ellipsis. */
export function fitLine(text: string, font: TextFace, size: number, width: number, minSize: number): TextRun {
  const clean = cleanText(text);
  const natural = textWidth(clean, font, size);
  if (natural <= width) return { text: clean, font, size };
  const shrunk = Math.max(minSize, Math.floor(((size * width) / natural) * 4) / 4);
  return { text: truncateToWidth(clean, font, shrunk, width), font, size: shrunk };
}

const blockHeight = (lines: readonly TextRun[]) => lines.reduce((sum, line) => sum + line.size * leading, 0);

/** A paragraph wrapped to the width, at most `maxLines` long. */
function wrapRun({ text, font, size, maxLines }: TextRun, width: number): TextRun[] {
  const lines = wrapText(text, font, size, width);
  if (maxLines !== undefined && lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = truncateToWidth(`${lines[maxLines - 1]}${ellipsis}`, font, size, width);
  }
  return lines.map((line) => ({ text: line, font, size }));
}

/**
 * Paragraphs in a box: each wraps to the width (and to its own `maxLines`, so one long paragraph cannot
 * push the others out); when together they are taller than the box every size shrinks in steps (down
 * to `minScale` of itself); still too tall, the lines that do not fit are dropped and the last one kept
 * ends in an ellipsis.
 */
export function fitBlock(
  runs: readonly TextRun[],
  width: number,
  height: number,
  minScale = 0.6,
  /** No run shrinks below this many points (labels, slips and customs pages: 7, DESIGN §4). */
  minSize = 0,
): TextRun[] {
  let lines: TextRun[] = [];
  for (let scale = 1; scale >= minScale - 1e-9; scale -= 0.05) {
    lines = runs.flatMap((run) => wrapRun({ ...run, size: Math.max(minSize, run.size * scale) }, width));
    if (blockHeight(lines) <= height) return lines;
  }
  const kept: TextRun[] = [];
  for (const line of lines) {
    if (blockHeight([...kept, line]) > height) break;
    kept.push(line);
  }
  const last = kept.at(-1);
  if (last) {
    kept[kept.length - 1] = {
      ...last,
      text: truncateToWidth(`${last.text}${ellipsis}`, last.font, last.size, width),
    };
  }
  return kept;
}

export type Align = 'left' | 'right' | 'center';

/** Draws one line whose top is at `top` within [x, x + width]; answers the height it took. */
export function drawRun(
  page: PDFPage,
  run: TextRun,
  x: number,
  top: number,
  width: number,
  align: Align = 'left',
) {
  const used = textWidth(run.text, run.font, run.size);
  const offset = align === 'right' ? width - used : align === 'center' ? (width - used) / 2 : 0;
  if (run.text) {
    run.font.draw(page, run.text, {
      x: x + Math.max(0, offset),
      y: top - run.size * ascent,
      size: run.size,
      color: black,
    });
  }
  return run.size * leading;
}

/** Draws lines one under the other from `top`; answers the height they took. */
export function drawRuns(
  page: PDFPage,
  runs: readonly TextRun[],
  x: number,
  top: number,
  width: number,
  align: Align = 'left',
) {
  let y = top;
  for (const run of runs) y -= drawRun(page, run, x, y, width, align);
  return top - y;
}

export function drawRule(page: PDFPage, x: number, y: number, width: number, thickness = 0.75) {
  page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness, color: black });
}

/**
 * A form's header: runs on the left and right-aligned runs on the right (`rightWidth` wide), a rule
 * under the taller of the two; answers the height it took.
 */
export function drawHeaderColumns(
  page: PDFPage,
  runs: { left: readonly TextRun[]; right: readonly TextRun[] },
  box: { left: number; top: number; width: number; rightWidth: number },
): number {
  const leftWidth = box.width - box.rightWidth - 12;
  const height =
    Math.max(
      drawRuns(page, runs.left, box.left, box.top, leftWidth),
      drawRuns(page, runs.right, box.left + box.width - box.rightWidth, box.top, box.rightWidth, 'right'),
    ) + 4;
  drawRule(page, box.left, box.top - height, box.width);
  return height;
}

/** An integer of hundredths, thousandths… as a decimal string, exactly (no float on the way). */
function decimalString(units: bigint, exponent: number): `${number}` {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return `${sign}${whole}` as `${number}`;
}

/** Minor units as "USD 1,234.50" (JPY 0 decimals, KWD 3). Sums are BigInt: a line total can pass 2^53. */
export function formatMoney(minorUnits: number | bigint, currency: string): string {
  if (typeof minorUnits === 'number' && !Number.isSafeInteger(minorUnits)) {
    throw new RangeError(`an amount must be a whole number of minor units: ${minorUnits}`);
  }
  const exponent = currencyExponent(currency);
  return moneyFormatter(currency, exponent).format(decimalString(BigInt(minorUnits), exponent));
}

// Building an Intl.NumberFormat costs far more than using one: one per currency.
const moneyFormatters = new Map<string, Intl.NumberFormat>();
function moneyFormatter(currency: string, exponent: number): Intl.NumberFormat {
  let formatter = moneyFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    moneyFormatters.set(currency, formatter);
  }
  return formatter;
}
/** "2026-11-23 17:45 UTC": instants are stored and shown in UTC (DESIGN §3). */
export function utcMinute(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return `${instant.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

let kilograms: Intl.NumberFormat | undefined;

/** Grams as kilograms with two decimals, rounded half up in integers: 1005 g is "1.01 kg". */
export function formatKilograms(grams: number): string {
  if (!Number.isFinite(grams) || grams < 0) throw new RangeError(`a weight must be grams ≥ 0: ${grams}`);
  const hundredths = BigInt(Math.round(grams / 10));
  kilograms ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 });
  return `${kilograms.format(decimalString(hundredths, 2))} kg`;
}

export interface FormOptions {
  paperSize: PaperSize;
  /** Pages wider than tall (wide report tables). */
  landscape?: boolean;
  /** Printed at the foot of every page (wrapped, at most three lines). */
  footerText?: string;
  /** Draws the page's header in [left, left + width] from `top` down; answers the height it took. */
  header: (page: PDFPage, left: number, top: number, width: number) => number;
}

export const formMargin = 36;
const footerSize = 7;
const pageNumberSize = 8;

/**
 * The pages of one form: `ensure` starts a page (its header drawn, its footer reserved) when the next
 * block does not fit, and `finish` numbers the pages once their count is known.
 */
export class FormWriter {
  readonly pages: PDFPage[] = [];
  readonly left = formMargin;
  readonly width: number;
  /** The top of the free space on the current page. */
  y = 0;
  private page_: PDFPage | undefined;
  private readonly bottom: number;
  private readonly footer: TextRun[];

  constructor(
    private readonly document: PDFDocument,
    private readonly fonts: PdfFonts,
    private readonly options: FormOptions,
  ) {
    const [pageWidth] = this.pageSize();
    this.width = pageWidth - 2 * formMargin;
    this.footer = options.footerText
      ? fitBlock(
          [{ text: options.footerText, font: fonts.regular, size: footerSize }],
          this.width,
          3 * footerSize * leading,
          1,
        )
      : [];
    this.bottom = formMargin + pageNumberSize * leading + blockHeight(this.footer) + 8;
  }

  get page(): PDFPage {
    if (!this.page_) this.newPage();
    return this.page_!;
  }

  private pageSize(): [number, number] {
    const [width, height] = paperSizes[this.options.paperSize];
    return this.options.landscape ? [height, width] : [width, height];
  }

  newPage(): void {
    const [pageWidth, pageHeight] = this.pageSize();
    const page = this.document.addPage([pageWidth, pageHeight]);
    this.pages.push(page);
    this.page_ = page;
    drawRuns(
      page,
      this.footer,
      this.left,
      formMargin + pageNumberSize * leading + blockHeight(this.footer),
      this.width,
    );
    const top = pageHeight - formMargin;
    this.y = top - this.options.header(page, this.left, top, this.width) - 10;
  }

  /** Makes room for `height` points; answers true when that took a new page. */
  ensure(height: number): boolean {
    if (this.page_ && this.y - height >= this.bottom) return false;
    this.newPage();
    return true;
  }

  /** "Page x of y" at the foot of every page of this form. */
  finish(): void {
    const count = this.pages.length;
    this.pages.forEach((page, index) => {
      const run = { text: `Page ${index + 1} of ${count}`, font: this.fonts.regular, size: pageNumberSize };
      drawRun(page, run, this.left, formMargin + pageNumberSize * leading, this.width, 'right');
    });
  }
}

export interface TableColumn {
  header: string;
  /** Points; one column may take `'rest'`: what the others leave. */
  width: number | 'rest';
  align?: 'left' | 'right';
  /** Cells wrap to at most this many lines (the last ends in an ellipsis); 1 shrinks then cuts instead. */
  maxLines?: number;
  /** One-line cells shrink down to this share of the size before they are cut (amounts: further). */
  minScale?: number;
  /**
   * Order ids, SKUs, tracking numbers: one line, never wrapped and never cut (a broken id reads as
   * another one); shrunk at most to the table's `minSize`. The caller sizes the column to its widest.
   */
  identifier?: boolean;
  /**
   * With `identifier`: an id wider than the column even at `minSize` goes on over more lines (after a
   * hyphen, slash or space where it can; identifierLines) rather than run into the next column.
   */
  breaksLongIdentifiers?: boolean;
}

export interface TableOptions {
  /** The cells' and the header row's size; 8.5 pt by default. */
  size?: number;
  /** No cell shrinks below this many points, whatever its `minScale`. */
  minSize?: number;
  /** Space above and below a row's text; 3 pt by default. */
  rowPadding?: number;
  /** Rows drawn after the others in bold under a rule (a report's totals). */
  totals?: Iterable<readonly string[]>;
  /** Drawn above the header row on each page the table continues on ("Order lines, continued"). */
  continuedHeading?: TextRun;
}

const cellSize = 8.5;
/** Space left and right of a cell's text. */
export const cellPadding = 3;
/** A table's header row wraps to at most this many lines, all at one size. */
const headerLines = 2;

function columnWidths(columns: readonly TableColumn[], total: number): number[] {
  const fixed = columns.reduce((sum, column) => sum + (column.width === 'rest' ? 0 : column.width), 0);
  return columns.map((column) => (column.width === 'rest' ? Math.max(20, total - fixed) : column.width));
}

/** One line kept whole: shrunk (not below `minSize`) to fit `width`, never cut. */
function wholeLine(text: string, font: TextFace, size: number, width: number, minSize: number): TextRun {
  const clean = cleanText(text);
  const natural = textWidth(clean, font, size);
  if (natural <= width) return { text: clean, font, size };
  return { text: clean, font, size: Math.max(minSize, Math.floor(((size * width) / natural) * 4) / 4) };
}

/**
 * An identifier (order id, SKU, tracking number) kept whole: one line shrunk (not below `minSize`) to fit
 * `width`, never cut. Only one wider than `width` even at `minSize` takes more lines, at that size,
 * broken after a hyphen or slash or at a space where one falls, else between characters: every
 * character printed, in order.
 */
export function identifierLines(
  text: string,
  font: TextFace,
  size: number,
  width: number,
  minSize: number,
): TextRun[] {
  const clean = cleanText(text);
  const natural = textWidth(clean, font, size);
  if (natural <= width) return [{ text: clean, font, size }];
  const shrunk = Math.max(minSize, Math.floor(((size * width) / natural) * 4) / 4);
  if (textWidth(clean, font, shrunk) <= width) return [{ text: clean, font, size: shrunk }];
  const lines: TextRun[] = [];
  let chars = graphemes(clean);
  while (chars.length > 0) {
    const fitting = Math.max(1, prefixThatFits(chars, font, shrunk, width));
    const head = chars.slice(0, fitting);
    const breakAt =
      fitting < chars.length
        ? Math.max(head.lastIndexOf('-'), head.lastIndexOf('/'), head.lastIndexOf(' '))
        : -1;
    const end = breakAt > 0 ? breakAt + 1 : fitting;
    lines.push({ text: chars.slice(0, end).join('').trim(), font, size: shrunk });
    chars = chars.slice(end);
  }
  return lines;
}

/**
 * A table across as many pages as it needs: its header row (one size, wrapped to two lines at most)
 * repeats at the top of every page it continues on, a row is never split between pages, and the totals
 * follow the rows in bold under a rule, never at the top of a page without the header row.
 */
export function drawTable(
  form: FormWriter,
  fonts: PdfFonts,
  columns: readonly TableColumn[],
  rows: Iterable<readonly string[]>,
  options: TableOptions = {},
) {
  const size = options.size ?? cellSize;
  const rowPadding = options.rowPadding ?? cellPadding;
  const widths = columnWidths(columns, form.width);
  const tableWidth = columns.some((column) => column.width === 'rest')
    ? form.width
    : widths.reduce((sum, width) => sum + width, 0);

  const layoutRow = (cells: readonly string[], font: TextFace) =>
    columns.map((column, index) => {
      const width = widths[index]! - 2 * cellPadding;
      const text = cells[index] ?? '';
      const minSize = Math.max(options.minSize ?? 0, size * (column.minScale ?? 0.7));
      if (column.identifier) {
        const idMinSize = options.minSize ?? minSize;
        return column.breaksLongIdentifiers
          ? identifierLines(text, font, size, width, idMinSize)
          : [wholeLine(text, font, size, width, idMinSize)];
      }
      const maxLines = column.maxLines ?? 1;
      if (maxLines === 1) return [fitLine(text, font, size, width, minSize)];
      return fitBlock([{ text, font, size }], width, maxLines * size * leading, 1);
    });

  const drawCells = (cells: TextRun[][], top: number) => {
    let x = form.left;
    cells.forEach((lines, index) => {
      const align = columns[index]!.align ?? 'left';
      drawRuns(form.page, lines, x + cellPadding, top - rowPadding, widths[index]! - 2 * cellPadding, align);
      x += widths[index]!;
    });
  };

  // One size for the whole header row: a long header wraps (two lines at most) rather than shrink.
  const headerCells = columns.map((column, index) =>
    fitBlock(
      [{ text: column.header, font: fonts.bold, size, maxLines: headerLines }],
      widths[index]! - 2 * cellPadding,
      headerLines * size * leading,
      1,
    ),
  );
  const headerHeight =
    Math.max(1, ...headerCells.map((lines) => lines.length)) * size * leading + 2 * rowPadding;
  const drawHeader = () => {
    form.page.drawRectangle({
      x: form.left,
      y: form.y - headerHeight,
      width: tableWidth,
      height: headerHeight,
      color: headerShade,
    });
    drawCells(headerCells, form.y);
    form.y -= headerHeight;
    drawRule(form.page, form.left, form.y, tableWidth, 0.5);
  };

  let headerDrawn = false;
  const drawRow = (row: readonly string[], font: TextFace, shaded: boolean, ruleAbove: boolean) => {
    const cells = layoutRow(row, font);
    const height = Math.max(...cells.map(blockHeight)) + 2 * rowPadding;
    // A new page gets the header row again; so does the first row, with room kept for both.
    const turned = form.ensure(height + (headerDrawn ? 0 : headerHeight));
    if (turned && headerDrawn && options.continuedHeading) {
      form.y -= drawRun(form.page, options.continuedHeading, form.left, form.y, form.width) + 2;
    }
    if (turned || !headerDrawn) {
      drawHeader();
      headerDrawn = true;
    }
    if (shaded) {
      form.page.drawRectangle({
        x: form.left,
        y: form.y - height,
        width: tableWidth,
        height,
        color: stripeShade,
      });
    }
    if (ruleAbove) drawRule(form.page, form.left, form.y, tableWidth, 1);
    drawCells(cells, form.y);
    form.y -= height;
  };

  let index = 0;
  for (const row of rows) {
    drawRow(row, fonts.regular, index % 2 === 1, false);
    index += 1;
  }
  let first = true;
  for (const row of options.totals ?? []) {
    drawRow(row, fonts.bold, false, first);
    first = false;
  }
  if (!headerDrawn) {
    form.ensure(headerHeight);
    drawHeader();
  }
}
