/**
 * The detailed sales report: the active lines of the orders dated in a range of reporting days, oldest
 * first, read from the orders' day index (a reporting day spans up to two UTC days; each UTC day's
 * orders lie in the shards of its partition and its legacy partition, merged by sort key). A page holds
 * `limit` lines and may end inside an order: the cursor names the order's index key and how many of
 * its matching lines were answered, so the next page goes on from the next one. The index key
 * (`<orderDate>#<id>`) is unique across the shards, so it alone says where every shard resumes.
 */
import { decodeCursor, encodeCursor, InvalidCursor } from '../../shared/db/cursor';
import { ordersOfUtcDayPartitions } from '../../shared/db/keys';
import { queryMergedPages } from '../../shared/db/merged-pages';
import type { Item } from '../../shared/db/query';
import { equalsFilter } from '../../shared/db/query';
import type { StatusCategory } from '../../shared/domain/order-status';
import type { Day } from '../../shared/domain/reporting-days';
import { addDays, daysBetween, reportingDay, startOfDay } from '../../shared/domain/reporting-days';
import { resolveStatuses } from '../../shared/orders/statuses';

export interface DetailedRequest {
  from: Day;
  to: Day;
  channel?: string;
  sku?: string;
  warehouseId?: string;
  statusCategory?: StatusCategory;
  currency?: string;
  limit: number;
  cursor?: string;
}

export interface DetailedLine {
  orderId: string;
  orderDate: string;
  /** The reporting day the order counts on. */
  day: Day;
  channel: string;
  statusId: string;
  statusCategory: StatusCategory;
  warehouseId: string | null;
  itemId: string;
  sku: string;
  title: string;
  quantity: number;
  unitPrice: number;
  discount: number;
  tax: number;
  /** quantity × unit price − discount + tax. */
  lineTotal: number;
  currency: string;
}

/** An order line as stored: what the report answers of it, and its status. */
type StoredLine = Pick<
  DetailedLine,
  'itemId' | 'sku' | 'title' | 'quantity' | 'unitPrice' | 'discount' | 'tax'
> & { status: string };

/**
 * Where a page ends: the UTC day partition, the index key of the order it ended in, and the item id of
 * that order's last line answered ('' when none was). An item id, not a count: a line cancelled between
 * two pages moves no other line.
 */
interface Position {
  day: string;
  key: string;
  after: string;
}

function position(cursor: string | undefined, scope: string, days: readonly string[]): Position | undefined {
  const decoded = decodeCursor(cursor, scope);
  if (!decoded) return undefined;
  const { d, k, a } = decoded;
  if (typeof d !== 'string' || !days.includes(d) || typeof k !== 'string' || typeof a !== 'string')
    throw new InvalidCursor();
  return { day: d, key: k, after: a };
}

/** UTC days whose orders are read at once. */
const dayWindow = 8;
/**
 * Orders read by one request at most: a rare filter over a long range answers a short page (even an empty
 * one) with a cursor, rather than reading a year of orders in one request.
 */
export const maxOrdersRead = 2_000;

/**
 * An instant as an index sort-key bound: without its `Z`, so it sorts before the instant written with any
 * precision (`…T04:00:00Z`, `…T04:00:00.000Z`, `…T04:00:00.000000Z`) and after every earlier one.
 */
const instantBound = (instant: Date) => instant.toISOString().slice(0, -1);

/** The lines of an order still to answer: after the one a cursor names, or all when it is gone. */
function linesToAnswer(order: Item, lines: StoredLine[], after: string | undefined): StoredLine[] {
  if (!after) return lines;
  const stored = order.lines as StoredLine[];
  const answered = stored.findIndex((line) => line.itemId === after);
  // The last line answered left the order: answer the order again rather than lose a line.
  if (answered < 0) return lines;
  const later = new Set(stored.slice(answered + 1).map((line) => line.itemId));
  return lines.filter((line) => later.has(line.itemId));
}

