/**
 * The sales reports against aggregates built by draining the table's stream, in America/New_York:
 * every report is cross-checked against a recomputation from the orders and payments themselves (to
 * the minor unit), written over the real handlers: paid, shipped, returned and refunded, replaced,
 * a line cancelled, an order cancelled whole, one just before local midnight, two currencies.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { applyAggregateRecords } from '../../shared/aggregates/apply';
import { aggregateRecordsOf } from '../../shared/aggregates/records';
import type { Day } from '../../shared/domain/reporting-days';
import { addDays, daysBetween, reportingDay, startOfDay } from '../../shared/domain/reporting-days';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';
import { act, openReturn } from '../support/return-builders';
import { drainStream } from '../support/stream-drain';

const zone = 'America/New_York';
process.env.REPORTING_TIME_ZONE = zone;

const today = reportingDay(new Date(), zone);
const dayBefore = (days: number) => addDays(today, -days);
/** An instant `hours` after the local midnight that starts `day`. */
const at = (day: Day, hours: number) =>
  new Date(startOfDay(day, zone).getTime() + hours * 3_600_000).toISOString();

const countStream = () =>
  drainStream((records) => applyAggregateRecords(aggregateRecordsOf(records, zone).readable, zone));

const get = async (path: string) => {
  const answer = await call({ method: 'GET', path, role: 'viewer' });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};

async function putOrder(id: string, overrides: Record<string, unknown>, status = 201) {
  const answer = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput(overrides),
    role: 'operator',
  });
  expect(answer.status, answer.text).toBe(status);
  return answer.body;
}

async function pay(id: string, amount: number, method: string, paidAt: string) {
  const paid = await call({
    method: 'POST',
    path: `/v1/orders/${id}/payments`,
    body: { amount, method, paidAt },
    role: 'manager',
  });
  expect(paid.status, paid.text).toBe(201);
}

const orderIds: string[] = [];
let warehouseId = '';

