/**
 * Reading a warehouse's counters: its counter shard items (one BatchGetItem for every warehouse asked)
 * summed with the counters the warehouse item still holds from the layout before the shards (until
 * `npm run migrate` moves them to shard 0). Writers: shared/warehouses/counters.ts.
 */
import { allWarehouseCounterKeys } from '../db/keys';
import { getItems } from '../db/query';
import type { InUseCounters } from './counters';
import type { WarehouseCounters, WarehouseRecord } from './repository';

/** The counters kept on the shards; the rule counts stay on the warehouse item (staff edits). */
const shardedCounterNames = [
  'unitsOnHand',
  'skusHeld',
  'skusBackordered',
  'stockRecordsInUse',
  'poSourceCount',
] as const;

export type ShardedCounters = Record<(typeof shardedCounterNames)[number], number>;

const counter = (value: unknown) => (typeof value === 'number' ? value : 0);

/** Per warehouse, each of its shards that exists, by shard number, with its counters (absent: 0). */
export async function readCounterShards(
  warehouseIds: readonly string[],
  consistent = false,
): Promise<Map<string, Map<number, ShardedCounters>>> {
  const where = new Map<string, { warehouseId: string; shard: number }>();
  const keys = [...new Set(warehouseIds)].flatMap((warehouseId) =>
    allWarehouseCounterKeys(warehouseId).map((key, shard) => {
      where.set(key.PK, { warehouseId, shard });
      return key;
    }),
  );
  const shards = new Map<string, Map<number, ShardedCounters>>(warehouseIds.map((id) => [id, new Map()]));
  const items = await getItems(keys, consistent);
  for (const item of items) {
    const { warehouseId, shard } = where.get(String(item.PK))!;
    shards
      .get(warehouseId)!
      .set(
        shard,
        Object.fromEntries(shardedCounterNames.map((name) => [name, counter(item[name])])) as ShardedCounters,
      );
  }
  return shards;
}

/** The warehouse item's counters plus every shard's. */
export function sumCounters(
  legacy: WarehouseCounters,
  shards: ReadonlyMap<number, ShardedCounters>,
): WarehouseCounters {
  const sum = { ...legacy };
  for (const counters of shards.values()) {
    for (const name of shardedCounterNames) sum[name] += counters[name];
  }
  return sum;
}

/** The in-use counters of each shard read, as the warehouse delete conditions on them. */
export function inUseCountersOf(shards: ReadonlyMap<number, ShardedCounters>): Map<number, InUseCounters> {
  return new Map(
    [...shards].map(([shard, { unitsOnHand, stockRecordsInUse, poSourceCount }]) => [
      shard,
      { unitsOnHand, stockRecordsInUse, poSourceCount },
    ]),
  );
}

/** The records with their counters summed over their shards (one BatchGetItem for all of them). */
export async function withShardCounters(
  records: readonly WarehouseRecord[],
  consistent = false,
): Promise<WarehouseRecord[]> {
  const shards = await readCounterShards(
    records.map((record) => record.warehouse.id),
    consistent,
  );
  return records.map((record) => ({
    ...record,
    counters: sumCounters(record.counters, shards.get(record.warehouse.id)!),
  }));
}
