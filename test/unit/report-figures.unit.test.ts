/** The sales reports' figures from aggregate cells: pure, no database. */
import { describe, expect, it } from 'vitest';
import {
  compare,
  dashboard,
  paymentsCollected,
  rankSellers,
  salesDaily,
  salesSummary,
  salesTrend,
} from '../../functions/reports/figures';
import type { AggregateDelta, AggregateDimension } from '../../shared/domain/aggregates';

const cell = (
  dimension: AggregateDimension,
  day: string,
  name: string,
  figures: Record<string, number>,
  currency = 'USD',
): AggregateDelta => ({ cell: { day, dimension, name, currency }, figures });

describe('sales figures', () => {
  it('summary: counts over currencies, money per currency, average order value rounded half up', () => {
    const summary = salesSummary([
      cell('channel', '2026-11-01', 'webshop', { orders: 3, units: 4, gross: 1000, net: 1001 }),
      cell('channel', '2026-11-02', 'webshop', { orders: 1, units: 1, gross: 500, net: 500 }, 'EUR'),
      cell('channel', '2026-11-02', 'constructor', { orders: 1, units: 2, credited: 100, net: -100 }),
    ]);
    expect(summary.channels.map((row) => row.channel)).toEqual(['constructor', 'webshop']);
    expect(summary.channels[1]).toMatchObject({
      orders: 4,
      units: 5,
      money: [
        { currency: 'EUR', orders: 1, gross: 500, averageOrderValue: 500 },
        { currency: 'USD', orders: 3, gross: 1000, net: 1001, averageOrderValue: 334 },
      ],
    });
    expect(summary.channels[0]!.money[0]).toMatchObject({ refunds: 100, net: -100 });
    expect(summary.total).toMatchObject({ orders: 5, units: 7 });
  });

  it('daily: a day with no sales is zeros, in every currency the range sold in', () => {
    const days = salesDaily(
      [
        cell('channel', '2026-11-01', 'webshop', { orders: 1, units: 1, net: 10 }),
        cell('channel', '2026-11-03', 'webshop', { orders: 1, units: 1, net: 20 }, 'EUR'),
      ],
      { from: '2026-10-31', to: '2026-11-03' },
    );
    expect(days.map((day) => [day.day, day.orders, day.money.map((money) => money.net)])).toEqual([
      ['2026-10-31', 0, [0, 0]],
      ['2026-11-01', 1, [0, 10]],
      ['2026-11-02', 0, [0, 0]],
      ['2026-11-03', 1, [20, 0]],
    ]);
  });

  it('payments: refunds shown and netted, per method, day and currency', () => {
    const report = paymentsCollected(
      [
        cell('payment', '2026-11-01', 'card', { payments: 2, collected: 5000 }),
        cell('payment', '2026-11-02', 'card', { refunds: 1, refunded: 1200 }),
        cell('payment', '2026-11-02', 'paypal', { payments: 1, collected: 700 }, 'EUR'),
      ],
      { from: '2026-11-01', to: '2026-11-02' },
    );
    expect(report.methods).toEqual([
      {
        method: 'card',
        currency: 'USD',
        payments: 2,
        collected: 5000,
        refunds: 1,
        refunded: 1200,
        net: 3800,
      },
      { method: 'paypal', currency: 'EUR', payments: 1, collected: 700, refunds: 0, refunded: 0, net: 700 },
    ]);
    expect(report.days[1]!.methods.map((row) => row.net)).toEqual([-1200, 700]);
    expect(report.total.map((row) => [row.currency, row.net])).toEqual([
      ['EUR', 700],
      ['USD', 3800],
    ]);
  });

  it('sellers: ranked by units or by revenue in one currency, ties by SKU; worst leads with stock that sold nothing', () => {
    const cells = [
      cell('sku', '2026-11-01', 'B', { orders: 1, units: 5, revenue: 500 }),
      cell('sku', '2026-11-02', 'A', { orders: 2, units: 5, revenue: 900 }),
      cell('sku', '2026-11-02', 'A', { orders: 1, units: 1, revenue: 4000 }, 'EUR'),
      cell('sku', '2026-11-02', '__proto__', { orders: 1, units: 1, revenue: 100 }),
    ];
    const top = rankSellers(cells, { order: 'top', by: 'units', limit: 10 });
    expect(top.map((row) => [row.rank, row.sku, row.units])).toEqual([
      [1, 'A', 6],
      [2, 'B', 5],
      [3, '__proto__', 1],
    ]);
    const byRevenue = rankSellers(cells, { order: 'top', by: 'revenue', currency: 'USD', limit: 1 });
    expect(byRevenue).toEqual([
      {
        rank: 1,
        sku: 'A',
        orders: 3,
        units: 6,
        revenue: [
          { currency: 'EUR', amount: 4000 },
          { currency: 'USD', amount: 900 },
        ],
      },
    ]);
    const onHand = new Map([
      ['IDLE', 3],
      ['EMPTY', 0],
      ['B', 2],
      ['AISLE', 1],
    ]);
    const worst = rankSellers(cells, { order: 'worst', by: 'units', limit: 4, onHand });
    expect(worst.map((row) => [row.sku, row.units, row.onHand])).toEqual([
      ['IDLE', 0, 3],
      ['AISLE', 0, 1],
      ['__proto__', 1, 0],
      ['B', 5, 2],
    ]);
  });

  it('compare: change and percent, none against nothing', () => {
    expect(compare(15, 10)).toEqual({ value: 15, previous: 10, change: 5, changePercent: 50 });
    expect(compare(1, 3)).toEqual({ value: 1, previous: 3, change: -2, changePercent: -66.7 });
    expect(compare(4, 0)).toMatchObject({ changePercent: null });
  });

  it('dashboard: today, 7 and 30 days (today included) against the same number of days before', () => {
    const cells = [
      cell('channel', '2026-11-22', 'web', { orders: 2, units: 2, net: 300, awaitingShipment: 1 }),
      cell('channel', '2026-11-21', 'web', { orders: 1, units: 1, net: 100 }),
      cell('channel', '2026-11-16', 'web', { orders: 1, units: 1, net: 100 }),
      cell('channel', '2026-11-15', 'web', { orders: 4, units: 4, net: 400 }),
      cell('channel', '2026-10-23', 'web', { orders: 8, units: 8, net: 800 }),
      cell('channel', '2026-10-22', 'web', { orders: 16, units: 16, net: 1600 }),
    ];
    const [today, week, month] = dashboard(cells, '2026-11-22');
    expect(today).toMatchObject({
      from: '2026-11-22',
      previous: { from: '2026-11-21', to: '2026-11-21' },
      orders: { value: 2, previous: 1 },
      awaitingShipment: { value: 1, previous: 0 },
      revenue: [{ currency: 'USD', value: 300, previous: 100, change: 200, changePercent: 200 }],
      averageOrderValue: [{ currency: 'USD', value: 150, previous: 100 }],
    });
    expect(week).toMatchObject({
      from: '2026-11-16',
      previous: { from: '2026-11-09', to: '2026-11-15' },
      orders: { value: 4, previous: 4 },
    });
    expect(month).toMatchObject({
      from: '2026-10-24',
      previous: { from: '2026-09-24', to: '2026-10-23' },
      orders: { value: 8, previous: 24 },
    });
  });

  it('trend: each day beside the same day of the previous period', () => {
    const days = salesTrend(
      [
        cell('channel', '2026-11-03', 'web', { orders: 2, units: 3, net: 50 }),
        cell('channel', '2026-11-01', 'web', { orders: 1, units: 1, net: 20 }),
      ],
      { from: '2026-11-03', to: '2026-11-04' },
      { from: '2026-11-01', to: '2026-11-02' },
    );
    expect(days.map((day) => [day.day, day.previousDay, day.orders.value, day.orders.previous])).toEqual([
      ['2026-11-03', '2026-11-01', 2, 1],
      ['2026-11-04', '2026-11-02', 0, 0],
    ]);
    expect(days[0]!.revenue).toEqual([
      { currency: 'USD', value: 50, previous: 20, change: 30, changePercent: 150 },
    ]);
  });
});
