/**
 * Streamed Excel workbooks (exceljs's WorkbookWriter): rows are written and committed as they arrive
 * from an async iterable, so a report of any length renders in bounded memory straight into an upload
 * stream (shared/files/put-stream.ts).
 *
 * IMPORT THIS MODULE LAZILY: `const { writeWorkbook } = await import('../../shared/render/xlsx')`
 * inside the operation that renders, never at a module's top level (tests excepted). exceljs adds
 * about 100 ms to a cold start (DESIGN §6), which every other operation of the function would pay.
 * test/unit/lazy-render.unit.test.ts refuses static imports in functions/, shared/ and infra/. (Bundled
 * into the same file, a lazy import defers evaluation, not parsing: the bundle still carries ~950 KiB.)
 *
 * Cell values, by column type:
 * - `text` (default): strings as they are (exceljs writes them inline; no shared-strings table, so
 *   memory does not grow with the row count); numbers and booleans as themselves.
 * - `number`: a finite number, General format unless the column names one.
 * - `money`: integer minor units (DESIGN §3); the cell holds the amount in major units with as many
 *   decimals as the row's currency has (USD 2, JPY 0, KWD 3), read from `currencyKey` (`currency` by
 *   default), so sums and pivots in Excel work on real numbers.
 * - `date` (`YYYY-MM-DD`, a reporting day) and `datetime` (an ISO instant or a Date): real Excel dates,
 *   not ISO text, so a user can sort, filter, group by month and subtract dates without converting
 *   anything; the number format keeps the ISO reading (`yyyy-mm-dd hh:mm:ss`). Excel dates carry no
 *   zone: instants are written in UTC, as they are stored (DESIGN §3), and a header should say so.
 * - null and undefined leave the cell empty.
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { currencyExponent } from '../domain/money';

export type ColumnType = 'text' | 'number' | 'money' | 'date' | 'datetime';

export interface SheetColumn {
  header: string;
  /** The row field this column shows. */
  key: string;
  type?: ColumnType;
  /** Width in characters; a default per type otherwise. */
  width?: number;
  /** An Excel number format for every cell of the column (money: instead of the currency's decimals). */
  numFmt?: string;
  /** Money columns: the row field holding the ISO 4217 currency; `currency` by default. */
  currencyKey?: string;
  /** Text columns of long paragraphs: in a PDF, wrap to at most this many lines (2 otherwise). */
  maxLines?: number;
  /**
   * Order ids, SKUs, tracking numbers, references: a PDF prints them whole on one line, the column as
   * wide as its widest (a broken or cut id reads as another one). The workbook ignores it.
   */
  identifier?: boolean;
}

export interface Sheet {
  /** 1–31 characters, none of `[]:*?/\`; unique within the workbook (case-insensitively). */
  name: string;
  columns: SheetColumn[];
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>;
  /**
   * Total lines, bold, below the rows after an empty row and outside the filter range, so sorting or
   * filtering the rows never moves them. A function is called once the rows are written (totals of
   * streamed rows are known only then). A text value in a column of another type is written as text
   * ("Total" under a date column).
   */
  totals?: readonly Record<string, unknown>[] | (() => readonly Record<string, unknown>[]);
  /** Lines of text under the totals (in the first column), saying what a total leaves out. */
  notes?: readonly string[];
}

/** Excel's last row is 1,048,576; the header takes one. */
export const maxRowsPerSheet = 1_048_575;

const defaultWidth: Record<ColumnType, number> = {
  text: 24,
  number: 12,
  money: 14,
  date: 12,
  datetime: 20,
};
const dateFormat = 'yyyy-mm-dd';
const dateTimeFormat = 'yyyy-mm-dd hh:mm:ss';

export function moneyFormat(exponent: number): string {
  return exponent === 0 ? '#,##0' : `#,##0.${'0'.repeat(exponent)}`;
}

