/**
 * The pure figures of the shipping and inventory reports: order ages in the reporting zone, pending
 * totals, shipments beside their manifests; a record replayed from its movements equals the ledger's,
 * valuation as of a past moment, FIFO aging at the bucket edges, the capacity trend.
 */
import { describe, expect, it } from 'vitest';
import { ageBucket, ageInDays, manifestRows, pendingFigures } from '../../functions/reports/shipping/figures';
import type { PendingOrder } from '../../functions/reports/shipping/figures';
import type { MovementRequest, StockRecord } from '../../shared/domain/stock-ledger';
import { applyMovement, emptyStock } from '../../shared/domain/stock-ledger';
import {
  ageLayers,
  agingBucket,
  onHandAtEndOfDays,
  replayMovements,
  valueOf,
} from '../../shared/domain/stock-valuation';
import type { TotalsCell } from '../../shared/shipments/totals';

describe('pending shipments: ages in reporting days', () => {
  it('counts whole days in the zone: an order at 23:30 in New York is a day old at 00:30', () => {
    // 23:30 on Nov 22 in New York is 04:30 UTC on Nov 23.
    expect(ageInDays('2026-11-23T04:30:00.000Z', '2026-11-22', 'America/New_York')).toBe(0);
    expect(ageInDays('2026-11-23T04:30:00.000Z', '2026-11-23', 'America/New_York')).toBe(1);
    // In UTC the same instant is on Nov 23.
    expect(ageInDays('2026-11-23T04:30:00.000Z', '2026-11-23', 'UTC')).toBe(0);
    // An order dated after today (a clock ahead) is 0 days old, not negative.
    expect(ageInDays('2026-11-25T00:00:00.000Z', '2026-11-23', 'UTC')).toBe(0);
  });

  it.each([
    [0, '0-1'],
    [1, '0-1'],
    [2, '2-3'],
    [3, '2-3'],
    [4, '4-7'],
    [7, '4-7'],
    [8, '8-14'],
    [14, '8-14'],
    [15, '15+'],
    [400, '15+'],
  ])('%i days is %s', (days, bucket) => {
    expect(ageBucket(days)).toBe(bucket);
  });

  it('totals by bucket, warehouse and channel, every bucket present', () => {
    const order = (
      id: string,
      ageDays: number,
      channel: string,
      warehouseCode: string | null,
      units: number,
    ): PendingOrder => ({
      orderId: id,
      orderDate: `2026-11-${String(23 - ageDays).padStart(2, '0')}T10:00:00.000Z`,
      channel,
      warehouseId: warehouseCode && `WH-${warehouseCode}`,
      warehouseCode,
      ageDays,
      bucket: ageBucket(ageDays),
      unitsUnshipped: units,
    });
    const figures = pendingFigures([
      order('A', 0, 'amazon', 'EAST', 2),
      order('B', 5, 'amazon', 'WEST', 1),
      order('C', 20, 'shopify', 'EAST', 4),
      order('D', 9, 'shopify', null, 3),
    ]);
    expect(figures).toMatchObject({ orders: 4, units: 10 });
    expect(figures.buckets).toEqual([
      { bucket: '0-1', orders: 1, units: 2 },
      { bucket: '2-3', orders: 0, units: 0 },
      { bucket: '4-7', orders: 1, units: 1 },
      { bucket: '8-14', orders: 1, units: 3 },
      { bucket: '15+', orders: 1, units: 4 },
    ]);
    expect(figures.byWarehouse.map((row) => [row.warehouseCode, row.orders, row.units])).toEqual([
      ['EAST', 2, 6],
      [null, 1, 3],
      ['WEST', 1, 1],
    ]);
    expect(figures.byChannel.map((row) => [row.channel, row.orders])).toEqual([
      ['amazon', 2],
      ['shopify', 2],
    ]);
  });
});

