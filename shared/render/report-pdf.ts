/**
 * Any report as a PDF: its title, the lines that say what it covers, the reporting zone and the time
 * it was generated in the header of every page, then each section as a titled table that runs over as
 * many pages as it needs ("Page x of y"). Cells read as the Excel export shows them: money with its
 * currency, quantities grouped by thousands, days as `YYYY-MM-DD`, instants in UTC.
 *
 * IMPORT THIS MODULE LAZILY, through shared/render/load.ts: pdf-lib and fontkit are a side bundle.
 */
import type { PDFPage } from 'pdf-lib';
import { PDFDocument } from 'pdf-lib';
import type { PdfFonts } from './pdf-fonts';
import { embedPdfFonts } from './pdf-fonts';
import { stringsIn } from './text/strings-in';
import type { TextFace } from './text/text-face';
import type { PaperSize, TableColumn, TextRun } from './pdf-layout';
import {
  FormWriter,
  cellPadding,
  cleanText,
  drawHeaderColumns,
  drawRun,
  drawRuns,
  drawTable,
  fitLine,
  formMargin,
  formatMoney,
  leading,
  paperSizes,
  textWidth,
  utcMinute,
  wrapText,
} from './pdf-layout';
import type { ColumnNeed } from './report-columns';
import { columnGroups, fitsAtEase, planWidths } from './report-columns';
import type { SheetColumn } from './xlsx';

export interface ReportPdfSection {
  name: string;
  columns: readonly SheetColumn[];
  rows: readonly Record<string, unknown>[];
  /** Drawn after the rows, in bold under a rule. */
  totals?: readonly Record<string, unknown>[];
  /** Drawn under the table (after its last group of columns): what a total leaves out. */
  notes?: readonly string[];
}

export interface ReportPdfDocument {
  title: string;
  subtitle: readonly string[];
  /** The IANA zone the report's days are in. */
  timeZone: string;
  /** ISO instant. */
  generatedAt: string;
  sections: readonly ReportPdfSection[];
  paperSize?: PaperSize;
}

/** Cells and header rows; nothing in a report is smaller than `minimumSize`. */
const cellSize = 8;
const minimumSize = 7;
const rowPadding = 2.5;
const noteSize = 8;
/** A free-text column's width in points per character of its sheet width, at `cellSize`. */
const pointsPerCharacter = 4.9;
/** Free text wraps in no less than this (or its widest cell, when narrower). */
const narrowestFreeText = 72;
/** A word of free text wider than this may break; narrower ones keep the column at least as wide. */
const widestUnbrokenWord = 100;
/** The key columns repeated in each group of a split table take at most this share of the width. */
const keyShare = 0.45;

let numbers: Intl.NumberFormat | undefined;
// Building an Intl.NumberFormat costs far more than using one: one per number of decimals, not per cell.
const decimalFormats = new Map<number, Intl.NumberFormat>();
function fixedDecimals(places: number): Intl.NumberFormat {
  let format = decimalFormats.get(places);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: places, maximumFractionDigits: places });
    decimalFormats.set(places, format);
  }
  return format;
}
let decimals: Intl.NumberFormat | undefined;

/** A cell as text, the way the Excel export formats it. */
export function cellText(column: SheetColumn, row: Record<string, unknown>, currencyShown = false): string {
  const value = row[column.key];
  if (value === null || value === undefined) return '';
  switch (column.type ?? 'text') {
    case 'number': {
      if (typeof value !== 'number') return String(value);
      if (column.numFmt?.includes('.')) {
        return fixedDecimals(column.numFmt.split('.')[1]!.replace(/[^0]/g, '').length).format(value);
      }
      if (Number.isInteger(value)) return (numbers ??= new Intl.NumberFormat('en-US')).format(value);
      return (decimals ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })).format(value);
    }
    case 'money': {
      const currency = row[column.currencyKey ?? 'currency'];
      if (typeof currency !== 'string' || typeof value !== 'number') return String(value);
      // Beside a column of the currency, the code in every amount only widens the table.
      if (!currencyShown) return formatMoney(value, currency);
      return formatMoney(value, currency)
        .replace(currency, '')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^- /, '-');
    }
    case 'datetime': {
      if (typeof value !== 'string' && !(value instanceof Date)) return String(value);
      const instant = utcMinute(value instanceof Date ? value.toISOString() : value);
      // "Closed at (UTC)" says it once for the column.
      return /\bUTC\b/.test(column.header) ? instant.replace(/ UTC$/, '') : instant;
    }
    default:
      return String(value);
  }
}

