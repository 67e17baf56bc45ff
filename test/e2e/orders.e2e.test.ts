/** The order flow a back-office user runs, over HTTP with real tokens. */
import { describe, expect, it } from 'vitest';
import { api } from '../support/http';
import { orderId, orderInput, orderLine } from '../support/order-builders';

describe('orders over HTTP', () => {
  it('creates, reads with an ETag, pays, cancels and reinstates a line, changes the address', async () => {
    const id = orderId();
    const first = orderLine({ quantity: 1, unitPrice: 2500, tax: 0 });
    const created = await api('PUT', `/v1/orders/${id}`, {
      role: 'operator',
      body: orderInput({ lines: [first, orderLine()] }),
    });
    expect(created.status, created.text).toBe(201);
    const read = await api('GET', `/v1/orders/${id}`, { role: 'viewer' });
    expect(read.headers.get('etag')).toBe('"1"');

    const paid = await api('POST', `/v1/orders/${id}/payments`, {
      role: 'manager',
      body: { amount: 1000, method: 'card' },
      headers: { 'idempotency-key': `e2e-pay-${id}` },
    });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.totals.paid).toBe(1000);
    expect(
      (
        await api('POST', `/v1/orders/${id}/payments`, {
          role: 'operator',
          body: { amount: 1, method: 'card' },
        })
      ).status,
    ).toBe(403);

    const cancelled = await api('POST', `/v1/orders/${id}/items/${first.itemId}/cancel`, {
      role: 'operator',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.totals.subtotal).toBe(created.body.totals.subtotal - 2500);
    const reinstated = await api('POST', `/v1/orders/${id}/items/${first.itemId}/reinstate`, {
      role: 'operator',
    });
    expect(reinstated.body.totals.subtotal).toBe(created.body.totals.subtotal);

    const moved = await api('PUT', `/v1/orders/${id}/address`, {
      role: 'operator',
      body: { shipTo: { line1: 'Rynek Główny 1', city: 'Kraków', postalCode: '31-042', country: 'PL' } },
      headers: { 'if-match': `"${reinstated.body.version}"` },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.shipTo.city).toBe('Kraków');
  });
});
