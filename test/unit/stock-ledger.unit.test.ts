import { describe, expect, it } from 'vitest';
import type { StockRecord } from '../../shared/domain/stock-ledger';
import { applyMovement, emptyStock } from '../../shared/domain/stock-ledger';

const at = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T10:00:00.000Z';
const base = (overrides: Partial<StockRecord> = {}) => ({ ...emptyStock('SKU-1', 'W1', at), ...overrides });

function apply(record: StockRecord, movement: Parameters<typeof applyMovement>[1], when = at) {
  const outcome = applyMovement(record, movement, when);
  if (!outcome.ok) throw new Error(`shortfall: ${JSON.stringify(outcome.shortfall)}`);
  return outcome.record;
}

describe('stock ledger arithmetic', () => {
  it('receipts add on hand, cost layers and move the average cost', () => {
    let record = apply(base(), {
      sku: 'SKU-1',
      warehouseId: 'W1',
      type: 'receipt',
      quantity: 10,
      unitCost: 100,
    });
    record = apply(
      record,
      { sku: 'SKU-1', warehouseId: 'W1', type: 'receipt', quantity: 30, unitCost: 200 },
      later,
    );
    expect(record).toMatchObject({ onHand: 40, available: 40, averageUnitCost: 175, version: 2 });
    expect(record.layers).toEqual([
      { receivedAt: at, quantity: 10, unitCost: 100 },
      { receivedAt: later, quantity: 30, unitCost: 200 },
    ]);
  });

  it('removals take the oldest layers first and never go below zero', () => {
    const stocked = apply(base(), {
      sku: 'SKU-1',
      warehouseId: 'W1',
      type: 'receipt',
      quantity: 10,
      unitCost: 100,
    });
    const twice = apply(
      stocked,
      { sku: 'SKU-1', warehouseId: 'W1', type: 'receipt', quantity: 5, unitCost: 300 },
      later,
    );
    const taken = apply(twice, { sku: 'SKU-1', warehouseId: 'W1', type: 'adjustment', quantity: -12 });
    expect(taken.onHand).toBe(3);
    expect(taken.layers).toEqual([{ receivedAt: later, quantity: 3, unitCost: 300 }]);
    const refused = applyMovement(
      taken,
      { sku: 'SKU-1', warehouseId: 'W1', type: 'adjustment', quantity: -4 },
      at,
    );
    expect(refused).toEqual({
      ok: false,
      shortfall: { sku: 'SKU-1', warehouseId: 'W1', requested: 4, available: 3, missing: 1 },
    });
  });

  it('allocated units are not available for removal; shipping consumes the allocation', () => {
    const stocked = apply(base(), {
      sku: 'SKU-1',
      warehouseId: 'W1',
      type: 'receipt',
      quantity: 10,
      unitCost: 100,
    });
    const allocated = apply(stocked, { sku: 'SKU-1', warehouseId: 'W1', type: 'allocation', quantity: 7 });
    expect(allocated).toMatchObject({ onHand: 10, allocated: 7, available: 3 });
    expect(
      applyMovement(allocated, { sku: 'SKU-1', warehouseId: 'W1', type: 'adjustment', quantity: -4 }, at).ok,
    ).toBe(false);
    expect(
      applyMovement(allocated, { sku: 'SKU-1', warehouseId: 'W1', type: 'allocation', quantity: 4 }, at).ok,
    ).toBe(false);
    const shipped = apply(allocated, { sku: 'SKU-1', warehouseId: 'W1', type: 'shipment', quantity: 7 });
    expect(shipped).toMatchObject({ onHand: 3, allocated: 0, available: 3 });
    const released = apply(allocated, { sku: 'SKU-1', warehouseId: 'W1', type: 'release', quantity: 9 });
    expect(released).toMatchObject({ onHand: 10, allocated: 0, available: 10 });
  });

  it('inbound units without a cost come in at the current average', () => {
    const stocked = apply(base(), {
      sku: 'SKU-1',
      warehouseId: 'W1',
      type: 'receipt',
      quantity: 4,
      unitCost: 250,
    });
    const counted = apply(stocked, { sku: 'SKU-1', warehouseId: 'W1', type: 'count', quantity: 2 });
    expect(counted.averageUnitCost).toBe(250);
    expect(counted.layers.at(-1)).toEqual({ receivedAt: at, quantity: 2, unitCost: 250 });
  });
});
