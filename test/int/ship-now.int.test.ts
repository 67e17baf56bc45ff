import { describe, expect, it } from 'vitest';
import { historyOfOrder, lastShippingChoiceKey } from '../../shared/db/keys';
import { queryAll } from '../../shared/db/query';
import { db, tableName } from '../../shared/db/client';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { recordShipment } from '../../shared/shipments/commit';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';

const origin = {
  name: 'Shipping dock',
  company: 'Acme',
  line1: '200 Dock Rd',
  city: 'Memphis',
  region: 'TN',
  postalCode: '38118',
  country: 'US',
};

/** A manual shipment of the order (UPS Ground), of the lines given or of everything unshipped. */
function shipByHand(id: string, trackingNumber: string, lines?: Array<{ itemId: string; quantity: number }>) {
  return recordShipment({
    orderId: id,
    actor: 'packer',
    ...(lines ? { lines } : {}),
    details: {
      source: 'manual',
      carrier: 'UPS',
      service: 'Ground',
      trackingNumber,
      shipDate: '2026-11-20',
      packages: 1,
    },
  });
}

async function orderIn(
  warehouseId: string | undefined,
  lines: Array<Record<string, unknown>>,
  channel = 'webshop',
) {
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({ lines, channel, ...(warehouseId ? { warehouseId } : {}) }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  return id;
}

const draft = (id: string) => call({ method: 'GET', path: `/v1/fulfillment/ship-now/${id}/draft` });

describe('GET /v1/fulfillment/ship-now/{orderId}/draft', () => {
  it('answers ship-from, ship-to, the lines still to ship with their weight, and the channel’s last choice', async () => {
    const warehouse = await seedWarehouse({ originAddress: origin });
    await stock('SN-A', warehouse.id, 10);
    await stock('SN-B', warehouse.id, 10);
    const id = await orderIn(
      warehouse.id,
      [
        orderLine({ itemId: 'A', sku: 'SN-A', title: 'Mug', quantity: 3, weightGrams: 400 }),
        orderLine({ itemId: 'B', sku: 'SN-B', title: 'Poster', quantity: 1 }),
      ],
      'draft-channel',
    );
    await shipByHand(id, '1ZDRAFT', [{ itemId: 'A', quantity: 1 }]);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...lastShippingChoiceKey('draft-channel'),
          processorCode: 'parcel',
          serviceCode: 'ground',
          carrier: 'Parcel',
          service: 'Ground',
        },
      }),
    );
    const answer = await draft(id);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      orderId: id,
      channel: 'draft-channel',
      statusId: expect.any(String),
      fulfillmentState: 'partially_shipped',
      shipFrom: { warehouseId: warehouse.id, code: warehouse.code, name: warehouse.name, address: origin },
      shipTo: expect.objectContaining({ city: 'Springfield', country: 'US' }),
      lines: [
        { itemId: 'A', sku: 'SN-A', title: 'Mug', quantity: 2, unitWeightGrams: 400 },
        { itemId: 'B', sku: 'SN-B', title: 'Poster', quantity: 1, unitWeightGrams: null },
      ],
      suggestedPackage: { weightGrams: 800, linesWithoutWeight: ['B'] },
      requestedShippingService: null,
      lastUsed: { processorCode: 'parcel', serviceCode: 'ground', carrier: 'Parcel', service: 'Ground' },
    });
  });

  it('ships from the default warehouse when the order has none; 404 for an unknown order, 400 for a bad id', async () => {
    const id = await orderIn(
      undefined,
      [orderLine({ itemId: 'A', sku: 'SN-C', quantity: 1 })],
      'no-choice-yet',
    );
    const answer = await draft(id);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.lastUsed).toBeNull();
    if (answer.body.shipFrom) expect(answer.body.shipFrom.warehouseId).toMatch(/^[0-9A-Z]{26}$/);
    expect((await draft('NO-SUCH-ORDER')).status).toBe(404);
    expect((await draft('bad%20id')).status).toBe(400);
  });
});

