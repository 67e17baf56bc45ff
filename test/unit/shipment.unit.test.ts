import { describe, expect, it } from 'vitest';
import type { OrderLine } from '../../shared/domain/order';
import {
  linesToShip,
  normaliseTrackingStatus,
  shipmentNote,
  shipmentStockRequests,
  shipmentWeight,
  withShippedUnits,
} from '../../shared/domain/shipment';
import { applyMovement, emptyStock } from '../../shared/domain/stock-ledger';
import type { MovementRequest } from '../../shared/domain/stock-ledger';
import { Conflict, ValidationFailed } from '../../shared/errors';
import { storedOrderLine } from '../support/domain-builders';

const line = (overrides: Partial<OrderLine> = {}): OrderLine =>
  storedOrderLine({ tax: 0, shippedQuantity: 0, ...overrides });

describe('linesToShip', () => {
  const lines = [
    line(),
    line({ itemId: 'B', sku: 'SKU-B', quantity: 2, shippedQuantity: 2 }),
    line({ itemId: 'C', sku: 'SKU-C', quantity: 1, status: 'cancelled' }),
    line({ itemId: 'D', sku: 'SKU-D', quantity: 4, shippedQuantity: 1 }),
  ];

  it('defaults to every unshipped unit of the active lines', () => {
    expect(linesToShip(lines)).toEqual([
      { itemId: 'A', sku: 'SKU-A', quantity: 3 },
      { itemId: 'D', sku: 'SKU-D', quantity: 3 },
    ]);
  });

  it('takes named lines and quantities', () => {
    expect(linesToShip(lines, [{ itemId: 'D', quantity: 2 }])).toEqual([
      { itemId: 'D', sku: 'SKU-D', quantity: 2 },
    ]);
  });

  it('refuses more than is unshipped and cancelled lines as conflicts naming every line', () => {
    const refusal = () =>
      linesToShip(lines, [
        { itemId: 'A', quantity: 4 },
        { itemId: 'C', quantity: 1 },
        { itemId: 'D', quantity: 1 },
      ]);
    expect(refusal).toThrow(Conflict);
    expect(refusal).toThrow(
      'More than is unshipped: line A (SKU-A: only 3 unshipped, 4 asked); line C (SKU-C: cancelled, 1 asked).',
    );
  });

  it('refuses unknown item ids as bad input, with their paths', () => {
    try {
      linesToShip(lines, [
        { itemId: 'A', quantity: 1 },
        { itemId: 'constructor', quantity: 1 },
      ]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationFailed);
      expect((error as ValidationFailed).errors).toEqual([
        { path: 'body.lines[1].itemId', message: 'the order has no line constructor' },
      ]);
    }
  });

  it('is a conflict when nothing is left to ship', () => {
    expect(() => linesToShip([line({ shippedQuantity: 3 })])).toThrow(/Nothing is left to ship/);
  });

  it('says an order whose every line is cancelled has no active lines (not that they shipped)', () => {
    expect(() =>
      linesToShip([line({ status: 'cancelled' }), line({ itemId: 'B', status: 'cancelled' })]),
    ).toThrow('Nothing to ship: the order has no active lines (every line is cancelled).');
  });
});

describe('withShippedUnits', () => {
  it('adds and takes back shipped units, never past the line', () => {
    const lines = [line(), line({ itemId: 'B', sku: 'SKU-B', quantity: 1 })];
    const shipped = withShippedUnits(lines, [{ itemId: 'A', sku: 'SKU-A', quantity: 2 }], 1);
    expect(shipped.map((l) => l.shippedQuantity)).toEqual([2, 0]);
    expect(withShippedUnits(shipped, [{ itemId: 'A', sku: 'SKU-A', quantity: 2 }], -1)).toEqual(lines);
    expect(() => withShippedUnits(lines, [{ itemId: 'A', sku: 'SKU-A', quantity: 1 }], -1)).toThrow(Conflict);
    expect(() => withShippedUnits(lines, [{ itemId: 'Z', sku: 'SKU-Z', quantity: 1 }], 1)).toThrow(
      /no longer has lines Z/,
    );
  });
});

describe('shipmentWeight and shipmentNote', () => {
  it('weighs the units shipped by their lines’ unit weights', () => {
    const lines = [line({ weightGrams: 250 }), line({ itemId: 'B', sku: 'SKU-B' })];
    expect(
      shipmentWeight(lines, [
        { itemId: 'A', sku: 'SKU-A', quantity: 2 },
        { itemId: 'B', sku: 'SKU-B', quantity: 1 },
      ]),
    ).toBe(500);
  });

  it('describes the shipment and the shipped quantities that changed', () => {
    const before = [line()];
    const after = withShippedUnits(before, [{ itemId: 'A', sku: 'SKU-A', quantity: 1 }], 1);
    const note = shipmentNote(
      {
        id: 'S1',
        carrier: 'UPS',
        service: 'Ground',
        trackingNumber: '1Z',
        source: 'manual',
        lines: [{ itemId: 'A', sku: 'SKU-A', quantity: 1 }],
      },
      before,
      after,
      1,
    );
    expect(note).toEqual({
      kind: 'fulfillment',
      summary: 'Shipped 1 unit by UPS Ground, tracking 1Z (manual shipment S1)',
      changes: { shipmentId: { from: null, to: 'S1' }, 'lines.A.shippedQuantity': { from: 0, to: 1 } },
    });
  });
});

