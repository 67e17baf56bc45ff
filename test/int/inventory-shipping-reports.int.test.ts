/**
 * The shipping and inventory reports through the real handler against DynamoDB Local, in the zone
 * America/New_York: pending shipments by age, shipped per day with manifests, the shipment detail paged,
 * stock levels paged across warehouses, the movements by SKU, warehouse and day, valuation now and as of
 * a day, aging, capacity with its trend, low stock from the alert standings; bad input refused; every
 * report also read as tables (the exports' form).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseReportQuery } from '../../functions/reports/exports/query';
import { reportNamed } from '../../functions/reports/exports/registry';
import { draftPurchaseOrder, lowStock } from '../../functions/reports/inventory/operations';
import { evaluateAllRules } from '../../shared/alerts/evaluate';
import { AlertInputs } from '../../shared/alerts/inputs';
import { db, tableName } from '../../shared/db/client';
import { manifestIndexKeys, manifestKey } from '../../shared/db/keys';
import { addDays, reportingDay, startOfDay } from '../../shared/domain/reporting-days';
import { newId } from '../../shared/ids';
import { recordShipment } from '../../shared/shipments/commit';
import { applyStockMovements } from '../../shared/stock/ledger';
import { poSourceInput, seedWarehouse, vendorInput } from '../support/builders';
import { call } from '../support/call';
import { orderId, orderInput, orderLine } from '../support/order-builders';

const zone = 'America/New_York';
process.env.REPORTING_TIME_ZONE = zone;
const today = reportingDay(new Date(), zone);
/** An instant `hours` after the local midnight that starts the day `days` before today. */
const daysAgo = (days: number, hours = 10) =>
  new Date(startOfDay(addDays(today, -days), zone).getTime() + hours * 3_600_000).toISOString();

const get = async (path: string) => {
  const answer = await call({ method: 'GET', path, role: 'viewer' });
  expect(answer.status, `${path}: ${answer.text}`).toBe(200);
  return answer.body;
};

let east: { id: string; code: string };
let west: { id: string; code: string };
let vendorId = '';
const pending: Record<string, string> = {};
let shippedOrder = '';

async function putOrder(overrides: Record<string, unknown>) {
  const id = orderId();
  const answer = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    role: 'operator',
    body: orderInput(overrides),
  });
  expect(answer.status, answer.text).toBe(201);
  return id;
}

