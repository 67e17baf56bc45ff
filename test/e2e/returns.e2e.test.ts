/**
 * A return as staff run it, over HTTP with real tokens: ship an order by hand, return two of its three
 * lines, approve, receive one restocked and one damaged, refund in part, complete; then the order's
 * money, the warehouse's stock and the events published read as expected.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { api } from '../support/http';
import { orderId, orderInput, orderLine } from '../support/order-builders';

const dataDir = inject('dataDir');

function eventsOf(resourceId: string): string[] {
  const file = join(dataDir, 'events.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type: string; resourceId?: string })
    .filter((event) => event.resourceId === resourceId)
    .map((event) => event.type);
}

async function eventually<T>(probe: () => T, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a return, end to end', () => {
  it('ships, returns two of three lines, receives, refunds in part, completes; money, stock and events agree', async () => {
    const code = `R${Date.now().toString(36).toUpperCase().slice(-6)}`;
    const warehouse = await api('POST', '/v1/inventory/warehouses', {
      role: 'manager',
      body: { code, name: `Returns ${code}` },
    });
    expect(warehouse.status, warehouse.text).toBe(201);
    const warehouseId = warehouse.body.id as string;
    const received = await api('POST', '/v1/orders/work-orders', {
      role: 'operator',
      body: {
        warehouseId,
        reason: 'receipt',
        lines: ['E2E-RET-A', 'E2E-RET-B', 'E2E-RET-C'].map((sku) => ({ sku, quantity: 10, unitCost: 400 })),
      },
    });
    expect(received.status, received.text).toBe(201);

    const id = orderId();
    const created = await api('PUT', `/v1/orders/${id}`, {
      role: 'operator',
      body: orderInput({
        warehouseId,
        shippingCharge: 600,
        lines: [
          orderLine({ itemId: 'A', sku: 'E2E-RET-A', quantity: 1, unitPrice: 2000, tax: 400, discount: 0 }),
          orderLine({ itemId: 'B', sku: 'E2E-RET-B', quantity: 2, unitPrice: 1000, tax: 200, discount: 0 }),
          orderLine({ itemId: 'C', sku: 'E2E-RET-C', quantity: 1, unitPrice: 500, tax: 0, discount: 0 }),
        ],
      }),
    });
    expect(created.status, created.text).toBe(201);
    const total = created.body.totals.total as number;
    expect(total).toBe(2000 + 400 + 2000 + 200 + 500 + 600);
    const paid = await api('POST', `/v1/orders/${id}/payments`, {
      role: 'manager',
      body: { amount: total, method: 'card' },
    });
    expect(paid.status, paid.text).toBe(201);
    const shipped = await api('POST', `/v1/orders/${id}/tracking`, {
      role: 'operator',
      body: { carrier: 'UPS', service: 'Ground', trackingNumber: '1Z999AA10123456784' },
    });
    expect(shipped.status, shipped.text).toBe(201);

    const opened = await api('POST', `/v1/orders/${id}/returns`, {
      role: 'operator',
      body: {
        lines: [
          { itemId: 'A', quantity: 1, reasonCode: 'defective', reasonText: 'Does not switch on' },
          { itemId: 'B', quantity: 2, reasonCode: 'size_or_fit' },
        ],
        note: 'Please send a refund for the lamp and the shirts',
      },
    });
    expect(opened.status, opened.text).toBe(201);
    const returnId = opened.body.id as string;
    const path = `/v1/orders/${id}/returns/${returnId}`;
    expect((await api('POST', `${path}/approve`, { role: 'operator' })).body.state).toBe('approved');
    const receipt = await api('POST', `${path}/receive`, {
      role: 'operator',
      body: {
        lines: [
          { itemId: 'B', quantity: 2, disposition: 'restock', warehouseId },
          { itemId: 'A', quantity: 1, disposition: 'damaged' },
        ],
      },
    });
    expect(receipt.status, receipt.text).toBe(200);
    expect(receipt.body.state).toBe('received');
    // The two shirts back at 10.00 each with their tax; the lamp stays with the customer's claim open.
    const refund = await api('POST', `${path}/refund`, {
      role: 'manager',
      body: { lines: [{ itemId: 'B', quantity: 2 }], method: 'card' },
    });
    expect(refund.status, refund.text).toBe(200);
    expect(refund.body.refunds).toMatchObject([
      { amount: 2200, lines: [{ itemId: 'B', quantity: 2, goods: 2000, tax: 200 }] },
    ]);
    const completed = await api('POST', `${path}/complete`, { role: 'operator' });
    expect(completed.body).toMatchObject({ state: 'completed', allowedActions: [] });

    const order = await api('GET', `/v1/orders/${id}`, { role: 'viewer' });
    expect(order.body.totals).toMatchObject({
      total: total - 2200,
      paid: total,
      refunded: 2200,
      credited: 2200,
      balance: 0,
    });
    expect(order.body.fulfillmentState).toBe('shipped');
    const stock = await api('GET', `/v1/inventory/warehouses/${warehouseId}`, { role: 'viewer' });
    // 30 received, 4 shipped, 2 restocked.
    expect(stock.body.stockSummary.unitsOnHand).toBe(28);

    const types = await eventually(
      () => eventsOf(returnId),
      (found) => found.includes('return.completed'),
    );
    expect(types).toEqual([
      'return.requested',
      'return.approved',
      'return.received',
      'return.refunded',
      'return.completed',
    ]);
    // The refund's order write is spoken for by return.refunded: the order published nothing after its
    // creation and payment (the poller publishes in commit order, so return.completed came after it).
    expect(eventsOf(id)).toEqual(['order.created', 'order.paid']);
  });
});
