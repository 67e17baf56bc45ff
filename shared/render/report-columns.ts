/**
 * How a report table's columns share a page (report-pdf.ts measures, this decides): every column at a
 * readable size, identifiers and figures as wide as their widest cell, free text (names, notes) wrapping
 * in what is left. A table that does not fit the width is split into groups of columns, each repeating
 * the key columns so a reader can match a row across pages.
 */

export interface ColumnNeed {
  /** Points the column cannot do with less of: its widest cell, or for free text a narrow wrap. */
  need: number;
  /** Points it would like: free text's widest cell (within its sheet width); the need otherwise. */
  preferred: number;
  /** Free text wraps, so it takes the room left over; the others keep their own width. */
  free: boolean;
}

/** A column grows to at most this many times its preferred width when the page has room to spare. */
const maxStretch = 1.6;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Whether the columns fit `width` with free text at its preferred width (it need not wrap). */
export function fitsAtEase(needs: readonly ColumnNeed[], width: number): boolean {
  return sum(needs.map((column) => column.preferred)) <= width;
}

/**
 * The columns' widths in `width` points, or undefined when even free text at its narrowest leaves too
 * little room. Room to spare goes to free text first (fewer wrapped rows), then to every column alike,
 * never stretching one past `maxStretch` times its preferred width (a short table stays compact).
 */
export function planWidths(needs: readonly ColumnNeed[], width: number): number[] | undefined {
  if (sum(needs.map((column) => column.need)) > width + 1e-6) return undefined;
  const preferred = sum(needs.map((column) => column.preferred));
  if (preferred > width) {
    // Free text shares what the others leave, in proportion to how much more it would like.
    const spare = width - sum(needs.map((column) => column.need));
    const wanted = sum(needs.map((column) => column.preferred - column.need));
    return needs.map((column) =>
      wanted > 0 ? column.need + (spare * (column.preferred - column.need)) / wanted : column.need,
    );
  }
  // Free text first, up to its stretch; what is still left, every column alike, up to theirs.
  const widths = needs.map((column) => column.preferred);
  let room = width - preferred;
  for (const growing of [needs.filter((column) => column.free), needs]) {
    const base = sum(growing.map((column) => column.preferred));
    if (base === 0 || room <= 0) continue;
    const growth = Math.min(room / base, maxStretch - 1);
    needs.forEach((column, index) => {
      if (!growing.includes(column)) return;
      const target = column.preferred * (1 + growth);
      if (target <= widths[index]!) return;
      room -= target - widths[index]!;
      widths[index] = target;
    });
  }
  return widths;
}

/**
 * The columns, as groups that each fit `width`: the key columns in every group, then the others in
 * their order, as many as fit. A column too wide even beside the keys alone gets a group of its own.
 */
export function columnGroups(
  needs: readonly ColumnNeed[],
  keys: readonly number[],
  width: number,
): number[][] {
  const groups: number[][] = [];
  // Packed at their preferred widths: a group holds fewer columns, and its free text wraps less.
  const keysWidth = sum(keys.map((index) => needs[index]!.preferred));
  let group: number[] = [...keys];
  let used = keysWidth;
  needs.forEach((column, index) => {
    if (keys.includes(index)) return;
    if (group.length > keys.length && used + column.preferred > width) {
      groups.push(group);
      group = [...keys];
      used = keysWidth;
    }
    group.push(index);
    used += column.preferred;
  });
  if (group.length > keys.length || groups.length === 0) groups.push(group);
  // Back in the table's own order, keys included.
  return groups.map((indices) => [...indices].sort((a, b) => a - b));
}
