import { describe, expect, it } from 'vitest';
import { shardCounts, shardOf } from '../../shared/db/keys/shards';
import type { RecordedOperation } from '../../bench/support/key-recorder';
import type { PeakShape, TemplateValues } from '../../bench/support/peak-simulation';
import { requestLoads, unmodelledShardFamilies } from '../../bench/support/peak-simulation';

const values: TemplateValues = {
  orderId: 'PEAKORDER1',
  skus: ['PEAKSKUA', 'PEAKSKUB', 'PEAKSKUC'],
  warehouseId: '01M8ANEZ9TE6NJN77Q6AAFA3EM',
  channel: 'peakchannel',
  uniqueIds: [],
};

const shape: PeakShape = {
  ordersPerSecond: 1_600,
  seconds: 2,
  skus: 2_000,
  warehouses: 2,
  channels: [1],
  euroShare: 0,
  reportReadsPerSecond: 0,
};

const nothing: RecordedOperation = { writes: [], reads: [], records: [] };
const placing = (partitions: string[]): RecordedOperation => ({
  writes: partitions.map((partition) => ({ partition, units: 1 })),
  reads: [],
  records: [],
});

const loadsOf = (partitions: string[], of: PeakShape = shape) =>
  requestLoads({ create: placing(partitions), pay: nothing, ship: nothing, report: nothing }, values, of);

describe('peak simulation of write-sharded keys', () => {
  it('spreads an order-id sharded key over all its shards, one family', () => {
    const recorded = shardOf(values.orderId, shardCounts.orderIndex);
    const loads = loadsOf([`GSI1:ORDERS@${recorded}#STATUS#awaiting-payment`]);
    expect(new Set(loads.map((load) => load.family))).toEqual(
      new Set(['GSI1:ORDERS@{shard}#STATUS#awaiting-payment']),
    );
    expect(loads).toHaveLength(shardCounts.orderIndex);
    // 1,600 writes a second over the shards: about 1,600 / shards each (with each second's spread), none near all of them.
    const even = 1_600 / shardCounts.orderIndex;
    for (const load of loads) expect(load.maxWritesPerSecond).toBeLessThan(2 * even);
  });

  it('puts a SKU-sharded key on the shard of the SKU drawn for the recorded line', () => {
    const line = 1;
    const recorded = shardOf(values.skus[line], shardCounts.stockByWarehouse);
    const loads = loadsOf([`GSI1:WH_STOCK@${recorded}#${values.warehouseId}`]);
    expect(new Set(loads.map((load) => load.family))).toEqual(new Set(['GSI1:WH_STOCK@{shard}#{wh}']));
    for (const load of loads) {
      const [, shard] = /@(\d+)#WH-\d$/.exec(load.partition)!;
      expect(Number(shard)).toBeLessThan(shardCounts.stockByWarehouse);
    }
    // Two warehouses × most of the shards.
    expect(loads.length).toBeGreaterThan(shardCounts.stockByWarehouse);
  });

  it('keeps a flash-sale SKU on its one shard: the line of the SKU decides, not the order', () => {
    const recorded = shardOf(values.skus[0], shardCounts.stockByWarehouse);
    const flash = { ...shape, flashShare: 0.3 };
    const loads = loadsOf([`GSI1:WH_STOCK@${recorded}#${values.warehouseId}`], flash);
    const flashShards = new Set(
      ['WH-0', 'WH-1'].map(
        (wh) => `GSI1:WH_STOCK@${shardOf('SKU-FLASH', shardCounts.stockByWarehouse)}#${wh}`,
      ),
    );
    const hottest = [...loads].sort((a, b) => b.maxWritesPerSecond - a.maxWritesPerSecond)[0]!;
    expect(flashShards.has(hottest.partition)).toBe(true);
  });

  it('spreads the warehouse counters over their shards whatever the SKU: a change picks its shard', () => {
    const flash = { ...shape, flashShare: 1 };
    const loads = loadsOf([`WHCOUNT@3#${values.warehouseId}`], flash);
    expect(new Set(loads.map((load) => load.family))).toEqual(new Set(['WHCOUNT@{shard}#{wh}']));
    for (const load of loads) expect(load.maxWritesPerSecond).toBeLessThan(400);
  });

  it("spreads a flash-sale SKU's slots over its slots by order", () => {
    const flash = { ...shape, flashShare: 1 };
    const loads = loadsOf([`STOCK#${values.skus[0]}#WH#${values.warehouseId}#SLOT#3`], flash);
    const families = new Set(loads.map((load) => load.family));
    expect(families).toEqual(new Set(['STOCK#{sku}#WH#{wh}#SLOT#{shard}']));
    const flashSlots = loads.filter((load) => load.partition.startsWith('STOCK#SKU-FLASH#'));
    // Every order's line is the flash SKU: 1,600 writes a second over 2 warehouses × 8 slots.
    expect(flashSlots.length).toBe(16);
    for (const load of flashSlots) expect(load.maxWritesPerSecond).toBeLessThan(250);
  });

  it('leaves a sharded family it does not know on the recorded shard, and names it', () => {
    const operation = placing(['GSI1:SOMETHING@2#NEW']);
    const loads = loadsOf(['GSI1:SOMETHING@2#NEW']);
    expect(loads.map((load) => [load.partition, load.family, load.maxWritesPerSecond])).toEqual([
      ['GSI1:SOMETHING@2#NEW', 'GSI1:SOMETHING@{shard}#NEW', 1_600],
    ]);
    expect(unmodelledShardFamilies([operation], values)).toEqual(['GSI1:SOMETHING@{shard}#NEW']);
  });

  it('models a key holding both a SKU and a warehouse: one partition per pair drawn', () => {
    const loads = loadsOf([`SLOTS#${values.skus[2]}#${values.warehouseId}`]);
    expect(new Set(loads.map((load) => load.family))).toEqual(new Set(['SLOTS#{sku}#{wh}']));
    for (const load of loads) expect(load.partition).toMatch(/^SLOTS#SKU-\d+#WH-[01]$/);
    expect(loads.reduce((sum, load) => sum + load.maxWritesPerSecond, 0)).toBeGreaterThanOrEqual(1_600);
  });

  it('counts a key of the layout before sharding as one partition, as before', () => {
    const loads = loadsOf(['GSI1:ORDERS#STATUS#awaiting-payment']);
    expect(loads.map((load) => [load.partition, load.maxWritesPerSecond])).toEqual([
      ['GSI1:ORDERS#STATUS#awaiting-payment', 1_600],
    ]);
  });
});
