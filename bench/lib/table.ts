/** Prints rows as an aligned plain-text table: numbers right-aligned with a column's decimals, the rest left. */
import type { Cell, Table } from './suite';

const decimalsOf = (value: number) =>
  Number.isInteger(value) ? 0 : (String(value).split('.')[1]?.length ?? 0);

function columnFormatter(cells: (Cell | undefined)[]): {
  numeric: boolean;
  format: (cell: Cell | undefined) => string;
} {
  const numbers = cells.filter((cell): cell is number => typeof cell === 'number');
  const numeric =
    numbers.length > 0 &&
    cells.every((cell) => typeof cell === 'number' || cell === null || cell === undefined);
  // One decimal count per column, so 1.2 and 1.21 line up as 1.20 and 1.21.
  const decimals = Math.max(0, ...numbers.map(decimalsOf));
  return {
    numeric,
    format: (cell) =>
      cell === null || cell === undefined
        ? ''
        : typeof cell === 'number' && numeric
          ? cell.toFixed(decimals)
          : String(cell),
  };
}

export function formatTable(table: Table): string {
  const columns = [...new Set(table.rows.flatMap((row) => Object.keys(row)))];
  const formatters = columns.map((column) => columnFormatter(table.rows.map((row) => row[column])));
  const cells = table.rows.map((row) => columns.map((column, i) => formatters[i]!.format(row[column])));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[], align: boolean) =>
    values
      .map((value, i) =>
        align && formatters[i]!.numeric ? value.padStart(widths[i]!) : value.padEnd(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [table.title, line(columns, false), rule, ...cells.map((row) => line(row, true))].join('\n');
}