describe('shipmentStockRequests', () => {
  const shipment = {
    id: 'S1',
    warehouseId: 'W1',
    lines: [
      { itemId: 'A', sku: 'SKU-A', quantity: 2 },
      { itemId: 'B', sku: 'SKU-A', quantity: 1 },
    ],
  };
  const release = (quantity: number, warehouseId = 'W1', sku = 'SKU-A'): MovementRequest => ({
    sku,
    warehouseId,
    type: 'release',
    quantity,
    reference: { type: 'order', id: 'O1' },
  });

  it('ships the units the order releases out of its own allocation', () => {
    expect(shipmentStockRequests([release(3), release(1, 'W1', 'SKU-B')], shipment, 1)).toEqual([
      release(1, 'W1', 'SKU-B'),
      {
        sku: 'SKU-A',
        warehouseId: 'W1',
        type: 'shipment',
        quantity: 3,
        fromAllocation: 3,
        reference: { type: 'shipment', id: 'S1' },
        // Stock with slots finds the order's allocation in the order's home slot.
        allocationOf: { type: 'order', id: 'O1' },
      },
    ]);
  });

  it('takes nothing from the allocation when the order held none there', () => {
    expect(shipmentStockRequests([release(3, 'W2')], shipment, 1)).toEqual([
      release(3, 'W2'),
      expect.objectContaining({ type: 'shipment', quantity: 3, fromAllocation: 0 }),
    ]);
  });

  it('puts units taken back straight into the allocation the order makes again', () => {
    const allocation: MovementRequest = { ...release(5), type: 'allocation' };
    expect(shipmentStockRequests([allocation], shipment, -1)).toEqual([
      expect.objectContaining({ type: 'shipment_reversal', quantity: 3, fromAllocation: 3 }),
      { ...allocation, quantity: 2 },
    ]);
  });

  it('moves no stock for an order without a warehouse', () => {
    expect(shipmentStockRequests([], { ...shipment, warehouseId: undefined }, 1)).toEqual([]);
  });
});

describe('the ledger’s shipment movements', () => {
  const record = {
    ...emptyStock('SKU-A', 'W1', '2026-01-01T00:00:00.000Z'),
    onHand: 3,
    allocated: 5,
    available: 0,
    backordered: 2,
    averageUnitCost: 100,
  };

  it('never ships units that are not on hand, even when allocated', () => {
    const outcome = applyMovement(
      record,
      { sku: 'SKU-A', warehouseId: 'W1', type: 'shipment', quantity: 4, fromAllocation: 4 },
      'now',
    );
    expect(outcome).toMatchObject({ ok: false, shortfall: { requested: 4, available: 3, missing: 1 } });
  });

  it('ships from the order’s allocation without touching what others hold', () => {
    const free = { ...record, onHand: 10, allocated: 4, available: 6, backordered: 0 };
    const fromOwn = applyMovement(
      free,
      { sku: 'SKU-A', warehouseId: 'W1', type: 'shipment', quantity: 3, fromAllocation: 3 },
      'now',
    );
    expect(fromOwn).toMatchObject({ ok: true, record: { onHand: 7, allocated: 1, available: 6 } });
    const fromFree = applyMovement(
      free,
      { sku: 'SKU-A', warehouseId: 'W1', type: 'shipment', quantity: 3, fromAllocation: 0 },
      'now',
    );
    expect(fromFree).toMatchObject({ ok: true, record: { onHand: 7, allocated: 4, available: 3 } });
    const tooMuch = applyMovement(
      free,
      { sku: 'SKU-A', warehouseId: 'W1', type: 'shipment', quantity: 7, fromAllocation: 0 },
      'now',
    );
    expect(tooMuch).toMatchObject({ ok: false, shortfall: { available: 6 } });
  });

  it('takes a shipment back at the average cost, even with nothing on hand', () => {
    const empty = {
      ...record,
      onHand: 0,
      allocated: 0,
      available: 0,
      backordered: 0,
      averageUnitCost: 0,
      layers: [],
    };
    const outcome = applyMovement(
      empty,
      { sku: 'SKU-A', warehouseId: 'W1', type: 'shipment_reversal', quantity: 2, fromAllocation: 2 },
      'now',
    );
    expect(outcome).toMatchObject({ ok: true, record: { onHand: 2, allocated: 2, available: 0 } });
  });
});

describe('normaliseTrackingStatus', () => {
  it.each([
    [undefined, 'unknown'],
    ['', 'unknown'],
    ['NY', 'unknown'],
    ['AC', 'accepted'],
    ['Label created', 'accepted'],
    ['IT', 'in_transit'],
    ['Out for delivery', 'in_transit'],
    ['in-transit', 'in_transit'],
    ['DE', 'delivered'],
    ['Delivered, front porch', 'delivered'],
    ['EX', 'exception'],
    ['Delivery attempt failed', 'exception'],
    ['AT', 'exception'],
    ['something new', 'unknown'],
    ['constructor', 'unknown'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseTrackingStatus(raw)).toBe(expected);
  });
});