describe('shipped manifest: shipments beside their manifests', () => {
  const cell = (overrides: Partial<TotalsCell>): TotalsCell => ({
    day: '2026-11-20',
    carrier: 'UPS',
    service: 'Ground',
    warehouseId: 'W1',
    status: 'active',
    source: 'label',
    currency: 'USD',
    shipments: 3,
    packages: 4,
    weightGrams: 5000,
    cost: 3000,
    ...overrides,
  });

  it('sums the services of a day, carrier and warehouse, and splits them by manifest state', () => {
    const { rows, totals } = manifestRows(
      [
        cell({}),
        cell({ service: 'Next Day Air', shipments: 1, packages: 1, weightGrams: 500, cost: 2500 }),
        cell({ source: 'manual', currency: undefined, shipments: 2, packages: 2, weightGrams: 800, cost: 0 }),
        cell({ carrier: 'ups', day: '2026-11-21', shipments: 1, currency: 'EUR', cost: 900 }),
      ],
      [
        {
          id: 'M1',
          shipDate: '2026-11-20',
          carrier: 'UPS',
          warehouseId: 'W1',
          status: 'closed',
          shipments: 3,
        },
        { id: 'M2', shipDate: '2026-11-20', carrier: 'UPS', warehouseId: 'W1', status: 'open', shipments: 1 },
        { id: 'M3', shipDate: '2026-11-21', carrier: 'UPS', warehouseId: 'W1', status: 'open', shipments: 1 },
      ],
      { countManifests: true },
    );
    expect(rows).toEqual([
      expect.objectContaining({
        day: '2026-11-20',
        shipments: 6,
        packages: 7,
        weightGrams: 6300,
        cost: [{ currency: 'USD', amount: 5500 }],
        onClosedManifests: 3,
        onOpenManifests: 1,
        withoutManifest: 2,
      }),
      expect.objectContaining({
        day: '2026-11-21',
        shipments: 1,
        cost: [{ currency: 'EUR', amount: 900 }],
        onOpenManifests: 1,
        withoutManifest: 0,
      }),
    ]);
    expect(totals).toMatchObject({
      shipments: 7,
      onClosedManifests: 3,
      onOpenManifests: 2,
      withoutManifest: 2,
    });
    expect(totals.cost).toEqual([
      { currency: 'EUR', amount: 900 },
      { currency: 'USD', amount: 5500 },
    ]);
  });
});

