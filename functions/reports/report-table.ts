/**
 * A report as tables: what the PDF and Excel exports render, whatever the report. Each report of the
 * group says how it reads as tables (its `table` function, listed in exportable.ts), so one renderer per
 * format serves all of them: a section is a sheet in Excel and a titled table in a PDF.
 *
 * Cell values follow the sheet column types of shared/render/xlsx.ts: money in integer minor units with
 * the row's currency beside it, days as `YYYY-MM-DD`, instants as ISO text, numbers as numbers.
 */
import type { $ZodType, output } from 'zod/v4/core';
import type { SheetColumn } from '../../shared/render/xlsx';

export type ReportRow = Record<string, unknown>;

export interface ReportSection {
  /** The sheet's name (1–31 characters, none of `[]:*?/\`) and the PDF table's heading. */
  name: string;
  columns: SheetColumn[];
  /** Streamed for the long ones (an export of 100,000 movements is never whole in memory). */
  rows: AsyncIterable<ReportRow> | Iterable<ReportRow>;
  /** Total lines, below the rows (never among them); a function when they are known only after the rows. */
  totals?: readonly ReportRow[] | (() => readonly ReportRow[]);
  /** Lines under the totals saying what a total leaves out ("Line totals exclude …"). */
  notes?: readonly string[];
}

export interface ReportTable {
  /** "Pending shipments" */
  title: string;
  /** Lines under the title: the range, the filters applied, what a figure means. */
  subtitle: string[];
  sections: ReportSection[];
  /**
   * What the file name says the report covers: its range (`2026-11-01 to 2026-11-24`), or the one day
   * it is of (`2026-11-24`, a single-day or as-of report), never the day the file was made.
   */
  covers: string;
}

/** What a report's tables know of the run: the zone its days are in. */
export interface TableContext {
  timeZone: string;
}

/** A report an export can name: the query its GET takes, and the report read as tables. */
export interface ExportableReport<Q extends $ZodType = $ZodType> {
  /** The GET operation's query schema: an export's `query` is what that GET's URL would carry. */
  query: Q;
  table: (query: output<Q>, context: TableContext) => Promise<ReportTable>;
}

export function exportable<Q extends $ZodType>(report: ExportableReport<Q>): ExportableReport<Q> {
  return report;
}

/** Query names a report's own lines already say (its range) or that shape pages, not rows. */
const notFilters = new Set(['from', 'to', 'limit', 'cursor']);

/** "Filters: channel amazon, warehouseId 01J…" for the filters a query applies; nothing when none. */
export function filterLine(query: Readonly<Record<string, unknown>>): string[] {
  const named = Object.entries(query).filter(
    ([name, value]) => !notFilters.has(name) && value !== undefined && value !== '',
  );
  return named.length === 0
    ? []
    : [`Filters: ${named.map(([name, value]) => `${name} ${String(value)}`).join(', ')}`];
}

/** Rows a file reads per page (the API's pages hold at most 200). */
export const exportPage = 1000;

/**
 * Every page of a paginated report, as rows: the next page is read while the caller works through the
 * current one, so reading and writing overlap.
 */
export async function* allPages<T>(
  read: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
  first: { items: T[]; nextCursor: string | null },
): AsyncGenerator<T> {
  let page = first;
  for (;;) {
    const next = page.nextCursor ? read(page.nextCursor) : undefined;
    // A failed read ahead is thrown where it is awaited; until then it must not count as unhandled.
    next?.catch(() => undefined);
    yield* page.items;
    if (!next) return;
    page = await next;
  }
}
