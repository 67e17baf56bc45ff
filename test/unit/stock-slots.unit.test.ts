import { describe, expect, it } from 'vitest';
import { homeStockSlot, stockSlotKey, stockSlotKeys } from '../../shared/db/keys';
import type { MovementRequest, StockRecord } from '../../shared/domain/stock-ledger';
import { applyMovement, emptyStock, figuresOf, stockCountsOf } from '../../shared/domain/stock-ledger';
import type { SlottedStock, StockSlot } from '../../shared/domain/stock-slots';
import {
  distributeChange,
  emptySlot,
  reserveFree,
  slotCountFor,
  slotPolicy,
  storedRecordChanged,
  totalsOf,
  unfoldedShipped,
} from '../../shared/domain/stock-slots';

const at = '2026-11-26T00:00:00.000Z';
const sku = 'FLASH';
const warehouseId = 'WH1';

function record(onHand: number, allocated = 0, slots?: { count: number; slotted: number }): StockRecord {
  return {
    ...emptyStock(sku, warehouseId, at),
    onHand,
    allocated,
    ...figuresOf(onHand, allocated + (slots?.slotted ?? 0)),
    averageUnitCost: 400,
    layers: onHand > 0 ? [{ receivedAt: at, quantity: onHand, unitCost: 400 }] : [],
    version: 1,
    ...(slots ? { slots: slots.count, slotted: slots.slotted } : {}),
  };
}

const slot = (index: number, free: number, allocated = 0): StockSlot => ({
  ...emptySlot(sku, warehouseId, index, at),
  free,
  allocated,
  version: 1,
});

/** Applies one request to stock with slots as the ledger does: checked on the totals, then placed. */
function apply(
  stock: SlottedStock,
  request: Partial<MovementRequest> & Pick<MovementRequest, 'type' | 'quantity'>,
  home = 0,
) {
  const outcome = applyMovement(totalsOf(stock.record, stock.slots), { sku, warehouseId, ...request }, at);
  if (!outcome.ok) return { refused: outcome };
  return {
    stock: distributeChange(stock, {
      after: outcome.record,
      onHandChange: outcome.onHandChange,
      allocatedChange: outcome.allocatedChange,
      type: request.type,
      home,
      reserveOnly: false,
    }),
  };
}

/** Every invariant the ledger promises of stock with slots. */
function expectSound(stock: SlottedStock) {
  const { record, slots } = stock;
  for (const s of slots) {
    expect(s.free).toBeGreaterThanOrEqual(0);
    expect(s.allocated).toBeGreaterThanOrEqual(0);
    expect(s.shipped ?? 0).toBeGreaterThanOrEqual(0);
  }
  expect(record.onHand).toBeGreaterThanOrEqual(0);
  expect(record.allocated).toBeGreaterThanOrEqual(0);
  expect(slots.reduce((sum, s) => sum + s.free + s.allocated + (s.shipped ?? 0), 0)).toBe(record.slotted);
  // While the reserve is short no slot holds free units, and every slot is marked.
  if (reserveFree(record) < 0) {
    expect(slots.every((s) => s.free === 0 && s.reserveShort)).toBe(true);
  } else {
    expect(slots.some((s) => s.reserveShort)).toBe(false);
  }
  const totals = totalsOf(record, slots);
  expect(totals.onHand - totals.allocated).toBe(totals.available - totals.backordered);
  // The counters read the record and its slots' unfolded shipments, and count the totals.
  expect(stockCountsOf({ ...record, shipped: unfoldedShipped(slots) })).toEqual(stockCountsOf(totals));
}

const fresh = (onHand: number, count = 4): SlottedStock => ({
  record: record(onHand, 0, { count, slotted: 0 }),
  slots: Array.from({ length: count }, (_, index) => emptySlot(sku, warehouseId, index, at)),
});

