/**
 * The warehouse counter shards' transaction items (shared/warehouses/counters.ts) and their sums on read
 * (shared/warehouses/counter-shards.ts), without a database: one item per counter shard a change adds to,
 * checks where a record is created or a condition is set, flags on every shard only when an edit sets or
 * clears one, the delete's conditions on the values read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { warehouseCounterKey, warehouseCounterShard } from '../../shared/db/keys';
import { shardCounts } from '../../shared/db/keys/shards';
import { noStockCounts } from '../../shared/domain/stock-ledger';
import { sumCounters } from '../../shared/warehouses/counter-shards';
import {
  countersAsRead,
  counterShardTombstones,
  shardFlagItems,
  warehouseCounterItems,
  warehouseIdOfItem,
  warehouseIsActive,
} from '../../shared/warehouses/counters';

beforeAll(() => {
  process.env.TABLE_NAME ??= 'counters-unit';
});

const wh = '01JWAREHOUSE0000000000000A';
/** Two SKUs of one shard and one of another. */
function skusOverTwoShards(): [string, string, string] {
  const bySkuShard = new Map<number, string[]>();
  for (let i = 0; i < 200; i++) {
    const sku = `SKU-${i}`;
    bySkuShard.set(warehouseCounterShard(sku), [...(bySkuShard.get(warehouseCounterShard(sku)) ?? []), sku]);
  }
  const [first, second] = [...bySkuShard.values()];
  return [first![0]!, first![1]!, second![0]!];
}
const units = (n: number) => ({ ...noStockCounts, unitsOnHand: n });

describe('warehouse counter items', () => {
  it('add each change to the shard of its SKU, summed per shard, named by warehouse and shard', () => {
    const [a, b, c] = skusOverTwoShards();
    const { items } = warehouseCounterItems([
      { sku: a, warehouseId: wh, counts: units(2) },
      { sku: b, warehouseId: wh, counts: units(3) },
      { sku: c, warehouseId: wh, counts: units(4) },
    ]);
    expect(items.map(([name]) => name)).toEqual([
      `warehouse:${wh}@${warehouseCounterShard(a)}`,
      `warehouse:${wh}@${warehouseCounterShard(c)}`,
    ]);
    const [first] = items;
    expect(first![1].Update).toMatchObject({
      Key: warehouseCounterKey(wh, warehouseCounterShard(a)),
      UpdateExpression: 'ADD unitsOnHand :unitsOnHand',
      ConditionExpression: 'attribute_not_exists(deleted)',
      ExpressionAttributeValues: { ':unitsOnHand': 5 },
    });
    expect(warehouseIdOfItem(first![0])).toBe(wh);
  });

  it('check the shard where a record is created or a condition is set, and touch none otherwise', () => {
    const [a] = skusOverTwoShards();
    expect(warehouseCounterItems([{ sku: a, warehouseId: wh, counts: noStockCounts }])).toEqual({
      items: [],
      checks: [],
    });
    const created = warehouseCounterItems([
      { sku: a, warehouseId: wh, counts: noStockCounts, creates: true },
    ]);
    expect(created.items[0]![1].ConditionCheck?.ConditionExpression).toBe('attribute_not_exists(deleted)');
    const active = warehouseCounterItems([{ sku: a, warehouseId: wh, counts: units(1) }], warehouseIsActive);
    expect(active.items[0]![1].Update?.ConditionExpression).toBe(
      'attribute_not_exists(deleted) AND (attribute_not_exists(inactive))',
    );
    expect(active.items[0]![1].Update).not.toHaveProperty('ExpressionAttributeValues.:active');
    expect(active.checks).toHaveLength(1);
  });
});

describe('shard flags', () => {
  const open = { inactive: false, refusesWorkOrders: false, refusesPurchaseOrders: false };
  it('are written on every shard only while a flag is set before or after', () => {
    expect(shardFlagItems(wh, undefined, open)).toEqual({});
    expect(shardFlagItems(wh, open, open)).toEqual({});
    const closed = shardFlagItems(wh, open, { ...open, inactive: true });
    expect(Object.keys(closed)).toHaveLength(shardCounts.warehouseCounters);
    expect(closed['counterShard:0']!.Update).toMatchObject({
      Key: warehouseCounterKey(wh, 0),
      UpdateExpression: 'SET inactive = :yes REMOVE refusesWorkOrders, refusesPurchaseOrders',
    });
    const reopened = shardFlagItems(wh, { ...open, inactive: true }, open);
    expect(reopened['counterShard:7']!.Update?.UpdateExpression).toBe(
      'REMOVE inactive, refusesWorkOrders, refusesPurchaseOrders',
    );
    expect(reopened['counterShard:7']!.Update).not.toHaveProperty('ExpressionAttributeValues');
  });
});

describe("the delete's conditions", () => {
  it('hold each counter to the value read, absent allowed where it read zero', () => {
    const { expression, values } = countersAsRead(
      { unitsOnHand: -3, stockRecordsInUse: 0, poSourceCount: 1 },
      'x_',
    );
    expect(expression).toBe(
      'unitsOnHand = :x_unitsOnHand AND (attribute_not_exists(stockRecordsInUse) OR stockRecordsInUse = :x_stockRecordsInUse) AND poSourceCount = :x_poSourceCount',
    );
    expect(values).toEqual({ ':x_unitsOnHand': -3, ':x_stockRecordsInUse': 0, ':x_poSourceCount': 1 });
  });

  it('tombstone every shard, read or not', () => {
    const items = counterShardTombstones(
      wh,
      new Map([[2, { unitsOnHand: 4, stockRecordsInUse: 1, poSourceCount: 0 }]]),
    );
    expect(Object.keys(items)).toHaveLength(shardCounts.warehouseCounters);
    expect(items['counterShard:2']!.Update?.ExpressionAttributeValues).toMatchObject({
      ':read_unitsOnHand': 4,
    });
    expect(items['counterShard:3']!.Update?.ExpressionAttributeValues).toMatchObject({
      ':read_unitsOnHand': 0,
    });
    expect(items['counterShard:3']!.Update?.UpdateExpression).toBe('SET deleted = :yes');
  });
});

describe('counters on read', () => {
  it('sum every shard and the warehouse item, a negative shard made up for by the item', () => {
    const legacy = {
      unitsOnHand: 10,
      skusHeld: 1,
      skusBackordered: 0,
      stockRecordsInUse: 1,
      poSourceCount: 2,
      stockRuleCount: 1,
      alertRuleCount: 0,
    };
    const shards = new Map([
      [0, { unitsOnHand: -10, skusHeld: -1, skusBackordered: 0, stockRecordsInUse: -1, poSourceCount: 0 }],
      [5, { unitsOnHand: 7, skusHeld: 2, skusBackordered: 1, stockRecordsInUse: 3, poSourceCount: 1 }],
    ]);
    expect(sumCounters(legacy, shards)).toEqual({
      unitsOnHand: 7,
      skusHeld: 2,
      skusBackordered: 1,
      stockRecordsInUse: 3,
      poSourceCount: 3,
      stockRuleCount: 1,
      alertRuleCount: 0,
    });
  });
});
