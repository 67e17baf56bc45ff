/** The report aggregates' fold: what a stream record's old and new images move, cell by cell. */
import { aggregateKey, aggregateShards, cellShard, unitsSoldOfSku } from '../../shared/db/keys/aggregates';
import { describe, expect, it } from 'vitest';
import { readAggregates } from '../../shared/aggregates/read';
import type { AggregateCell, AggregateDelta } from '../../shared/domain/aggregates';
import { aggregateDeltas, cellKey, mergeDeltas, UnreadableImage } from '../../shared/domain/aggregates';

function orderItem(overrides: Record<string, unknown> = {}) {
  return {
    PK: 'ORDER#WS-1',
    SK: 'A#ORDER',
    entity: 'order',
    id: 'WS-1',
    orderDate: '2026-11-23T10:00:00.000Z',
    channel: 'webshop',
    currency: 'USD',
    warehouseId: 'WH1',
    shippingCharge: 500,
    statusId: 'awaiting-shipment',
    lines: [
      { itemId: 'A', sku: 'MUG', quantity: 2, unitPrice: 1000, tax: 200, discount: 100, status: 'active' },
      { itemId: 'B', sku: 'TEE', quantity: 1, unitPrice: 2500, tax: 0, discount: 0, status: 'active' },
    ],
    totals: { credited: 0 },
    version: 1,
    ...overrides,
  };
}

const payment = (amount: number, overrides: Record<string, unknown> = {}) => ({
  PK: 'ORDER#WS-1',
  SK: `A#PAYMENT#2026-11-23T10:05:00.000Z#P${amount}`,
  orderId: 'WS-1',
  id: `P${amount}`,
  amount,
  method: 'card',
  currency: 'USD',
  paidAt: '2026-11-23T10:05:00.000Z',
  recordedAt: '2026-11-23T10:05:00.000Z',
  recordedBy: 'ada',
  ...overrides,
});

/** Deltas by `day dimension/name` (`@warehouse` for a sold cell), for reading. */
const byCell = (deltas: AggregateDelta[]) =>
  Object.fromEntries(
    deltas.map((delta) => [
      `${delta.cell.day} ${delta.cell.dimension}/${delta.cell.name}${
        delta.cell.warehouseId === undefined ? '' : `@${delta.cell.warehouseId}`
      }`,
      delta.figures,
    ]),
  );

/** The sold cells among deltas, whole. */
const soldOf = (deltas: AggregateDelta[]) => deltas.filter((delta) => delta.cell.dimension === 'sold');