describe('slot keys', () => {
  it('puts each slot in a partition of its own, outside the STOCK#<sku> query', () => {
    const keys = stockSlotKeys(sku, warehouseId, 3);
    expect(keys).toEqual([0, 1, 2].map((n) => stockSlotKey(sku, warehouseId, n)));
    expect(new Set(keys.map((key) => key.PK)).size).toBe(3);
    for (const key of keys) {
      expect(key.PK.startsWith('STOCK#')).toBe(true);
      expect(key.PK).not.toBe(`STOCK#${sku}`);
      expect(key.SK.startsWith('WH#')).toBe(false);
    }
  });

  it('gives an order the same home slot for its life, and spreads orders over the slots', () => {
    const order = { type: 'order', id: '01JORDER' };
    expect(homeStockSlot(order, 8)).toBe(homeStockSlot({ ...order }, 8));
    const homes = new Set(
      Array.from({ length: 200 }, (_, i) => homeStockSlot({ type: 'order', id: `O${i}` }, 8)),
    );
    expect(homes.size).toBe(8);
    expect(homeStockSlot(undefined, 8)).toBe(0);
  });
});

describe('slot policy', () => {
  const request = (type: MovementRequest['type']): MovementRequest => ({
    sku,
    warehouseId,
    type,
    quantity: 1,
  });

  it('gives slots at an allocation that finds the threshold available, and only then', () => {
    const plenty = record(slotPolicy.minAvailable);
    expect(slotCountFor(plenty, plenty, request('allocation'))).toBe(slotPolicy.count);
    const fewer = record(slotPolicy.minAvailable - 1);
    expect(slotCountFor(fewer, fewer, request('allocation'))).toBe(0);
    expect(slotCountFor(plenty, plenty, request('receipt'))).toBe(0);
  });

  it('keeps the slots a record has, whatever is left', () => {
    const slotted = record(0, 0, { count: 3, slotted: 0 });
    expect(slotCountFor(slotted, slotted, request('receipt'))).toBe(3);
  });
});

describe('totals of stock with slots', () => {
  it('adds the slots allocations; on hand and cost stay the record', () => {
    const totals = totalsOf(record(100, 5, { count: 2, slotted: 40 }), [slot(0, 10, 20), slot(1, 5, 5)]);
    expect(totals).toMatchObject({
      onHand: 100,
      allocated: 30,
      available: 70,
      backordered: 0,
      averageUnitCost: 400,
    });
    expect(totals).not.toHaveProperty('slotted');
  });

  it('leaves a record without slots as it is', () => {
    expect(totalsOf(record(10, 4), [])).toMatchObject({ onHand: 10, allocated: 4, available: 6 });
  });
});

