/**
 * A warehouse that is closed and deleted keeps its history in the reports: filtered by its id, the sales,
 * shipping and movements reports answer what it did (its code on the rows); the reports of stock as it is
 * now answer a 404 saying it was deleted; an id no warehouse ever had stays a 404.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, reportingDay, startOfDay } from '../../shared/domain/reporting-days';
import { newId } from '../../shared/ids';
import { recordShipment } from '../../shared/shipments/commit';
import { applyStockMovements } from '../../shared/stock/ledger';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { warehouseInput } from '../support/inventory-builders';
import { orderId, orderInput, orderLine } from '../support/order-builders';

const zone = 'America/New_York';
process.env.REPORTING_TIME_ZONE = zone;
const today = reportingDay(new Date(), zone);
const threeDaysAgo = new Date(startOfDay(addDays(today, -3), zone).getTime() + 10 * 3_600_000).toISOString();
const range = `from=${addDays(today, -7)}&to=${today}`;

const get = (path: string) => call({ method: 'GET', path, role: 'viewer' });

let closed: { id: string; code: string };
let shippedOrder = '';
let shipmentId = '';

beforeAll(async () => {
  await seedWarehouse({ code: 'KEEP' });
  closed = await seedWarehouse({ code: 'GONE' });
  await applyStockMovements([
    { sku: 'DEL-A', warehouseId: closed.id, type: 'receipt', quantity: 5, unitCost: 700 },
  ]);
  shippedOrder = orderId();
  const order = await call({
    method: 'PUT',
    path: `/v1/orders/${shippedOrder}`,
    role: 'operator',
    body: orderInput({
      channel: 'amazon',
      orderDate: threeDaysAgo,
      statusId: 'awaiting-shipment',
      warehouseId: closed.id,
      lines: [orderLine({ sku: 'DEL-A', quantity: 2, unitPrice: 1500 })],
    }),
  });
  expect(order.status, order.text).toBe(201);
  const { shipment } = await recordShipment({
    orderId: shippedOrder,
    actor: 'maria.k',
    details: {
      source: 'manual',
      carrier: 'UPS',
      service: 'Ground',
      trackingNumber: '1ZGONE0001',
      shipDate: addDays(today, -2),
      packages: 1,
      weightGrams: 900,
      cost: { amount: 850, currency: 'USD' },
    },
  });
  shipmentId = shipment.id;
  // The warehouse closes: what is left is written off, then it is deleted.
  await applyStockMovements([{ sku: 'DEL-A', warehouseId: closed.id, type: 'adjustment', quantity: -3 }]);
  const deleted = await call({ method: 'DELETE', path: `/v1/inventory/warehouses/${closed.id}` });
  expect(deleted.status, deleted.text).toBe(204);
});

describe('a deleted warehouse', () => {
  it('is gone from the warehouses, and its code is free again', async () => {
    expect((await call({ method: 'GET', path: `/v1/inventory/warehouses/${closed.id}` })).status).toBe(404);
    const list = await call({ method: 'GET', path: '/v1/inventory/warehouses' });
    expect(list.body.items.map((item: { code: string }) => item.code)).toEqual(['KEEP']);
    const again = await call({
      method: 'POST',
      path: '/v1/inventory/warehouses',
      body: warehouseInput({ code: 'GONE' }),
    });
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).not.toBe(closed.id);
  });

  it('sales detailed filtered by its id answers its order lines', async () => {
    const answer = await get(`/v1/reports/sales/detailed?${range}&warehouseId=${closed.id}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.items).toEqual([
      expect.objectContaining({ orderId: shippedOrder, sku: 'DEL-A', quantity: 2, warehouseId: closed.id }),
    ]);
  });

  it('the shipped manifest and its detail filtered by its id answer its shipment, under its code', async () => {
    const manifest = await get(`/v1/reports/shipped-manifest?${range}&warehouseId=${closed.id}`);
    expect(manifest.status, manifest.text).toBe(200);
    expect(manifest.body.rows).toEqual([
      expect.objectContaining({
        warehouseId: closed.id,
        warehouseCode: 'GONE',
        carrier: 'UPS',
        shipments: 1,
      }),
    ]);
    const detail = await get(`/v1/reports/shipped-manifest-detail?${range}&warehouseId=${closed.id}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.items).toEqual([
      expect.objectContaining({ shipmentId, orderId: shippedOrder, warehouseCode: 'GONE' }),
    ]);
  });

  it('pending shipments and its PDF link filtered by its id answer (nothing is pending there)', async () => {
    const pending = await get(`/v1/reports/pending-shipments?warehouseId=${closed.id}`);
    expect(pending.status, pending.text).toBe(200);
    expect(pending.body).toMatchObject({ orders: 0, oldest: [] });
    // The PDF answers a redirect to the file it wrote (an unknown warehouse writes none: a 404).
    const pdf = await get(`/v1/reports/pending-shipments/pdf?warehouseId=${closed.id}`);
    expect(pdf.status, pdf.text).toBe(302);
  });

  it('the movements report filtered by its id answers its receipt, shipment and write-off', async () => {
    const answer = await get(`/v1/reports/inventory/movements?${range}&warehouseId=${closed.id}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.items.map((item: { quantity: number }) => item.quantity)).toEqual([5, -2, -3]);
    expect(answer.body.items.every((item: { warehouseCode: string }) => item.warehouseCode === 'GONE')).toBe(
      true,
    );
  });

  it.each([
    '/v1/reports/inventory/stock-levels',
    '/v1/reports/inventory/valuation',
    '/v1/reports/inventory/aging',
    '/v1/reports/inventory/warehouse-capacity',
    '/v1/reports/inventory/low-stock',
  ])('%s (stock as it is now) filtered by its id is a 404 saying it was deleted', async (path) => {
    const answer = await get(`${path}?warehouseId=${closed.id}`);
    expect(answer.status, answer.text).toBe(404);
    expect(answer.body).toMatchObject({ status: 404, warehouseId: closed.id });
    expect(answer.body.detail).toContain('GONE');
    expect(answer.body.detail).toContain('was deleted');
  });
});

describe('an id no warehouse ever had', () => {
  it.each([
    '/v1/reports/sales/detailed',
    '/v1/reports/shipped-manifest',
    '/v1/reports/shipped-manifest-detail',
    '/v1/reports/pending-shipments',
    '/v1/reports/inventory/movements',
    '/v1/reports/inventory/stock-levels',
  ])('%s filtered by it is a 404 naming it', async (path) => {
    const unknown = newId();
    const answer = await get(`${path}?warehouseId=${unknown}`);
    expect(answer.status, answer.text).toBe(404);
    expect(answer.body).toMatchObject({ status: 404, warehouseId: unknown });
    expect(answer.body.detail).toBe(`No warehouse has the id ${unknown}.`);
  });
});