beforeAll(async () => {
  east = await seedWarehouse({ code: 'EAST', capacity: 1000 });
  west = await seedWarehouse({ code: 'WEST' });
  await applyStockMovements([
    { sku: 'RPT-A', warehouseId: east.id, type: 'receipt', quantity: 50, unitCost: 1000 },
    { sku: 'RPT-B', warehouseId: east.id, type: 'receipt', quantity: 8, unitCost: 250 },
    { sku: 'RPT-C', warehouseId: west.id, type: 'receipt', quantity: 30, unitCost: 400 },
  ]);
  await applyStockMovements([
    { sku: 'RPT-A', warehouseId: east.id, type: 'receipt', quantity: 10, unitCost: 1600 },
  ]);
  await applyStockMovements([{ sku: 'RPT-A', warehouseId: east.id, type: 'adjustment', quantity: -55 }]);

  const line = (sku: string, quantity: number) => orderLine({ sku, quantity, unitPrice: 1000 });
  pending.fresh = await putOrder({
    channel: 'amazon',
    orderDate: daysAgo(0),
    statusId: 'awaiting-shipment',
    warehouseId: east.id,
    lines: [line('RPT-A', 2)],
  });
  pending.lateEvening = await putOrder({
    channel: 'amazon',
    orderDate: daysAgo(2, 23.5),
    statusId: 'awaiting-shipment',
    warehouseId: east.id,
    lines: [line('RPT-B', 1)],
  });
  pending.week = await putOrder({
    channel: 'shopify',
    orderDate: daysAgo(6),
    statusId: 'on-hold',
    lines: [line('RPT-C', 3)],
  });
  pending.old = await putOrder({
    channel: 'shopify',
    orderDate: daysAgo(20),
    statusId: 'awaiting-shipment',
    warehouseId: west.id,
    lines: [line('RPT-C', 4)],
  });
  // Awaiting payment: not pending shipment.
  await putOrder({ channel: 'amazon', orderDate: daysAgo(1), lines: [line('RPT-A', 1)] });

  shippedOrder = await putOrder({
    channel: 'amazon',
    orderDate: daysAgo(3),
    statusId: 'awaiting-shipment',
    warehouseId: west.id,
    lines: [line('RPT-C', 2)],
  });
  const { shipment } = await recordShipment({
    orderId: shippedOrder,
    actor: 'maria.k',
    details: {
      source: 'manual',
      carrier: 'UPS',
      service: 'Ground',
      trackingNumber: '1ZRPT0001',
      shipDate: addDays(today, -1),
      packages: 2,
      weightGrams: 1500,
      cost: { amount: 1299, currency: 'USD' },
    },
  });
  expect(shipment.id).toBeTruthy();
  // A closed manifest of UPS at WEST that day (as fulfillment writes them), and an open one at EAST.
  for (const [warehouse, status] of [
    [west, 'closed'],
    [east, 'open'],
  ] as const) {
    const id = newId();
    const manifest = {
      id,
      processorCode: 'ups',
      carrier: 'UPS',
      warehouseId: warehouse.id,
      warehouseCode: warehouse.code,
      shipDate: addDays(today, -1),
      status,
      shipments: 1,
      packages: 2,
      weightGrams: 1500,
      voidsInFlight: 0,
      ...(status === 'closed' ? { closedAt: new Date().toISOString(), pickupReference: 'PRN-1' } : {}),
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      version: 1,
    };
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...manifestKey(id), ...manifestIndexKeys(manifest), entity: 'manifest', ...manifest },
      }),
    );
  }

  // Low stock: a vendor source for RPT-B at EAST, and a rule that RPT-B (7 available) is below.
  const vendor = await call({
    method: 'POST',
    path: '/v1/vendors',
    role: 'manager',
    body: vendorInput({ name: 'Inkwell Supply' }),
  });
  expect(vendor.status, vendor.text).toBe(201);
  vendorId = vendor.body.id;
  const source = await call({
    method: 'POST',
    path: '/v1/vendors/po-sources',
    role: 'manager',
    body: poSourceInput(vendorId, east.id, { sku: 'RPT-B', vendorSku: 'INK-B', minimumOrderQuantity: 12 }),
  });
  expect(source.status, source.text).toBe(201);
  const settings = await call({
    method: 'PUT',
    path: '/v1/inventory/alert-settings',
    role: 'manager',
    headers: { 'if-match': '*' },
    body: { enabled: true, lookBackDays: 10, defaultLeadTimeDays: 7, defaultSafetyDays: 3 },
  });
  expect(settings.status, settings.text).toBeLessThan(300);
  const rule = await call({
    method: 'POST',
    path: '/v1/inventory/alert-rules',
    role: 'manager',
    body: {
      name: 'Reorder under 10',
      scope: { skuPatterns: ['RPT-*'] },
      condition: { type: 'available_below', quantity: 10 },
    },
  });
  expect(rule.status, rule.text).toBe(201);
  await evaluateAllRules(new AlertInputs(new Date(), zone));
});

describe('GET /v1/reports/pending-shipments', () => {
  it('buckets unshipped orders by whole reporting days since their date, by warehouse and channel, oldest listed first', async () => {
    const report = await get('/v1/reports/pending-shipments');
    expect(report).toMatchObject({ today, timeZone: zone, orders: 4, units: 10 });
    expect(report.buckets).toEqual([
      { bucket: '0-1', orders: 1, units: 2 },
      { bucket: '2-3', orders: 1, units: 1 },
      { bucket: '4-7', orders: 1, units: 3 },
      { bucket: '8-14', orders: 0, units: 0 },
      { bucket: '15+', orders: 1, units: 4 },
    ]);
    expect(report.oldest.map((order: { orderId: string }) => order.orderId)).toEqual([
      pending.old,
      pending.week,
      pending.lateEvening,
      pending.fresh,
    ]);
    // 23:30 two local days ago is two days old here (it was already the next day in UTC).
    expect(report.oldest[2]).toMatchObject({
      ageDays: 2,
      bucket: '2-3',
      day: addDays(today, -2),
      warehouseCode: 'EAST',
      unitsUnshipped: 1,
    });
    expect(
      report.byWarehouse.map((row: { warehouseCode: string | null; orders: number }) => [
        row.warehouseCode,
        row.orders,
      ]),
    ).toEqual([
      ['EAST', 2],
      [null, 1],
      ['WEST', 1],
    ]);
    expect(
      report.byChannel.map((row: { channel: string; orders: number }) => [row.channel, row.orders]),
    ).toEqual([
      ['amazon', 2],
      ['shopify', 2],
    ]);
  });

  it('filters by category, channel and warehouse, and limits the list', async () => {
    expect(
      (await get('/v1/reports/pending-shipments?statusCategory=on_hold')).oldest.map(
        (o: { orderId: string }) => o.orderId,
      ),
    ).toEqual([pending.week]);
    expect((await get('/v1/reports/pending-shipments?channel=shopify')).orders).toBe(2);
    expect((await get(`/v1/reports/pending-shipments?warehouseId=${east.id}`)).orders).toBe(2);
    const limited = await get('/v1/reports/pending-shipments?limit=1');
    expect(limited.orders).toBe(4);
    expect(limited.oldest).toHaveLength(1);
  });
});

