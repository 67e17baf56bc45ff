/** Prints rows as an aligned plain-text table: numbers right-aligned, everything else left. */
import type { Cell, Table } from './suite';

const text = (cell: Cell | undefined): string => (cell === null || cell === undefined ? '' : String(cell));

export function formatTable(table: Table): string {
  const columns = [...new Set(table.rows.flatMap((row) => Object.keys(row)))];
  const widths = columns.map((column) =>
    Math.max(column.length, ...table.rows.map((row) => text(row[column]).length)),
  );
  const line = (cells: string[], numeric: boolean[]) =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const header = line(columns, columns.map(() => false));
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  const body = table.rows.map((row) =>
    line(
      columns.map((column) => text(row[column])),
      columns.map((column) => typeof row[column] === 'number'),
    ),
  );
  return [table.title, header, rule, ...body].join('\n');
}
