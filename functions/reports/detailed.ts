/**
 * The detailed sales report: the active lines of the orders dated in a range of reporting days, oldest
 * first, read from the orders' day index (a reporting day spans up to two UTC days). A page holds
 * `limit` lines and may end inside an order: the cursor names the order's index key and how many of
 * its matching lines were answered, so the next page goes on from the next one.
 */
import { decodeCursor, encodeCursor, InvalidCursor } from '../../shared/db/cursor';
import { ordersOfUtcDay } from '../../shared/db/keys';
import type { Item } from '../../shared/db/query';
import { equalsFilter, queryPage } from '../../shared/db/query';
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

interface StoredLine {
  itemId: string;
  sku: string;
  title: string;
  quantity: number;
  unitPrice: number;
  discount: number;
  tax: number;
  status: string;
}

/** Where a page ends: the UTC day partition, the order's index key, and its lines already answered. */
interface Position {
  day: string;
  key: string;
  answered: number;
}

function position(cursor: string | undefined, scope: string, days: readonly string[]): Position | undefined {
  const decoded = decodeCursor(cursor, scope);
  if (!decoded) return undefined;
  const { d, k, o } = decoded;
  if (typeof d !== 'string' || !days.includes(d) || typeof k !== 'string' || typeof o !== 'number')
    throw new InvalidCursor();
  return { day: d, key: k, answered: o };
}

/** UTC days whose orders are read at once. */
const dayWindow = 8;

export async function detailedSales(request: DetailedRequest, timeZone: string) {
  const start = startOfDay(request.from, timeZone).toISOString();
  const before = startOfDay(addDays(request.to, 1), timeZone).toISOString();
  const utcDays = daysBetween(
    start.slice(0, 10),
    new Date(Date.parse(before) - 1).toISOString().slice(0, 10),
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

  const items: DetailedLine[] = [];
  const days = resume ? utcDays.slice(utcDays.indexOf(resume.day)) : utcDays;
  const pageOfDay = (day: string, inner?: string) =>
    queryPage({
      ...ordersOfUtcDay(day, { from: resume?.day === day ? resume.key : start, before }),
      filter,
      limit: 50,
      cursor: inner,
      scope: 'internal',
    });
  // Days are read a window at a time in parallel: a year's range of quiet days costs a few round trips.
  for (let windowStart = 0; windowStart < days.length; windowStart += dayWindow) {
    const window = days.slice(windowStart, windowStart + dayWindow);
    const firstPages = await Promise.all(window.map((day) => pageOfDay(day)));
    for (const [index, day] of window.entries()) {
      let page = firstPages[index]!;
      for (;;) {
        const statuses = await resolveStatuses(page.items.map((order) => String(order.statusId)));
        for (const order of page.items) {
          const category = statuses.get(String(order.statusId))?.category;
          if (request.statusCategory !== undefined && category !== request.statusCategory) continue;
          const lines = (order.lines as StoredLine[]).filter(lineMatches);
          const skip = resume !== undefined && resume.key === order.GSI2SK ? resume.answered : 0;
          for (let at = skip; at < lines.length; at += 1) {
            if (items.length === limit) {
              return { items, nextCursor: encodeCursor({ d: day, k: order.GSI2SK, o: at }, scope) };
            }
            items.push(detailedLine(order, lines[at]!, category ?? 'open', timeZone));
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