describe('aggregateDeltas', () => {
  it('counts a new order into its day’s channel, SKU and warehouse cells', () => {
    expect(byCell(aggregateDeltas({ new: orderItem() }, 'UTC'))).toEqual({
      '2026-11-23 channel/webshop': {
        orders: 1,
        units: 3,
        gross: 4500,
        discounts: 100,
        tax: 200,
        shipping: 500,
        net: 5100,
        awaitingShipment: 1,
      },
      '2026-11-23 warehouse/WH1': { orders: 1, units: 3 },
      '2026-11-23 sku/MUG': { orders: 1, units: 2, revenue: 1900 },
      '2026-11-23 sku/TEE': { orders: 1, units: 1, revenue: 2500 },
      '2026-11-23 sold/MUG@WH1': { units: 2 },
      '2026-11-23 sold/TEE@WH1': { units: 1 },
    });
  });

  it('moves the figures by a replacement’s difference only, and by nothing for a change the reports do not read', () => {
    const before = orderItem();
    const after = orderItem({
      lines: [
        { itemId: 'A', sku: 'MUG', quantity: 3, unitPrice: 1000, tax: 300, discount: 100, status: 'active' },
        { itemId: 'B', sku: 'TEE', quantity: 1, unitPrice: 2500, tax: 0, discount: 0, status: 'active' },
      ],
      version: 2,
    });
    expect(byCell(aggregateDeltas({ old: before, new: after }, 'UTC'))).toEqual({
      '2026-11-23 channel/webshop': { units: 1, gross: 1000, tax: 100, net: 1100 },
      '2026-11-23 warehouse/WH1': { units: 1 },
      '2026-11-23 sku/MUG': { units: 1, revenue: 1000 },
      '2026-11-23 sold/MUG@WH1': { units: 1 },
    });
    const statusOnly = orderItem({ statusId: 'shipped', version: 2 });
    expect(aggregateDeltas({ old: before, new: statusOnly }, 'UTC')).toEqual([]);
  });

  it('takes a cancelled line out, and the whole order when its last line is cancelled', () => {
    const before = orderItem();
    const cancelled = orderItem({
      lines: [before.lines[0], { ...before.lines[1]!, status: 'cancelled' }],
    });
    expect(byCell(aggregateDeltas({ old: before, new: cancelled }, 'UTC'))).toEqual({
      '2026-11-23 channel/webshop': { units: -1, gross: -2500, net: -2500 },
      '2026-11-23 warehouse/WH1': { units: -1 },
      '2026-11-23 sku/TEE': { orders: -1, units: -1, revenue: -2500 },
      '2026-11-23 sold/TEE@WH1': { units: -1 },
    });
    const allCancelled = orderItem({ lines: before.lines.map((line) => ({ ...line, status: 'cancelled' })) });
    expect(
      byCell(aggregateDeltas({ old: before, new: allCancelled }, 'UTC'))['2026-11-23 channel/webshop'],
    ).toEqual({
      orders: -1,
      units: -3,
      gross: -4500,
      discounts: -100,
      tax: -200,
      shipping: -500,
      net: -5100,
      awaitingShipment: -1,
    });
  });

  it('takes an order out of awaiting shipment when its last active unit ships, not before', () => {
    const before = orderItem();
    const [mug, tee] = before.lines as Array<Record<string, unknown>>;
    const partly = orderItem({ lines: [{ ...mug, shippedQuantity: 2 }, tee], version: 2 });
    expect(aggregateDeltas({ old: before, new: partly }, 'UTC')).toEqual([]);
    const shipped = orderItem({
      lines: [
        { ...mug, shippedQuantity: 2 },
        { ...tee, shippedQuantity: 1 },
      ],
      version: 3,
    });
    expect(byCell(aggregateDeltas({ old: partly, new: shipped }, 'UTC'))).toEqual({
      '2026-11-23 channel/webshop': { awaitingShipment: -1 },
    });
  });

  it('counts a refund for returned goods as credited, out of net, on the order’s day', () => {
    const before = orderItem();
    const refunded = orderItem({ totals: { credited: 1200 }, version: 5 });
    expect(byCell(aggregateDeltas({ old: before, new: refunded }, 'UTC'))).toEqual({
      '2026-11-23 channel/webshop': { credited: 1200, net: -1200 },
    });
  });

  it('moves an order to the day its new date falls on, and takes a deleted one out', () => {
    const moved = orderItem({ orderDate: '2026-11-24T10:00:00.000Z', version: 2 });
    const deltas = byCell(aggregateDeltas({ old: orderItem(), new: moved }, 'UTC'));
    expect(deltas['2026-11-23 channel/webshop']).toMatchObject({ orders: -1, net: -5100 });
    expect(deltas['2026-11-24 channel/webshop']).toMatchObject({ orders: 1, net: 5100 });
    expect(byCell(aggregateDeltas({ old: orderItem() }, 'UTC'))['2026-11-23 sku/MUG']).toEqual({
      orders: -1,
      units: -2,
      revenue: -1900,
    });
  });

  it('buckets by the reporting zone: 03:30 UTC is the day before in New York', () => {
    const late = orderItem({ orderDate: '2026-11-24T03:30:00.000Z' });
    expect(aggregateDeltas({ new: late }, 'UTC')[0]!.cell.day).toBe('2026-11-24');
    expect(aggregateDeltas({ new: late }, 'America/New_York')[0]!.cell.day).toBe('2026-11-23');
  });

  it('counts payments and refunds by method on the payment’s day, in its currency', () => {
    expect(aggregateDeltas({ new: payment(5100) }, 'UTC')).toEqual([
      {
        cell: { day: '2026-11-23', dimension: 'payment', name: 'card', currency: 'USD' },
        figures: { payments: 1, collected: 5100 },
      },
    ]);
    expect(aggregateDeltas({ new: payment(-1200, { method: 'paypal', currency: 'EUR' }) }, 'UTC')).toEqual([
      {
        cell: { day: '2026-11-23', dimension: 'payment', name: 'paypal', currency: 'EUR' },
        figures: { refunds: 1, refunded: 1200 },
      },
    ]);
  });

  it('counts a refund wholly credited against what was owed (amount 0) as neither payment nor refund', () => {
    const credit = payment(0, {
      refund: { returnId: 'R1', lines: [], shipping: 500, credited: 500 },
    });
    expect(aggregateDeltas({ new: credit }, 'UTC')).toEqual([]);
  });

  it('moves nothing for items the reports do not read (history, shipments, notes)', () => {
    for (const item of [
      { PK: 'ORDER#WS-1', SK: 'H#2026-11-23#1', kind: 'payment', summary: 'x' },
      { PK: 'ORDER#WS-1', SK: 'S#1', entity: 'shipment', lines: [] },
      { PK: 'ORDER#WS-1', SK: 'N#1', entity: 'order-note', text: 'hi' },
    ]) {
      expect(aggregateDeltas({ new: item }, 'UTC')).toEqual([]);
    }
  });

  it('refuses, with the reason, an order or payment image it cannot read the figures from', () => {
    expect(() => aggregateDeltas({ new: orderItem({ lines: undefined }) }, 'UTC')).toThrow(
      new UnreadableImage('an order image without a readable lines'),
    );
    expect(() => aggregateDeltas({ new: payment(100, { currency: undefined }) }, 'UTC')).toThrow(
      new UnreadableImage('a payment image without a readable currency'),
    );
  });

  it('takes client-named SKUs, channels and methods as data (constructor, __proto__)', () => {
    const odd = orderItem({
      channel: '__proto__',
      lines: [
        {
          itemId: 'A',
          sku: 'constructor',
          quantity: 1,
          unitPrice: 100,
          tax: 0,
          discount: 0,
          status: 'active',
        },
      ],
    });
    const deltas = byCell(aggregateDeltas({ new: odd }, 'UTC'));
    expect(deltas['2026-11-23 sku/constructor']).toEqual({ orders: 1, units: 1, revenue: 100 });
    expect(deltas['2026-11-23 sold/constructor@WH1']).toEqual({ units: 1 });
    expect(deltas['2026-11-23 channel/__proto__']).toMatchObject({ orders: 1, units: 1 });
  });
});