describe('GET /v1/reports/shipped-manifest and its detail', () => {
  it('sums shipments per day, carrier and warehouse beside their manifests', async () => {
    const report = await get('/v1/reports/shipped-manifest');
    expect(report.rows).toEqual([
      expect.objectContaining({
        day: addDays(today, -1),
        carrier: 'UPS',
        warehouseCode: 'WEST',
        shipments: 1,
        packages: 2,
        weightGrams: 1500,
        cost: [{ currency: 'USD', amount: 1299 }],
        onClosedManifests: 1,
        onOpenManifests: 0,
        withoutManifest: 0,
      }),
    ]);
    expect(
      report.manifests
        .map((m: { warehouseCode: string; status: string }) => [m.warehouseCode, m.status])
        .sort(),
    ).toEqual([
      ['EAST', 'open'],
      ['WEST', 'closed'],
    ]);
    expect((await get(`/v1/reports/shipped-manifest?warehouseId=${east.id}`)).rows).toEqual([]);
    expect((await get('/v1/reports/shipped-manifest?status=voided')).totals.shipments).toBe(0);
  });

  it('lists each shipment with its order and tracking number, paged without repeats', async () => {
    const first = await get('/v1/reports/shipped-manifest-detail?limit=1');
    expect(first.items).toEqual([
      expect.objectContaining({
        orderId: shippedOrder,
        trackingNumber: '1ZRPT0001',
        carrier: 'UPS',
        warehouseCode: 'WEST',
        cost: 1299,
        currency: 'USD',
        manifestId: null,
      }),
    ]);
    if (first.nextCursor) {
      const next = await get(
        `/v1/reports/shipped-manifest-detail?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`,
      );
      expect(next.items).toEqual([]);
    }
    const bad = await call({
      method: 'GET',
      path: '/v1/reports/shipped-manifest-detail?cursor=nope',
      role: 'viewer',
    });
    expect(bad.status).toBe(400);
  });
});

