/**
 * What the inventory reports read, on known keys only (never a Scan): warehouses with their counters
 * (summed over their counter shards), each warehouse's stock records (GSI1 WH_STOCK, every shard and the
 * layout before), the movements up to a moment, the movements of a range by SKU, warehouse or day (the
 * sharded indexes merged by sort key), alert rules' standings and purchase-order sources.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../shared/db/client';
import {
  allWarehouses,
  alertStatesOfRule,
  movementsInWarehousePartitions,
  movementsOfSkuPartitions,
  movementsOfUtcDayPartitions,
  poSourceKey,
  stockInWarehousePartitions,
} from '../../../shared/db/keys';
import type { PartitionGroup } from '../../../shared/db/merged-group-pages';
import { queryGroupPages } from '../../../shared/db/merged-group-pages';
import type { MergedPartition } from '../../../shared/db/merged-pages';
import type { Filter, Item, Page } from '../../../shared/db/query';
import { allOf, getItems, queryAll } from '../../../shared/db/query';
import { withSlotTotals } from '../../../shared/stock/slots';
import { queryEveryPartition } from '../../../shared/db/every-partition';
import type { Day } from '../../../shared/domain/reporting-days';
import { addDays, daysBetween, startOfDay } from '../../../shared/domain/reporting-days';
import type { Movement, StockRecord } from '../../../shared/domain/stock-ledger';
import type { WarehouseRecord } from '../../../shared/warehouses/repository';
import { withShardCounters } from '../../../shared/warehouses/counter-shards';
import { toWarehouseRecord } from '../../../shared/warehouses/repository';

/** Warehouses (or the one named) with their counters summed over their counter shards. */
export async function warehouseRecords(warehouseId?: string): Promise<WarehouseRecord[]> {
  const records = (await queryAll(allWarehouses())).map(toWarehouseRecord);
  return withShardCounters(
    warehouseId === undefined ? records : records.filter((record) => record.warehouse.id === warehouseId),
  );
}

/** A warehouse's stock partitions (shards and the layout before), narrowed to a SKU prefix. */
const stockPartitions = (warehouseId: string, skuPrefix?: string): MergedPartition[] =>
  stockInWarehousePartitions(warehouseId).map((partition) => ({
    ...partition,
    skPrefix: `${partition.skPrefix}${skuPrefix ?? ''}`,
  }));

/** Every stock record of the warehouses, warehouse after warehouse, SKU order within each. */
export async function stockRecords(
  warehouseIds: readonly string[],
  skuPrefix?: string,
): Promise<StockRecord[]> {
  const warehouses = await Promise.all(
    warehouseIds.map((warehouseId) => queryEveryPartition(stockPartitions(warehouseId, skuPrefix))),
  );
  return (await withSlotTotals(warehouses.flat())) as unknown as StockRecord[];
}

/** One page of stock records, warehouse after warehouse (by code), SKU order within each. */
export async function stockRecordPage(request: {
  warehouseIds: readonly string[];
  skuPrefix?: string;
  filter?: Filter;
  limit: number;
  cursor?: string;
  scope: string;
}): Promise<Page<StockRecord>> {
  const page = await queryGroupPages({
    groups: request.warehouseIds.map((id) => ({
      name: id,
      partitions: stockPartitions(id, request.skuPrefix),
    })),
    filter: request.filter,
    limit: request.limit,
    cursor: request.cursor,
    scope: request.scope,
  });
  return {
    items: (await withSlotTotals(page.items)) as unknown as StockRecord[],
    nextCursor: page.nextCursor,
  };
}

/** What a replay reads of a movement (the rest of the item stays in the table). */
export type ReplayMovement = Pick<Movement, 'warehouseId' | 'sku' | 'quantity' | 'unitCost' | 'at'>;

/** A replayed movement with its sort key (`<at>#<id>`), which orders movements merged from several partitions. */
type SortedMovement = ReplayMovement & { sortKey: string };

