/**
 * Total lines of a report table, summed from its own rows, so a column always adds up to its total:
 * one line per currency when the rows carry one (amounts in two currencies are never added together,
 * and each line's counts are those of its currency's rows), one line otherwise. Rows are added as they
 * stream past, so a table of any length gets its totals without being held in memory.
 */
import type { SheetColumn } from '../../shared/render/xlsx';
import type { ReportRow } from './report-table';

export interface Tally {
  /** The rows, unchanged, each added to its line on the way through. */
  through<R extends ReportRow>(rows: AsyncIterable<R> | Iterable<R>): AsyncIterable<R>;
  add(row: ReportRow): void;
  /** The total lines so far: the line without a currency first, then by currency. */
  lines(): ReportRow[];
}

const summable = (column: SheetColumn) => column.type === 'number' || column.type === 'money';

/**
 * A tally of `columns`' numbers and amounts. `label` starts every line (`{ channel: 'Total' }`);
 * `notSummed` names the columns whose sum means nothing (a rank, a price, a percentage, a balance).
 */
export function tally(
  columns: readonly SheetColumn[],
  options: { label: ReportRow; notSummed?: readonly string[] },
): Tally {
  const summed = columns.filter((column) => summable(column) && !options.notSummed?.includes(column.key));
  // Money columns that name their own currency field (one column per currency) keep it on the line.
  const currencyFields = [
    ...new Set(columns.flatMap((c) => (c.type === 'money' && c.currencyKey ? [c.currencyKey] : []))),
  ];
  const byCurrency = columns.some((column) => column.key === 'currency');
  const lines = new Map<string, ReportRow>();
  const add = (row: ReportRow) => {
    const currency = byCurrency && typeof row.currency === 'string' ? row.currency : '';
    let line = lines.get(currency);
    if (!line) {
      line = { ...options.label, ...(currency ? { currency } : {}) };
      lines.set(currency, line);
    }
    for (const field of currencyFields) if (row[field] !== undefined) line[field] = row[field];
    for (const { key } of summed) {
      const value = row[key];
      if (typeof value === 'number') line[key] = ((line[key] as number | undefined) ?? 0) + value;
    }
  };
  return {
    add,
    async *through(rows) {
      for await (const row of rows) {
        add(row);
        yield row;
      }
    },
    lines: () =>
      [...lines.entries()]
        // Rows without a currency beside rows with one are quiet rows (a day of zeros): no line of their own.
        .filter(
          ([currency, line]) => currency !== '' || lines.size === 1 || summed.some(({ key }) => line[key]),
        )
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([, line]) => line),
  };
}

/** The total lines of rows already in hand. */
export function totalsOf(
  rows: readonly ReportRow[],
  columns: readonly SheetColumn[],
  options: { label: ReportRow; notSummed?: readonly string[] },
): ReportRow[] {
  const sums = tally(columns, options);
  for (const row of rows) sums.add(row);
  return sums.lines();
}