describe('inventory reports', () => {
  it('stock levels: every record, warehouse by warehouse, paged, filtered', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await get(
        `/v1/reports/inventory/stock-levels?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(
        ...page.items.map(
          (item: { warehouseCode: string; sku: string }) => `${item.warehouseCode}:${item.sku}`,
        ),
      );
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['EAST:RPT-A', 'EAST:RPT-B', 'WEST:RPT-C']);
    const east5 = await get(`/v1/reports/inventory/stock-levels?warehouseId=${east.id}&sku=RPT-A`);
    // 50 at 10.00 and 10 at 16.00 average 11.00; 55 adjusted out; 2 allocated to the fresh order.
    expect(east5.items).toEqual([
      expect.objectContaining({
        sku: 'RPT-A',
        onHand: 5,
        allocated: 2,
        available: 3,
        averageUnitCost: 1100,
        value: 5500,
        currency: 'USD',
      }),
    ]);
  });

  it('movements: by SKU, by warehouse, by type, and every one of a range', async () => {
    const bySku = await get('/v1/reports/inventory/movements?sku=RPT-A');
    expect(bySku.items.map((m: { type: string; quantity: number }) => `${m.type}:${m.quantity}`)).toEqual([
      'receipt:50',
      'receipt:10',
      'adjustment:-55',
    ]);
    const byWarehouse = await get(`/v1/reports/inventory/movements?warehouseId=${west.id}&type=shipment`);
    expect(byWarehouse.items).toEqual([
      expect.objectContaining({
        sku: 'RPT-C',
        quantity: -2,
        warehouseCode: 'WEST',
        reference: expect.stringMatching(/^shipment [0-9A-Z]{26}$/),
      }),
    ]);
    const all: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page = await get(
        `/v1/reports/inventory/movements?limit=2&type=receipt${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(all).toHaveLength(4);
    const yesterday = addDays(today, -1);
    expect((await get(`/v1/reports/inventory/movements?from=${yesterday}&to=${yesterday}`)).items).toEqual(
      [],
    );
  });

  it('valuation: average and FIFO now, and nothing at the end of yesterday (every receipt is today)', async () => {
    const now = await get(`/v1/reports/inventory/valuation?warehouseId=${east.id}`);
    const a = now.warehouses[0].items.find((item: { sku: string }) => item.sku === 'RPT-A');
    // FIFO: the adjustment took 50 at 10.00 and 5 at 16.00: 5 at 16.00 remain.
    expect(a).toMatchObject({
      onHand: 5,
      averageValue: 5500,
      fifoValue: 8000,
      layers: [expect.objectContaining({ quantity: 5, unitCost: 1600 })],
    });
    expect(now.warehouses[0]).toMatchObject({
      warehouseCode: 'EAST',
      onHand: 13,
      averageValue: 5500 + 8 * 250,
      fifoValue: 8000 + 2000,
    });
    const replayed = await get(`/v1/reports/inventory/valuation?warehouseId=${east.id}&asOf=${today}`);
    expect(replayed.warehouses[0].items).toEqual(now.warehouses[0].items);
    const before = await get(`/v1/reports/inventory/valuation?asOf=${addDays(today, -1)}`);
    expect(before.total).toEqual({ onHand: 0, averageValue: 0, fifoValue: 0 });
  });

  it('aging: what is left, by age of receipt', async () => {
    const report = await get('/v1/reports/inventory/aging');
    const eastAged = report.warehouses.find((w: { warehouseCode: string }) => w.warehouseCode === 'EAST');
    expect(eastAged.buckets[0]).toEqual({ bucket: '0-30', units: 13, value: 10000 });
    expect(eastAged.buckets.slice(1).every((b: { units: number }) => b.units === 0)).toBe(true);
  });

  it('warehouse capacity: used against capacity, with the last 30 days', async () => {
    const report = await get('/v1/reports/inventory/warehouse-capacity');
    const eastCap = report.warehouses.find((w: { warehouseCode: string }) => w.warehouseCode === 'EAST');
    expect(eastCap).toMatchObject({ capacity: 1000, unitsOnHand: 13, capacityUsed: 0.013 });
    expect(eastCap.trend).toHaveLength(30);
    expect(eastCap.trend.at(-1)).toEqual({ day: today, unitsOnHand: 13, capacityUsed: 0.013 });
    // Every unit arrived today: nothing was on hand at the end of yesterday.
    expect(eastCap.trend.at(-2)).toEqual({ day: addDays(today, -1), unitsOnHand: 0, capacityUsed: 0 });
    expect(
      report.warehouses.find((w: { warehouseCode: string }) => w.warehouseCode === 'WEST').capacityUsed,
    ).toBeNull();
  });

  it('low stock: the SKUs an alert rule stands low for, with the suggestion and the vendor', async () => {
    const report = await get('/v1/reports/inventory/low-stock');
    expect(report.alertsEnabled).toBe(true);
    const b = report.items.find((item: { sku: string }) => item.sku === 'RPT-B');
    expect(b).toMatchObject({
      warehouseCode: 'EAST',
      available: 7,
      rules: [expect.objectContaining({ ruleName: 'Reorder under 10' })],
      vendor: expect.objectContaining({ vendorId, vendorName: 'Inkwell Supply' }),
    });
    // Nothing sold in the look-back window: velocity 0, so nothing to reorder beyond what is there.
    expect(b).toMatchObject({ velocity: 0, suggestedQuantity: 0 });
    expect(b.explanation).toMatchObject({ velocity: 0, suggestedQuantity: 0, available: 7 });
    expect(
      (await get(`/v1/reports/inventory/low-stock?vendorId=${vendorId}`)).items.map(
        (i: { sku: string }) => i.sku,
      ),
    ).toEqual(['RPT-B']);
    expect(
      (await get(`/v1/reports/inventory/low-stock?warehouseId=${west.id}`)).items.every(
        (i: { warehouseCode: string }) => i.warehouseCode === 'WEST',
      ),
    ).toBe(true);
    const unknownRule = await call({
      method: 'GET',
      path: `/v1/reports/inventory/low-stock?ruleId=${newId()}`,
      role: 'viewer',
    });
    expect(unknownRule.status).toBe(404);
  });
});

describe('the draft purchase order', () => {
  it('groups what to reorder by vendor, with the vendor SKU and line costs, leaving out what needs none', async () => {
    const report = await lowStock({});
    const b = report.items.find((item) => item.sku === 'RPT-B')!;
    const lines = await draftPurchaseOrder([
      { ...b, suggestedQuantity: 24 },
      { ...b, sku: 'RPT-Z', suggestedQuantity: 0 },
    ]);
    expect(lines).toEqual([
      {
        vendorId,
        vendorName: 'Inkwell Supply',
        sku: 'RPT-B',
        vendorSku: 'INK-B',
        warehouseCode: 'EAST',
        quantity: 24,
        unitCost: 1250,
        lineCost: 30000,
        currency: 'USD',
      },
    ]);
  });
});

describe('bad input', () => {
  it.each([
    ['/v1/reports/pending-shipments?statusCategory=shipped', 'query.statusCategory'],
    ['/v1/reports/pending-shipments?colour=red', 'query.colour'],
    ['/v1/reports/shipped-manifest?from=2024-01-01&to=2026-01-01', 'query.to'],
    ['/v1/reports/shipped-manifest-detail?limit=0', 'query.limit'],
    ['/v1/reports/inventory/stock-levels?inStock=yes', 'query.inStock'],
    ['/v1/reports/inventory/movements?type=theft', 'query.type'],
    ['/v1/reports/inventory/movements?from=2026-02-30', 'query.from'],
    ['/v1/reports/inventory/valuation?asOf=yesterday', 'query.asOf'],
    ['/v1/reports/inventory/aging?warehouseId=EAST', 'query.warehouseId'],
    ['/v1/reports/inventory/warehouse-capacity?constructor=1', 'query.constructor'],
  ])('%s is a 400 naming %s', async (path, field) => {
    const answer = await call({ method: 'GET', path, role: 'viewer' });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors.map((error: { path: string }) => error.path)).toContain(field);
  });

  it.each([
    '/v1/reports/inventory/stock-levels',
    '/v1/reports/pending-shipments',
    '/v1/reports/pending-shipments/pdf',
    '/v1/reports/shipped-manifest',
    '/v1/reports/shipped-manifest-detail',
    '/v1/reports/sales/detailed',
  ])('%s with a warehouse that does not exist is a 404 naming it', async (path) => {
    const unknown = newId();
    const answer = await call({ method: 'GET', path: `${path}?warehouseId=${unknown}`, role: 'viewer' });
    expect(answer.status, answer.text).toBe(404);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(answer.body).toMatchObject({ status: 404, warehouseId: unknown });
    expect(answer.body.detail).toContain(unknown);
  });

  it('valuation as of a day after today (in the reporting zone) is a 400 naming query.asOf', async () => {
    const tomorrow = addDays(today, 1);
    const answer = await call({
      method: 'GET',
      path: `/v1/reports/inventory/valuation?asOf=${tomorrow}`,
      role: 'viewer',
    });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors).toEqual([{ path: 'query.asOf', message: expect.stringContaining(today) }]);
    // Today is a day the valuation knows.
    await get(`/v1/reports/inventory/valuation?asOf=${today}`);
  });
});

