import { describe, expect, it } from 'vitest';
import type { MovementRequest, StockRecord } from '../../shared/domain/stock-ledger';
import * as ledger from '../../shared/domain/stock-ledger';
import { applyMovement, emptyStock } from '../../shared/domain/stock-ledger';

const at = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T10:00:00.000Z';
const base = (overrides: Partial<StockRecord> = {}) => ({ ...emptyStock('SKU-1', 'W1', at), ...overrides });

function apply(record: StockRecord, movement: Parameters<typeof applyMovement>[1], when = at) {
  const outcome = applyMovement(record, movement, when);
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome)}`);
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

  it('inbound units without a cost need one while the record knows none: no layer at 0, no halved average', () => {
    const receipt = (quantity: number, unitCost?: number): MovementRequest => ({
      sku: 'SKU-1',
      warehouseId: 'W1',
      type: 'receipt',
      quantity,
      ...(unitCost === undefined ? {} : { unitCost }),
    });
    // Defaulting to the empty record's average of 0 would record 10 units at 0; 10 more at 100 would
    // then average 50: half the cost.
    expect(applyMovement(base(), receipt(10), at)).toEqual({ ok: false, unitCostRequired: true });
    const costed = apply(apply(base(), receipt(10, 100)), receipt(10), later);
    expect(costed).toMatchObject({ onHand: 20, averageUnitCost: 100 });
    expect(costed.layers.map((layer) => layer.unitCost)).toEqual([100, 100]);
    // Once a cost was received it stays known after the units leave: it is the average to come back at.
    const emptied = apply(apply(base(), receipt(4, 300)), {
      sku: 'SKU-1',
      warehouseId: 'W1',
      type: 'adjustment',
      quantity: -4,
    });
    expect(apply(emptied, receipt(2), later)).toMatchObject({ onHand: 2, averageUnitCost: 300 });
  });

  it('a backorder shows available 0 and the excess backordered: onHand − allocated = available − backordered', () => {
    const stocked = apply(base(), {
      sku: 'SKU-1',
      warehouseId: 'W1',
      type: 'receipt',
      quantity: 2,
      unitCost: 100,
    });
    const backordered = apply(stocked, {
      sku: 'SKU-1',
      warehouseId: 'W1',
      type: 'allocation',
      quantity: 5,
      allowBackorder: true,
    });
    expect(backordered).toMatchObject({ onHand: 2, allocated: 5, available: 0, backordered: 3 });
    const received = apply(backordered, {
      sku: 'SKU-1',
      warehouseId: 'W1',
      type: 'receipt',
      quantity: 4,
      unitCost: 100,
    });
    expect(received).toMatchObject({ onHand: 6, allocated: 5, available: 1, backordered: 0 });
    for (const record of [stocked, backordered, received]) {
      expect(record.onHand - record.allocated).toBe(record.available - record.backordered);
    }
  });

  it('counts a record for its warehouse: held with units, in use with units or allocations, backordered', () => {
    expect(ledger.stockCountsOf({ onHand: 0, allocated: 0 })).toEqual(ledger.noStockCounts);
    expect(ledger.stockCountsOf({ onHand: 0, allocated: 3 })).toEqual({
      unitsOnHand: 0,
      skusHeld: 0,
      stockRecordsInUse: 1,
      skusBackordered: 1,
    });
    expect(ledger.stockCountsOf({ onHand: 4, allocated: 4 })).toEqual({
      unitsOnHand: 4,
      skusHeld: 1,
      stockRecordsInUse: 1,
      skusBackordered: 0,
    });
    // Another allocation on a record already in use moves no counter: the warehouse item is not written.
    expect(
      ledger.stockCountsChange(
        ledger.stockCountsOf({ onHand: 4, allocated: 1 }),
        ledger.stockCountsOf({ onHand: 4, allocated: 3 }),
      ),
    ).toEqual(ledger.noStockCounts);
  });
});
