/**
 * One page of items kept in index partitions per month (manifests in one, shipments in the shards of a
 * sharded index), read month after month over a range of days: the cursor names the month and the
 * position within it (one partition's key, or merged-pages.ts's cursor over the month's partitions),
 * scoped to the request so it cannot be replayed against another.
 */
import { decodeCursor, encodeCursor, InvalidCursor } from './cursor';
import type { IndexName } from './table-definition';
import type { MergedPartition } from './merged-pages';
import { queryMergedPages } from './merged-pages';
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

interface MonthRange {
  /** Days, YYYY-MM-DD: sort keys start with the day. */
  from: string;
  to: string;
  filter?: Filter;
  limit: number;
  cursor?: string;
  /** What the request asked, so a cursor is only valid for the same request. */
  scope: string;
  /** Newest first unless true. */
  ascending: boolean;
}

export interface MonthPagesRequest extends MonthRange {
  /** The index partition that holds one month. */
  partitionOf: (month: string) => { index?: IndexName; pk: string };
}

/** A month's items over several partitions of one index (shards and the layout before them), merged by sort key. */
export interface MergedMonthPagesRequest extends MonthRange {
  /** The partitions that hold one month, named as merged-pages.ts needs. */
  partitionsOf: (month: string) => ReadonlyArray<Pick<MergedPartition, 'name' | 'index' | 'pk'>>;
}

export function queryMonthPages(request: MonthPagesRequest): Promise<Page<Item>> {
  return monthAfterMonth(request, (month, page) =>
    queryPage({ ...request.partitionOf(month), ...page, skBetween: daysOf(request) }),
  );
}

export function queryMergedMonthPages(request: MergedMonthPagesRequest): Promise<Page<Item>> {
  return monthAfterMonth(request, (month, page) =>
    queryMergedPages({
      ...page,
      partitions: request
        .partitionsOf(month)
        .map((partition) => ({ ...partition, skBetween: daysOf(request) })),
    }),
  );
}

/** Sort keys of the range's days (a day's keys go on after it: `<day>#…`). */
const daysOf = (range: { from: string; to: string }) => ({ from: range.from, to: `${range.to}#\uffff` });

interface MonthPage {
  filter?: Filter;
  limit: number;
  cursor?: string;
  scope: string;
  ascending: boolean;
}

/** Reads month after month from where the cursor stands, each month's pages by `readMonth`, until the page is full. */
async function monthAfterMonth(
  request: MonthRange,
  readMonth: (month: string, page: MonthPage) => Promise<Page<Item>>,
): Promise<Page<Item>> {
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
    const page = await readMonth(month, {
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
