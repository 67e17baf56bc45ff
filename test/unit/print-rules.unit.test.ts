import { describe, expect, it } from 'vitest';
import {
  checkShipDate,
  checkStatusAllowsPrint,
  requireOrderWarehouse,
  shipDateRange,
  shipsUnpaid,
  unpaidShipmentNote,
} from '../../functions/fulfillment/labels/print-rules';
import { builtInStatus } from '../../shared/domain/order-status';
import type { OrderStatus } from '../../shared/domain/order-status';
import { Conflict, ValidationFailed } from '../../shared/errors';

const totals = {
  subtotal: 0,
  shipping: 0,
  tax: 0,
  discount: 0,
  total: 2300,
  paid: 0,
  refunded: 0,
  credited: 0,
  refundable: 0,
};
const order = { id: 'O-1', warehouseId: 'W', currency: 'USD', totals: { ...totals, balance: 2300 } };
const status = (id: string) => builtInStatus(id)!;
const custom = (category: OrderStatus['category']): OrderStatus => ({
  id: 'custom',
  name: 'Fraud review',
  category,
  allowBackorder: false,
  builtIn: false,
});
const thrown = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('what a print needs of its order', () => {
  it('its own warehouse, not the default one', () => {
    expect(requireOrderWarehouse(order)).toBe('W');
    const error = thrown(() => requireOrderWarehouse({ ...order, warehouseId: undefined }));
    expect(error).toBeInstanceOf(Conflict);
    expect((error as Conflict).message).toMatch(/assign a warehouse to the order/);
  });

  it('no hold of any kind, whatever shipUnpaid says', () => {
    for (const hold of [status('on-hold'), custom('on_hold')]) {
      for (const shipUnpaid of [false, true]) {
        const error = thrown(() => checkStatusAllowsPrint(order, hold, shipUnpaid));
        expect(error).toBeInstanceOf(Conflict);
        expect((error as Conflict).extensions).toMatchObject({ reasonCode: 'order_on_hold' });
      }
    }
  });

  it('awaiting payment (the status category) only with shipUnpaid, which is then worth a history entry', () => {
    for (const unpaid of [status('awaiting-payment'), custom('awaiting_payment')]) {
      const error = thrown(() => checkStatusAllowsPrint(order, unpaid, false));
      expect((error as Conflict).extensions).toMatchObject({ reasonCode: 'order_awaiting_payment' });
      expect((error as Conflict).message).toContain('23.00 USD owed');
      expect(() => checkStatusAllowsPrint(order, unpaid, true)).not.toThrow();
      expect(shipsUnpaid(unpaid, true)).toBe(true);
    }
    // Staff moved it to an open status: shipping it was their decision, balance or not.
    expect(() => checkStatusAllowsPrint(order, status('awaiting-shipment'), false)).not.toThrow();
    expect(shipsUnpaid(status('awaiting-shipment'), true)).toBe(false);
    expect(unpaidShipmentNote({ ...order, currency: 'JPY', totals: { ...totals, balance: 500 } })).toEqual({
      kind: 'fulfillment',
      summary: 'Label printed while awaiting payment ("shipUnpaid": true), 500 JPY owed',
      changes: { shippedUnpaid: { from: null, to: true } },
    });
  });
});

describe('ship date', () => {
  it('is today to 7 days ahead in the zone, and a day outside is a 400 naming the range', () => {
    // 23:30 UTC on 30 Nov is already 1 Dec in Warsaw.
    const now = new Date('2026-11-30T23:30:00Z');
    expect(shipDateRange(now, 'UTC')).toEqual({ earliest: '2026-11-30', latest: '2026-12-07' });
    const warsaw = shipDateRange(now, 'Europe/Warsaw');
    expect(warsaw).toEqual({ earliest: '2026-12-01', latest: '2026-12-08' });
    expect(() => checkShipDate('2026-12-01', warsaw, 'Europe/Warsaw')).not.toThrow();
    expect(() => checkShipDate('2026-12-08', warsaw, 'Europe/Warsaw')).not.toThrow();
    for (const day of ['2026-11-30', '2026-12-09']) {
      const error = thrown(() => checkShipDate(day, warsaw, 'Europe/Warsaw'));
      expect(error).toBeInstanceOf(ValidationFailed);
      expect((error as ValidationFailed).message).toContain(
        'from 2026-12-01 (today in Europe/Warsaw) to 2026-12-08',
      );
    }
  });
});