describe('aggregateDeltas: units sold per SKU and warehouse', () => {
  it('counts each SKU’s units on the order’s day, in the warehouse the order is assigned to', () => {
    const order = orderItem({
      lines: [
        { itemId: 'A', sku: 'MUG', quantity: 2, unitPrice: 1000, tax: 0, discount: 0, status: 'active' },
        { itemId: 'B', sku: 'TEE', quantity: 1, unitPrice: 2500, tax: 0, discount: 0, status: 'active' },
        { itemId: 'C', sku: 'MUG', quantity: 3, unitPrice: 900, tax: 0, discount: 0, status: 'active' },
      ],
    });
    expect(soldOf(aggregateDeltas({ new: order }, 'UTC'))).toEqual([
      {
        cell: { day: '2026-11-23', dimension: 'sold', name: 'MUG', currency: 'USD', warehouseId: 'WH1' },
        figures: { units: 5 },
      },
      {
        cell: { day: '2026-11-23', dimension: 'sold', name: 'TEE', currency: 'USD', warehouseId: 'WH1' },
        figures: { units: 1 },
      },
    ]);
  });

  it('counts an order with no warehouse under `-`', () => {
    const order = orderItem({ warehouseId: undefined, currency: 'EUR' });
    expect(byCell(soldOf(aggregateDeltas({ new: order }, 'UTC')))).toEqual({
      '2026-11-23 sold/MUG@-': { units: 2 },
      '2026-11-23 sold/TEE@-': { units: 1 },
    });
    expect(soldOf(aggregateDeltas({ new: order }, 'UTC'))[0]!.cell.currency).toBe('EUR');
  });

  it('moves the units from one warehouse’s cell to the other’s when the order is reassigned', () => {
    const before = orderItem({ warehouseId: 'WH-A' });
    const after = orderItem({ warehouseId: 'WH-B', version: 2 });
    expect(byCell(soldOf(aggregateDeltas({ old: before, new: after }, 'UTC')))).toEqual({
      '2026-11-23 sold/MUG@WH-A': { units: -2 },
      '2026-11-23 sold/TEE@WH-A': { units: -1 },
      '2026-11-23 sold/MUG@WH-B': { units: 2 },
      '2026-11-23 sold/TEE@WH-B': { units: 1 },
    });
    // Assigned a warehouse for the first time: out of `-`, into it.
    const unassigned = orderItem({ warehouseId: undefined });
    expect(byCell(soldOf(aggregateDeltas({ old: unassigned, new: after }, 'UTC')))).toMatchObject({
      '2026-11-23 sold/MUG@-': { units: -2 },
      '2026-11-23 sold/MUG@WH-B': { units: 2 },
    });
  });

  it('takes a cancelled line’s units out, puts a reinstated one’s back, and moves nothing for a status change', () => {
    const before = orderItem();
    const cancelled = orderItem({
      lines: [before.lines[0], { ...before.lines[1]!, status: 'cancelled' }],
      version: 2,
    });
    expect(soldOf(aggregateDeltas({ old: before, new: cancelled }, 'UTC'))).toEqual([
      {
        cell: { day: '2026-11-23', dimension: 'sold', name: 'TEE', currency: 'USD', warehouseId: 'WH1' },
        figures: { units: -1 },
      },
    ]);
    expect(byCell(soldOf(aggregateDeltas({ old: cancelled, new: before }, 'UTC')))).toEqual({
      '2026-11-23 sold/TEE@WH1': { units: 1 },
    });
    const [mug, tee] = before.lines as Array<Record<string, unknown>>;
    const shipped = orderItem({ lines: [{ ...mug, shippedQuantity: 2 }, tee], statusId: 'shipped' });
    expect(soldOf(aggregateDeltas({ old: before, new: shipped }, 'UTC'))).toEqual([]);
    // Created and cancelled in one batch: the cells cancel out and are left out.
    const allCancelled = orderItem({ lines: before.lines.map((line) => ({ ...line, status: 'cancelled' })) });
    expect(
      soldOf(
        mergeDeltas([
          ...aggregateDeltas({ new: before }, 'UTC'),
          ...aggregateDeltas({ old: before, new: allCancelled }, 'UTC'),
        ]),
      ),
    ).toEqual([]);
  });

  it('keeps two warehouses’ cells apart when merging', () => {
    const merged = mergeDeltas([
      ...aggregateDeltas({ new: orderItem({ warehouseId: 'WH-A' }) }, 'UTC'),
      ...aggregateDeltas({ new: orderItem({ warehouseId: 'WH-B' }) }, 'UTC'),
      ...aggregateDeltas({ new: orderItem({ warehouseId: 'WH-B' }) }, 'UTC'),
    ]);
    expect(byCell(soldOf(merged))).toEqual({
      '2026-11-23 sold/MUG@WH-A': { units: 2 },
      '2026-11-23 sold/TEE@WH-A': { units: 1 },
      '2026-11-23 sold/MUG@WH-B': { units: 4 },
      '2026-11-23 sold/TEE@WH-B': { units: 2 },
    });
  });
});