describe('GET /v1/fulfillment/ship-now/addresses', () => {
  it('lists the active warehouses’ origin addresses, and names the active ones without', async () => {
    const withAddress = await seedWarehouse({ originAddress: origin });
    const without = await seedWarehouse();
    const inactive = await seedWarehouse({ originAddress: origin, active: false });
    const answer = await call({ method: 'GET', path: '/v1/fulfillment/ship-now/addresses' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.items).toContainEqual({
      warehouseId: withAddress.id,
      code: withAddress.code,
      name: withAddress.name,
      isDefault: false,
      address: origin,
    });
    expect(answer.body.withoutAddress).toContainEqual({
      warehouseId: without.id,
      code: without.code,
      name: without.name,
    });
    const ids = [...answer.body.items, ...answer.body.withoutAddress].map(
      (item: { warehouseId: string }) => item.warehouseId,
    );
    expect(ids).not.toContain(inactive.id);
  });
});

describe('PUT /v1/fulfillment/ship-now/{orderId}/address', () => {
  const newShipTo = {
    name: 'Zoë Wiśniewska',
    line1: 'ul. Piotrkowska 1',
    city: 'Łódź',
    postalCode: '90-001',
    country: 'PL',
  };
  const update = (id: string, body: unknown, headers: Record<string, string> = {}) =>
    call({ method: 'PUT', path: `/v1/fulfillment/ship-now/${id}/address`, body, headers, role: 'operator' });

  it('corrects the ship-to with an address-history entry, also after a partial shipment', async () => {
    const warehouse = await seedWarehouse({ originAddress: origin });
    await stock('SN-D', warehouse.id, 10);
    const id = await orderIn(warehouse.id, [orderLine({ itemId: 'A', sku: 'SN-D', quantity: 2 })]);
    await shipByHand(id, '1ZPART', [{ itemId: 'A', quantity: 1 }]);
    const answer = await update(id, { shipTo: newShipTo, reason: 'Customer moved' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ orderId: id, shipTo: newShipTo, version: expect.any(Number) });
    expect(answer.headers.etag).toBe(`"${answer.body.version}"`);
    const order = (await call({ method: 'GET', path: `/v1/orders/${id}` })).body;
    expect(order.shipTo).toEqual(newShipTo);
    const history = await queryAll(historyOfOrder(id));
    expect(history.find((entry) => entry.kind === 'address')?.summary).toBe('shipTo changed: Customer moved');

    const stale = await update(id, { shipTo: origin }, { 'if-match': '"1"' });
    expect(stale.status).toBe(412);
  });

  it('is refused once everything shipped (409), for bad addresses (400) and unknown orders (404), changing nothing', async () => {
    const warehouse = await seedWarehouse({ originAddress: origin });
    await stock('SN-E', warehouse.id, 10);
    const id = await orderIn(warehouse.id, [orderLine({ itemId: 'A', sku: 'SN-E', quantity: 1 })]);
    const badPostal = await update(id, { shipTo: { ...newShipTo, postalCode: '90001' } });
    expect(badPostal.status).toBe(400);
    expect(badPostal.body.errors).toContainEqual(expect.objectContaining({ path: 'body.shipTo.postalCode' }));
    expect((await update(id, { shipTo: { ...newShipTo, country: 'XX' } })).status).toBe(400);
    expect((await update(id, {})).status).toBe(400);
    expect((await update('NO-SUCH-ORDER', { shipTo: newShipTo })).status).toBe(404);
    await shipByHand(id, '1ZALL');
    const shipped = await update(id, { shipTo: newShipTo });
    expect(shipped.status).toBe(409);
    expect(shipped.body.detail).toContain('shipped');
    const order = (await call({ method: 'GET', path: `/v1/orders/${id}` })).body;
    expect(order.shipTo.city).toBe('Springfield');
  });
});