/** Movements of a partition (a SKU's, or a warehouse's shard on GSI1) in `[from, before)`, oldest first. */
async function partitionSliceMovements(
  partition: { index?: 'GSI1'; pk: string },
  slice: { from?: string; before: string },
): Promise<SortedMovement[]> {
  const [pk, sk] = partition.index ? ['GSI1PK', 'GSI1SK'] : ['PK', 'SK'];
  const movements: SortedMovement[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: partition.index,
        // `<at>#<id>` sorts after `<at>`: BETWEEN keeps a movement at exactly `from` and leaves one at
        // exactly `before` to the next slice, as `<` does.
        KeyConditionExpression:
          slice.from === undefined
            ? '#pk = :pk AND #sk < :before'
            : '#pk = :pk AND #sk BETWEEN :from AND :before',
        ProjectionExpression: '#sk, #warehouse, #sku, #quantity, #unitCost, #at',
        ExpressionAttributeNames: {
          '#pk': pk,
          '#sk': sk,
          '#warehouse': 'warehouseId',
          '#sku': 'sku',
          '#quantity': 'quantity',
          '#unitCost': 'unitCost',
          '#at': 'at',
        },
        ExpressionAttributeValues:
          slice.from === undefined
            ? { ':pk': partition.pk, ':before': slice.before }
            : { ':pk': partition.pk, ':from': slice.from, ':before': slice.before },
        ExclusiveStartKey: start,
      }),
    );
    for (const { [sk]: sortKey, ...movement } of result.Items ?? []) {
      movements.push({ ...(movement as ReplayMovement), sortKey: String(sortKey) });
    }
    start = result.LastEvaluatedKey;
  } while (start);
  return movements;
}

/**
 * Where a partition's history is cut into slices read side by side: 90-day steps back from `before`,
 * the oldest slice open-ended. One paged Query would read a year of movements page after page.
 */
const sliceDays = [90, 180, 270];

/** Every movement of a partition before an instant, oldest first, read in time slices at once. */
async function partitionMovementsBefore(
  partition: { index?: 'GSI1'; pk: string },
  before: string,
): Promise<SortedMovement[]> {
  const at = Date.parse(before);
  const cuts = sliceDays.map((days) => new Date(at - days * 86_400_000).toISOString()).reverse();
  const slices = cuts.map((from, index) => ({ from, before: cuts[index + 1] ?? before }));
  const read = await Promise.all([
    partitionSliceMovements(partition, { before: cuts[0]! }),
    ...slices.map((slice) => partitionSliceMovements(partition, slice)),
  ]);
  return read.flat();
}

/** The movements before an instant in several partitions (a SKU's or warehouses' shards), in time order. */
async function partitionsMovementsBefore(
  partitions: ReadonlyArray<{ index?: 'GSI1'; pk: string }>,
  before: string,
): Promise<SortedMovement[]> {
  const read = await Promise.all(partitions.map((partition) => partitionMovementsBefore(partition, before)));
  return read.flat().sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
}

/** A SKU prefix that names this few SKUs reads their partitions; more read whole warehouses. */
const skuPartitionsAtMost = 25;
/** SKU partitions read at once. */
const skuReadsInFlight = 8;

/**
 * The movements before an instant that the stock records replay from, each record's oldest first: each
 * warehouse's partition (one paged Query per warehouse, in parallel), or, when a SKU prefix leaves a few
 * SKUs, each SKU's partition. Movements of other records are left out.
 */