describe('every report reads as tables', () => {
  const collect = async (
    rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>,
  ) => {
    const all: Record<string, unknown>[] = [];
    for await (const row of rows) all.push(row);
    return all;
  };

  it.each([
    ['pending-shipments', {}, ['Age buckets', 'By warehouse', 'By channel', 'Orders, oldest first'], 3, 4],
    // One shipped row: its total sits in the section's totals, not among the rows.
    ['shipped-manifest', {}, ['Shipped', 'Manifests'], 0, 1],
    ['shipped-manifest-detail', {}, ['Shipments'], 0, 1],
    ['low-stock', {}, ['Low stock', 'Draft purchase order', 'How it was figured'], 0, 1],
    ['stock-levels', {}, ['Stock levels'], 0, 3],
    ['movements', { type: 'receipt' }, ['Movements'], 0, 4],
    ['valuation', {}, ['By warehouse', 'By SKU', 'FIFO layers'], 1, 3],
    ['aging', {}, ['By warehouse', 'By SKU'], 1, 3],
    ['warehouse-capacity', {}, ['Capacity', 'Trend'], 1, 60],
  ])('%s', async (name, query, sections, index, rows) => {
    const report = reportNamed(name)!;
    const table = await report.table(parseReportQuery(report, query), { timeZone: zone });
    expect(table.sections.map((section) => section.name)).toEqual(sections);
    const section = table.sections[index]!;
    const read = await collect(section.rows);
    expect(read.length).toBeGreaterThanOrEqual(rows);
    for (const column of section.columns) expect(column.header.length).toBeGreaterThan(0);
  });
});