beforeAll(async () => {
  warehouseId = (await seedWarehouse()).id;
  for (const sku of ['MUG', 'TEE', 'CAP', 'IDLE']) await stock(sku, warehouseId, 50);

  // Paid, shipped, one unit returned and refunded (credited) with part of the shipping.
  const a = orderId();
  const created = await putOrder(a, {
    orderDate: at(dayBefore(3), 12),
    warehouseId,
    lines: [
      orderLine({ itemId: 'A1', sku: 'MUG', quantity: 2, unitPrice: 1000, tax: 100, discount: 50 }),
      orderLine({ itemId: 'A2', sku: 'TEE', quantity: 1, unitPrice: 2500, tax: 0, discount: 0 }),
    ],
    shippingCharge: 500,
  });
  await pay(a, created.totals.total, 'card', at(dayBefore(3), 13));
  const shipped = await call({
    method: 'POST',
    path: `/v1/orders/${a}/tracking`,
    body: { carrier: 'UPS', service: 'Ground', trackingNumber: '1Z999AA10123456784' },
    role: 'operator',
  });
  expect(shipped.status, shipped.text).toBe(201);
  const opened = await openReturn(a, [{ itemId: 'A2', quantity: 1, reasonCode: 'damaged' }]);
  expect(opened.status, opened.text).toBe(201);
  const rid = opened.body.id;
  expect((await act(a, rid, 'approve')).status).toBe(200);
  const received = await act(a, rid, 'receive', {
    lines: [{ itemId: 'A2', quantity: 1, disposition: 'damaged' }],
  });
  expect(received.status, received.text).toBe(200);
  const refunded = await act(a, rid, 'refund', { lines: [{ itemId: 'A2', quantity: 1 }], shipping: 200 });
  expect(refunded.status, refunded.text).toBe(200);

  // 23:30 in New York: the same reporting day as order a, the next day in UTC.
  const b = orderId();
  await putOrder(b, {
    orderDate: at(dayBefore(3), 23.5),
    channel: 'amazon',
    lines: [orderLine({ itemId: 'B1', sku: 'MUG', quantity: 1, unitPrice: 1000, tax: 0, discount: 0 })],
    shippingCharge: 0,
  });

  // Euros, just after local midnight, paid in part.
  const c = orderId();
  await putOrder(c, {
    orderDate: at(dayBefore(2), 0.5),
    currency: 'EUR',
    lines: [orderLine({ itemId: 'C1', sku: 'CAP', quantity: 3, unitPrice: 800, tax: 120, discount: 0 })],
    shippingCharge: 300,
  });
  await pay(c, 1000, 'paypal', at(dayBefore(2), 2));

  // A line cancelled, then the order replaced with more of the other line.
  const d = orderId();
  const dOrder = {
    orderDate: at(dayBefore(1), 9),
    lines: [
      orderLine({ itemId: 'D1', sku: 'TEE', quantity: 1, unitPrice: 2500, tax: 0, discount: 0 }),
      orderLine({ itemId: 'D2', sku: 'MUG', quantity: 1, unitPrice: 1000, tax: 80, discount: 0 }),
    ],
  };
  await putOrder(d, dOrder);
  expect(
    (await call({ method: 'POST', path: `/v1/orders/${d}/items/D1/cancel`, role: 'operator' })).status,
  ).toBe(200);
  await putOrder(
    d,
    { ...dOrder, lines: [dOrder.lines[0], { ...dOrder.lines[1], quantity: 3, tax: 240 }] },
    200,
  );

  // Every line cancelled: not a sale.
  const e = orderId();
  await putOrder(e, {
    orderDate: at(dayBefore(1), 10),
    lines: [orderLine({ itemId: 'E1', sku: 'TEE', quantity: 4, unitPrice: 2500 })],
  });
  expect(
    (await call({ method: 'POST', path: `/v1/orders/${e}/items/E1/cancel`, role: 'operator' })).status,
  ).toBe(200);

  // Today, and forty days ago (the dashboard's previous 30 days).
  const f = orderId();
  await putOrder(f, {
    orderDate: new Date().toISOString(),
    lines: [orderLine({ itemId: 'F1', sku: 'TEE', quantity: 2, unitPrice: 2500, tax: 0, discount: 100 })],
  });
  const g = orderId();
  await putOrder(g, {
    orderDate: at(dayBefore(40), 15),
    lines: [orderLine({ itemId: 'G1', sku: 'CAP', quantity: 1, unitPrice: 800, tax: 0, discount: 0 })],
    shippingCharge: 0,
  });
  orderIds.push(a, b, c, d, e, f, g);
  expect(await countStream()).toBeGreaterThan(0);
  // A replay of the whole stream counts nothing twice.
  await countStream();
});

interface StoredOrder {
  id: string;
  orderDate: string;
  channel: string;
  currency: string;
  statusId: string;
  shippingCharge: number;
  lines: Array<{
    itemId: string;
    sku: string;
    title: string;
    quantity: number;
    unitPrice: number;
    tax: number;
    discount: number;
    status: string;
    shippedQuantity: number;
  }>;
  totals: { credited: number };
}

const orders = async () =>
  Promise.all(orderIds.map(async (id) => (await get(`/v1/orders/${id}`)) as StoredOrder));

/** The figures recomputed from the orders themselves, per `day|channel|currency` key. */
function recompute(all: StoredOrder[], from: Day, to: Day, keyOf: (order: StoredOrder, day: Day) => string) {
  const sums = new Map<string, Record<string, number>>();
  for (const order of all) {
    const day = reportingDay(order.orderDate, zone);
    const active = order.lines.filter((line) => line.status === 'active');
    if (day < from || day > to || active.length === 0) continue;
    const key = keyOf(order, day);
    const sum = sums.get(key) ?? {
      orders: 0,
      units: 0,
      gross: 0,
      discounts: 0,
      tax: 0,
      shipping: 0,
      refunds: 0,
    };
    sum.orders! += 1;
    for (const line of active) {
      sum.units! += line.quantity;
      sum.gross! += line.quantity * line.unitPrice;
      sum.discounts! += line.discount;
      sum.tax! += line.tax;
    }
    sum.shipping! += order.shippingCharge;
    sum.refunds! += order.totals.credited;
    sums.set(key, sum);
  }
  for (const sum of sums.values()) {
    sum.net = sum.gross! - sum.discounts! + sum.tax! + sum.shipping! - sum.refunds!;
    sum.averageOrderValue = Math.round(sum.net / sum.orders!);
  }
  return sums;
}

