/** DESIGN §3: a channel re-sync (PUT) keeps the back office's fields unless it clears them with null. */
import { describe, expect, it } from 'vitest';
import { historyOfOrder } from '../../shared/db/keys';
import { queryAll } from '../../shared/db/query';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';

const put = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  call({ method: 'PUT', path: `/v1/orders/${id}`, body, headers, role: 'operator' });

async function rule(body: Record<string, unknown>) {
  const response = await call({
    method: 'POST',
    path: '/v1/orders/automation-rules',
    body: { match: 'all', enabled: true, ...body },
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

describe('channel re-sync of an order', () => {
  it('keeps the warehouse, shipping service and tags a rule set, and the stock they allocated', async () => {
    const warehouse = await seedWarehouse();
    const sku = `SKU-RESYNC-${Date.now()}`;
    await stock(sku, warehouse.id, 10);
    const channel = `resync${Date.now().toString(36)}`;
    await rule({
      name: 'Route re-sync orders',
      trigger: 'order.created',
      priority: 5,
      conditions: [{ field: 'channel', operator: 'equals', value: channel }],
      actions: [
        { type: 'assign_warehouse', warehouseId: warehouse.id },
        { type: 'set_shipping_service', service: 'ground' },
        { type: 'add_tag', tag: 'routed' },
      ],
    });
    const id = orderId();
    const body = orderInput({
      channel,
      statusId: 'awaiting-shipment',
      tags: ['gift'],
      lines: [orderLine({ sku, quantity: 3 })],
    });
    const created = await put(id, body);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      warehouseId: warehouse.id,
      requestedShippingService: 'ground',
      tags: ['gift', 'routed'],
      channelTags: ['gift'],
      allocations: { [sku]: 3 },
    });

    const resynced = await put(id, body);
    expect(resynced.status, resynced.text).toBe(200);
    expect(resynced.body).toEqual(created.body);
    expect(resynced.headers.etag).toBe('"1"');

    // The channel drops its own tag: that one goes, the rule's stays.
    const retagged = await put(id, { ...body, tags: [] });
    expect(retagged.body).toMatchObject({ tags: ['routed'], warehouseId: warehouse.id, version: 2 });
  });

  it('keeps a status staff set when the channel omits it, and clears fields sent as null', async () => {
    const warehouse = await seedWarehouse();
    const sku = `SKU-NULL-${Date.now()}`;
    await stock(sku, warehouse.id, 5);
    const id = orderId();
    const body = orderInput({ lines: [orderLine({ sku, quantity: 2 })] });
    await put(id, {
      ...body,
      statusId: 'on-hold',
      warehouseId: warehouse.id,
      requestedShippingService: 'express',
      tags: ['vip'],
    });
    const omitted = await put(id, { ...body, tags: ['vip'] });
    expect(omitted.body).toMatchObject({
      statusId: 'on-hold',
      warehouseId: warehouse.id,
      requestedShippingService: 'express',
    });

    const cleared = await put(id, {
      ...body,
      warehouseId: null,
      requestedShippingService: null,
      tags: null,
      statusId: null,
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.warehouseId).toBeUndefined();
    expect(cleared.body.requestedShippingService).toBeUndefined();
    expect(cleared.body).toMatchObject({ tags: [], statusId: 'awaiting-payment', allocations: {} });
  });

  it('creates an order sent with null back-office fields as if they were omitted', async () => {
    const created = await put(orderId(), orderInput({ warehouseId: null, statusId: null, tags: null }));
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ statusId: 'awaiting-payment', tags: [] });
  });
});

describe('conditional PUT of an order (RFC 9110)', () => {
  it('If-Match: * needs the order to exist: 412 and nothing created', async () => {
    const id = orderId();
    const response = await put(id, orderInput(), { 'if-match': '*' });
    expect(response.status, response.text).toBe(412);
    expect((await call({ method: 'GET', path: `/v1/orders/${id}` })).status).toBe(404);
    await put(id, orderInput());
    expect((await put(id, orderInput({ tags: ['a'] }), { 'if-match': '*' })).status).toBe(200);
  });

  it('If-None-Match: * creates only', async () => {
    const id = orderId();
    const first = await put(id, orderInput(), { 'if-none-match': '*' });
    expect(first.status, first.text).toBe(201);
    const second = await put(id, orderInput({ tags: ['changed'] }), { 'if-none-match': '*' });
    expect(second.status, second.text).toBe(412);
    const read = await call({ method: 'GET', path: `/v1/orders/${id}` });
    expect(read.body).toMatchObject({ version: 1, tags: [] });
  });

  it('compares strong ETags only: W/"1" matches nothing', async () => {
    const id = orderId();
    await put(id, orderInput());
    const weak = await put(id, orderInput({ tags: ['x'] }), { 'if-match': 'W/"1"' });
    expect(weak.status, weak.text).toBe(412);
    expect(weak.body.detail).toContain('strong');
    expect((await put(id, orderInput({ tags: ['x'] }), { 'if-match': '"1"' })).status).toBe(200);
  });

  it('If-None-Match: * on a write that only changes existing resources is a 412', async () => {
    const id = orderId();
    await put(id, orderInput());
    const response = await call({
      method: 'PUT',
      path: `/v1/orders/${id}/address`,
      body: { reason: 'x' },
      headers: { 'if-none-match': '*' },
    });
    expect(response.status, response.text).toBe(412);
  });
});