export async function detailedSales(request: DetailedRequest, timeZone: string, readLimit = maxOrdersRead) {
  const startsAt = startOfDay(request.from, timeZone);
  const endsAt = startOfDay(addDays(request.to, 1), timeZone);
  const start = instantBound(startsAt);
  const before = instantBound(endsAt);
  const utcDays = daysBetween(
    startsAt.toISOString().slice(0, 10),
    new Date(endsAt.getTime() - 1).toISOString().slice(0, 10),
  );
  const { limit, cursor, ...asked } = request;
  const scope = `sales-detailed|${timeZone}|${JSON.stringify(asked)}`;
  const resume = position(cursor, scope, utcDays);
  const lineMatches = (line: StoredLine) =>
    line.status === 'active' && (request.sku === undefined || line.sku === request.sku);
  const filter = equalsFilter({
    channel: request.channel,
    currency: request.currency,
    warehouseId: request.warehouseId,
  });
  // Every order has a line: unfiltered, limit + 1 orders fill a page and tell whether another follows.
  const filtered = filter !== undefined || request.sku !== undefined || request.statusCategory !== undefined;
  const pageSize = filtered ? 50 : Math.min(50, limit + 1);

  const items: DetailedLine[] = [];
  let ordersRead = 0;
  const days = resume ? utcDays.slice(utcDays.indexOf(resume.day)) : utcDays;
  const pageOfDay = (day: string, inner?: string) =>
    queryMergedPages({
      partitions: ordersOfUtcDayPartitions(day, { from: resume?.day === day ? resume.key : start, before }),
      filter,
      limit: pageSize,
      cursor: inner,
      scope: 'internal',
    });
  // Days are read a window at a time in parallel: a year's range of quiet days costs a few round trips.
  let previousKey: string | undefined;
  for (let windowStart = 0; windowStart < days.length; windowStart += dayWindow) {
    const window = days.slice(windowStart, windowStart + dayWindow);
    const firstPages = await Promise.all(window.map((day) => pageOfDay(day)));
    for (const [index, day] of window.entries()) {
      let page = firstPages[index]!;
      for (;;) {
        const statuses = await resolveStatuses(page.items.map((order) => String(order.statusId)));
        for (const order of page.items) {
          const key = String(order.GSI2SK);
          // An order whose index keys move to its shard meanwhile (a write, the migration) can show in both.
          if (key === previousKey) continue;
          previousKey = key;
          const resumed = resume !== undefined && resume.key === key ? resume.after : undefined;
          if (ordersRead === readLimit) {
            return { items, nextCursor: encodeCursor({ d: day, k: key, a: resumed ?? '' }, scope) };
          }
          ordersRead += 1;
          const category = statuses.get(String(order.statusId))?.category;
          if (request.statusCategory !== undefined && category !== request.statusCategory) continue;
          let answered = resumed ?? '';
          for (const line of linesToAnswer(
            order,
            (order.lines as StoredLine[]).filter(lineMatches),
            resumed,
          )) {
            if (items.length === limit) {
              return { items, nextCursor: encodeCursor({ d: day, k: key, a: answered }, scope) };
            }
            items.push(detailedLine(order, line, category ?? 'open', timeZone));
            answered = line.itemId;
          }
        }
        if (!page.nextCursor) break;
        page = await pageOfDay(day, page.nextCursor);
      }
    }
  }
  return { items, nextCursor: null };
}

function detailedLine(
  order: Item,
  line: StoredLine,
  statusCategory: StatusCategory,
  timeZone: string,
): DetailedLine {
  return {
    orderId: String(order.id),
    orderDate: String(order.orderDate),
    day: reportingDay(String(order.orderDate), timeZone),
    channel: String(order.channel),
    statusId: String(order.statusId),
    statusCategory,
    warehouseId: typeof order.warehouseId === 'string' ? order.warehouseId : null,
    itemId: line.itemId,
    sku: line.sku,
    title: line.title,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    discount: line.discount,
    tax: line.tax,
    lineTotal: line.quantity * line.unitPrice - line.discount + line.tax,
    currency: String(order.currency),
  };
}