describe('mergeDeltas', () => {
  it('sums a batch’s deltas per cell and leaves out cells that cancel out', () => {
    const created = aggregateDeltas({ new: orderItem() }, 'UTC');
    const deleted = aggregateDeltas({ old: orderItem() }, 'UTC');
    expect(mergeDeltas([...created, ...deleted])).toEqual([]);
    const twice = mergeDeltas([...created, ...created]);
    expect(byCell(twice)['2026-11-23 channel/webshop']).toMatchObject({ orders: 2, net: 10200 });
  });
});

describe('aggregate cell keys', () => {
  it('put each cell in one shard of its month, by its name, and spread a month’s cells over the shards', () => {
    const cell = { day: '2026-11-23', dimension: 'sku' as const, name: 'constructor', currency: 'USD' };
    expect(aggregateKey(cell).PK).toBe(aggregateKey({ ...cell, day: '2026-11-01' }).PK);
    expect(aggregateKey(cell).PK).toMatch(/^AGG#sku#2026-11#\d+$/);
    const shards = new Set(
      Array.from({ length: 200 }, (_, index) =>
        cellShard({ dimension: 'sku', name: `SKU-${index}`, currency: 'USD' }),
      ),
    );
    expect([...shards].sort((a, b) => a - b)).toEqual(
      Array.from({ length: aggregateShards.sku }, (_, i) => i),
    );
    expect(cellShard({ dimension: 'sku', name: 'A', currency: 'USD' })).toBe(
      cellShard({ dimension: 'sku', name: 'A', currency: 'USD' }),
    );
  });

  it('put a SKU’s sold cells in its own partition (not sharded), by day, warehouse and currency, encoded', () => {
    const cell: AggregateCell = {
      day: '2026-11-23',
      dimension: 'sold',
      name: 'MUG#1/blue',
      currency: 'USD',
      warehouseId: 'WH#2',
    };
    expect(aggregateKey(cell)).toEqual({
      PK: 'AGG#sold#MUG%231%2Fblue',
      SK: '2026-11-23#WH%232#USD',
    });
    // Every day of every month in one partition: one Query answers a SKU's days.
    expect(aggregateKey({ ...cell, day: '2025-01-02', warehouseId: '-', currency: 'EUR' })).toEqual({
      PK: 'AGG#sold#MUG%231%2Fblue',
      SK: '2025-01-02#-#EUR',
    });
    expect(aggregateShards.sold).toBe(1);
    expect(cellShard(cell)).toBe(0);
    expect(unitsSoldOfSku('MUG#1/blue', { from: '2026-10-25', to: '2026-11-23' })).toEqual({
      pk: 'AGG#sold#MUG%231%2Fblue',
      skBetween: { from: '2026-10-25#', to: '2026-11-23#\uffff' },
    });
    // The report cells keep their month partitions.
    expect(
      aggregateKey({ day: '2026-11-23', dimension: 'sku', name: 'MUG#1/blue', currency: 'USD' }).PK,
    ).toMatch(/^AGG#sku#2026-11#\d+$/);
  });

  it('are not read through the reports’ month partitions: readAggregates refuses `sold`', async () => {
    await expect(readAggregates('sold' as never, { from: '2026-11-01', to: '2026-11-30' })).rejects.toThrow(
      'readAggregates reads the report dimensions, not sold',
    );
  });

  it('tell two warehouses’ sold cells apart (a warehouse id never merges into another cell)', () => {
    const cell: AggregateCell = { day: '2026-11-23', dimension: 'sold', name: 'MUG', currency: 'USD' };
    expect(cellKey({ ...cell, warehouseId: 'A' })).not.toBe(cellKey({ ...cell, warehouseId: 'B' }));
    expect(cellKey({ ...cell, warehouseId: 'A|B' })).not.toBe(
      cellKey({ ...cell, name: 'MUG|A', warehouseId: 'B' }),
    );
    expect(aggregateKey({ ...cell, warehouseId: 'A' }).SK).not.toBe(
      aggregateKey({ ...cell, warehouseId: 'B' }).SK,
    );
  });
});
