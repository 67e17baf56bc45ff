/** Refund arithmetic: shares of a line's money, the remainder's place, and the limits of a refund. */
import { describe, expect, it } from 'vitest';
import type { OrderLine } from '../../shared/domain/order';
import type { Payment } from '../../shared/domain/payment';
import type { RefundAmounts, RefundAsked } from '../../shared/domain/refunds';
import { refundAmounts, shareOf, splitRefund } from '../../shared/domain/refunds';
import { deriveTotals } from '../../shared/domain/order';
import { paymentSums } from '../../shared/domain/payment';
import { Conflict } from '../../shared/errors';
import { storedOrderLine } from '../support/domain-builders';
import { thrown } from '../support/errors';

const at = '2026-11-22T10:00:00.000Z';
let paymentIds = 0;

const line = storedOrderLine;

/** A line of 3 units whose goods come to 1000 (3 × 400 − 200) and whose tax is 100. */
const thirds = line({ unitPrice: 400, discount: 200, tax: 100 });

const paymentId = () => `01JD00000000000000000PAY${String((paymentIds += 1)).padStart(2, '0')}`;

function payment(amount: number, overrides: Partial<Payment> = {}): Payment {
  return {
    id: paymentId(),
    amount,
    method: 'card',
    paidAt: at,
    recordedAt: at,
    recordedBy: 'staff',
    ...overrides,
  };
}

/** The payment that carries an earlier refund for returned goods, as the returns group records it. */
const refundPayment = (amounts: RefundAmounts, returnId = 'R1'): Payment =>
  payment(-amounts.refunded, {
    refund: { returnId, lines: amounts.lines, shipping: amounts.shipping, credited: amounts.credited },
  });

const ask = (lines: RefundAsked['lines'], overrides: Partial<RefundAsked> = {}): RefundAsked => ({
  lines,
  includeTax: true,
  shipping: 0,
  ...overrides,
});

/** Refunds each step in turn, recording each as a payment as the service does; the amounts of each. */
function refundInSteps(orderLines: OrderLine[], paid: number, steps: RefundAsked[]): RefundAmounts[] {
  const payments = [payment(paid)];
  return steps.map((asked) => {
    const amounts = refundAmounts(orderLines, 0, payments, asked);
    payments.push(refundPayment(amounts));
    return amounts;
  });
}

describe('shareOf', () => {
  it('is money × units / quantity rounded down', () => {
    expect(shareOf(1000, 1, 3)).toBe(333);
    expect(shareOf(1000, 2, 3)).toBe(666);
    expect(shareOf(1000, 3, 3)).toBe(1000);
    expect(shareOf(999, 1, 3)).toBe(333);
  });

  it('is exact where money × units is beyond what a double holds', () => {
    const money = 999_999_999_999;
    const exact = Number((BigInt(money) * 999_999n) / 1_000_000n);
    expect(exact).toBe(999_998_999_999);
    expect(shareOf(money, 999_999, 1_000_000)).toBe(exact);
  });

  it('is exact where floating-point division would round a unit short', () => {
    const money = 999_999_999_999;
    const exact = Number((BigInt(money) * 26_158n) / 26_159n);
    expect(Math.floor((money * 26_158) / 26_159)).toBe(exact - 1);
    expect(shareOf(money, 26_158, 26_159)).toBe(exact);
  });

  it('is 0 for no units', () => {
    expect(shareOf(1000, 0, 3)).toBe(0);
  });

  it('rounds a negative money down, away from zero', () => {
    expect(shareOf(-1000, 1, 3)).toBe(-334);
    expect(shareOf(-999, 1, 3)).toBe(-333);
  });
});

describe('refundAmounts: the remainder of a line is placed deterministically', () => {
  it('gives 333, 333, 334 (tax 33, 33, 34) unit by unit, adding up to the line exactly', () => {
    const one = ask([{ itemId: 'A', quantity: 1 }]);
    const steps = refundInSteps([thirds], 1100, [one, one, one]);
    expect(steps.map((step) => step.lines[0])).toEqual([
      { itemId: 'A', quantity: 1, goods: 333, tax: 33 },
      { itemId: 'A', quantity: 1, goods: 333, tax: 33 },
      { itemId: 'A', quantity: 1, goods: 334, tax: 34 },
    ]);
    expect(steps.map((step) => step.total)).toEqual([366, 366, 368]);
    expect(steps.reduce((sum, step) => sum + step.total, 0)).toBe(1100);
  });

  it('gives the same total refunding 2 units and then 1', () => {
    const steps = refundInSteps([thirds], 1100, [
      ask([{ itemId: 'A', quantity: 2 }]),
      ask([{ itemId: 'A', quantity: 1 }]),
    ]);
    expect(steps.map((step) => step.lines[0])).toEqual([
      { itemId: 'A', quantity: 2, goods: 666, tax: 66 },
      { itemId: 'A', quantity: 1, goods: 334, tax: 34 },
    ]);
    expect(steps.reduce((sum, step) => sum + step.total, 0)).toBe(1100);
  });

  it('gives the whole line refunding every unit at once', () => {
    const [all] = refundInSteps([thirds], 1100, [ask([{ itemId: 'A', quantity: 3 }])]);
    expect(all).toEqual({
      lines: [{ itemId: 'A', quantity: 3, goods: 1000, tax: 100 }],
      shipping: 0,
      total: 1100,
      credited: 0,
      refunded: 1100,
    });
  });

  it("counts units an earlier return's refund covered when refunding for another return", () => {
    const payments = [payment(1100)];
    const first = refundAmounts([thirds], 0, payments, ask([{ itemId: 'A', quantity: 2 }]));
    payments.push(refundPayment(first, 'R1'));
    // The service asks this one for return R2: the arithmetic reads only the order's payments.
    const second = refundAmounts([thirds], 0, payments, ask([{ itemId: 'A', quantity: 1 }]));
    expect(second.lines).toEqual([{ itemId: 'A', quantity: 1, goods: 334, tax: 34 }]);
  });
});

