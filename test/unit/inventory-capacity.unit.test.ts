import { describe, expect, it } from 'vitest';
import { capacityUsed, stockSummary } from '../../shared/warehouses/stock-summary';

describe('warehouse capacity used', () => {
  it('is units on hand over capacity, above 1 when over capacity', () => {
    expect(capacityUsed(0, 1000)).toBe(0);
    expect(capacityUsed(250, 1000)).toBe(0.25);
    expect(capacityUsed(1000, 1000)).toBe(1);
    expect(capacityUsed(1500, 1000)).toBe(1.5);
  });

  it('is null without a capacity', () => {
    expect(capacityUsed(10, undefined)).toBeNull();
    expect(capacityUsed(10, 0)).toBeNull();
  });

  it('summarizes the ledger counters of a warehouse', () => {
    expect(stockSummary({ unitsOnHand: 8, skusHeld: 2, skusBackordered: 1 }, 400)).toEqual({
      skusHeld: 2,
      unitsOnHand: 8,
      skusBackordered: 1,
      capacityUsed: 0.02,
    });
    expect(stockSummary({ unitsOnHand: 8, skusHeld: 2, skusBackordered: 0 }, undefined)).toEqual({
      skusHeld: 2,
      unitsOnHand: 8,
      skusBackordered: 0,
      capacityUsed: null,
    });
  });
});
