/**
 * Shipments across orders, on known keys only: the list reads the month partitions of one index (by
 * carrier or warehouse when filtered on them, else all) between the range's days, month after month, each
 * month's shards (and the partition of the layout before sharding) merged by ship date; totals and filter
 * values read the per-day cells of the range, summed over the totals shards, never the shipments themselves.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { monthsOf, queryMergedMonthPages } from '../db/month-pages';
import { shipmentsOfMonthPartitions, shipmentTotalsOfMonthPartitions } from '../db/keys/shipments';
import type { Filter, Page } from '../db/query';
import { allOf } from '../db/query';
import { inParallel } from '../db/parallel';
import { toResource } from '../db/resource';
import type { Shipment } from '../domain/shipment';
import { shipmentSchema } from '../domain/shipment';
import type { ShipmentFilters, TotalsCell } from './totals';
import { sumOverShards } from './totals';
import { partitionsToRead } from '../db/table-layout';

export { monthsOf };

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

/** One page of shipments in ship-date order, month after month, each month's partitions merged. */
export async function listShipments(request: ShipmentListRequest): Promise<Page<Shipment>> {
  const { filters } = request;
  const page = await queryMergedMonthPages({
    from: filters.from,
    to: filters.to,
    partitionsOf: (month) => shipmentsOfMonthPartitions(month, filters),
    filter: remainingFilter(filters),
    limit: request.limit,
    cursor: request.cursor,
    scope: scopeOf(request),
    ascending: !request.descending,
  });
  return { items: page.items.map((item) => toResource(shipmentSchema, item)), nextCursor: page.nextCursor };
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

/**
 * The cells covering a range of days, each month cell read as if on the month's first day: every
 * partition of each month (the totals shards and the partition before sharding) read at once, and each
 * cell summed over them, so a combination's day (or month) is one cell as if it were kept in one item.
 */
export async function totalsCells(range: { from: string; to: string }): Promise<CellRead> {
  const reads = (
    await Promise.all(
      totalsReads(range).map(async (read) =>
        (await partitionsToRead(shipmentTotalsOfMonthPartitions(read.month))).map((partition) => ({
          read,
          partition,
        })),
      ),
    )
  ).flat();
  const found: CellRead[] = [];
  await inParallel(reads, partitionsInFlight, async ({ read, partition }, at) => {
    const part = await cellsOfPartition(partition, read);
    found[at] = read.whole
      ? { ...part, cells: part.cells.map((cell) => ({ ...cell, day: `${read.month}-01` })) }
      : part;
  });
  return {
    cells: sumOverShards(found.flatMap((part) => part.cells)),
    consumedReadUnits: found.reduce((sum, part) => sum + part.consumedReadUnits, 0),
  };
}

/** Totals partitions read at once: a month's (its shards and the legacy one) together, a year's in a few rounds. */
const partitionsInFlight = 32;

type TotalsRead = ReturnType<typeof totalsReads>[number];

/** One partition's cells of a month: its month cells (whole) or its day cells of the read's days. */
async function cellsOfPartition(
  partition: { pk: string; monthCellPrefix: string },
  read: TotalsRead,
): Promise<CellRead> {
  const cells: TotalsCell[] = [];
  let consumedReadUnits = 0;
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
    cells.push(...((result.Items ?? []) as TotalsCell[]));
    start = result.LastEvaluatedKey;
  } while (start);
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