describe('amounts and order input normalisation', () => {
  it('refuses amounts whose sums could pass 2^53, and discounts larger than their line, with 400', async () => {
    const max = 1_000_000_000_000;
    const cases: Array<[unknown, string]> = [
      [orderInput({ lines: [orderLine({ quantity: 1, unitPrice: max + 1 })] }), 'body.lines[0].unitPrice'],
      [orderInput({ lines: [orderLine({ quantity: 2, unitPrice: max })] }), 'body.lines[0].unitPrice'],
      [orderInput({ shippingCharge: Number.MAX_SAFE_INTEGER }), 'body.shippingCharge'],
      [orderInput({ lines: [orderLine({ tax: max + 1 })] }), 'body.lines[0].tax'],
      [
        orderInput({ lines: [orderLine({ quantity: 1, unitPrice: 100, discount: 500 })] }),
        'body.lines[0].discount',
      ],
    ];
    for (const [body, path] of cases) {
      const id = orderId();
      const response = await put(id, body);
      expect(response.status, response.text).toBe(400);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
      expect((await call({ method: 'GET', path: `/v1/orders/${id}` })).status).toBe(404);
    }
    // At the bounds, the totals are exact.
    const lines = Array.from({ length: 3 }, () => orderLine({ quantity: 1, unitPrice: max, tax: max }));
    const atBounds = await put(orderId(), orderInput({ lines, shippingCharge: max }));
    expect(atBounds.status, atBounds.text).toBe(201);
    expect(atBounds.body.totals.total).toBe(7 * max);
  });

  it('refuses a payment over the amount bound', async () => {
    const id = orderId();
    await put(id, orderInput());
    const response = await call({
      method: 'POST',
      path: `/v1/orders/${id}/payments`,
      body: { amount: Number.MAX_SAFE_INTEGER, method: 'card' },
    });
    expect(response.status, response.text).toBe(400);
  });

  it('accepts an order date with an offset and stores it in UTC', async () => {
    const created = await put(orderId(), orderInput({ orderDate: '2026-11-20T10:30:00+02:00' }));
    expect(created.status, created.text).toBe(201);
    expect(created.body.orderDate).toBe('2026-11-20T08:30:00Z');
    const bad = await put(orderId(), orderInput({ orderDate: '20 Nov 2026' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toContain('offset');
  });

  it('refuses an unassigned country code and control characters in the customer name', async () => {
    const zz = await put(orderId(), orderInput({ shipTo: { line1: '1 Main St', city: 'X', country: 'ZZ' } }));
    expect(zz.status, zz.text).toBe(400);
    expect(zz.body.errors[0]).toEqual({
      path: 'body.shipTo.country',
      message: 'must be an ISO 3166-1 alpha-2 country code',
    });
    const escape = await put(orderId(), orderInput({ customer: { name: 'Ada\u001b[2J' } }));
    expect(escape.status).toBe(400);
    expect(escape.body.errors[0].path).toBe('body.customer.name');
  });

  it('keeps a repeated tag once', async () => {
    const created = await put(orderId(), orderInput({ tags: ['vip', 'gift', 'vip'] }));
    expect(created.body.tags).toEqual(['vip', 'gift']);
  });
});

describe('history of a re-sync', () => {
  it('writes nothing for an identical re-sync', async () => {
    const id = orderId();
    const body = orderInput({ tags: ['a'] });
    await put(id, body);
    const before = (await queryAll(historyOfOrder(id))).length;
    const again = await put(id, body);
    expect(again.body.version).toBe(1);
    expect((await queryAll(historyOfOrder(id))).length).toBe(before);
  });
});
