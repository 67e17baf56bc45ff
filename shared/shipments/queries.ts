/**
 * Shipments across orders, on known keys only: the list reads the month partitions of one index (by
 * carrier or warehouse when filtered on them, else all) between the range's days, month after month;
 * totals and filter values read the per-day cells of the range, never the shipments themselves.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { decodeCursor, encodeCursor, InvalidCursor } from '../db/cursor';
import { shipmentsOfMonth, shipmentTotalsOfMonth } from '../db/keys/shipments';
import type { Filter, Page } from '../db/query';
import { allOf, queryPage } from '../db/query';
import { toResource } from '../db/resource';
import type { Shipment } from '../domain/shipment';
import { shipmentSchema } from '../domain/shipment';
import type { ShipmentFilters, TotalsCell } from './totals';

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

/** Filters the index partition does not already apply, as a FilterExpression (case-folded names). */
function remainingFilter(filters: ShipmentFilters): Filter | undefined {
  const parts: Filter[] = [];
  if (filters.carrier !== undefined && filters.warehouseId !== undefined)
    parts.push({
      expression: 'warehouseId = :warehouseId',
      values: { ':warehouseId': filters.warehouseId },
    });
  if (filters.service !== undefined) {
    // Services compare case-insensitively, as the index keys fold carriers: the item keeps the folded form.
    parts.push({
      expression: 'serviceKey = :service',
      values: { ':service': filters.service.toLowerCase() },
    });
  }
  if (filters.status !== undefined)
    parts.push({
      expression: '#status = :status',
      names: { '#status': 'status' },
      values: { ':status': filters.status },
    });
  if (filters.source !== undefined)
    parts.push({
      expression: '#source = :source',
      names: { '#source': 'source' },
      values: { ':source': filters.source },
    });
  return allOf(...parts);
}

export interface ShipmentListRequest {
  filters: ShipmentFilters;
  limit: number;
  cursor?: string;
  /** Newest ship date first (default) or oldest first. */
  descending: boolean;
}

function scopeOf(request: ShipmentListRequest): string {
  const { filters } = request;
  return [
    'shipments',
    filters.from,
    filters.to,
    filters.carrier?.toLowerCase() ?? '',
    filters.service?.toLowerCase() ?? '',
    filters.warehouseId ?? '',
    filters.status ?? '',
    filters.source ?? '',
    request.descending ? 'desc' : 'asc',
  ].join('|');
}

/** One page of shipments in ship-date order; the cursor names the month and the key within it. */
export async function listShipments(request: ShipmentListRequest): Promise<Page<Shipment>> {
  const { filters } = request;
  const scope = scopeOf(request);
  const months = monthsOf(filters.from, filters.to);
  if (request.descending) months.reverse();
  const position = decodeCursor(request.cursor, scope);
  let monthIndex = 0;
  let inner: string | undefined;
  if (position) {
    monthIndex = months.indexOf(String(position.month));
    if (monthIndex < 0 || (position.inner !== undefined && typeof position.inner !== 'string'))
      throw new InvalidCursor();
    inner = position.inner as string | undefined;
  }
  const filter = remainingFilter(filters);
  const items: Shipment[] = [];
  for (; monthIndex < months.length; monthIndex += 1) {
    const month = months[monthIndex]!;
    const partition = shipmentsOfMonth(month, filters);
    const page = await queryPage({
      ...partition,
      skBetween: { from: filters.from, to: `${filters.to}#\uffff` },
      filter,
      limit: request.limit - items.length,
      cursor: inner,
      scope: `${scope}|${month}`,
      ascending: !request.descending,
    });
    inner = undefined;
    items.push(...page.items.map((item) => toResource(shipmentSchema, item)));
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

export interface CellRead {
  cells: TotalsCell[];
  /** Read capacity the query consumed (DynamoDB's figure; DynamoDB Local reports it too). */
  consumedReadUnits: number;
}

/** The last day of a month (YYYY-MM → YYYY-MM-DD). */
function lastDayOf(month: string): string {
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `${month}-${String(days).padStart(2, '0')}`;
}

/**
 * What to read for a range: the month cells of each month it covers whole, the day cells of the days
 * it covers in the others.
 */
export function totalsReads(range: { from: string; to: string }) {
  return monthsOf(range.from, range.to).map((month) => {
    const first = `${month}-01`;
    const last = lastDayOf(month);
    return range.from <= first && range.to >= last
      ? { month, whole: true as const }
      : {
          month,
          whole: false as const,
          from: range.from > first ? range.from : first,
          to: range.to < last ? range.to : last,
        };
  });
}

/** The cells covering a range of days, each month cell read as if on the month's first day. */
export async function totalsCells(range: { from: string; to: string }): Promise<CellRead> {
  const cells: TotalsCell[] = [];
  let consumedReadUnits = 0;
  for (const read of totalsReads(range)) {
    const partition = shipmentTotalsOfMonth(read.month);
    let start: Record<string, unknown> | undefined;
    do {
      const result = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: read.whole
            ? 'PK = :pk AND begins_with(SK, :prefix)'
            : 'PK = :pk AND SK BETWEEN :from AND :to',
          ExpressionAttributeValues: read.whole
            ? { ':pk': partition.pk, ':prefix': partition.monthCellPrefix }
            : { ':pk': partition.pk, ':from': read.from, ':to': `${read.to}#\uffff` },
          ExclusiveStartKey: start,
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
      consumedReadUnits += result.ConsumedCapacity?.CapacityUnits ?? 0;
      for (const item of result.Items ?? []) {
        const cell = item as TotalsCell;
        cells.push(read.whole ? { ...cell, day: `${read.month}-01` } : cell);
      }
      start = result.LastEvaluatedKey;
    } while (start);
  }
  return { cells, consumedReadUnits };
}

/**
 * Every shipment the filters select, in list order, a large page at a time (exports). The next page is
 * read while the caller works through the current one, so reading and writing overlap.
 */
export async function* allShipments(
  filters: ShipmentFilters,
  descending: boolean,
  pageSize = 1000,
): AsyncGenerator<Shipment> {
  const read = (cursor: string | undefined) =>
    listShipments({ filters, limit: pageSize, cursor, descending });
  let next: Promise<Page<Shipment>> | undefined = read(undefined);
  while (next) {
    const page: Page<Shipment> = await next;
    next = page.nextCursor ? read(page.nextCursor) : undefined;
    // A failed read ahead is thrown where it is awaited; until then it must not count as unhandled.
    next?.catch(() => undefined);
    yield* page.items;
  }
}
