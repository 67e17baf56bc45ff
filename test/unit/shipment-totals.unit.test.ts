import { describe, expect, it } from 'vitest';
import { monthsOf, totalsReads } from '../../shared/shipments/queries';
import type { TotalsCell } from '../../shared/shipments/totals';
import { filterValuesOf, sumOverShards, totalsOf } from '../../shared/shipments/totals';

function cell(overrides: Partial<TotalsCell> = {}): TotalsCell {
  return {
    day: '2026-11-02',
    carrier: 'UPS',
    service: 'Ground',
    warehouseId: 'W1',
    status: 'active',
    source: 'manual',
    currency: 'USD',
    shipments: 2,
    packages: 3,
    weightGrams: 1000,
    cost: 1500,
    ...overrides,
  };
}

const range = { from: '2026-11-01', to: '2026-11-30' };

describe('totalsOf', () => {
  const cells = [
    cell(),
    cell({
      day: '2026-11-03',
      service: 'Next Day Air',
      shipments: 1,
      packages: 1,
      weightGrams: 200,
      cost: 4000,
    }),
    cell({
      carrier: 'dhl',
      service: 'Express',
      currency: 'EUR',
      cost: 900,
      shipments: 5,
      packages: 5,
      weightGrams: 10,
    }),
    cell({
      carrier: 'DHL',
      service: 'express',
      currency: undefined,
      cost: 0,
      shipments: 1,
      packages: 1,
      weightGrams: 1,
    }),
    cell({ day: '2026-10-31', shipments: 100 }),
    // A cell every shipment left (removed): it counts nowhere.
    cell({ carrier: 'FedEx', shipments: 0, packages: 0, weightGrams: 0, cost: 0 }),
  ];

  it('sums the cells in the range, by carrier and by service, cost per currency', () => {
    const totals = totalsOf(cells, range);
    expect(totals).toMatchObject({
      shipments: 9,
      packages: 10,
      weightGrams: 1211,
      cost: [
        { currency: 'EUR', amount: 900 },
        { currency: 'USD', amount: 5500 },
      ],
    });
    expect(totals.byCarrier.map((c) => [c.carrier, c.shipments])).toEqual([
      ['dhl', 6],
      ['UPS', 3],
    ]);
    expect(totals.byService.map((s) => [s.carrier, s.service, s.shipments])).toEqual([
      ['dhl', 'Express', 6],
      ['UPS', 'Ground', 2],
      ['UPS', 'Next Day Air', 1],
    ]);
  });

  it('applies every filter, carrier and service case-insensitively', () => {
    expect(totalsOf(cells, { ...range, carrier: 'Dhl' }).shipments).toBe(6);
    expect(totalsOf(cells, { ...range, carrier: 'ups', service: 'ground' }).shipments).toBe(2);
    expect(totalsOf(cells, { ...range, warehouseId: 'W2' }).shipments).toBe(0);
    expect(totalsOf(cells, { ...range, status: 'voided' }).byCarrier).toEqual([]);
    expect(
      totalsOf(cells, { ...range, source: 'manual', from: '2026-10-31', to: '2026-10-31' }).shipments,
    ).toBe(100);
  });
});

describe('filterValuesOf', () => {
  it('answers the values present in the range with their counts', () => {
    const values = filterValuesOf(
      [
        cell(),
        cell({ carrier: 'DHL', warehouseId: undefined, source: 'label', shipments: 4 }),
        cell({ day: '2025-01-01', carrier: 'Old' }),
      ],
      range,
    );
    expect(values).toEqual({
      carriers: [
        { carrier: 'DHL', shipments: 4 },
        { carrier: 'UPS', shipments: 2 },
      ],
      services: [
        { carrier: 'DHL', service: 'Ground', shipments: 4 },
        { carrier: 'UPS', service: 'Ground', shipments: 2 },
      ],
      warehouseIds: [{ warehouseId: 'W1', shipments: 2 }],
      statuses: [{ status: 'active', shipments: 6 }],
      sources: [
        { source: 'label', shipments: 4 },
        { source: 'manual', shipments: 2 },
      ],
    });
  });
});

describe('monthsOf', () => {
  it('lists the months a range touches, across a year end', () => {
    expect(monthsOf('2026-11-15', '2027-02-01')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsOf('2026-11-15', '2026-11-16')).toEqual(['2026-11']);
  });
});

describe('totalsReads', () => {
  it('reads month cells for whole months and day cells for the partial ones', () => {
    expect(totalsReads({ from: '2026-09-15', to: '2026-11-30' })).toEqual([
      { month: '2026-09', whole: false, from: '2026-09-15', to: '2026-09-30' },
      { month: '2026-10', whole: true },
      { month: '2026-11', whole: true },
    ]);
    expect(totalsReads({ from: '2024-02-01', to: '2024-02-28' })).toEqual([
      { month: '2024-02', whole: false, from: '2024-02-01', to: '2024-02-28' },
    ]);
    expect(totalsReads({ from: '2024-02-01', to: '2024-02-29' })).toEqual([
      { month: '2024-02', whole: true },
    ]);
  });
});

describe('sumOverShards', () => {
  const { currency: _currency, ...withoutCurrency } = cell({ cost: 0 });
  it('sums each day and combination over its shards into one cell, in key order, keys left out', () => {
    const parts = [
      { ...cell({ day: '2026-11-03' }), PK: 'SHIPTOTALS@3#2026-11', SK: 'x' },
      cell(),
      cell({ shipments: -1, packages: -1, weightGrams: -400, cost: -500 }),
      cell({ carrier: 'ups', service: 'GROUND', shipments: 3, packages: 4, weightGrams: 10, cost: 20 }),
      cell({ status: 'voided', shipments: 1, packages: 1, weightGrams: 400, cost: 500 }),
      withoutCurrency,
    ];
    expect(sumOverShards(parts)).toEqual([
      withoutCurrency,
      // UPS and ups share a key (carriers and services fold): one cell, named as its first part.
      cell({ shipments: 4, packages: 6, weightGrams: 610, cost: 1020 }),
      cell({ status: 'voided', shipments: 1, packages: 1, weightGrams: 400, cost: 500 }),
      cell({ day: '2026-11-03' }),
    ]);
  });

  it('names a cell after a part that counts shipments', () => {
    const parts = [
      cell({ carrier: 'ups', shipments: 0, packages: 0, weightGrams: 0, cost: 0 }),
      cell({ carrier: 'UPS', shipments: 1, packages: 1, weightGrams: 5, cost: 7 }),
    ];
    expect(sumOverShards(parts)).toEqual([cell({ shipments: 1, packages: 1, weightGrams: 5, cost: 7 })]);
  });
});
