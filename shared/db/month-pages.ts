/**
 * One page of items kept in one index partition per month (shipments, manifests), read month after
 * month over a range of days: the cursor names the month and the position within it, scoped to the
 * request so it cannot be replayed against another.
 */
import { decodeCursor, encodeCursor, InvalidCursor } from './cursor';
import type { IndexName } from './table-definition';
import type { Filter, Item, Page } from './query';
import { queryPage } from './query';

/** The months a range of days touches, in order (YYYY-MM). */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const current = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    months.push(current);
    if (current >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

export interface MonthPagesRequest {
  /** Days, YYYY-MM-DD: sort keys start with the day. */
  from: string;
  to: string;
  /** The index partition that holds one month. */
  partitionOf: (month: string) => { index?: IndexName; pk: string };
  filter?: Filter;
  limit: number;
  cursor?: string;
  /** What the request asked, so a cursor is only valid for the same request. */
  scope: string;
  /** Newest first unless true. */
  ascending: boolean;
}

export async function queryMonthPages(request: MonthPagesRequest): Promise<Page<Item>> {
  const { scope } = request;
  const months = monthsOf(request.from, request.to);
  if (!request.ascending) months.reverse();
  const position = decodeCursor(request.cursor, scope);
  let monthIndex = 0;
  let inner: string | undefined;
  if (position) {
    monthIndex = months.indexOf(String(position.month));
    if (monthIndex < 0 || (position.inner !== undefined && typeof position.inner !== 'string'))
      throw new InvalidCursor();
    inner = position.inner as string | undefined;
  }
  const items: Item[] = [];
  for (; monthIndex < months.length; monthIndex += 1) {
    const month = months[monthIndex]!;
    const page = await queryPage({
      ...request.partitionOf(month),
      skBetween: { from: request.from, to: `${request.to}#\uffff` },
      filter: request.filter,
      limit: request.limit - items.length,
      cursor: inner,
      scope: `${scope}|${month}`,
      ascending: request.ascending,
    });
    inner = undefined;
    items.push(...page.items);
    if (page.nextCursor) {
      return { items, nextCursor: encodeCursor({ month, inner: page.nextCursor }, scope) };
    }
    if (items.length >= request.limit) {
      const next = months[monthIndex + 1];
      return { items, nextCursor: next ? encodeCursor({ month: next }, scope) : null };
    }
  }
  return { items, nextCursor: null };
}
