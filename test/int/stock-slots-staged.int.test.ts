/**
 * Stock with slots meets a change too large for one transaction: the staged change keeps to the record
 * (undoing it rewrites records alone), so the slots' free units first go back to the record, and the
 * change commits (or is undone) with every total exact.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../shared/db/client';
import { stockKey, stockSlotKeys } from '../../shared/db/keys';
import { getItem, getItems } from '../../shared/db/query';
import type { MovementRequest } from '../../shared/domain/stock-ledger';
import { configureSlotPolicy } from '../../shared/domain/stock-slots';
import { applyStockMovements } from '../../shared/stock/ledger';
import { withSlotTotals } from '../../shared/stock/slots';
import { seedWarehouse } from '../support/builders';
import { storedCounters } from '../support/stock-layout';
import { call } from '../support/call';

const slotCount = 4;
let crashConfirm = false;
db().middlewareStack.add(
  (next, context) => async (args) => {
    const input = args.input as { TransactItems?: Array<{ Update?: { UpdateExpression?: string } }> };
    const confirms = input.TransactItems?.some(
      (item) => item.Update?.UpdateExpression === 'SET #state = :confirmed',
    );
    if (crashConfirm && context.commandName === 'TransactWriteItemsCommand' && confirms) {
      throw Object.assign(new Error('simulated crash'), { name: 'Crash' });
    }
    return next(args);
  },
  { step: 'initialize', name: 'slotsStagedCrash' },
);

beforeEach(() => configureSlotPolicy({ minAvailable: 10, count: slotCount }));
afterEach(() => {
  configureSlotPolicy(undefined);
  crashConfirm = false;
});

async function stockOf(sku: string, warehouseId: string) {
  const stored = (await getItem(stockKey(sku, warehouseId), true))!;
  const slots = await getItems(stockSlotKeys(sku, warehouseId, slotCount), true);
  const [totals] = await withSlotTotals([stored], true);
  return { stored, slots, totals: totals! };
}

/** A flash SKU with slots holding free units, and a change that needs every available unit. */
async function setUp(prefix: string) {
  const warehouse = await seedWarehouse();
  const sku = `${prefix}-FLASH`;
  await applyStockMovements([
    { sku, warehouseId: warehouse.id, type: 'receipt', quantity: 40, unitCost: 100 },
  ]);
  for (const order of ['A', 'B', 'C', 'D', 'E']) {
    await applyStockMovements([
      {
        sku,
        warehouseId: warehouse.id,
        type: 'allocation',
        quantity: 2,
        reference: { type: 'order', id: order },
      },
    ]);
  }
  const before = await stockOf(sku, warehouse.id);
  expect(before.stored.slots).toBe(slotCount);
  expect(before.slots.reduce((sum, slot) => sum + Number(slot.free), 0)).toBeGreaterThan(0);
  expect(before.totals).toMatchObject({ onHand: 40, allocated: 10, available: 30 });
  // Receipts of 99 other SKUs make the change too large for one transaction.
  const requests: MovementRequest[] = [
    ...Array.from({ length: 99 }, (_, i) => ({
      sku: `${prefix}-OTHER-${i}`,
      warehouseId: warehouse.id,
      type: 'receipt' as const,
      quantity: 1,
      unitCost: 100,
    })),
    {
      sku,
      warehouseId: warehouse.id,
      type: 'allocation',
      quantity: 30,
      reference: { type: 'order', id: 'BIG' },
    },
  ];
  return { sku, warehouseId: warehouse.id, requests };
}

describe('a staged change on stock with slots', () => {
  // A staged change of 100 records, planned twice: well within a minute, even on a busy machine.
  it(
    'takes the slots free units back to the record and allocates every unit, exactly',
    { timeout: 60_000 },
    async () => {
      const { sku, warehouseId, requests } = await setUp('STAGED');
      await applyStockMovements(requests, { owner: 'order:BIG' });
      const after = await stockOf(sku, warehouseId);
      expect(after.totals).toMatchObject({ onHand: 40, allocated: 40, available: 0, backordered: 0 });
      expect(after.slots.every((slot) => Number(slot.free) === 0)).toBe(true);
      expect(after.stored.staged).toBeUndefined();
      expect(Number(after.stored.allocated)).toBe(30);
      expect(after.slots.reduce((sum, slot) => sum + Number(slot.allocated), 0)).toBe(10);
      expect(after.slots.reduce((sum, slot) => sum + Number(slot.allocated) + Number(slot.free), 0)).toBe(
        after.stored.slotted,
      );
      // The warehouse's counters match the records, the recall's transactions included.
      expect(await storedCounters(warehouseId)).toMatchObject({
        unitsOnHand: 40 + 99,
        skusHeld: 100,
        stockRecordsInUse: 100,
        skusBackordered: 0,
      });
      // The stock levels report answers the totals, not the record's own figures.
      const report = await call({
        method: 'GET',
        path: `/v1/reports/inventory/stock-levels?warehouseId=${warehouseId}&sku=${sku}`,
        role: 'viewer',
      });
      expect(report.status).toBe(200);
      expect(report.body.items).toEqual([
        expect.objectContaining({ sku, onHand: 40, allocated: 40, available: 0, backordered: 0 }),
      ]);
    },
  );

  it('undoes a staged change that failed to confirm, and the slots serve again', async () => {
    const { sku, warehouseId, requests } = await setUp('UNDONE');
    crashConfirm = true;
    await expect(applyStockMovements(requests, { owner: 'order:BIG' })).rejects.toThrow('simulated crash');
    crashConfirm = false;
    const after = await stockOf(sku, warehouseId);
    expect(after.totals).toMatchObject({ onHand: 40, allocated: 10, available: 30 });
    expect(after.stored.staged).toBeUndefined();
    await applyStockMovements([
      { sku, warehouseId, type: 'allocation', quantity: 30, reference: { type: 'order', id: 'SMALL' } },
    ]);
    expect((await stockOf(sku, warehouseId)).totals).toMatchObject({ allocated: 40, available: 0 });
  });
});