describe('refundAmounts: amounts', () => {
  it('values a line at unit price × quantity less its discount', () => {
    const discounted = line({ unitPrice: 1250, quantity: 4, discount: 500, tax: 0 });
    const amounts = refundAmounts([discounted], 0, [payment(4500)], ask([{ itemId: 'A', quantity: 4 }]));
    expect(amounts.lines).toEqual([{ itemId: 'A', quantity: 4, goods: 4500, tax: 0 }]);
    expect(amounts.total).toBe(4500);
  });

  it('refunds no tax when includeTax is false', () => {
    const amounts = refundAmounts(
      [thirds],
      0,
      [payment(1100)],
      ask([{ itemId: 'A', quantity: 3 }], { includeTax: false }),
    );
    expect(amounts).toEqual({
      lines: [{ itemId: 'A', quantity: 3, goods: 1000, tax: 0 }],
      shipping: 0,
      total: 1000,
      credited: 0,
      refunded: 1000,
    });
  });

  it('adds the shipping asked for to the total, and refunds shipping alone', () => {
    const withShipping = refundAmounts(
      [thirds],
      500,
      [payment(1600)],
      ask([{ itemId: 'A', quantity: 1 }], { shipping: 500 }),
    );
    expect(withShipping.total).toBe(333 + 33 + 500);
    expect(refundAmounts([thirds], 500, [payment(1600)], ask([], { shipping: 200 }))).toEqual({
      lines: [],
      shipping: 200,
      total: 200,
      credited: 0,
      refunded: 200,
    });
  });

  it('sums several lines of one refund', () => {
    const lines = [thirds, line({ itemId: 'B', sku: 'SKU-B', quantity: 2, unitPrice: 750, tax: 150 })];
    const amounts = refundAmounts(
      lines,
      0,
      [payment(2800)],
      ask([
        { itemId: 'A', quantity: 1 },
        { itemId: 'B', quantity: 1 },
      ]),
    );
    expect(amounts.lines).toEqual([
      { itemId: 'A', quantity: 1, goods: 333, tax: 33 },
      { itemId: 'B', quantity: 1, goods: 750, tax: 75 },
    ]);
    expect(amounts.total).toBe(333 + 33 + 750 + 75);
  });
});

describe('refundAmounts: limits', () => {
  it('allows shipping up to what is left of the charge after earlier refunds, and refuses more', () => {
    const payments = [payment(2000), payment(-300, { refund: { returnId: 'R0', lines: [], shipping: 300 } })];
    expect(refundAmounts([thirds], 500, payments, ask([], { shipping: 200 })).shipping).toBe(200);
    const refusal = thrown(() => refundAmounts([thirds], 500, payments, ask([], { shipping: 201 })));
    expect(refusal).toBeInstanceOf(Conflict);
    expect(refusal.extensions).toEqual({ shippingRefundable: 200 });
    expect(refusal.message).toBe("At most 200 of the order's shipping charge is left to refund, not 201.");
  });

  it('refuses to pay back more than was paid less what was refunded', () => {
    // A line that no longer counts in the total (cancelled): nothing is owed, so all of it would be paid back.
    const cancelled = line({ unitPrice: 400, discount: 200, tax: 100, status: 'cancelled' });
    const payments = [payment(1000), payment(500), payment(-401)];
    const refusal = thrown(() =>
      refundAmounts([cancelled], 0, payments, ask([{ itemId: 'A', quantity: 3 }])),
    );
    expect(refusal).toBeInstanceOf(Conflict);
    expect(refusal.extensions).toEqual({ amount: 1100, credited: 0, refundable: 1099 });
  });

  it('allows paying back exactly what was paid less what was refunded', () => {
    const payments = [payment(1000), payment(500), payment(-400)];
    expect(refundAmounts([thirds], 0, payments, ask([{ itemId: 'A', quantity: 3 }]))).toMatchObject({
      total: 1100,
      credited: 0,
      refunded: 1100,
    });
  });

  it('refuses more units of a line than remain unrefunded across the order refunds', () => {
    const payments = [payment(1100)];
    const first = refundAmounts([thirds], 0, payments, ask([{ itemId: 'A', quantity: 2 }]));
    payments.push(refundPayment(first, 'R1'));
    const refusal = thrown(() => refundAmounts([thirds], 0, payments, ask([{ itemId: 'A', quantity: 2 }])));
    expect(refusal).toBeInstanceOf(Conflict);
    expect(refusal.extensions).toEqual({ itemId: 'A', refundable: 1 });
    expect(refusal.message).toBe('Line A (SKU-A) has 1 unit(s) left to refund, not 2.');
  });

  it('refuses a line the order does not have', () => {
    expect(() => refundAmounts([thirds], 0, [payment(1100)], ask([{ itemId: 'Z', quantity: 1 }]))).toThrow(
      'The order has no line Z.',
    );
  });

  it('refuses a refund that comes to nothing', () => {
    const free = line({ unitPrice: 0, tax: 0 });
    const refusal = thrown(() =>
      refundAmounts([free], 0, [payment(100)], ask([{ itemId: 'A', quantity: 1 }])),
    );
    expect(refusal).toBeInstanceOf(Conflict);
    expect(refusal.message).toBe('These lines and this shipping come to nothing to refund.');
    expect(() => refundAmounts([thirds], 0, [payment(100)], ask([]))).toThrow(Conflict);
  });
});

