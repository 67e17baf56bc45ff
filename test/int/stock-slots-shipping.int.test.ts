/**
 * Shipping stock with slots: a shipment its order's home slot holds writes that slot alone (the record
 * keeps counting the units until a write folds them), and every reader sees exact totals meanwhile. A
 * void, a receipt and a staged change fold the shipped units in, each exactly once.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { BatchGetCommandOutput, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, setDb, tableName } from '../../shared/db/client';
import { stockKey, stockSlotKeys, warehouseKey } from '../../shared/db/keys';
import { getItem, getItems } from '../../shared/db/query';
import type { MovementRequest } from '../../shared/domain/stock-ledger';
import { configureSlotPolicy } from '../../shared/domain/stock-slots';
import { applyStockMovements } from '../../shared/stock/ledger';
import { listMovements } from '../../shared/stock/movements';
import { withSlotTotals } from '../../shared/stock/slots';
import { readCounterShards, sumCounters } from '../../shared/warehouses/counter-shards';
import { toWarehouseRecord } from '../../shared/warehouses/repository';
import { seedWarehouse } from '../support/builders';
import { storedItem } from '../support/inventory-builders';

const slotCount = 4;

beforeEach(() => configureSlotPolicy({ minAvailable: 10, count: slotCount }));
afterEach(() => configureSlotPolicy(undefined));

async function stockOf(sku: string, warehouseId: string) {
  const stored = (await getItem(stockKey(sku, warehouseId), true))!;
  const slots = await getItems(stockSlotKeys(sku, warehouseId, slotCount), true);
  const [totals] = await withSlotTotals([stored], true);
  const shipped = slots.reduce((sum, slot) => sum + Number(slot.shipped ?? 0), 0);
  return { stored, slots, totals: totals!, shipped };
}

/** The warehouse's stock counters as readers see them: every shard plus the warehouse item's own. */
async function countersOf(warehouseId: string) {
  const legacy = toWarehouseRecord((await storedItem(warehouseKey(warehouseId)))!).counters;
  const shards = (await readCounterShards([warehouseId], true)).get(warehouseId)!;
  const { unitsOnHand, skusHeld, stockRecordsInUse, skusBackordered } = sumCounters(legacy, shards);
  return { unitsOnHand, skusHeld, stockRecordsInUse, skusBackordered };
}

/** A flash SKU with slots: 40 units at 100, orders A to E holding 2 each. */
async function setUp(prefix: string) {
  const warehouse = await seedWarehouse();
  const sku = `${prefix}-FLASH`;
  const warehouseId = warehouse.id;
  await applyStockMovements([{ sku, warehouseId, type: 'receipt', quantity: 40, unitCost: 100 }]);
  for (const order of ['A', 'B', 'C', 'D', 'E']) {
    await applyStockMovements([
      { sku, warehouseId, type: 'allocation', quantity: 2, reference: { type: 'order', id: order } },
    ]);
  }
  return { sku, warehouseId };
}

/** As print ships an order: its release folded into the shipment, out of its allocation. */
const shipment = (sku: string, warehouseId: string, order: string): MovementRequest => ({
  sku,
  warehouseId,
  type: 'shipment',
  quantity: 2,
  fromAllocation: 2,
  reference: { type: 'shipment', id: `S-${order}` },
  allocationOf: { type: 'order', id: order },
});