function header(fonts: PdfFonts, report: ReportPdfDocument) {
  return (page: PDFPage, left: number, top: number, width: number) => {
    const rightWidth = Math.min(230, width / 3);
    const leftWidth = width - rightWidth - 12;
    const leftRuns: TextRun[] = [
      fitLine(report.title, fonts.bold, 15, leftWidth, 9),
      ...report.subtitle.map((line) => fitLine(line, fonts.regular, 8.5, leftWidth, minimumSize)),
    ];
    const rightRuns: TextRun[] = [
      fitLine(`Generated ${utcMinute(report.generatedAt)}`, fonts.regular, 8.5, rightWidth, minimumSize),
      fitLine(`Days in ${report.timeZone}`, fonts.regular, 8.5, rightWidth, minimumSize),
    ];
    return drawHeaderColumns(page, { left: leftRuns, right: rightRuns }, { left, top, width, rightWidth });
  };
}

const isFreeText = (column: SheetColumn) => (column.type ?? 'text') === 'text' && !column.identifier;

/**
 * The columns a reader matches rows by, repeated in every group of a split table: the first, then the
 * identifiers (order, SKU…) while together they take at most `keyShare` of the width.
 */
function keyColumns(columns: readonly SheetColumn[], needs: readonly ColumnNeed[], width: number): number[] {
  const keys = [0];
  let used = needs[0]!.need;
  columns.forEach((column, index) => {
    if (index === 0 || !column.identifier || used + needs[index]!.need > keyShare * width) return;
    keys.push(index);
    used += needs[index]!.need;
  });
  return keys;
}

/** The narrowest width that wraps a header onto two lines at most (headers break at spaces only). */
function headerWidth(header: string, font: TextFace, size: number): number {
  const words = cleanText(header).split(' ');
  let best = textWidth(words.join(' '), font, size);
  for (let split = 1; split < words.length; split += 1) {
    best = Math.min(
      best,
      Math.max(
        textWidth(words.slice(0, split).join(' '), font, size),
        textWidth(words.slice(split).join(' '), font, size),
      ),
    );
  }
  return best;
}

/** A section's cells as text, the amounts without their code when a currency column sits beside them. */
function sectionCells(section: ReportPdfSection, shown: readonly number[], dropCodes = true) {
  const keys = new Set(dropCodes ? shown.map((index) => section.columns[index]!.key) : []);
  const texts = (rows: readonly Record<string, unknown>[]) =>
    rows.map((row) =>
      shown.map((index) => {
        const column = section.columns[index]!;
        return cellText(column, row, column.type === 'money' && keys.has(column.currencyKey ?? 'currency'));
      }),
    );
  return { rows: texts(section.rows), totals: texts(section.totals ?? []) };
}

function columnNeeds(
  section: ReportPdfSection,
  shown: readonly number[],
  cells: ReturnType<typeof sectionCells>,
  fonts: PdfFonts,
  size = cellSize,
): ColumnNeed[] {
  return shown.map((columnIndex, index) => {
    const column = section.columns[columnIndex]!;
    const header = headerWidth(column.header, fonts.bold, size);
    const scale = size / cellSize;
    const free = isFreeText(column);
    let widest = 0;
    let widestWord = 0;
    const measure = (text: string, font: TextFace) => {
      const clean = cleanText(text);
      widest = Math.max(widest, textWidth(clean, font, size));
      if (free) {
        for (const word of clean.split(' ')) widestWord = Math.max(widestWord, textWidth(word, font, size));
      }
    };
    for (const row of cells.rows) measure(row[index]!, fonts.regular);
    for (const row of cells.totals) measure(row[index]!, fonts.bold);
    const padding = 2 * cellPadding;
    if (!free) {
      const need = Math.max(header, widest) + padding;
      return { need, preferred: need, free: false };
    }
    const need =
      Math.max(
        header,
        Math.min(widestWord, widestUnbrokenWord * scale),
        Math.min(widest, narrowestFreeText * scale),
      ) + padding;
    const preferred = Math.max(
      need,
      Math.min(widest, (column.width ?? 20) * pointsPerCharacter * scale) + padding,
    );
    return { need, preferred, free: true };
  });
}

interface TablePart {
  /** "columns 1–7 of 13" when the table is split, else empty. */
  label: string;
  /** The cells' and header row's size: one for the whole table. */
  size: number;
  columns: TableColumn[];
  rows: string[][];
  totals: string[][];
}

/**
 * The section as one table (at the cell size, else a step smaller, never below the minimum), or as
 * groups of its columns at the cell size when one page's width cannot hold it even so.
 */
function tableParts(section: ReportPdfSection, fonts: PdfFonts, width: number): TablePart[] {
  const all = section.columns.map((_, index) => index);
  const cells = sectionCells(section, all);
  for (const size of [cellSize, (cellSize + minimumSize) / 2, minimumSize]) {
    const widths = planWidths(columnNeeds(section, all, cells, fonts, size), width);
    if (widths) return [tablePart(section, all, cells, widths, size, '')];
  }
  // Split, a group's amounts may lose the currency column beside them: measured with their codes.
  const needs = columnNeeds(section, all, sectionCells(section, all, false), fonts);
  const groups = columnGroups(needs, keyColumns(section.columns, needs, width), width);
  return groups.map((shown, groupIndex) => {
    const groupCells = sectionCells(section, shown);
    const groupNeeds = columnNeeds(section, shown, groupCells, fonts);
    const widths = planWidths(groupNeeds, width) ?? widestTakesTheRest(groupNeeds, width);
    const label = `columns ${groupIndex + 1} of ${groups.length}`;
    return tablePart(section, shown, groupCells, widths, cellSize, label);
  });
}