function checkSheetNames(sheets: readonly Sheet[]): void {
  const seen = new Set<string>();
  for (const { name } of sheets) {
    if (
      name.length < 1 ||
      name.length > 31 ||
      /[[\]:*?/\\]/.test(name) ||
      name.startsWith("'") ||
      name.endsWith("'")
    ) {
      throw new RangeError(`invalid sheet name ${JSON.stringify(name)}`);
    }
    const folded = name.toLowerCase();
    if (seen.has(folded)) throw new RangeError(`two sheets are named ${JSON.stringify(name)}`);
    seen.add(folded);
  }
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function badValue(column: SheetColumn, value: unknown): never {
  throw new TypeError(`column "${column.key}" (${column.type}) cannot show ${JSON.stringify(value)}`);
}

/** A Date at UTC midnight of the day, which exceljs writes as that day's serial number. */
function excelDay(column: SheetColumn, value: unknown): Date {
  const match = typeof value === 'string' ? dayPattern.exec(value) : null;
  if (!match) return badValue(column, value);
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (day.toISOString().slice(0, 10) !== value) return badValue(column, value);
  return day;
}

function excelInstant(column: SheetColumn, value: unknown): Date {
  const instant = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  if (!instant || Number.isNaN(instant.getTime())) return badValue(column, value);
  return instant;
}

interface CellOut {
  value: ExcelJS.CellValue;
  numFmt?: string;
}

function cellOf(column: SheetColumn, row: Record<string, unknown>): CellOut {
  const value = row[column.key];
  if (value === null || value === undefined) return { value: null };
  switch (column.type ?? 'text') {
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return badValue(column, value);
      return { value };
    case 'money': {
      if (!Number.isSafeInteger(value)) return badValue(column, value);
      const currency = row[column.currencyKey ?? 'currency'];
      if (typeof currency !== 'string') return badValue(column, currency);
      const exponent = currencyExponent(currency);
      return {
        value: (value as number) / 10 ** exponent,
        ...(column.numFmt ? {} : { numFmt: moneyFormat(exponent) }),
      };
    }
    case 'date':
      return { value: excelDay(column, value) };
    case 'datetime':
      return { value: excelInstant(column, value) };
    default:
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        return { value };
      }
      return badValue(column, value);
  }
}

function columnFormat(column: SheetColumn): string | undefined {
  if (column.numFmt) return column.numFmt;
  if (column.type === 'date') return dateFormat;
  if (column.type === 'datetime') return dateTimeFormat;
  return undefined;
}

/** Waits until the output takes more bytes; fails if it closes first (the upload failed). */
async function drained(output: Writable): Promise<void> {
  if (!output.writableNeedDrain) return;
  if (output.destroyed) throw output.errored ?? new Error('the output stream was destroyed');
  await new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      stopListening();
      resolve();
    };
    const onClose = () => {
      stopListening();
      reject(output.errored ?? new Error('the output stream closed before it drained'));
    };
    const stopListening = () => {
      output.off('drain', onDrain);
      output.off('close', onClose);
    };
    output.on('drain', onDrain);
    output.on('close', onClose);
  });
}

/** The name of a sheet's continuation: "Movements (2)", cut so it stays within 31 characters. */
export function continuationName(name: string, part: number): string {
  const suffix = ` (${part})`;
  return `${name.slice(0, 31 - suffix.length).trimEnd()}${suffix}`;
}

function startWorksheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: readonly SheetColumn[],
) {
  const worksheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  worksheet.columns = columns.map((column) => {
    const numFmt = columnFormat(column);
    return {
      key: column.key,
      // Never narrower than the header: Excel cuts a header off at its column's edge.
      width: Math.max(column.width ?? defaultWidth[column.type ?? 'text'], column.header.length + 2),
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  const header = worksheet.getRow(1);
  columns.forEach((column, index) => {
    const cell = header.getCell(index + 1);
    cell.value = column.header;
    cell.font = { bold: true };
  });
  header.commit();
  return worksheet;
}

/** Filters on the header row over the rows written (set before the sheet is committed). */
function finishWorksheet(worksheet: ExcelJS.Worksheet, columnCount: number, rowCount: number) {
  worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rowCount + 1, column: columnCount } };
  worksheet.commit();
}

/**
 * One sheet's rows, continued on "<name> (2)", "(3)"… each time a sheet reaches Excel's last row.
 * Answers the rows written.
 */
async function writeSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  sheet: Sheet,
  output: Writable,
  rowsPerSheet: number,
  names: Set<string>,
) {
  let part = 1;
  let worksheet = startWorksheet(workbook, sheet.name, sheet.columns);
  let inSheet = 0;
  let count = 0;
  const continueSheet = () => {
    finishWorksheet(worksheet, sheet.columns.length, inSheet);
    part += 1;
    const name = continuationName(sheet.name, part);
    if (names.has(name.toLowerCase())) throw new RangeError(`two sheets are named ${JSON.stringify(name)}`);
    names.add(name.toLowerCase());
    worksheet = startWorksheet(workbook, name, sheet.columns);
    inSheet = 0;
  };
  for await (const record of sheet.rows) {
    if (inSheet === rowsPerSheet) continueSheet();
    inSheet += 1;
    count += 1;
    const row = worksheet.getRow(inSheet + 1);
    sheet.columns.forEach((column, index) => {
      const out = cellOf(column, record);
      const cell = row.getCell(index + 1);
      cell.value = out.value;
      if (out.numFmt) cell.numFmt = out.numFmt;
    });
    row.commit();
    // Backpressure: wait while the upload is behind rather than buffering the sheet in memory.
    await drained(output);
  }
  const totals = typeof sheet.totals === 'function' ? sheet.totals() : (sheet.totals ?? []);
  // Totals take an empty row and their lines below the rows; past the sheet's last row the file is
  // invalid, so totals that do not fit go on a continuation sheet of their own (same header).
  const notes = sheet.notes ?? [];
  const below = totals.length + notes.length;
  if (below > 0 && inSheet + 1 + below > rowsPerSheet) continueSheet();
  writeTotals(worksheet, sheet, totals, inSheet + 1);
  notes.forEach((note, index) => {
    const row = worksheet.getRow(inSheet + 3 + totals.length + index);
    const cell = row.getCell(1);
    cell.value = note;
    cell.font = { italic: true };
    row.commit();
  });
  finishWorksheet(worksheet, sheet.columns.length, inSheet);
  return count;
}

/** The sheet's total lines after its last row and one empty row (outside the autofilter). */
function writeTotals(
  worksheet: ExcelJS.Worksheet,
  sheet: Sheet,
  totals: readonly Record<string, unknown>[],
  lastRow: number,
) {
  totals.forEach((record, index) => {
    const row = worksheet.getRow(lastRow + 2 + index);
    sheet.columns.forEach((column, at) => {
      const value = record[column.key];
      const textual = typeof value === 'string' && column.type !== undefined && column.type !== 'text';
      const out = textual ? { value } : cellOf(column, record);
      const cell = row.getCell(at + 1);
      cell.value = out.value;
      if (out.numFmt) cell.numFmt = out.numFmt;
      cell.font = { bold: true };
    });
    row.commit();
  });
}

/**
 * Writes the sheets, in order, into `output` and ends it: each with its header row frozen and an
 * autofilter over its rows, its totals below; a sheet longer than Excel's last row continues on "<name> (2)". Answers the
 * number of data rows written (all sheets, headers excluded). Throws on a value its column cannot show; the output is then
 * unfinished and the caller (putStream) discards it.
 */
export async function writeWorkbook(
  output: Writable,
  sheets: readonly Sheet[],
  options: { rowsPerSheet?: number } = {},
): Promise<number> {
  if (sheets.length === 0) throw new RangeError('a workbook needs at least one sheet');
  checkSheetNames(sheets);
  const names = new Set(sheets.map((sheet) => sheet.name.toLowerCase()));
  const rowsPerSheet = options.rowsPerSheet ?? maxRowsPerSheet;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: true,
  });
  let rows = 0;
  for (const sheet of sheets) rows += await writeSheet(workbook, sheet, output, rowsPerSheet, names);
  await workbook.commit();
  return rows;
}
