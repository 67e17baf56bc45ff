import { describe, expect, it } from 'vitest';
import { historyOfOrder, orderKey, stockKey } from '../../shared/db/keys';
import { getItem, queryAll } from '../../shared/db/query';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { markShipped, orderId, orderInput, orderLine, stock } from '../support/order-builders';

const put = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  call({ method: 'PUT', path: `/v1/orders/${id}`, body, headers, role: 'operator' });
const history = async (id: string) => queryAll(historyOfOrder(id));
const eventOf = async (id: string) => (await getItem(orderKey(id)))?.eventType;
const stockOf = async (sku: string, warehouseId: string) => getItem(stockKey(sku, warehouseId));

describe('PUT and GET /v1/orders/{id}', () => {
  it('creates with 201, derives totals and state, replaces with 200 and reads back with an ETag', async () => {
    const id = orderId();
    const lines = [
      orderLine({ quantity: 2, unitPrice: 1500, tax: 300, discount: 100 }),
      orderLine({ sku: 'SKU-BLUE', quantity: 1, unitPrice: 999, tax: 0 }),
    ];
    const created = await put(id, orderInput({ lines }));
    expect(created.status, created.text).toBe(201);
    expect(created.body.totals).toEqual({
      subtotal: 3999,
      shipping: 500,
      tax: 300,
      discount: 100,
      total: 4699,
      paid: 0,
      refunded: 0,
      credited: 0,
      balance: 4699,
      refundable: 0,
    });
    expect(created.body).toMatchObject({
      id,
      statusId: 'awaiting-payment',
      fulfillmentState: 'unshipped',
      version: 1,
      payments: [],
    });
    expect(created.body.lines[0]).toMatchObject({ status: 'active', shippedQuantity: 0 });
    expect(created.headers.etag).toBe('"1"');

    const replaced = await put(id, orderInput({ lines: [lines[0]], tags: ['vip'] }), { 'if-match': '"1"' });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ version: 2, tags: ['vip'] });
    expect(replaced.body.totals.total).toBe(3000 + 500 + 300 - 100);

    const read = await call({ method: 'GET', path: `/v1/orders/${id}`, role: 'viewer' });
    expect(read.body).toEqual(replaced.body);
    expect(read.headers.etag).toBe('"2"');
    const kinds = (await history(id)).map((entry) => entry.kind);
    expect(kinds).toEqual(expect.arrayContaining(['edit', 'status']));
  });

  it('never trusts totals or state from the client', async () => {
    const response = await put(orderId(), { ...orderInput(), totals: { total: 1 } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ path: 'body.totals', message: 'unknown field' });
  });

  it('refuses ids that are not channel ids or that equal a literal sibling segment', async () => {
    for (const id of ['statuses', 'column-views', 'a b', '-x']) {
      const response = await put(encodeURIComponent(id), orderInput());
      expect(response.status, id).toBeGreaterThanOrEqual(400);
      expect(response.status, id).toBeLessThan(500);
    }
  });

  it('answers 412 to a stale If-Match and 404 to an unknown order', async () => {
    const id = orderId();
    await put(id, orderInput());
    await put(id, orderInput({ tags: ['a'] }));
    const stale = await put(id, orderInput({ tags: ['b'] }), { 'if-match': '"1"' });
    expect(stale.status).toBe(412);
    expect((await call({ method: 'GET', path: '/v1/orders/NOPE-404' })).status).toBe(404);
  });

  it('validates postal codes for the countries it knows', async () => {
    const response = await put(
      orderId(),
      orderInput({ shipTo: { line1: '1 Main', city: 'X', country: 'US', postalCode: 'ABC' } }),
    );
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'body.shipTo.postalCode', message: 'not a valid US postal code' },
    ]);
  });

  it('refuses to shrink a shipped line below what shipped, or to remove it', async () => {
    const id = orderId();
    const line = orderLine({ quantity: 3 });
    await put(id, orderInput({ lines: [line] }));
    await markShipped(id, 0, 2);
    const shrink = await put(id, orderInput({ lines: [{ ...line, quantity: 1 }] }));
    expect(shrink.status).toBe(409);
    expect(shrink.body.lines[0].itemId).toBe(line.itemId);
    const removed = await put(id, orderInput({ lines: [orderLine()] }));
    expect(removed.status).toBe(409);
    const kept = await put(id, orderInput({ lines: [{ ...line, quantity: 2 }] }));
    expect(kept.status).toBe(200);
    expect(kept.body.fulfillmentState).toBe('shipped');
  });

  it('lets exactly one of concurrent PUTs with the same If-Match win', async () => {
    const id = orderId();
    await put(id, orderInput());
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        put(id, orderInput({ tags: [`racer-${i}`] }), { 'if-match': '"1"' }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(5);
    expect((await call({ method: 'GET', path: `/v1/orders/${id}` })).body.version).toBe(2);
  });
});

