import { describe, expect, it } from 'vitest';
import type { OrderCharges } from '../../shared/shipments/slip-charges';
import { chargeRows, lineCharge } from '../../shared/shipments/slip-charges';

describe('lineCharge: what the customer paid for the units in a parcel', () => {
  it('carries the whole discount for the whole line, exactly', () => {
    expect(lineCharge({ quantity: 2, unitPrice: 4500, discount: 1000 }, 2)).toEqual({
      gross: 9000n,
      discount: 1000n,
      net: 8000n,
    });
  });

  it('carries its share of the discount for part of the line, floored over the units shipped so far', () => {
    // 1000 × 1/3 = 333.3 → 333; the next 2 units carry floor(1000 × 3/3) − 333 = 667.
    const line = { quantity: 3, unitPrice: 700, discount: 1000 };
    expect(lineCharge(line, 1)).toEqual({ gross: 700n, discount: 333n, net: 367n });
    expect(lineCharge(line, 2, 1)).toEqual({ gross: 1400n, discount: 667n, net: 733n });
    // 2 units first: floor(666.7) = 666; the last unit carries 1000 − 666 = 334.
    expect(lineCharge(line, 2).discount).toBe(666n);
    expect(lineCharge(line, 1, 2).discount).toBe(334n);
  });

  it('adds up to the line’s discount over parcels of 1 + 1 (5 → 2 + 3, not 3 + 3)', () => {
    const line = { quantity: 2, unitPrice: 10, discount: 5 };
    const first = lineCharge(line, 1, 0).discount;
    const second = lineCharge(line, 1, 1).discount;
    expect([first, second]).toEqual([2n, 3n]);
    expect(first + second).toBe(5n);
  });

  it('adds up to the line’s discount over three parcels, whatever their sizes', () => {
    const line = { quantity: 7, unitPrice: 999, discount: 1001 };
    for (const parcels of [
      [1, 1, 5],
      [3, 2, 2],
      [2, 4, 1],
    ]) {
      let before = 0;
      let discount = 0n;
      for (const units of parcels) {
        discount += lineCharge(line, units, before).discount;
        before += units;
      }
      expect(discount, parcels.join(' + ')).toBe(1001n);
    }
  });

  it('stays exact past 2^53 (10^12 minor units × 100,000 units)', () => {
    const charge = lineCharge({ quantity: 100_000, unitPrice: 1_000_000_000_000, discount: 1 }, 100_000);
    expect(charge.net).toBe(99_999_999_999_999_999n);
  });

  it('refuses more units than the line has, counting those shipped before', () => {
    expect(() => lineCharge({ quantity: 2, unitPrice: 1, discount: 0 }, 3)).toThrow(RangeError);
    expect(() => lineCharge({ quantity: 2, unitPrice: 1, discount: 0 }, 2, 1)).toThrow(RangeError);
  });
});

/** Two mugs at 45.00 (10.00 off) and a teapot at 51.00: 141.00 at list price, 159.23 charged and paid. */
const charged: OrderCharges = {
  currency: 'USD',
  subtotal: 14100,
  discount: 1000,
  tax: 1528,
  shipping: 1295,
  credited: 0,
  total: 15923,
  paid: 15923,
  refunded: 0,
  balance: 0,
};
const rowsOf = (charges: OrderCharges, show = { discount: true, tax: true }) =>
  chargeRows(charges, show).map((row) => [row.label, row.amount, row.total ?? false]);

describe('chargeRows: the figures under the slip’s lines', () => {
  it('gives the order’s own figures, adding up to the total charged', () => {
    expect(rowsOf(charged)).toEqual([
      ['Items before discounts', 14100n, false],
      ['Discount', -1000n, false],
      ['Tax', 1528n, false],
      ['Shipping', 1295n, false],
      ['Total', 15923n, true],
      ['Paid', 15923n, false],
    ]);
  });

  it('gives the goods after their discounts when the discount is hidden; says the total includes a hidden tax', () => {
    expect(rowsOf(charged, { discount: false, tax: false })).toEqual([
      ['Items after discounts', 13100n, false],
      ['Shipping', 1295n, false],
      ['Total (tax included)', 15923n, true],
      ['Paid', 15923n, false],
    ]);
  });

  it('shows returned goods, refunds and what is still owed only when there are any', () => {
    const rows = rowsOf({
      ...charged,
      credited: 4500,
      total: 11423,
      paid: 10000,
      refunded: 500,
      balance: 1923,
    });
    expect(rows).toEqual([
      ['Items before discounts', 14100n, false],
      ['Discount', -1000n, false],
      ['Tax', 1528n, false],
      ['Shipping', 1295n, false],
      ['Returned goods', -4500n, false],
      ['Total', 11423n, true],
      ['Paid', 10000n, false],
      ['Refunded', -500n, false],
      ['Balance due', 1923n, false],
    ]);
    expect(rowsOf({ ...charged, discount: 0 }).map(([label]) => label)).not.toContain('Discount');
  });
});