describe('placing a change', () => {
  it('refills the home slot with a share of the reserve, so the next allocations write the slot alone', () => {
    const first = apply(fresh(100), { type: 'allocation', quantity: 2 }, 1).stock!;
    expect(first.slots[1]).toMatchObject({ free: 23, allocated: 2 });
    expect(first.record).toMatchObject({ onHand: 100, allocated: 0, slotted: 25 });
    expectSound(first);
    const second = apply(first, { type: 'allocation', quantity: 3 }, 1).stock!;
    expect(second.record).toEqual(first.record);
    expect(second.slots[1]).toMatchObject({ free: 20, allocated: 5 });
    expectSound(second);
  });

  it('takes the other slots free units when the reserve is empty, before refusing', () => {
    const stock: SlottedStock = {
      record: record(10, 0, { count: 3, slotted: 10 }),
      slots: [slot(0, 1), slot(1, 4), slot(2, 5)],
    };
    const placed = apply(stock, { type: 'allocation', quantity: 7 }, 0).stock!;
    expect(placed.slots.map((s) => [s.free, s.allocated])).toEqual([
      [0, 7],
      [0, 0],
      [3, 0],
    ]);
    expect(placed.record).toEqual(stock.record);
    expectSound(placed);
    expect(apply(placed, { type: 'allocation', quantity: 4 }, 2).refused?.shortfall).toMatchObject({
      requested: 4,
      available: 3,
    });
  });

  it('releases to the home slot first, then the others, then the reserve', () => {
    const stock: SlottedStock = {
      record: record(20, 2, { count: 2, slotted: 12 }),
      slots: [slot(0, 0, 4), slot(1, 2, 6)],
    };
    const placed = apply(stock, { type: 'release', quantity: 11 }, 0).stock!;
    expect(placed.slots.map((s) => [s.free, s.allocated])).toEqual([
      [4, 0],
      [8, 0],
    ]);
    expect(placed.record.allocated).toBe(1);
    expectSound(placed);
  });

  it('ships an order out of its slot: release, then the shipment takes the freed units', () => {
    let stock = apply(fresh(100), { type: 'allocation', quantity: 3 }, 2).stock!;
    stock = apply(stock, { type: 'release', quantity: 3 }, 2).stock!;
    stock = apply(stock, { type: 'shipment', quantity: 3, fromAllocation: 0 }, 2).stock!;
    expect(stock.record).toMatchObject({ onHand: 97, allocated: 0, slotted: 22 });
    expect(stock.record.layers).toEqual([{ receivedAt: at, quantity: 97, unitCost: 400 }]);
    expect(stock.slots[2]).toMatchObject({ free: 22, allocated: 0 });
    expectSound(stock);
  });

  it('sends receipts to the reserve, and takes units out of free ones only', () => {
    let stock = apply(fresh(40), { type: 'allocation', quantity: 5 }, 0).stock!;
    stock = apply(stock, { type: 'receipt', quantity: 10, unitCost: 500 }).stock!;
    expect(stock.record).toMatchObject({ onHand: 50, slotted: 10 });
    expect(reserveFree(stock.record)).toBe(40);
    expect(apply(stock, { type: 'adjustment', quantity: -46 }).refused?.shortfall).toMatchObject({
      available: 45,
    });
    stock = apply(stock, { type: 'adjustment', quantity: -45 }, 1).stock!;
    expect(totalsOf(stock.record, stock.slots)).toMatchObject({ onHand: 5, allocated: 5, available: 0 });
    expect(stock.slots[0]).toMatchObject({ free: 0, allocated: 5 });
    expectSound(stock);
  });

  it('backorders in the reserve only after every slot gave its free units, and marks the slots', () => {
    const stock: SlottedStock = {
      record: record(10, 0, { count: 2, slotted: 6 }),
      slots: [slot(0, 3), slot(1, 3)],
    };
    const placed = apply(stock, { type: 'allocation', quantity: 14, allowBackorder: true }, 0).stock!;
    expect(totalsOf(placed.record, placed.slots)).toMatchObject({
      allocated: 14,
      available: 0,
      backordered: 4,
    });
    expect(placed.slots.every((s) => s.reserveShort)).toBe(true);
    expectSound(placed);
    // A release into a slot while the reserve is short goes to the reserve; once covered, marks go.
    const released = apply(placed, { type: 'release', quantity: 6 }, 0).stock!;
    expect(totalsOf(released.record, released.slots)).toMatchObject({
      allocated: 8,
      available: 2,
      backordered: 0,
    });
    expect(released.slots.some((s) => s.reserveShort)).toBe(false);
    expectSound(released);
  });

  it('keeps every invariant over a long random run, and the allocations exact', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let stock = fresh(500, 8);
    const held = new Map<number, number>();
    for (let step = 0; step < 1500; step++) {
      const order = Math.floor(random() * 40);
      const home = homeStockSlot({ type: 'order', id: String(order) }, 8);
      const roll = random();
      const mine = held.get(order) ?? 0;
      let result;
      if (roll < 0.55)
        result = apply(stock, { type: 'allocation', quantity: 1 + Math.floor(random() * 3) }, home);
      else if (roll < 0.75 && mine > 0) result = apply(stock, { type: 'release', quantity: mine }, home);
      else if (roll < 0.9 && mine > 0) {
        result = apply(stock, { type: 'release', quantity: mine }, home);
        if (result.stock)
          result = apply(result.stock, { type: 'shipment', quantity: mine, fromAllocation: 0 }, home);
      } else result = apply(stock, { type: 'receipt', quantity: 1 + Math.floor(random() * 20) }, home);
      if (!result.stock) continue;
      const before = totalsOf(stock.record, stock.slots);
      stock = result.stock;
      const after = totalsOf(stock.record, stock.slots);
      if (roll < 0.55) held.set(order, mine + after.allocated - before.allocated);
      else if (roll < 0.9) held.set(order, 0);
      expectSound(stock);
      expect(after.allocated).toBe([...held.values()].reduce((sum, units) => sum + units, 0));
      // An order's units sit in its home slot (nothing here backorders).
      expect(stock.slots[home]!.allocated).toBeGreaterThanOrEqual(held.get(order) ?? 0);
    }
  });
});