/**
 * A group too wide even for its keys and one column (a reference of a hundred characters): the others
 * as wide as they need, the widest with what they leave, where it shrinks to the minimum size and then
 * wraps (drawTable). Every column shares the shortfall only when the others alone leave too little.
 */
function widestTakesTheRest(needs: readonly ColumnNeed[], width: number): number[] {
  const widest = needs.reduce((best, need, index) => (need.need > needs[best]!.need ? index : best), 0);
  const others = needs.reduce((sum, need, index) => (index === widest ? sum : sum + need.need), 0);
  if (width - others >= width / 4) {
    return needs.map((need, index) => (index === widest ? width - others : need.need));
  }
  const total = others + needs[widest]!.need;
  return needs.map((need) => (need.need * width) / total);
}

function tablePart(
  section: ReportPdfSection,
  shown: readonly number[],
  cells: ReturnType<typeof sectionCells>,
  widths: readonly number[],
  size: number,
  label: string,
): TablePart {
  return {
    label,
    size,
    columns: shown.map((columnIndex, index) => {
      const column = section.columns[columnIndex]!;
      return {
        header: column.header,
        width: widths[index]!,
        align: column.type === 'number' || column.type === 'money' ? 'right' : 'left',
        maxLines: isFreeText(column) ? (column.maxLines ?? 2) : 1,
        identifier: column.identifier,
        // Each identifier's column is as wide as its widest id, or all a page leaves (widestTakesTheRest).
        breaksLongIdentifiers: true,
      } satisfies TableColumn;
    }),
    rows: cells.rows,
    totals: cells.totals,
  };
}

/** Whether any section, at readable sizes, is wider than a portrait page. */
function needsLandscape(report: ReportPdfDocument, fonts: PdfFonts, portraitWidth: number): boolean {
  return report.sections.some((section) => {
    const all = section.columns.map((_, index) => index);
    return !fitsAtEase(columnNeeds(section, all, sectionCells(section, all), fonts), portraitWidth);
  });
}

/** A section's notes, wrapped to the page's width, kept below its table. */
function drawNotes(form: FormWriter, fonts: PdfFonts, notes: readonly string[]) {
  for (const note of notes) {
    const lines = wrapText(cleanText(note), fonts.regular, noteSize, form.width).map((text) => ({
      text,
      font: fonts.regular,
      size: noteSize,
    }));
    form.ensure(lines.length * noteSize * leading);
    form.y -= drawRuns(form.page, lines, form.left, form.y, form.width);
  }
  if (notes.length > 0) form.y -= 8;
}

export async function renderReportPdf(report: ReportPdfDocument): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(report.title);
  document.setProducer('commerce-backoffice');
  document.setCreationDate(new Date(report.generatedAt));
  const fonts = await embedPdfFonts(document, stringsIn(report));
  const paperSize = report.paperSize ?? 'letter';
  const [paperWidth] = paperSizes[paperSize];
  const form = new FormWriter(document, fonts, {
    paperSize,
    landscape: needsLandscape(report, fonts, paperWidth - 2 * formMargin),
    header: header(fonts, report),
  });
  const headingSize = 11;
  for (const section of report.sections) {
    const parts = tableParts(section, fonts, form.width);
    for (const [index, part] of parts.entries()) {
      // A later group of columns starts its own page, so its pages run beside the first group's.
      if (index > 0) form.newPage();
      // The heading stays with the table's header row and its first row.
      form.ensure(headingSize * leading + 8 + 3 * part.size * leading + 4 * rowPadding);
      form.y -= 6;
      const heading = part.label ? `${section.name}, ${part.label}` : section.name;
      form.y -= drawRun(
        form.page,
        fitLine(heading, fonts.bold, headingSize, form.width, 8),
        form.left,
        form.y,
        form.width,
      );
      form.y -= 2;
      drawTable(form, fonts, part.columns, part.rows, {
        size: part.size,
        minSize: minimumSize,
        rowPadding,
        totals: part.totals,
        continuedHeading: fitLine(`${heading}, continued`, fonts.bold, 9, form.width, minimumSize),
      });
      if (section.rows.length === 0 && part.totals.length === 0) {
        form.y -= drawRun(
          form.page,
          { text: 'No rows.', font: fonts.regular, size: 8.5 },
          form.left + cellPadding,
          form.y - 3,
          form.width,
        );
        continue;
      }
      form.y -= 8;
    }
    drawNotes(form, fonts, section.notes ?? []);
  }
  form.finish();
  return document.save();
}
