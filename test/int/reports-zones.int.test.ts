/**
 * Reports in Asia/Kathmandu (+05:45): a reporting day there starts at 18:15 UTC the day before, so one
 * day's orders lie in two UTC days. The daily series, the summary and the detailed lines agree on it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { applyAggregateRecords } from '../../shared/aggregates/apply';
import { aggregateRecordsOf } from '../../shared/aggregates/records';
import { detailedSales } from '../../functions/reports/detailed';
import { call } from '../support/call';
import { orderId, orderInput, orderLine } from '../support/order-builders';
import { drainStream } from '../support/stream-drain';

const zone = 'Asia/Kathmandu';
process.env.REPORTING_TIME_ZONE = zone;

/** UTC instant → the Kathmandu day it counts on. */
const dated = {
  '2026-03-09T18:00:00.000Z': '2026-03-09', // 23:45 local
  '2026-03-09T18:15:00.000Z': '2026-03-10', // 00:00 local
  '2026-03-10T18:14:59.000Z': '2026-03-10', // 23:59:59 local
  '2026-03-10T18:15:00.000Z': '2026-03-11', // 00:00 local
  // Microseconds, as a client may send them: still on the right side of local midnight.
  '2026-03-11T18:14:59.999999Z': '2026-03-11',
  '2026-03-11T18:15:00.000000Z': '2026-03-12',
} as const;
const ids = new Map<string, string>();

const get = async (path: string) => {
  const answer = await call({ method: 'GET', path, role: 'viewer' });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};

beforeAll(async () => {
  for (const orderDate of Object.keys(dated)) {
    const id = orderId();
    const created = await call({
      method: 'PUT',
      path: `/v1/orders/${id}`,
      body: orderInput({ orderDate, lines: [orderLine({ quantity: 1 })] }),
      role: 'operator',
    });
    expect(created.status, created.text).toBe(201);
    ids.set(orderDate, id);
  }
  await drainStream((records) => applyAggregateRecords(aggregateRecordsOf(records, zone).readable, zone));
});

describe('reports in a +05:45 zone', () => {
  it('counts each order on its Kathmandu day in the daily series and the summary', async () => {
    const daily = await get('/v1/reports/sales/daily?from=2026-03-09&to=2026-03-12');
    expect(daily.timeZone).toBe(zone);
    expect(daily.days.map((day: { day: string; orders: number }) => [day.day, day.orders])).toEqual([
      ['2026-03-09', 1],
      ['2026-03-10', 2],
      ['2026-03-11', 2],
      ['2026-03-12', 1],
    ]);
    const summary = await get('/v1/reports/sales/summary?from=2026-03-10&to=2026-03-10');
    expect(summary.total).toMatchObject({ orders: 2, units: 2 });
  });

  it('answers the detailed lines of a day that spans two UTC days, and only those', async () => {
    for (const day of ['2026-03-10', '2026-03-11', '2026-03-12']) {
      const detailed = await get(`/v1/reports/sales/detailed?from=${day}&to=${day}`);
      const expected = Object.entries(dated)
        .filter(([, on]) => on === day)
        .map(([orderDate]) => ids.get(orderDate));
      expect(
        detailed.items.map((line: { orderId: string }) => line.orderId),
        day,
      ).toEqual(expected);
      expect(detailed.items.every((line: { day: string }) => line.day === day)).toBe(true);
    }
  });

  it('goes on after the line a page ended on even when an earlier line is cancelled between pages', async () => {
    const id = orderId();
    const created = await call({
      method: 'PUT',
      path: `/v1/orders/${id}`,
      body: orderInput({
        orderDate: '2026-03-20T06:00:00.000Z',
        lines: ['TA', 'TB', 'TC'].map((itemId) => orderLine({ itemId, sku: `PAGE-${itemId}` })),
      }),
      role: 'operator',
    });
    expect(created.status, created.text).toBe(201);
    const first = await get('/v1/reports/sales/detailed?from=2026-03-20&to=2026-03-20&limit=2');
    expect(first.items.map((line: { itemId: string }) => line.itemId)).toEqual(['TA', 'TB']);
    const cancelled = await call({
      method: 'POST',
      path: `/v1/orders/${id}/items/TA/cancel`,
      role: 'operator',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const next = await get(
      `/v1/reports/sales/detailed?from=2026-03-20&to=2026-03-20&limit=2&cursor=${encodeURIComponent(first.nextCursor)}`,
    );
    expect(next.items.map((line: { itemId: string }) => line.itemId)).toEqual(['TC']);
    expect(next.nextCursor).toBeNull();
  });

  it('answers short pages with a cursor once a request has read its share of orders, losing no line', async () => {
    const request = { from: '2026-03-09', to: '2026-03-12', limit: 50 };
    const lines: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      // Two orders read at most per request, as if each were one of 2,000.
      const page = await detailedSales({ ...request, cursor }, zone, 2);
      lines.push(...page.items.map((line) => line.orderId));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(lines).toEqual([...ids.values()]);
    expect(pages).toBe(3);
  });
});
