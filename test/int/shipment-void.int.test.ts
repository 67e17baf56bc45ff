import { describe, expect, it } from 'vitest';
import { historyOfOrder, stockKey } from '../../shared/db/keys';
import { shipmentRefKey } from '../../shared/db/keys/shipments';
import { getItem, queryAll } from '../../shared/db/query';
import { Conflict } from '../../shared/errors';
import { recordShipment, removeShipment, voidShipment } from '../../shared/shipments/commit';
import { totalsCells } from '../../shared/shipments/queries';
import { findShipmentById } from '../../shared/shipments/repository';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';

const today = () => new Date().toISOString().slice(0, 10);
const order = async (id: string) => (await call({ method: 'GET', path: `/v1/orders/${id}` })).body;
const stockOf = async (sku: string, warehouseId: string) => getItem(stockKey(sku, warehouseId), true);

async function labelShipped(sku: string, quantity = 2) {
  const warehouse = await seedWarehouse();
  await stock(sku, warehouse.id, 10);
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({ lines: [orderLine({ itemId: 'A', sku, quantity })], warehouseId: warehouse.id }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  const { shipment } = await recordShipment({
    orderId: id,
    actor: 'packer',
    details: {
      source: 'label',
      carrier: 'VoidTest',
      service: `Ground ${sku}`,
      trackingNumber: `1Z${sku}`,
      shipDate: today(),
      packages: 1,
      processorCode: 'parcel',
      labelId: `label-${sku}`,
      cost: { amount: 900, currency: 'USD' },
    },
  });
  return { id, warehouseId: warehouse.id, shipment };
}

const cellsOf = async (service: string) =>
  (await totalsCells({ from: today(), to: today() })).cells.filter((cell) => cell.service === service);

describe('shared shipments: found by id, voided', () => {
  it('finds a shipment by its id alone, and forgets a removed one', async () => {
    const { id, shipment } = await labelShipped('VOID-A');
    expect(await findShipmentById(shipment.id)).toMatchObject({
      id: shipment.id,
      orderId: id,
      processorCode: 'parcel',
      labelId: 'label-VOID-A',
    });
    expect(await findShipmentById('01ARZ3NDEKTSV4RRFFQ69G5FAV')).toBeUndefined();
    await removeShipment({ orderId: id, shipmentId: shipment.id, actor: 'packer' });
    expect(await findShipmentById(shipment.id)).toBeUndefined();
    expect(await getItem(shipmentRefKey(shipment.id), true)).toBeUndefined();
  });

  it('voids: the shipment stays voided, units unshipped and on hand, figures move to the voided cells', async () => {
    const { id, warehouseId, shipment } = await labelShipped('VOID-B');
    expect(await stockOf('VOID-B', warehouseId)).toMatchObject({ onHand: 8, allocated: 0 });
    const { shipment: voided } = await voidShipment({
      orderId: id,
      shipmentId: shipment.id,
      actor: 'packer',
      reason: { reasonCode: 'wrong_package', note: 'Box too small' },
    });
    expect(voided).toMatchObject({
      status: 'voided',
      version: 2,
      voidReasonCode: 'wrong_package',
      voidNote: 'Box too small',
    });
    expect(voided.voidedAt).toBeDefined();
    expect(await findShipmentById(shipment.id)).toMatchObject({ status: 'voided', version: 2 });
    expect(await stockOf('VOID-B', warehouseId)).toMatchObject({ onHand: 10, allocated: 2 });
    const after = await order(id);
    expect(after).toMatchObject({ fulfillmentState: 'unshipped', allocations: { 'VOID-B': 2 } });
    const cells = await cellsOf('Ground VOID-B');
    expect(cells.find((cell) => cell.status === 'active')).toMatchObject({ shipments: 0, cost: 0 });
    expect(cells.find((cell) => cell.status === 'voided')).toMatchObject({ shipments: 1, cost: 900 });
    const history = await queryAll(historyOfOrder(id));
    expect(history.filter((entry) => entry.kind === 'fulfillment').map((entry) => entry.summary)).toEqual([
      expect.stringContaining('Shipped 2 units'),
      expect.stringMatching(
        new RegExp(`^Voided label shipment ${shipment.id} .*Reason: wrong_package \\(Box too small\\)$`),
      ),
    ]);
  });

  it('voids once when two voids race: the other is a 409 naming the state, stock restored once', async () => {
    const { id, warehouseId, shipment } = await labelShipped('VOID-C', 3);
    const results = await Promise.allSettled([
      voidShipment({ orderId: id, shipmentId: shipment.id, actor: 'a', reason: { reasonCode: 'misprint' } }),
      voidShipment({ orderId: id, shipmentId: shipment.id, actor: 'b', reason: { reasonCode: 'misprint' } }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(Conflict);
    expect((refused?.reason as Conflict).message).toContain('voided');
    expect(await stockOf('VOID-C', warehouseId)).toMatchObject({ onHand: 10, allocated: 3 });
  });

  it('lets the caller refuse a void, and changes nothing then', async () => {
    const { id, warehouseId, shipment } = await labelShipped('VOID-D');
    await expect(
      voidShipment({
        orderId: id,
        shipmentId: shipment.id,
        actor: 'packer',
        reason: { reasonCode: 'other' },
        check() {
          throw new Conflict('The manifest is closed.');
        },
      }),
    ).rejects.toThrow('The manifest is closed.');
    expect(await findShipmentById(shipment.id)).toMatchObject({ status: 'active', version: 1 });
    expect(await stockOf('VOID-D', warehouseId)).toMatchObject({ onHand: 8, allocated: 0 });
  });
});
