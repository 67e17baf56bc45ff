import { describe, expect, it } from 'vitest';
import { historyOfOrder, orderKey, stockKey } from '../../shared/db/keys';
import { shipmentKey, shipmentsOfOrder } from '../../shared/db/keys/shipments';
import { getItem, queryAll } from '../../shared/db/query';
import { recordShipment } from '../../shared/shipments/commit';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';

const today = () => new Date().toISOString().slice(0, 10);
const tracking = (id: string) => `/v1/orders/${id}/tracking`;
const ship = (id: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  call({
    method: 'POST',
    path: tracking(id),
    body: { carrier: 'UPS', service: 'Ground', trackingNumber: '1Z999AA10123456784', ...body },
    headers,
    role: 'operator',
  });
const remove = (id: string, shipmentId: string) =>
  call({ method: 'DELETE', path: `${tracking(id)}/${shipmentId}`, role: 'manager' });
const order = async (id: string) => (await call({ method: 'GET', path: `/v1/orders/${id}` })).body;
const stockOf = async (sku: string, warehouseId: string) => getItem(stockKey(sku, warehouseId), true);
const shipmentsStored = (id: string) => queryAll({ ...shipmentsOfOrder(id), consistent: true });
const totals = async (query = '') =>
  (await call({ method: 'GET', path: `/v1/orders/shipments/totals?from=${today()}&to=${today()}${query}` }))
    .body;

/** An order of the given lines, holding stock in a fresh warehouse with `onHand` units of each SKU. */
async function orderWithStock(lines: Array<Record<string, unknown>>, onHand = 10) {
  const warehouse = await seedWarehouse();
  for (const sku of new Set(lines.map((line) => String(line.sku)))) await stock(sku, warehouse.id, onHand);
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({ lines, warehouseId: warehouse.id }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  return { id, warehouseId: warehouse.id };
}

describe('POST /v1/orders/{orderId}/tracking (manual shipments)', () => {
  it('ships every unshipped unit by default: order shipped, stock out, history, totals, in one commit', async () => {
    const lines = [
      orderLine({ itemId: 'A', sku: 'TRK-A', quantity: 2, weightGrams: 300 }),
      orderLine({ itemId: 'B', sku: 'TRK-B', quantity: 1, weightGrams: 50 }),
    ];
    const { id, warehouseId } = await orderWithStock(lines);
    const before = await totals('&carrier=ups');
    const shipped = await ship(id, { cost: { amount: 725, currency: 'USD' } });
    expect(shipped.status, shipped.text).toBe(201);
    expect(shipped.body).toMatchObject({
      orderId: id,
      source: 'manual',
      carrier: 'UPS',
      service: 'Ground',
      trackingNumber: '1Z999AA10123456784',
      trackingStatus: 'unknown',
      status: 'active',
      warehouseId,
      shipDate: today(),
      packages: 1,
      weightGrams: 650,
      lines: [
        { itemId: 'A', sku: 'TRK-A', quantity: 2 },
        { itemId: 'B', sku: 'TRK-B', quantity: 1 },
      ],
    });
    const after = await order(id);
    expect(after).toMatchObject({ fulfillmentState: 'shipped', statusId: 'shipped', allocations: {} });
    expect(after.lines.map((line: { shippedQuantity: number }) => line.shippedQuantity)).toEqual([2, 1]);
    expect(await stockOf('TRK-A', warehouseId)).toMatchObject({ onHand: 8, allocated: 0, available: 8 });
    expect(await stockOf('TRK-B', warehouseId)).toMatchObject({ onHand: 9, allocated: 0, available: 9 });
    const history = await queryAll(historyOfOrder(id));
    expect(history.find((entry) => entry.kind === 'fulfillment')?.summary).toContain(
      'Shipped 3 units by UPS Ground',
    );
    expect(history.some((entry) => entry.kind === 'status')).toBe(true);
    // One operation, one event: the shipment speaks for it; the order's write publishes nothing.
    expect((await getItem(orderKey(id)))?.eventType).toBe('none');
    expect((await getItem(shipmentKey(id, shipped.body.id)))?.entity).toBe('shipment');
    const now = await totals('&carrier=ups');
    expect(now.shipments - before.shipments).toBe(1);
    expect(now.weightGrams - before.weightGrams).toBe(650);

    const listed = await call({ method: 'GET', path: tracking(id), role: 'viewer' });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ items: [shipped.body], nextCursor: null });
  });

  it('ships named lines and quantities; more than is unshipped is a 409 naming the lines, unknown lines a 400', async () => {
    const { id, warehouseId } = await orderWithStock([
      orderLine({ itemId: 'A', sku: 'TRK-C', quantity: 3 }),
      orderLine({ itemId: 'B', sku: 'TRK-D', quantity: 1 }),
    ]);
    const first = await ship(id, { lines: [{ itemId: 'A', quantity: 2 }] });
    expect(first.status, first.text).toBe(201);
    expect(await order(id)).toMatchObject({
      fulfillmentState: 'partially_shipped',
      allocations: { 'TRK-C': 1, 'TRK-D': 1 },
    });
    expect(await stockOf('TRK-C', warehouseId)).toMatchObject({ onHand: 8, allocated: 1 });

    const tooMany = await ship(id, {
      lines: [
        { itemId: 'A', quantity: 2 },
        { itemId: 'B', quantity: 1 },
      ],
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.detail).toBe('More than is unshipped: line A (TRK-C: only 1 unshipped, 2 asked).');
    const unknown = await ship(id, { lines: [{ itemId: 'NOPE', quantity: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { path: 'body.lines[0].itemId', message: 'the order has no line NOPE' },
    ]);
    expect(await shipmentsStored(id)).toHaveLength(1);
    expect(await stockOf('TRK-C', warehouseId)).toMatchObject({ onHand: 8, allocated: 1 });

    const rest = await ship(id);
    expect(rest.status).toBe(201);
    expect(rest.body.lines).toEqual([
      { itemId: 'A', sku: 'TRK-C', quantity: 1 },
      { itemId: 'B', sku: 'TRK-D', quantity: 1 },
    ]);
    const nothingLeft = await ship(id);
    expect(nothingLeft.status).toBe(409);
  });

  it('refuses units that are not on hand, even when a backorder allocated them', async () => {
    const status = await call({
      method: 'POST',
      path: '/v1/orders/statuses',
      body: { name: `Backorder ${orderId()}`, category: 'open', allowBackorder: true },
    });
    expect(status.status, status.text).toBe(201);
    const warehouse = await seedWarehouse();
    await stock('TRK-E', warehouse.id, 3);
    const id = orderId();
    const created = await call({
      method: 'PUT',
      path: `/v1/orders/${id}`,
      body: orderInput({
        lines: [orderLine({ itemId: 'A', sku: 'TRK-E', quantity: 5 })],
        warehouseId: warehouse.id,
        statusId: status.body.id,
      }),
    });
    expect(created.status, created.text).toBe(201);
    expect(await stockOf('TRK-E', warehouse.id)).toMatchObject({ onHand: 3, allocated: 5, backordered: 2 });
    const refused = await ship(id);
    expect(refused.status).toBe(409);
    expect(refused.body.shortfalls).toEqual([
      { sku: 'TRK-E', warehouseId: warehouse.id, requested: 5, available: 3, missing: 2 },
    ]);
    expect(await stockOf('TRK-E', warehouse.id)).toMatchObject({ onHand: 3, allocated: 5 });
    expect(await shipmentsStored(id)).toHaveLength(0);
    expect((await order(id)).fulfillmentState).toBe('unshipped');
    // The 3 on hand ship; the 2 backordered stay allocated.
    const part = await ship(id, { lines: [{ itemId: 'A', quantity: 3 }] });
    expect(part.status, part.text).toBe(201);
    expect(await stockOf('TRK-E', warehouse.id)).toMatchObject({ onHand: 0, allocated: 2, backordered: 2 });
  });

  it('never takes units other orders hold', async () => {
    const { id, warehouseId } = await orderWithStock(
      [orderLine({ itemId: 'A', sku: 'TRK-F', quantity: 2 })],
      2,
    );
    // A second order, no warehouse assigned, shipped by hand: it has no allocation and takes no stock.
    const other = orderId();
    await call({
      method: 'PUT',
      path: `/v1/orders/${other}`,
      body: orderInput({ lines: [orderLine({ sku: 'TRK-F' })] }),
    });
    const shipped = await ship(other);
    expect(shipped.status).toBe(201);
    expect(shipped.body.warehouseId).toBeUndefined();
    expect(await stockOf('TRK-F', warehouseId)).toMatchObject({ onHand: 2, allocated: 2 });
    expect((await ship(id)).status).toBe(201);
    expect(await stockOf('TRK-F', warehouseId)).toMatchObject({ onHand: 0, allocated: 0 });
  });

  it('answers 404 for an unknown order, 400 for malformed bodies, 403 for a viewer, and changes nothing', async () => {
    expect((await ship('NO-SUCH-ORDER')).status).toBe(404);
    const { id, warehouseId } = await orderWithStock([orderLine({ itemId: 'A', sku: 'TRK-G', quantity: 1 })]);
    for (const body of [
      { carrier: '' },
      { trackingNumber: 'has spaces in it' },
      { shipDate: '2026-02-30' },
      { shipDate: '2999-01-01' },
      { lines: [] },
      { lines: [{ itemId: 'A', quantity: 0 }] },
      {
        lines: [
          { itemId: 'A', quantity: 1 },
          { itemId: 'A', quantity: 1 },
        ],
      },
      { packages: 0 },
      { cost: { amount: -1, currency: 'USD' } },
      { unknownField: true },
      { carrier: 'UPS\u202E' },
    ]) {
      const response = await ship(id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    const viewer = await call({
      method: 'POST',
      path: tracking(id),
      body: { carrier: 'UPS', service: 'x', trackingNumber: '123' },
      role: 'viewer',
    });
    expect(viewer.status).toBe(403);
    expect(await shipmentsStored(id)).toHaveLength(0);
    expect(await stockOf('TRK-G', warehouseId)).toMatchObject({ onHand: 10, allocated: 1 });
    expect((await call({ method: 'GET', path: tracking('NO-SUCH-ORDER') })).status).toBe(404);
  });

  it('replays an Idempotency-Key retry: one shipment, the same answer', async () => {
    const { id, warehouseId } = await orderWithStock([orderLine({ itemId: 'A', sku: 'TRK-H', quantity: 1 })]);
    const first = await ship(id, {}, { 'idempotency-key': 'manual-1' });
    const again = await ship(id, {}, { 'idempotency-key': 'manual-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await shipmentsStored(id)).toHaveLength(1);
    expect(await stockOf('TRK-H', warehouseId)).toMatchObject({ onHand: 9 });
  });

  it('lists an order’s shipments newest first, a page at a time', async () => {
    const { id } = await orderWithStock([orderLine({ itemId: 'A', sku: 'TRK-I', quantity: 3 })]);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await ship(id, { lines: [{ itemId: 'A', quantity: 1 }] })).body.id);
    const first = await call({ method: 'GET', path: `${tracking(id)}?limit=2` });
    expect(first.body.items.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
    const second = await call({
      method: 'GET',
      path: `${tracking(id)}?limit=2&cursor=${first.body.nextCursor}`,
    });
    expect(second.body).toMatchObject({ items: [{ id: ids[0] }], nextCursor: null });
    const tampered = await call({ method: 'GET', path: `${tracking(id)}?cursor=${first.body.nextCursor}x` });
    expect(tampered.status).toBe(400);
  });
});

describe('DELETE /v1/orders/{orderId}/tracking/{shipmentId}', () => {
  it('takes a manual shipment back: units unshipped and allocated again, status back, totals back', async () => {
    const { id, warehouseId } = await orderWithStock([orderLine({ itemId: 'A', sku: 'TRK-J', quantity: 2 })]);
    const before = await totals('&carrier=dhl');
    const shipped = await ship(id, { carrier: 'DHL', service: 'Express' });
    expect((await order(id)).statusId).toBe('shipped');
    const removed = await remove(id, shipped.body.id);
    expect(removed.status, removed.text).toBe(204);
    const after = await order(id);
    expect(after).toMatchObject({
      fulfillmentState: 'unshipped',
      statusId: 'awaiting-payment',
      allocations: { 'TRK-J': 2 },
    });
    expect(await stockOf('TRK-J', warehouseId)).toMatchObject({ onHand: 10, allocated: 2, available: 8 });
    expect(await shipmentsStored(id)).toHaveLength(0);
    expect((await totals('&carrier=dhl')).shipments).toBe(before.shipments);
    const history = await queryAll(historyOfOrder(id));
    expect(history.filter((entry) => entry.kind === 'fulfillment').map((entry) => entry.summary)).toEqual([
      expect.stringContaining('Shipped 2 units'),
      expect.stringContaining(`Removed manual shipment ${shipped.body.id}`),
    ]);
    expect((await remove(id, shipped.body.id)).status).toBe(404);
  });

  it('removes once when two removals race: one 204, one 404, stock restored once', async () => {
    const { id, warehouseId } = await orderWithStock([orderLine({ itemId: 'A', sku: 'TRK-K', quantity: 4 })]);
    const shipped = await ship(id);
    expect(await stockOf('TRK-K', warehouseId)).toMatchObject({ onHand: 6, allocated: 0 });
    const results = await Promise.all([remove(id, shipped.body.id), remove(id, shipped.body.id)]);
    expect(results.map((result) => result.status).sort()).toEqual([204, 404]);
    expect(await stockOf('TRK-K', warehouseId)).toMatchObject({ onHand: 10, allocated: 4 });
  });

  it('lets one of a manual shipment and a line cancel win; the other gets 409', async () => {
    const { id, warehouseId } = await orderWithStock([orderLine({ itemId: 'A', sku: 'TRK-L', quantity: 1 })]);
    const [shipped, cancelled] = await Promise.all([
      ship(id, { lines: [{ itemId: 'A', quantity: 1 }] }),
      call({ method: 'POST', path: `/v1/orders/${id}/items/A/cancel`, role: 'operator' }),
    ]);
    expect([shipped.status, cancelled.status].filter((status) => status === 409)).toHaveLength(1);
    const winner = shipped.status === 201 ? 'ship' : 'cancel';
    if (winner === 'ship') {
      expect(cancelled.status).toBe(409);
      expect(await stockOf('TRK-L', warehouseId)).toMatchObject({ onHand: 9, allocated: 0 });
    } else {
      expect(shipped.status).toBe(409);
      expect(cancelled.status).toBe(200);
      expect(await stockOf('TRK-L', warehouseId)).toMatchObject({ onHand: 10, allocated: 0 });
    }
  });

  it('refuses to remove a label shipment (409 naming the void operation) and answers 404 for unknown ones', async () => {
    const { id } = await orderWithStock([orderLine({ itemId: 'A', sku: 'TRK-M', quantity: 1 })]);
    const { shipment } = await recordShipment({
      orderId: id,
      actor: 'fulfillment',
      details: {
        source: 'label',
        carrier: 'USPS',
        service: 'Priority',
        trackingNumber: '9400100000000000000000',
        shipDate: today(),
        packages: 1,
      },
    });
    const refused = await remove(id, shipment.id);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain(`DELETE /v1/fulfillment/ship-now/void/${shipment.id}`);
    expect(await shipmentsStored(id)).toHaveLength(1);
    expect((await remove(id, '01ARZ3NDEKTSV4RRFFQ69G5FAV')).status).toBe(404);
    expect((await remove('NO-SUCH-ORDER', shipment.id)).status).toBe(404);
    expect((await remove(id, 'not-a-ulid')).status).toBe(400);
  });
});
