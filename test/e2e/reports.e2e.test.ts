/**
 * Reports over HTTP: orders written through the gateway appear in the dashboard and the sales summary
 * once the local stream poller has counted them into the aggregates (the same consumer code as Lambda).
 * The server is shared with the other e2e files, so the dashboard is read as a difference.
 */
import { describe, expect, it } from 'vitest';
import { api } from '../support/http';
import { orderId, orderInput, orderLine } from '../support/order-builders';

async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const todaysOrders = async () => {
  const board = await api('GET', '/v1/reports/dashboard?currency=USD', { role: 'viewer' });
  expect(board.status, board.text).toBe(200);
  return board.body.periods[0].orders.value as number;
};

describe('reports, end to end', () => {
  it('counts orders written over HTTP into the dashboard and the summary after the poller runs', async () => {
    const before = await todaysOrders();
    const channel = `e2e-${Date.now().toString(36)}`;
    const created = [];
    for (const quantity of [1, 2, 3]) {
      const id = orderId();
      const answer = await api('PUT', `/v1/orders/${id}`, {
        role: 'operator',
        body: orderInput({
          channel,
          orderDate: new Date().toISOString(),
          shippingCharge: 0,
          lines: [orderLine({ sku: 'E2E-REP', quantity, unitPrice: 1000, tax: 0, discount: 0 })],
        }),
      });
      expect(answer.status, answer.text).toBe(201);
      created.push(answer.body);
    }
    const after = await eventually(todaysOrders, (count) => count >= before + 3);
    expect(after - before).toBe(3);

    const today = new Date().toISOString().slice(0, 10);
    const summary = await api(
      'GET',
      `/v1/reports/sales/summary?from=${today}&to=${today}&channel=${channel}`,
      {
        role: 'viewer',
      },
    );
    expect(summary.status, summary.text).toBe(200);
    expect(summary.body.total).toEqual({
      orders: 3,
      units: 6,
      money: [
        {
          currency: 'USD',
          orders: 3,
          units: 6,
          gross: 6000,
          discounts: 0,
          tax: 0,
          shipping: 0,
          refunds: 0,
          net: 6000,
          averageOrderValue: 2000,
        },
      ],
    });
    const detailed = await api(
      'GET',
      `/v1/reports/sales/detailed?from=${today}&to=${today}&channel=${channel}`,
      {
        role: 'viewer',
      },
    );
    expect(detailed.body.items.map((line: { orderId: string }) => line.orderId)).toEqual(
      created.map((order) => order.id),
    );
    const anonymous = await api('GET', '/v1/reports/dashboard', {});
    expect(anonymous.status).toBe(401);
  });
});
