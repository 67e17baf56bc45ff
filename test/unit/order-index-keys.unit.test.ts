/**
 * The sharded order indexes as pure functions: where an order's index keys go, which partitions a reader
 * must read (every shard, the legacy partition last), and the pending report counting an order once.
 */
import { describe, expect, it } from 'vitest';
import { onePerOrder } from '../../functions/reports/shipping/one-per-order';
import {
  legacyOrderIndexKeys,
  ordersFromChannelPartitions,
  ordersInStatusPartitions,
  ordersOfUtcDayPartitions,
  shardCounts,
  shardedOrderIndexKeys,
  shardOf,
} from '../../shared/db/keys';

const order = {
  id: 'CH-1001',
  statusId: 'awaiting-shipment',
  orderDate: '2026-05-04T18:15:00.000Z',
  channel: 'web',
};

describe('order index keys', () => {
  it('put an order in the shard of its id in all three indexes, sorted by date then id', () => {
    const shard = shardOf(order.id, shardCounts.orderIndex);
    expect(shardedOrderIndexKeys(order)).toEqual({
      GSI1PK: `ORDERS@${shard}#STATUS#awaiting-shipment`,
      GSI1SK: '2026-05-04T18:15:00.000Z#CH-1001',
      GSI2PK: `ORDERS@${shard}#DAY#2026-05-04`,
      GSI2SK: '2026-05-04T18:15:00.000Z#CH-1001',
      GSI3PK: `ORDERS@${shard}#CHANNEL#web`,
      GSI3SK: '2026-05-04T18:15:00.000Z#CH-1001',
    });
    // A status change keeps the order in its shard: only the status part of the key moves.
    expect(shardedOrderIndexKeys({ ...order, statusId: 'shipped' }).GSI1PK).toBe(
      `ORDERS@${shard}#STATUS#shipped`,
    );
  });

  it('spread orders over every shard', () => {
    const shards = new Set(
      Array.from({ length: 400 }, (_, at) => shardedOrderIndexKeys({ ...order, id: `CH-${at}` }).GSI1PK),
    );
    expect(shards.size).toBe(shardCounts.orderIndex);
  });

  it('keep the legacy key strings apart from every shard', () => {
    expect(legacyOrderIndexKeys(order)).toEqual({
      GSI1PK: 'ORDERS#STATUS#awaiting-shipment',
      GSI1SK: '2026-05-04T18:15:00.000Z#CH-1001',
      GSI2PK: 'ORDERS#DAY#2026-05-04',
      GSI2SK: '2026-05-04T18:15:00.000Z#CH-1001',
      GSI3PK: 'ORDERS#CHANNEL#web',
      GSI3SK: '2026-05-04T18:15:00.000Z#CH-1001',
    });
  });
});

describe('order index partitions', () => {
  const range = { from: '2026-05-04T18:15:00', before: '2026-05-05T18:15:00' };
  const lists = {
    status: { partitions: ordersInStatusPartitions(order.statusId), index: 'GSI1', key: 'GSI1PK' },
    day: { partitions: ordersOfUtcDayPartitions('2026-05-04', range), index: 'GSI2', key: 'GSI2PK' },
    channel: { partitions: ordersFromChannelPartitions(order.channel), index: 'GSI3', key: 'GSI3PK' },
  } as const;

  for (const [name, { partitions, index, key }] of Object.entries(lists)) {
    it(`of a ${name}: every shard once and the legacy partition last, in one index, named apart`, () => {
      expect(partitions).toHaveLength(shardCounts.orderIndex + 1);
      expect(new Set(partitions.map((partition) => partition.pk)).size).toBe(partitions.length);
      expect(new Set(partitions.map((partition) => partition.name)).size).toBe(partitions.length);
      expect(partitions.every((partition) => partition.index === index)).toBe(true);
      expect(partitions.at(-1)!.name).toBe('legacy');
      expect(partitions.at(-1)!.pk).toBe(legacyOrderIndexKeys(order)[key]);
      // Whichever shard an order lands in, a reader reads it.
      expect(partitions.map((partition) => partition.pk)).toContain(shardedOrderIndexKeys(order)[key]);
    });
  }

  it('of a day: the same sort-key range in every partition, an order dated at the end left out', () => {
    for (const partition of lists.day.partitions)
      expect(partition.skBetween).toEqual({ from: range.from, to: range.before });
  });
});

describe('onePerOrder', () => {
  const entry = (id: string, version: number, status: string) => ({ order: { id, version }, status });

  it('keeps each order once, as its newest version, whichever partition answered it first', () => {
    const entries = [
      entry('A', 3, 'legacy'),
      entry('B', 1, 'shard'),
      entry('A', 4, 'shard'),
      entry('C', 2, 'shard'),
      entry('C', 1, 'legacy'),
    ];
    expect(onePerOrder(entries)).toEqual([
      entry('A', 4, 'shard'),
      entry('B', 1, 'shard'),
      entry('C', 2, 'shard'),
    ]);
  });

  it('changes nothing when no order repeats', () => {
    const entries = [entry('A', 1, 'x'), entry('B', 1, 'y')];
    expect(onePerOrder(entries)).toEqual(entries);
    expect(onePerOrder([])).toEqual([]);
  });
});