const range = { from: dayBefore(45), to: today };
const rangeQuery = `from=${range.from}&to=${range.to}`;

describe('sales reports', () => {
  it('summary: by channel and currency, equal to the orders to the minor unit', async () => {
    const summary = await get(`/v1/reports/sales/summary?${rangeQuery}`);
    expect(summary).toMatchObject({ ...range, timeZone: zone });
    const expected = recompute(
      await orders(),
      range.from,
      range.to,
      (order) => `${order.channel}|${order.currency}`,
    );
    const answered = new Map<string, unknown>();
    for (const channel of summary.channels)
      for (const money of channel.money) answered.set(`${channel.channel}|${money.currency}`, money);
    expect(Object.fromEntries(answered)).toEqual(
      Object.fromEntries([...expected].map(([key, sum]) => [key, { currency: key.split('|')[1], ...sum }])),
    );
    expect(summary.channels.map((channel: { channel: string }) => channel.channel)).toEqual([
      'amazon',
      'webshop',
    ]);
    const units = [...expected.values()].reduce((total, sum) => total + sum.units!, 0);
    expect(summary.total).toMatchObject({ orders: 6, units });
    // The refund of one returned TEE (25.00) and 2.00 of shipping, out of the webshop's dollars.
    expect(answered.get('webshop|USD')).toMatchObject({ refunds: 2700 });

    const amazonOnly = await get(`/v1/reports/sales/summary?${rangeQuery}&channel=amazon`);
    expect(amazonOnly.channels).toHaveLength(1);
    expect(amazonOnly.total).toMatchObject({ orders: 1, units: 1 });
    const euros = await get(`/v1/reports/sales/summary?${rangeQuery}&currency=EUR`);
    expect(euros.total.money).toEqual([expect.objectContaining({ currency: 'EUR', orders: 1, gross: 2400 })]);
  });

  it('daily: every day of the range, zeros included, each equal to the orders of that day', async () => {
    const daily = await get(`/v1/reports/sales/daily?${rangeQuery}`);
    expect(daily.days.map((day: { day: string }) => day.day)).toEqual(daysBetween(range.from, range.to));
    const expected = recompute(
      await orders(),
      range.from,
      range.to,
      (order, day) => `${day}|${order.currency}`,
    );
    for (const entry of daily.days) {
      for (const money of entry.money) {
        const sum = expected.get(`${entry.day}|${money.currency}`);
        expect(money, `${entry.day} ${money.currency}`).toEqual(
          sum ? { currency: money.currency, ...sum } : zeroMoney(money.currency),
        );
      }
      expect(entry.money.map((money: { currency: string }) => money.currency)).toEqual(['EUR', 'USD']);
    }
    const orderB = daily.days.find((entry: { day: string }) => entry.day === dayBefore(3));
    expect(orderB.orders).toBe(2);
  });

  it('detailed: the active lines of the range page by page, totals equal to the summary', async () => {
    const lines: Array<Record<string, unknown>> = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await get(
        `/v1/reports/sales/detailed?${rangeQuery}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      lines.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    const expected = (await orders())
      .filter((order) => reportingDay(order.orderDate, zone) >= range.from)
      .sort((x, y) => (x.orderDate < y.orderDate ? -1 : 1))
      .flatMap((order) =>
        order.lines
          .filter((line) => line.status === 'active')
          .map((line) => `${order.id}/${line.itemId}/${line.quantity}`),
      );
    expect(lines.map((line) => `${line.orderId}/${line.itemId}/${line.quantity}`)).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 2));
    const summary = await get(`/v1/reports/sales/summary?${rangeQuery}`);
    for (const money of summary.total.money) {
      const total = lines
        .filter((line) => line.currency === money.currency)
        .reduce((sum, line) => sum + Number(line.lineTotal), 0);
      expect(total, money.currency).toBe(money.gross - money.discounts + money.tax);
    }
    expect(lines.find((line) => line.orderId === orderIds[1])).toMatchObject({
      day: dayBefore(3),
      channel: 'amazon',
      sku: 'MUG',
      statusCategory: 'awaiting_payment',
      warehouseId: null,
    });

    const mugs = await get(`/v1/reports/sales/detailed?${rangeQuery}&sku=MUG`);
    expect(mugs.items.map((line: { orderId: string }) => line.orderId)).toEqual([
      orderIds[0],
      orderIds[1],
      orderIds[3],
    ]);
    const shipped = await get(`/v1/reports/sales/detailed?${rangeQuery}&statusCategory=shipped`);
    expect(new Set(shipped.items.map((line: { orderId: string }) => line.orderId))).toEqual(
      new Set([orderIds[0]]),
    );
    const inWarehouse = await get(`/v1/reports/sales/detailed?${rangeQuery}&warehouseId=${warehouseId}`);
    expect(inWarehouse.items.every((line: { warehouseId: string }) => line.warehouseId === warehouseId)).toBe(
      true,
    );
    const euros = await get(`/v1/reports/sales/detailed?${rangeQuery}&currency=EUR&channel=webshop`);
    expect(euros.items).toEqual([expect.objectContaining({ orderId: orderIds[2], lineTotal: 2520 })]);
  });

  it('payments collected: by method and day, the refund shown and netted, equal to the payments', async () => {
    const report = await get(`/v1/reports/payments/collected?${rangeQuery}`);
    const payments = (
      await Promise.all(orderIds.map(async (id) => ({ order: await get(`/v1/orders/${id}`), id })))
    ).flatMap(
      ({ order }) => (order.payments ?? []) as Array<{ amount: number; method: string; paidAt: string }>,
    );
    const card = payments.filter((payment) => payment.method === 'card');
    expect(report.methods).toEqual([
      {
        method: 'card',
        currency: 'USD',
        payments: card.filter((payment) => payment.amount > 0).length,
        collected: card
          .filter((payment) => payment.amount > 0)
          .reduce((sum, payment) => sum + payment.amount, 0),
        refunds: 1,
        refunded: 2700,
        net: card.reduce((sum, payment) => sum + payment.amount, 0),
      },
      { method: 'paypal', currency: 'EUR', payments: 1, collected: 1000, refunds: 0, refunded: 0, net: 1000 },
    ]);
    expect(report.days).toHaveLength(46);
    const paypalDay = report.days.find((entry: { day: string }) => entry.day === dayBefore(2));
    expect(paypalDay.methods).toEqual([expect.objectContaining({ method: 'paypal', collected: 1000 })]);
    const cardOnly = await get(`/v1/reports/payments/collected?${rangeQuery}&method=card`);
    expect(cardOnly.total).toEqual([report.methods[0]].map(({ method: _method, ...figures }) => figures));
  });

  it('top and worst sellers: by units and by revenue in a currency; worst names SKUs in stock that sold nothing', async () => {
    const top = await get(`/v1/reports/top-sellers?${rangeQuery}`);
    expect(top.items.map((item: { sku: string; units: number }) => [item.sku, item.units])).toEqual([
      ['MUG', 6],
      ['CAP', 4],
      ['TEE', 3],
    ]);
    const byRevenue = await get(`/v1/reports/top-sellers?${rangeQuery}&by=revenue&currency=USD&limit=1`);
    expect(byRevenue.items).toEqual([
      // TEE: 25.00 (order a) and 2 × 25.00 − 1.00 (order f).
      { rank: 1, sku: 'TEE', orders: 2, units: 3, revenue: [{ currency: 'USD', amount: 7400 }] },
    ]);
    const worst = await get(`/v1/reports/worst-sellers?${rangeQuery}`);
    expect(worst.items[0]).toEqual({ rank: 1, sku: 'IDLE', orders: 0, units: 0, revenue: [], onHand: 50 });
    expect(worst.items.map((item: { sku: string }) => item.sku)).toEqual(['IDLE', 'TEE', 'CAP', 'MUG']);
    const noCurrency = await call({
      method: 'GET',
      path: '/v1/reports/top-sellers?by=revenue',
      role: 'viewer',
    });
    expect(noCurrency.status).toBe(400);
    expect(noCurrency.body.errors).toEqual([{ path: 'query.currency', message: 'required when by=revenue' }]);
  });

  it('dashboard: today, 7 and 30 days against the periods before, equal to the orders', async () => {
    const board = await get('/v1/reports/dashboard');
    const all = await orders();
    for (const period of board.periods) {
      const now = recompute(all, period.from, period.to, (order) => order.currency);
      const then = recompute(all, period.previous.from, period.previous.to, (order) => order.currency);
      const count = (sums: Map<string, Record<string, number>>, name: string) =>
        [...sums.values()].reduce((sum, figures) => sum + figures[name]!, 0);
      expect(period.orders, period.period).toMatchObject({
        value: count(now, 'orders'),
        previous: count(then, 'orders'),
      });
      expect(period.units).toMatchObject({ value: count(now, 'units'), previous: count(then, 'units') });
      for (const revenue of period.revenue) {
        expect(revenue).toMatchObject({
          value: now.get(revenue.currency)?.net ?? 0,
          previous: then.get(revenue.currency)?.net ?? 0,
        });
      }
    }
    const [, week, month] = board.periods;
    expect(board.today).toBe(today);
    // Orders b, c, d and f await shipment; a shipped; g (40 days ago) is the previous month's.
    expect(week.awaitingShipment).toEqual({ value: 4, previous: 0, change: 4, changePercent: null });
    expect(month.orders).toEqual({ value: 5, previous: 1, change: 4, changePercent: 400 });
  });

  it('sales trend: the range day by day beside the previous period', async () => {
    const trend = await get(`/v1/reports/dashboard/sales-trend?from=${dayBefore(6)}&to=${today}`);
    expect(trend.previous).toEqual({ from: dayBefore(13), to: dayBefore(7) });
    expect(trend.days).toHaveLength(7);
    expect(trend.days[0]).toMatchObject({ day: dayBefore(6), previousDay: dayBefore(13) });
    const three = trend.days.find((entry: { day: string }) => entry.day === dayBefore(3));
    expect(three.orders).toMatchObject({ value: 2, previous: 0 });
  });

  it('refuses bad ranges and filters with a 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      [`/v1/reports/sales/summary?from=2025-01-01&to=2026-01-02`, 'query.to'],
      [`/v1/reports/sales/daily?from=2026-03-10&to=2026-03-09`, 'query.to'],
      [`/v1/reports/sales/summary?from=2026-02-30`, 'query.from'],
      [`/v1/reports/payments/collected?method=cheque`, 'query.method'],
      [`/v1/reports/top-sellers?limit=0`, 'query.limit'],
      [`/v1/reports/dashboard?currency=XYZ`, 'query.currency'],
      [`/v1/reports/sales/detailed?statusCategory=lost`, 'query.statusCategory'],
      // A cancelled order has no active line: never in this report, so never a filter of it.
      [`/v1/reports/sales/detailed?statusCategory=cancelled`, 'query.statusCategory'],
      [`/v1/reports/sales/daily?from=9999-12-31&to=9999-12-31`, 'query.from'],
      [`/v1/reports/payments/collected?to=0000-01-01`, 'query.to'],
      [`/v1/reports/dashboard/sales-trend?from=1970-12-31`, 'query.from'],
      [`/v1/reports/sales/detailed?cursor=forged.cursor`, 'cursor is not valid'],
      [`/v1/reports/sales/summary?colour=red`, 'query'],
    ];
    for (const [path, field] of cases) {
      const answer = await call({ method: 'GET', path, role: 'viewer' });
      expect(answer.status, path).toBe(400);
      expect(JSON.stringify(answer.body), path).toContain(field);
    }
  });
});

const zeroMoney = (currency: string) => ({
  currency,
  orders: 0,
  units: 0,
  gross: 0,
  discounts: 0,
  tax: 0,
  shipping: 0,
  refunds: 0,
  net: 0,
  averageOrderValue: 0,
});
