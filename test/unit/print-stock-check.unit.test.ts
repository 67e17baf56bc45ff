import { describe, expect, it } from 'vitest';
import { unitsShort } from '../../functions/fulfillment/labels/stock-check';

describe('stock check before a label is bought', () => {
  const stock = new Map([
    ['A', { onHand: 5, allocated: 5 }],
    ['B', { onHand: 3, allocated: 6 }],
    ['constructor', { onHand: 1, allocated: 0 }],
  ]);

  it('counts the order’s own allocation as shippable, other orders’ holds not', () => {
    expect(unitsShort([{ itemId: '1', sku: 'A', quantity: 2 }], { A: 2 }, stock)).toEqual([]);
    // Other orders hold 3 of the 5 on hand: 2 left for this one.
    expect(unitsShort([{ itemId: '1', sku: 'A', quantity: 3 }], { A: 2 }, stock)).toEqual([
      { sku: 'A', wanted: 3, shippable: 2 },
    ]);
  });

  it('refuses a backorder (allocated beyond on hand), unknown SKUs, and sums lines of one SKU', () => {
    expect(unitsShort([{ itemId: '1', sku: 'B', quantity: 6 }], { B: 6 }, stock)).toEqual([
      { sku: 'B', wanted: 6, shippable: 3 },
    ]);
    expect(unitsShort([{ itemId: '1', sku: 'NONE', quantity: 1 }], {}, stock)).toEqual([
      { sku: 'NONE', wanted: 1, shippable: 0 },
    ]);
    expect(
      unitsShort(
        [
          { itemId: '1', sku: 'constructor', quantity: 1 },
          { itemId: '2', sku: 'constructor', quantity: 1 },
        ],
        {},
        stock,
      ),
    ).toEqual([{ sku: 'constructor', wanted: 2, shippable: 1 }]);
  });

  it('another order’s backorder never blocks this order’s own units; the backordered order waits behind every hold', () => {
    // APRN-WHT: 3 on hand; two earlier orders hold 2 and 1; a later backordered order holds 2 (allocated 5).
    const apron = new Map([['APRN-WHT', { onHand: 3, allocated: 5 }]]);
    const line = (quantity: number) => [{ itemId: '1', sku: 'APRN-WHT', quantity }];
    expect(unitsShort(line(2), { 'APRN-WHT': 2 }, apron)).toEqual([]);
    expect(unitsShort(line(1), { 'APRN-WHT': 1 }, apron)).toEqual([]);
    expect(unitsShort(line(2), { 'APRN-WHT': 2 }, apron, true)).toEqual([
      { sku: 'APRN-WHT', wanted: 2, shippable: 0 },
    ]);
    // One unit received: the backordered order may ship what nobody else holds, no more.
    const received = new Map([['APRN-WHT', { onHand: 4, allocated: 5 }]]);
    expect(unitsShort(line(2), { 'APRN-WHT': 2 }, received, true)).toEqual([
      { sku: 'APRN-WHT', wanted: 2, shippable: 1 },
    ]);
    // Never more than is on hand, whatever the order holds.
    expect(
      unitsShort(line(3), { 'APRN-WHT': 3 }, new Map([['APRN-WHT', { onHand: 2, allocated: 3 }]])),
    ).toEqual([{ sku: 'APRN-WHT', wanted: 3, shippable: 2 }]);
  });
});