describe('shipping through slots', () => {
  /** An order of `units` allocated through home slot `home`, shipped as print does (its release folded in). */
  const ship = (stock: SlottedStock, units: number, home: number) =>
    apply(stock, { type: 'shipment', quantity: units, fromAllocation: units }, home);

  it('ships an order out of its home slot alone: the record stays as stored, the slot counts it shipped', () => {
    const allocated = apply(fresh(100), { type: 'allocation', quantity: 3 }, 2).stock!;
    const shipped = ship(allocated, 3, 2).stock!;
    expect(shipped.record).toBe(allocated.record);
    expect(shipped.slots[2]).toMatchObject({ free: 22, allocated: 0, shipped: 3 });
    expect(totalsOf(shipped.record, shipped.slots)).toMatchObject({
      onHand: 97,
      allocated: 0,
      available: 97,
      layers: [{ receivedAt: at, quantity: 97, unitCost: 400 }],
    });
    expectSound(shipped);
  });

  it('writes the record for a shipment that empties its slot, so on hand never reaches 0 from a slot alone', () => {
    const stock: SlottedStock = {
      record: record(10, 0, { count: 2, slotted: 5 }),
      slots: [{ ...slot(0, 0, 3), shipped: 2 }, slot(1, 0, 0)],
    };
    expectSound(stock);
    const shipped = ship(stock, 3, 0).stock!;
    expect(shipped.record).toMatchObject({ onHand: 5, slotted: 0 });
    expect(shipped.slots[0]).toMatchObject({ free: 0, allocated: 0, shipped: 0 });
    expectSound(shipped);
  });

  it('folds the shipped units into the record at its next write, and keeps them where it is not written', () => {
    let stock = apply(fresh(100), { type: 'allocation', quantity: 3 }, 2).stock!;
    stock = ship(stock, 3, 2).stock!;
    // An allocation the home slot serves writes no record: the shipped units stay unfolded.
    const slotOnly = apply(stock, { type: 'allocation', quantity: 1 }, 2).stock!;
    expect(slotOnly.record).toBe(stock.record);
    expect(slotOnly.slots[2]).toMatchObject({ free: 21, allocated: 1, shipped: 3 });
    expectSound(slotOnly);
    const received = apply(slotOnly, { type: 'receipt', quantity: 10, unitCost: 500 }, 0).stock!;
    expect(received.record).toMatchObject({ onHand: 107, slotted: 22 });
    expect(received.record.layers).toEqual([
      { receivedAt: at, quantity: 97, unitCost: 400 },
      { receivedAt: at, quantity: 10, unitCost: 500 },
    ]);
    expect(unfoldedShipped(received.slots)).toBe(0);
    expect(totalsOf(received.record, received.slots)).toMatchObject({ onHand: 107, allocated: 1 });
    expectSound(received);
  });

  it('keeps a staged (reserve-only) change unfolded, its delta exact', () => {
    let stock = apply(fresh(100), { type: 'allocation', quantity: 5 }, 1).stock!;
    stock = ship(stock, 5, 1).stock!;
    const outcome = applyMovement(
      totalsOf(stock.record, stock.slots),
      { sku, warehouseId, type: 'adjustment', quantity: -10 },
      at,
    );
    if (!outcome.ok) throw new Error('refused');
    const staged = distributeChange(stock, {
      after: outcome.record,
      onHandChange: outcome.onHandChange,
      allocatedChange: outcome.allocatedChange,
      type: 'adjustment',
      home: 0,
      reserveOnly: true,
    });
    expect(staged.record.onHand - stock.record.onHand).toBe(-10);
    expect(staged.slots).toEqual(stock.slots);
    expect(totalsOf(staged.record, staged.slots)).toMatchObject({
      onHand: 85,
      layers: outcome.record.layers,
    });
    expectSound(staged);
  });

  // 3,000 random steps of pure work: seconds on a busy 2-core machine, so a timeout of its own.
  it('gives the same on hand, layers and costs as a record written at each shipment, over a random run', () => {
    let seed = 33;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let stock = fresh(0, 8);
    let plain = record(0);
    stock = { ...stock, record: { ...stock.record, averageUnitCost: 0, layers: [] } };
    plain = { ...plain, averageUnitCost: 0, layers: [] };
    const held = new Map<number, number>();
    let shipments = 0;
    let recordWrites = 0;
    let unfoldedSeen = 0;
    for (let step = 0; step < 3000; step++) {
      const order = Math.floor(random() * 60);
      const home = homeStockSlot({ type: 'order', id: String(order) }, 8);
      const roll = random();
      const mine = held.get(order) ?? 0;
      let request: MovementRequest;
      if (roll < 0.05 || plain.onHand === 0)
        request = {
          sku,
          warehouseId,
          type: 'receipt',
          quantity: 1 + Math.floor(random() * 200),
          unitCost: 100 + Math.floor(random() * 900),
        };
      else if (roll < 0.5 || mine === 0)
        request = { sku, warehouseId, type: 'allocation', quantity: 1 + Math.floor(random() * 3) };
      else if (roll < 0.55) request = { sku, warehouseId, type: 'release', quantity: mine };
      else if (roll < 0.57) request = { sku, warehouseId, type: 'adjustment', quantity: -1 };
      else request = { sku, warehouseId, type: 'shipment', quantity: mine, fromAllocation: mine };
      const plainOutcome = applyMovement(plain, request, at);
      const result = apply(stock, request, home);
      expect(result.stock !== undefined).toBe(plainOutcome.ok);
      if (!plainOutcome.ok || !result.stock) continue;
      if (storedRecordChanged(stock.record, result.stock.record)) recordWrites += 1;
      if (request.type === 'shipment') shipments += 1;
      // Slots are kept as the ledger keeps them: ordered, first given at the allocation that finds enough.
      stock = result.stock;
      plain = plainOutcome.record;
      if (request.type === 'allocation') held.set(order, mine + plainOutcome.allocatedChange);
      if (request.type === 'release' || request.type === 'shipment') held.set(order, 0);
      unfoldedSeen = Math.max(unfoldedSeen, unfoldedShipped(stock.slots));
      const totals = totalsOf(stock.record, stock.slots);
      expect(totals.onHand).toBe(plain.onHand);
      expect(totals.allocated).toBe(plain.allocated);
      expect(totals.layers).toEqual(plain.layers);
      expect(totals.averageUnitCost).toBe(plain.averageUnitCost);
      expectSound(stock);
    }
    expect(shipments).toBeGreaterThan(500);
    expect(unfoldedSeen).toBeGreaterThan(50);
    // Most shipments wrote their slot alone.
    expect(recordWrites).toBeLessThan(shipments / 2);
  }, 30_000);
});