describe('splitRefund: on an order still owing, returned goods first reduce what is owed', () => {
  it('credits all of it while the customer owes at least as much: no money moves', () => {
    expect(splitRefund(5000, { balance: 8000, paid: 3000, refunded: 0 })).toEqual({
      credited: 5000,
      refunded: 0,
    });
  });

  it('credits what is owed and pays back the rest', () => {
    expect(splitRefund(10_000, { balance: 8000, paid: 3000, refunded: 0 })).toEqual({
      credited: 8000,
      refunded: 2000,
    });
  });

  it('pays all of it back on a paid or overpaid order', () => {
    expect(splitRefund(1650, { balance: 0, paid: 7300, refunded: 0 })).toEqual({
      credited: 0,
      refunded: 1650,
    });
    expect(splitRefund(1650, { balance: -1944, paid: 7300, refunded: 0 })).toEqual({
      credited: 0,
      refunded: 1650,
    });
  });

  it('refuses to pay back more than paid less refunded, naming the amounts', () => {
    const refusal = thrown(() => splitRefund(10_000, { balance: 8000, paid: 3000, refunded: 2000 }));
    expect(refusal).toBeInstanceOf(Conflict);
    expect(refusal.extensions).toEqual({ amount: 10_000, credited: 8000, refundable: 1000 });
  });
});

describe('refundAmounts: the part-paid order of issue 29 (2 × 50.00 + 10.00 shipping, 30.00 paid)', () => {
  const shirts = line({ quantity: 2, unitPrice: 5000, tax: 0, shippedQuantity: 2 });

  /** The order's totals after the payments, as the order writer derives them. */
  const totalsAfter = (payments: Payment[]) =>
    deriveTotals({ lines: [shirts], shippingCharge: 1000 }, paymentSums(payments));

  it('credits 80.00 against what is owed and refunds 20.00 for both shirts; the order owes nothing', () => {
    const payments = [payment(3000)];
    expect(totalsAfter(payments)).toMatchObject({ total: 11_000, balance: 8000 });
    const amounts = refundAmounts([shirts], 1000, payments, ask([{ itemId: 'A', quantity: 2 }]));
    expect(amounts).toMatchObject({ total: 10_000, credited: 8000, refunded: 2000 });
    payments.push(refundPayment(amounts));
    expect(totalsAfter(payments)).toEqual({
      subtotal: 10_000,
      shipping: 1000,
      tax: 0,
      discount: 0,
      total: 1000,
      paid: 3000,
      refunded: 2000,
      credited: 10_000,
      balance: 0,
      refundable: 0,
    });
  });

  it('credits one shirt alone (no money moves), then credits and refunds the other, then refunds shipping', () => {
    const payments = [payment(3000)];
    const first = refundAmounts([shirts], 1000, payments, ask([{ itemId: 'A', quantity: 1 }]));
    expect(first).toMatchObject({ total: 5000, credited: 5000, refunded: 0 });
    payments.push(refundPayment(first));
    expect(totalsAfter(payments)).toMatchObject({ total: 6000, refunded: 0, credited: 5000, balance: 3000 });
    const second = refundAmounts([shirts], 1000, payments, ask([{ itemId: 'A', quantity: 1 }]));
    expect(second).toMatchObject({ total: 5000, credited: 3000, refunded: 2000 });
    payments.push(refundPayment(second));
    const shipping = refundAmounts([shirts], 1000, payments, ask([], { shipping: 1000 }));
    expect(shipping).toMatchObject({ total: 1000, credited: 0, refunded: 1000 });
    payments.push(refundPayment(shipping));
    expect(totalsAfter(payments)).toMatchObject({
      total: 0,
      paid: 3000,
      refunded: 3000,
      credited: 11_000,
      balance: 0,
    });
  });
});