describe('shipping stock with slots', () => {
  it('ships through the home slot alone; readers see exact totals; a void and a receipt fold', async () => {
    const { sku, warehouseId } = await setUp('SHIPSLOT');
    const before = await stockOf(sku, warehouseId);
    expect(before.stored.slots).toBe(slotCount);

    await applyStockMovements([shipment(sku, warehouseId, 'A')]);
    await applyStockMovements([shipment(sku, warehouseId, 'B')]);
    const shipped = await stockOf(sku, warehouseId);
    // The record was not written: its version, on hand and layers are as they were.
    expect(shipped.stored.version).toBe(before.stored.version);
    expect(shipped.stored.onHand).toBe(40);
    expect(shipped.shipped).toBe(4);
    expect(shipped.totals).toMatchObject({
      onHand: 36,
      allocated: 6,
      available: 30,
      backordered: 0,
      layers: [expect.objectContaining({ quantity: 36, unitCost: 100 })],
    });
    // The counters moved with the slots: units on hand are the totals'.
    expect(await countersOf(warehouseId)).toEqual({
      unitsOnHand: 36,
      skusHeld: 1,
      stockRecordsInUse: 1,
      skusBackordered: 0,
    });

    // A's label voided: its units come back on hand and into its allocation; the record is written and folds.
    await applyStockMovements([
      {
        sku,
        warehouseId,
        type: 'shipment_reversal',
        quantity: 2,
        fromAllocation: 2,
        reference: { type: 'shipment', id: 'S-A' },
        allocationOf: { type: 'order', id: 'A' },
      },
    ]);
    const voided = await stockOf(sku, warehouseId);
    expect(voided.shipped).toBe(0);
    expect(voided.stored.onHand).toBe(38);
    expect(voided.totals).toMatchObject({ onHand: 38, allocated: 8, available: 30 });
    expect(voided.stored.layers).toEqual([
      expect.objectContaining({ quantity: 36, unitCost: 100 }),
      expect.objectContaining({ quantity: 2, unitCost: 100 }),
    ]);

    // C ships through its slot, then a receipt writes the record and folds C's units.
    await applyStockMovements([shipment(sku, warehouseId, 'C')]);
    expect((await stockOf(sku, warehouseId)).shipped).toBe(2);
    await applyStockMovements([{ sku, warehouseId, type: 'receipt', quantity: 10, unitCost: 200 }]);
    const received = await stockOf(sku, warehouseId);
    expect(received.shipped).toBe(0);
    expect(received.stored.onHand).toBe(46);
    expect(received.totals).toMatchObject({ onHand: 46, allocated: 6, available: 40 });
    expect(received.stored.layers).toEqual([
      expect.objectContaining({ quantity: 34, unitCost: 100 }),
      expect.objectContaining({ quantity: 2, unitCost: 100 }),
      expect.objectContaining({ quantity: 10, unitCost: 200 }),
    ]);
    expect(received.slots.reduce((sum, slot) => sum + Number(slot.free) + Number(slot.allocated), 0)).toBe(
      received.stored.slotted,
    );

    // One movement per change, summing to on hand.
    const movements = await listMovements({ sku, from: '2000-01-01', to: '2100-01-01', limit: 100 });
    expect(movements.items.map((movement) => movement.type).sort()).toEqual([
      'receipt',
      'receipt',
      'shipment',
      'shipment',
      'shipment',
      'shipment_reversal',
    ]);
    expect(movements.items.reduce((sum, movement) => sum + movement.quantity, 0)).toBe(46);
    expect((await countersOf(warehouseId)).unitsOnHand).toBe(46);
  });

  it(
    'folds the shipped units when a staged change takes the slots free units back to the record',
    { timeout: 60_000 },
    async () => {
      const { sku, warehouseId } = await setUp('SHIPSTAGED');
      await applyStockMovements([shipment(sku, warehouseId, 'A')]);
      expect((await stockOf(sku, warehouseId)).shipped).toBe(2);
      // Receipts of 99 other SKUs make the change too large for one transaction; it takes every unit left.
      const requests: MovementRequest[] = [
        ...Array.from({ length: 99 }, (_, i) => ({
          sku: `SHIPSTAGED-OTHER-${i}`,
          warehouseId,
          type: 'receipt' as const,
          quantity: 1,
          unitCost: 100,
        })),
        { sku, warehouseId, type: 'allocation', quantity: 30, reference: { type: 'order', id: 'BIG' } },
      ];
      await applyStockMovements(requests, { owner: 'order:BIG' });
      const after = await stockOf(sku, warehouseId);
      expect(after.shipped).toBe(0);
      expect(after.stored.staged).toBeUndefined();
      expect(after.stored.onHand).toBe(38);
      expect(after.totals).toMatchObject({ onHand: 38, allocated: 38, available: 0, backordered: 0 });
      expect(after.stored.layers).toEqual([expect.objectContaining({ quantity: 38, unitCost: 100 })]);
    },
  );

  it('takes a read torn across a fold (the record after it, its slots before) for a lost race, not a shortfall', async () => {
    const { sku, warehouseId } = await setUp('TORN');
    await applyStockMovements([shipment(sku, warehouseId, 'A')]);
    await applyStockMovements([shipment(sku, warehouseId, 'B')]);
    // The slots as they are before the fold: 4 shipped units not yet folded into the record.
    const slotsBefore = await getItems(stockSlotKeys(sku, warehouseId, slotCount), true);
    expect(slotsBefore.reduce((sum, slot) => sum + Number(slot.shipped ?? 0), 0)).toBe(4);
    // A receipt writes the record, so it folds: on hand 40 - 4 + 1, the slots' shipped back to 0.
    await applyStockMovements([{ sku, warehouseId, type: 'receipt', quantity: 1, unitCost: 100 }]);
    const { totals } = await stockOf(sku, warehouseId);
    expect(totals).toMatchObject({ onHand: 37, allocated: 6, available: 31 });

    // BatchGetItem is no snapshot across items: the next read that returns the slots returns them as
    // they were before the fold, beside the record after it (their 4 shipped units counted twice).
    const real = db();
    let torn = 0;
    const tearing = Object.create(real) as DynamoDBDocumentClient;
    tearing.send = (async (command: unknown, ...rest: unknown[]) => {
      const output = await (real.send as (...args: unknown[]) => Promise<unknown>)(command, ...rest);
      if (torn > 0 || !(command instanceof BatchGetCommand)) return output;
      const items = (output as BatchGetCommandOutput).Responses?.[tableName()] ?? [];
      const stale = new Map(slotsBefore.map((slot) => [`${String(slot.PK)}|${String(slot.SK)}`, slot]));
      if (!items.some((item) => stale.has(`${String(item.PK)}|${String(item.SK)}`))) return output;
      torn++;
      return {
        ...(output as BatchGetCommandOutput),
        Responses: {
          [tableName()]: items.map((item) => stale.get(`${String(item.PK)}|${String(item.SK)}`) ?? item),
        },
      };
    }) as typeof real.send;
    setDb(tearing);
    try {
      // Every unit available: read torn, the totals would fall 4 short.
      await applyStockMovements([
        { sku, warehouseId, type: 'allocation', quantity: 31, reference: { type: 'order', id: 'F' } },
      ]);
    } finally {
      setDb(real);
    }
    expect(torn).toBe(1);
    expect((await stockOf(sku, warehouseId)).totals).toMatchObject({
      onHand: 37,
      allocated: 37,
      available: 0,
    });
  });
});