describe('stock valued and aged', () => {
  const sequence: Array<[MovementRequest['type'], number, number | undefined, string]> = [
    ['receipt', 10, 1000, '2026-01-05T09:00:00.000Z'],
    ['receipt', 5, 1600, '2026-03-01T09:00:00.000Z'],
    ['shipment', 12, undefined, '2026-03-10T09:00:00.000Z'],
    ['receipt', 20, 1100, '2026-06-01T09:00:00.000Z'],
    ['adjustment', -1, undefined, '2026-06-02T09:00:00.000Z'],
    ['return', 2, undefined, '2026-07-15T09:00:00.000Z'],
    ['shipment', 4, undefined, '2026-08-01T09:00:00.000Z'],
  ];

  /** The ledger's own arithmetic, movement by movement, and the movements it records. */
  function ledger() {
    let record: StockRecord = emptyStock('SKU-1', 'W1', sequence[0]![3]);
    const movements: Array<{ quantity: number; unitCost?: number; at: string }> = [];
    const records: StockRecord[] = [];
    for (const [type, quantity, unitCost, at] of sequence) {
      const outcome = applyMovement(
        record,
        { sku: 'SKU-1', warehouseId: 'W1', type, quantity, unitCost },
        at,
      );
      if (!outcome.ok) throw new Error('refused');
      record = outcome.record;
      movements.push({
        quantity: outcome.onHandChange,
        at,
        ...(outcome.unitCost === undefined ? {} : { unitCost: outcome.unitCost }),
      });
      records.push(record);
    }
    return { movements, records };
  }

  it('replays to the record the ledger kept, after every movement', () => {
    const { movements, records } = ledger();
    for (let count = 1; count <= movements.length; count++) {
      const replayed = replayMovements(movements.slice(0, count));
      const kept = records[count - 1]!;
      expect(replayed).toEqual({
        onHand: kept.onHand,
        averageUnitCost: kept.averageUnitCost,
        layers: kept.layers,
      });
    }
  });

  it('values a past moment from the movements before it, at average cost and at FIFO', () => {
    const { movements } = ledger();
    // End of March: 3 units left of the 5 at 16.00 (FIFO took the January 10 first, then 2 of March's).
    const march = replayMovements(movements.filter((movement) => movement.at < '2026-04-01'));
    expect(march.onHand).toBe(3);
    expect(march.layers).toEqual([{ receivedAt: '2026-03-01T09:00:00.000Z', quantity: 3, unitCost: 1600 }]);
    // The average: (10 × 1000 + 5 × 1600) / 15 = 1200, kept through the shipment.
    expect(march.averageUnitCost).toBe(1200);
    expect(valueOf(march)).toEqual({ averageValue: 3600, fifoValue: 4800, layeredUnits: 3 });
  });

  it.each([
    [0, '0-30'],
    [30, '0-30'],
    [31, '31-60'],
    [60, '31-60'],
    [61, '61-90'],
    [90, '61-90'],
    [91, '91-120'],
    [120, '91-120'],
    [121, '121-180'],
    [180, '121-180'],
    [181, '180+'],
  ])('%i days since receipt is in %s', (days, bucket) => {
    expect(agingBucket(days)).toBe(bucket);
  });

  it('ages what FIFO left (the latest receipts), in reporting days of the zone', () => {
    const { records } = ledger();
    const layers = records.at(-1)!.layers;
    // 20 received 2026-06-01, one adjusted out of the oldest layer (March's last 3 → 2), 2 returned on
    // 2026-07-15, then 4 shipped from the oldest: March's 2 and 2 of June's.
    expect(layers).toEqual([
      { receivedAt: '2026-06-01T09:00:00.000Z', quantity: 18, unitCost: 1100 },
      { receivedAt: '2026-07-15T09:00:00.000Z', quantity: 2, unitCost: expect.any(Number) },
    ]);
    const aged = ageLayers(layers, '2026-08-30', 'UTC');
    expect(aged.find((entry) => entry.bucket === '61-90')).toEqual({
      bucket: '61-90',
      units: 18,
      value: 19800,
    });
    expect(aged.find((entry) => entry.bucket === '31-60')!.units).toBe(2);
    expect(aged.map((entry) => entry.bucket)).toEqual([
      '0-30',
      '31-60',
      '61-90',
      '91-120',
      '121-180',
      '180+',
    ]);
    // 30 days after 2026-07-15 is day 30 (0-30); in Tokyo the receipt's day is the same, and 31 days is 31-60.
    expect(ageLayers(layers, '2026-08-14', 'Asia/Tokyo').find((e) => e.bucket === '0-30')!.units).toBe(2);
    expect(ageLayers(layers, '2026-08-15', 'Asia/Tokyo').find((e) => e.bucket === '31-60')!.units).toBe(2);
  });

  it('walks the capacity trend back from now through each day’s movements', () => {
    const days = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'];
    const trend = onHandAtEndOfDays(days, 100, [
      { day: '2026-11-21', quantity: 30 },
      { day: '2026-11-23', quantity: -5 },
      { day: '2026-11-23', quantity: 15 },
      { day: '2026-11-20', quantity: 7 },
    ]);
    expect(trend).toEqual([
      { day: '2026-11-20', onHand: 60 },
      { day: '2026-11-21', onHand: 90 },
      { day: '2026-11-22', onHand: 90 },
      { day: '2026-11-23', onHand: 100 },
    ]);
  });
});