describe('stock allocation through the ledger', () => {
  it('allocates active lines in the assigned warehouse, releases on cancel, re-allocates on reinstate', async () => {
    const warehouse = await seedWarehouse();
    await stock('ALLOC-A', warehouse.id, 10);
    const id = orderId();
    const line = orderLine({ sku: 'ALLOC-A', quantity: 4 });
    const created = await put(
      id,
      orderInput({ lines: [line, orderLine({ sku: 'ALLOC-A', quantity: 1 })], warehouseId: warehouse.id }),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.allocations).toEqual({ 'ALLOC-A': 5 });
    expect(await stockOf('ALLOC-A', warehouse.id)).toMatchObject({ onHand: 10, allocated: 5, available: 5 });

    const cancelled = await call({
      method: 'POST',
      path: `/v1/orders/${id}/items/${line.itemId}/cancel`,
      body: { reason: 'customer asked' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.lines[0].status).toBe('cancelled');
    expect(cancelled.body.totals.subtotal).toBe(1500);
    expect(await stockOf('ALLOC-A', warehouse.id)).toMatchObject({ allocated: 1, available: 9 });
    expect(
      (await call({ method: 'POST', path: `/v1/orders/${id}/items/${line.itemId}/cancel` })).status,
    ).toBe(409);

    const reinstated = await call({
      method: 'POST',
      path: `/v1/orders/${id}/items/${line.itemId}/reinstate`,
    });
    expect(reinstated.status).toBe(200);
    expect(reinstated.body.totals).toEqual(created.body.totals);
    expect(await stockOf('ALLOC-A', warehouse.id)).toMatchObject({ allocated: 5 });
    expect(
      (await call({ method: 'POST', path: `/v1/orders/${id}/items/${line.itemId}/reinstate` })).status,
    ).toBe(409);
    expect((await call({ method: 'POST', path: `/v1/orders/${id}/items/NOPE/cancel` })).status).toBe(404);
    // The header names the operation's one event; the history entries publish nothing.
    expect(await eventOf(id)).toBe('order.line.reinstated');
    expect((await history(id)).map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/cancelled: customer asked$/),
        expect.stringMatching(/reinstated$/),
      ]),
    );
  });

  it('refuses an allocation beyond what is available, naming the short SKUs, unless the status allows backorders', async () => {
    const warehouse = await seedWarehouse();
    await stock('SHORT-A', warehouse.id, 2);
    const id = orderId();
    const short = await put(
      id,
      orderInput({ lines: [orderLine({ sku: 'SHORT-A', quantity: 5 })], warehouseId: warehouse.id }),
    );
    expect(short.status).toBe(409);
    expect(short.body.shortfalls).toEqual([
      { sku: 'SHORT-A', warehouseId: warehouse.id, requested: 5, available: 2, missing: 3 },
    ]);
    expect((await call({ method: 'GET', path: `/v1/orders/${id}` })).status).toBe(404);

    const backordered = await put(
      id,
      orderInput({
        lines: [orderLine({ sku: 'SHORT-A', quantity: 5 })],
        warehouseId: warehouse.id,
        statusId: 'backordered',
      }),
    );
    expect(backordered.status, backordered.text).toBe(201);
    expect(await stockOf('SHORT-A', warehouse.id)).toMatchObject({ onHand: 2, allocated: 5, available: 0 });
  });

  it('cannot cancel a shipped line', async () => {
    const id = orderId();
    const line = orderLine();
    await put(id, orderInput({ lines: [line, orderLine()] }));
    await markShipped(id, 0, 1);
    expect(
      (await call({ method: 'POST', path: `/v1/orders/${id}/items/${line.itemId}/cancel` })).status,
    ).toBe(409);
  });

  it('moves the allocation when the warehouse changes and releases it when the order is cancelled', async () => {
    const [first, second] = [await seedWarehouse(), await seedWarehouse()];
    await stock('MOVE-A', first.id, 5);
    await stock('MOVE-A', second.id, 5);
    const id = orderId();
    const lines = [orderLine({ sku: 'MOVE-A', quantity: 3 })];
    await put(id, orderInput({ lines, warehouseId: first.id }));
    await put(id, orderInput({ lines, warehouseId: second.id }));
    expect(await stockOf('MOVE-A', first.id)).toMatchObject({ allocated: 0 });
    expect(await stockOf('MOVE-A', second.id)).toMatchObject({ allocated: 3 });
    await put(id, orderInput({ lines, warehouseId: second.id, statusId: 'cancelled' }));
    expect(await stockOf('MOVE-A', second.id)).toMatchObject({ allocated: 0 });
  });
});

