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
import type { PaperSize, TableColumn, TextRun } from './pdf-layout';
import {
  FormWriter,
  drawHeaderColumns,
  drawRun,
  drawTable,
  fitLine,
  formatMoney,
  leading,
  utcMinute,
} from './pdf-layout';
import type { SheetColumn } from './xlsx';

export interface ReportPdfSection {
  name: string;
  columns: readonly SheetColumn[];
  rows: readonly Record<string, unknown>[];
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

/** Points per character of a sheet column's width: DejaVu Sans at 8.5 pt averages about 5 pt a character. */
const pointsPerCharacter = 5.2;
/** Wider than this many points at their natural widths, the pages turn to landscape. */
const portraitWidth = 540;

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
export function cellText(column: SheetColumn, row: Record<string, unknown>): string {
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
      return typeof currency === 'string' && typeof value === 'number'
        ? formatMoney(value, currency)
        : String(value);
    }
    case 'datetime':
      return typeof value === 'string' || value instanceof Date
        ? utcMinute(value instanceof Date ? value.toISOString() : value)
        : String(value);
    default:
      return String(value);
  }
}

/** A column's width in points before scaling: its sheet width, and never narrower than its header on one line. */
const naturalWidth = (column: SheetColumn) =>
  Math.max(column.width ?? defaultCharacters(column), column.header.length + 2) * pointsPerCharacter;

function tableColumns(columns: readonly SheetColumn[], width: number): TableColumn[] {
  const natural = columns.map(naturalWidth);
  const scale = Math.min(1.6, width / natural.reduce((sum, w) => sum + w, 0));
  return columns.map((column, index) => ({
    header: column.header,
    width: natural[index]! * scale,
    align: column.type === 'number' || column.type === 'money' ? 'right' : 'left',
    maxLines: column.type === undefined || column.type === 'text' ? (column.maxLines ?? 2) : 1,
    minScale: 0.55,
  }));
}

function defaultCharacters(column: SheetColumn): number {
  switch (column.type) {
    case 'number':
      return 10;
    case 'money':
      return 14;
    case 'date':
      return 11;
    case 'datetime':
      return 18;
    default:
      return 20;
  }
}

function header(fonts: PdfFonts, report: ReportPdfDocument) {
  return (page: PDFPage, left: number, top: number, width: number) => {
    const rightWidth = Math.min(230, width / 3);
    const leftWidth = width - rightWidth - 12;
    const leftRuns: TextRun[] = [
      fitLine(report.title, fonts.bold, 15, leftWidth, 9),
      ...report.subtitle.map((line) => fitLine(line, fonts.regular, 8.5, leftWidth, 6)),
    ];
    const rightRuns: TextRun[] = [
      fitLine(`Generated ${utcMinute(report.generatedAt)}`, fonts.regular, 8.5, rightWidth, 6),
      fitLine(`Days in ${report.timeZone}`, fonts.regular, 8.5, rightWidth, 6),
    ];
    return drawHeaderColumns(page, { left: leftRuns, right: rightRuns }, { left, top, width, rightWidth });
  };
}

export async function renderReportPdf(report: ReportPdfDocument): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(report.title);
  document.setProducer('commerce-backoffice');
  document.setCreationDate(new Date(report.generatedAt));
  const fonts = await embedPdfFonts(document, stringsIn(report));
  const widest = Math.max(
    ...report.sections.map((section) =>
      section.columns.reduce((sum, column) => sum + naturalWidth(column), 0),
    ),
    0,
  );
  const form = new FormWriter(document, fonts, {
    paperSize: report.paperSize ?? 'letter',
    landscape: widest > portraitWidth,
    header: header(fonts, report),
  });
  const headingSize = 11;
  for (const section of report.sections) {
    // The heading stays with the table's header row and its first row.
    form.ensure(headingSize * leading + 8 + 3 * 8.5 * leading * 2);
    form.y -= 6;
    form.y -= drawRun(
      form.page,
      fitLine(section.name, fonts.bold, headingSize, form.width, 8),
      form.left,
      form.y,
      form.width,
    );
    form.y -= 2;
    const columns = tableColumns(section.columns, form.width);
    if (section.rows.length === 0) {
      drawTable(form, fonts, columns, []);
      form.y -= drawRun(
        form.page,
        { text: 'No rows.', font: fonts.regular, size: 8.5 },
        form.left + 3,
        form.y - 3,
        form.width,
      );
      continue;
    }
    drawTable(
      form,
      fonts,
      columns,
      section.rows.map((row) => section.columns.map((column) => cellText(column, row))),
    );
    form.y -= 8;
  }
  form.finish();
  return document.save();
}
