/** Payments staff record on an order: never an overpayment, and a negative one only up to what was overpaid. */
import { describe, expect, it } from 'vitest';
import { deriveTotals } from '../../shared/domain/order';
import { checkStaffPayment } from '../../shared/domain/payment';
import { Conflict } from '../../shared/errors';
import { storedOrderLine } from '../support/domain-builders';
import { thrown } from '../support/errors';

/** 2 mugs at 15.00 with 3.00 tax and 5.00 shipping (38.00), and a 19.44 line cancelled after payment. */
const order = {
  lines: [
    storedOrderLine({ quantity: 2, unitPrice: 1500, tax: 300 }),
    storedOrderLine({ itemId: 'B', unitPrice: 1944, quantity: 1, tax: 0, status: 'cancelled' }),
  ],
  shippingCharge: 500,
};

describe('deriveTotals: refundable', () => {
  it('is what was paid beyond the total: 19.44 once the paid line is cancelled', () => {
    const totals = deriveTotals(order, { paid: 3800 + 1944, refunded: 0, credited: 0 });
    expect(totals).toMatchObject({ total: 3800, balance: -1944, refundable: 1944 });
  });

  it('is 0 while something is owed or the order is paid exactly', () => {
    expect(deriveTotals(order, { paid: 1000, refunded: 0, credited: 0 }).refundable).toBe(0);
    expect(deriveTotals(order, { paid: 3800, refunded: 0, credited: 0 }).refundable).toBe(0);
  });

  it('drops by what was paid back', () => {
    const totals = deriveTotals(order, { paid: 3800 + 1944, refunded: 1000, credited: 0 });
    expect(totals).toMatchObject({ balance: -944, refundable: 944 });
  });
});

describe('checkStaffPayment', () => {
  it('takes a payment up to the balance due, and refuses more naming it', () => {
    expect(checkStaffPayment(3800, { balance: 3800, refundable: 0 }, 'USD')).toBe('payment');
    const refusal = thrown(() => checkStaffPayment(3801, { balance: 3800, refundable: 0 }, 'USD'));
    expect(refusal).toBeInstanceOf(Conflict);
    expect(refusal.extensions).toEqual({ balance: 3800, currency: 'USD' });
  });

  it('refuses any payment on an overpaid order (nothing is due)', () => {
    const refusal = thrown(() => checkStaffPayment(1, { balance: -1944, refundable: 1944 }, 'USD'));
    expect(refusal.extensions).toEqual({ balance: 0, currency: 'USD' });
  });

  it('takes a negative payment up to what was overpaid, and refuses more naming it', () => {
    expect(checkStaffPayment(-1944, { balance: -1944, refundable: 1944 }, 'USD')).toBe('refund');
    const refusal = thrown(() => checkStaffPayment(-1945, { balance: -1944, refundable: 1944 }, 'USD'));
    expect(refusal).toBeInstanceOf(Conflict);
    expect(refusal.extensions).toEqual({ refundable: 1944, currency: 'USD' });
  });

  it('refuses a negative payment on an order that is not overpaid', () => {
    expect(() => checkStaffPayment(-1, { balance: 0, refundable: 0 }, 'USD')).toThrow(Conflict);
  });
});
