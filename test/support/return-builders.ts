/** Returns test data: a paid order whose lines have shipped (a manual shipment), ready to be returned. */
import { expect } from 'vitest';
import { seedWarehouse } from './builders';
import { call } from './call';
import { orderId, orderInput, orderLine, stock } from './order-builders';

export { orderLine };

/**
 * An order of the given lines in a fresh warehouse holding `onHand` units of each SKU, paid in full and
 * shipped (every unit, by a manual shipment) unless told otherwise.
 */
export async function shippedOrder(
  lines: Array<Record<string, unknown>>,
  options: { onHand?: number; ship?: boolean; pay?: boolean; shippingCharge?: number } = {},
) {
  const warehouse = await seedWarehouse();
  for (const sku of new Set(lines.map((line) => String(line.sku)))) {
    await stock(sku, warehouse.id, options.onHand ?? 10);
  }
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({ lines, warehouseId: warehouse.id, shippingCharge: options.shippingCharge ?? 500 }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  if (options.pay !== false) {
    const paid = await call({
      method: 'POST',
      path: `/v1/orders/${id}/payments`,
      body: { amount: created.body.totals.total, method: 'card' },
      role: 'manager',
    });
    expect(paid.status, paid.text).toBe(201);
  }
  if (options.ship !== false) {
    const shipped = await call({
      method: 'POST',
      path: `/v1/orders/${id}/tracking`,
      body: { carrier: 'UPS', service: 'Ground', trackingNumber: '1Z999AA10123456784' },
      role: 'operator',
    });
    expect(shipped.status, shipped.text).toBe(201);
  }
  return { id, warehouseId: warehouse.id, total: created.body.totals.total as number };
}

export const returnsPath = (id: string) => `/v1/orders/${id}/returns`;

export const openReturn = (
  id: string,
  lines: Array<Record<string, unknown>>,
  extra: Record<string, unknown> = {},
) => call({ method: 'POST', path: returnsPath(id), body: { lines, ...extra }, role: 'operator' });

/** A transition, by an operator (a refund, which moves money, by a manager). */
export const act = (id: string, returnId: string, action: string, body?: Record<string, unknown>) =>
  call({
    method: 'POST',
    path: `${returnsPath(id)}/${returnId}/${action}`,
    ...(body === undefined ? {} : { body }),
    role: action === 'refund' ? 'manager' : 'operator',
  });