export async function replayMovementsBefore(request: {
  warehouseIds: readonly string[];
  records: ReadonlyArray<Pick<StockRecord, 'sku' | 'warehouseId'>>;
  before: string;
  skuPrefix?: string;
}): Promise<ReplayMovement[]> {
  const wanted = new Set(request.records.map((record) => `${record.warehouseId}\u0000${record.sku}`));
  const skus = [...new Set(request.records.map((record) => record.sku))];
  let read: SortedMovement[][];
  if (request.skuPrefix !== undefined && skus.length <= skuPartitionsAtMost) {
    read = [];
    for (let start = 0; start < skus.length; start += skuReadsInFlight) {
      read.push(
        ...(await Promise.all(
          skus
            .slice(start, start + skuReadsInFlight)
            .map((sku) => partitionsMovementsBefore(movementsOfSkuPartitions(sku), request.before)),
        )),
      );
    }
  } else {
    // Every shard of every warehouse (and the layout before), merged back into time order.
    const partitions = request.warehouseIds.flatMap((id) => movementsInWarehousePartitions(id));
    read = [await partitionsMovementsBefore(partitions, request.before)];
  }
  return read
    .flat()
    .filter((movement) => wanted.has(`${movement.warehouseId}\u0000${movement.sku}`))
    .map(({ sortKey: _sortKey, ...movement }) => movement);
}

/**
 * One page of movements between two instants, oldest first: a SKU's partition, a warehouse's (GSI1, its
 * shards merged), or else the day partitions (GSI2, UTC days, each day's shards merged) the range touches.
 */
export async function movementPage(request: {
  sku?: string;
  warehouseId?: string;
  type?: string;
  fromInstant: string;
  beforeInstant: string;
  limit: number;
  cursor?: string;
  scope: string;
}): Promise<Page<Movement>> {
  // `<at>#<id>` sorts after `<at>`: a movement at exactly `before` is left out by ending just below it.
  const skBetween = { from: request.fromInstant, to: request.beforeInstant };
  let groups: PartitionGroup[];
  if (request.sku !== undefined) {
    const partitions = movementsOfSkuPartitions(request.sku).map((partition) => ({
      ...partition,
      skBetween,
    }));
    groups = [{ name: 'sku', partitions }];
  } else if (request.warehouseId !== undefined) {
    const partitions = movementsInWarehousePartitions(request.warehouseId).map((partition) => ({
      ...partition,
      skBetween,
    }));
    groups = [{ name: 'warehouse', partitions }];
  } else {
    const first = request.fromInstant.slice(0, 10);
    const last = new Date(Date.parse(request.beforeInstant) - 1).toISOString().slice(0, 10);
    groups = daysBetween(first, last).map((day) => ({
      name: day,
      partitions: movementsOfUtcDayPartitions(day).map((partition) => ({ ...partition, skBetween })),
    }));
  }
  const filter = allOf(
    request.sku !== undefined && request.warehouseId !== undefined
      ? { expression: 'warehouseId = :warehouse', values: { ':warehouse': request.warehouseId } }
      : undefined,
    request.type !== undefined
      ? { expression: '#type = :type', names: { '#type': 'type' }, values: { ':type': request.type } }
      : undefined,
  );
  const page = await queryGroupPages({
    groups,
    filter,
    limit: request.limit,
    cursor: request.cursor,
    scope: request.scope,
  });
  return { items: page.items as unknown as Movement[], nextCursor: page.nextCursor };
}

/** The instants that bound a range of reporting days: from its first midnight to the one after its last day. */
export function rangeInstants(from: Day, to: Day, timeZone: string) {
  return {
    fromInstant: startOfDay(from, timeZone).toISOString(),
    beforeInstant: startOfDay(addDays(to, 1), timeZone).toISOString(),
  };
}

/** A warehouse's movements between two instants, every one (the capacity trend: 30 days). */
export async function warehouseMovementsBetween(
  warehouseId: string,
  fromInstant: string,
  beforeInstant: string,
) {
  const skBetween = { from: fromInstant, to: beforeInstant };
  return (await queryEveryPartition(
    movementsInWarehousePartitions(warehouseId).map((partition) => ({ ...partition, skBetween })),
  )) as unknown as Movement[];
}

export async function standingsOfRule(ruleId: string): Promise<Item[]> {
  return queryAll(alertStatesOfRule(ruleId));
}

export async function poSources(ids: Iterable<string>): Promise<Map<string, Item>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const items = await getItems(unique.map(poSourceKey));
  return new Map(items.map((item) => [String(item.id), item]));
}