describe('addresses', () => {
  it('changes the ship-to address with a history entry, and refuses once shipped', async () => {
    const id = orderId();
    await put(id, orderInput({ lines: [orderLine(), orderLine()] }));
    const address = { line1: '221B Baker Street', city: 'London', postalCode: 'NW1 6XE', country: 'GB' };
    const changed = await call({
      method: 'PUT',
      path: `/v1/orders/${id}/address`,
      body: { shipTo: address },
      headers: { 'if-match': '"1"' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.shipTo).toEqual(address);
    const entries = (await history(id)).filter((entry) => entry.kind === 'address');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.changes).toHaveProperty('shipTo');
    expect((await call({ method: 'PUT', path: `/v1/orders/${id}/address`, body: {} })).status).toBe(400);
    const badPostal = await call({
      method: 'PUT',
      path: `/v1/orders/${id}/address`,
      body: { shipTo: { ...address, postalCode: '12345' } },
    });
    expect(badPostal.status).toBe(400);
    await markShipped(id, 0, 1);
    const refused = await call({
      method: 'PUT',
      path: `/v1/orders/${id}/address`,
      body: { shipTo: address },
    });
    expect(refused.status).toBe(409);
  });
});

describe('payments', () => {
  it('records payments, moves a fully paid order to awaiting shipment, and refuses to overpay', async () => {
    const id = orderId();
    const created = await put(id, orderInput());
    const total = created.body.totals.total;
    const first = await call({
      method: 'POST',
      path: `/v1/orders/${id}/payments`,
      body: { amount: 1000, method: 'card', reference: 'ch_1' },
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body.totals).toMatchObject({ paid: 1000, balance: total - 1000 });
    expect(first.body.payments).toHaveLength(1);
    const over = await call({
      method: 'POST',
      path: `/v1/orders/${id}/payments`,
      body: { amount: total, method: 'card' },
    });
    expect(over.status).toBe(409);
    expect(over.body.balance).toBe(total - 1000);
    const rest = await call({
      method: 'POST',
      path: `/v1/orders/${id}/payments`,
      body: { amount: total - 1000, method: 'cash' },
    });
    expect(rest.body).toMatchObject({ statusId: 'awaiting-shipment', totals: { balance: 0, paid: total } });
    expect(await eventOf(id)).toBe('order.paid');
    expect((await history(id)).filter((entry) => entry.kind === 'payment')).toHaveLength(2);
    expect(
      (
        await call({
          method: 'POST',
          path: `/v1/orders/${id}/payments`,
          body: { amount: 1, method: 'card' },
          role: 'operator',
        })
      ).status,
    ).toBe(403);
  });

  it('pays back what a line cancelled after payment overpaid, by a manager, never more than refundable', async () => {
    const id = orderId();
    const created = await put(
      id,
      orderInput({
        lines: [
          orderLine({ itemId: 'KEEP', quantity: 2, unitPrice: 1500, tax: 300 }),
          orderLine({ itemId: 'DROP', sku: 'SKU-DROP', quantity: 1, unitPrice: 1944, tax: 0 }),
        ],
      }),
    );
    const pay = (amount: number, role: 'manager' | 'operator' = 'manager') =>
      call({ method: 'POST', path: `/v1/orders/${id}/payments`, body: { amount, method: 'card' }, role });
    expect((await pay(created.body.totals.total)).status).toBe(201);
    const cancelled = await call({
      method: 'POST',
      path: `/v1/orders/${id}/items/DROP/cancel`,
      role: 'operator',
    });
    expect(cancelled.body.totals).toMatchObject({ balance: -1944, refundable: 1944 });

    expect((await pay(-1944, 'operator')).status).toBe(403);
    const zero = await pay(0);
    expect(zero.status).toBe(400);
    expect(zero.body.errors).toEqual([
      { path: 'body.amount', message: 'must not be 0: a payment is positive, a refund negative' },
    ]);
    const tooMuch = await pay(-1945);
    expect(tooMuch.status, tooMuch.text).toBe(409);
    expect(tooMuch.body).toMatchObject({ refundable: 1944, currency: 'USD' });

    const refunded = await pay(-1944);
    expect(refunded.status, refunded.text).toBe(201);
    expect(refunded.body.totals).toMatchObject({
      paid: created.body.totals.total,
      refunded: 1944,
      credited: 0,
      balance: 0,
      refundable: 0,
    });
    expect(refunded.body.payments.at(-1)).toMatchObject({ amount: -1944, method: 'card' });
    expect(refunded.body.payments.at(-1).refund).toBeUndefined();
    expect(await eventOf(id)).toBe('order.refunded');
    expect((await history(id)).filter((entry) => entry.kind === 'payment').at(-1)).toMatchObject({
      summary: 'Refund of 19.44 USD by card (overpayment)',
      changes: { refunded: { from: 0, to: 1944 } },
    });
    // Nothing is overpaid any more.
    expect((await pay(-1)).status).toBe(409);
  });

  it('records a retried payment once (Idempotency-Key)', async () => {
    const id = orderId();
    await put(id, orderInput());
    const request = {
      method: 'POST',
      path: `/v1/orders/${id}/payments`,
      body: { amount: 700, method: 'card' },
      headers: { 'idempotency-key': `pay-${id}` },
    };
    const first = await call(request);
    const retry = await call(request);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await call({ method: 'GET', path: `/v1/orders/${id}` })).body.payments).toHaveLength(1);
  });

  it('concurrent payments that together would overpay: the total paid never exceeds the total', async () => {
    const id = orderId();
    const created = await put(id, orderInput());
    const total = created.body.totals.total;
    const share = Math.ceil(total / 3);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call({ method: 'POST', path: `/v1/orders/${id}/payments`, body: { amount: share, method: 'card' } }),
      ),
    );
    const accepted = results.filter((r) => r.status === 201).length;
    for (const result of results.filter((r) => r.status !== 201)) expect(result.status).toBe(409);
    const final = (await call({ method: 'GET', path: `/v1/orders/${id}` })).body;
    expect(final.totals.paid).toBe(accepted * share);
    expect(final.totals.paid).toBeLessThanOrEqual(total);
    expect(final.payments).toHaveLength(accepted);
    console.info(`payments race: ${accepted} of 6 accepted, paid ${final.totals.paid} of ${total}`);
  });
});

describe('edit history', () => {
  it('records only the fields a replacement changed', async () => {
    const id = orderId();
    const input = orderInput();
    await put(id, input);
    await put(id, { ...input, tags: ['gift'] });
    const entries = (await history(id)).filter((entry) => entry.kind === 'edit' || entry.kind === 'address');
    const replacement = entries.find((entry) => String(entry.summary).startsWith('Order replaced'));
    expect(Object.keys(replacement!.changes as object)).toEqual(['tags']);
    expect(entries.filter((entry) => entry.kind === 'address')).toEqual([]);
  });
});
