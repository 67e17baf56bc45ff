/**
 * DESIGN §3: once a write's transaction has committed, the answer is built from the committed decision
 * (2xx) whatever fails after it; where the commit's own outcome is unknown, the answer is 504 "may have
 * completed" without Retry-After, and the same key finds the truth. Each write path runs with DynamoDB
 * going away right after its commit (test/support/db-faults), then is repeated as a client told
 * "nothing changed" would: the change is applied once.
 */
import { describe, expect, it } from 'vitest';
import { reserveVoid } from '../../functions/fulfillment/manifests/repository';
import { exportRecordKey, historyOfOrder, manifestKey, stockKey } from '../../shared/db/keys';
import { getItem, queryAll } from '../../shared/db/query';
import { dockOrigin, seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { withDbFault } from '../support/db-faults';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';
import { act, returnsPath, shippedOrder } from '../support/return-builders';

const orderPath = (id: string) => `/v1/orders/${id}`;
const order = async (id: string) => (await call({ method: 'GET', path: orderPath(id) })).body;
const onHand = async (sku: string, warehouseId: string) =>
  Number((await getItem(stockKey(sku, warehouseId), true))?.onHand);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** An order of two units of the SKU in a fresh warehouse (with an origin address) holding ten. */
async function orderInWarehouse(sku: string) {
  const warehouse = await seedWarehouse({ originAddress: dockOrigin });
  await stock(sku, warehouse.id, 10);
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: orderPath(id),
    body: orderInput({
      lines: [orderLine({ itemId: 'A', sku, quantity: 2, weightGrams: 500 })],
      warehouseId: warehouse.id,
    }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  return { id, warehouseId: warehouse.id, total: created.body.totals.total as number };
}

const pay = (id: string, amount: number, key?: string) =>
  call({
    method: 'POST',
    path: `${orderPath(id)}/payments`,
    body: { amount, method: 'card' },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const print = (id: string, key?: string) =>
  call({
    method: 'POST',
    path: `/v1/fulfillment/ship-now/${id}/print`,
    body: {
      processorCode: 'parcel',
      serviceCode: 'ground',
      packages: [{ weightGrams: 1200, dimensionsCm: { length: 30, width: 20, height: 10 } }],
      shipDate: tomorrow(),
      // The orders here are unpaid: shipping them is the operator's choice (print refuses it otherwise).
      shipUnpaid: true,
    },
    role: 'operator',
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

/** A POST under an Idempotency-Key: keeping its response is the first call after its commit. */
const keyed = (path: string, key: string, body?: unknown, role: 'operator' | 'manager' = 'operator') =>
  call({
    method: 'POST',
    path,
    ...(body === undefined ? {} : { body }),
    role,
    headers: { 'idempotency-key': key },
  });

describe('a failure after the commit never answers "nothing changed"', () => {
  it('order PUT: 201 from the committed order; the same PUT again changes nothing', async () => {
    const id = orderId();
    const body = orderInput({ lines: [orderLine({ itemId: 'A', sku: 'CO-PUT' })] });
    const created = await withDbFault(`ORDER#${id}`, 'down-after-commit', () =>
      call({ method: 'PUT', path: orderPath(id), body }),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ id, version: 1 });
    const again = await call({ method: 'PUT', path: orderPath(id), body });
    expect(again.status).toBe(200);
    expect((await order(id)).version).toBe(1);
  });

  it('payment: 201, its answer kept by its own commit; a new key cannot pay twice, the same key replays it', async () => {
    const { id, total } = await orderInWarehouse('CO-PAY');
    const paid = await withDbFault(`ORDER#${id}`, 'down-after-commit', () => pay(id, total, 'pay-1'));
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.totals).toMatchObject({ paid: total, balance: 0 });
    expect((await pay(id, total, 'pay-2')).status).toBe(409);
    // The payment's transaction wrote the key's record with its answer: nothing after it had to.
    const sameKey = await pay(id, total, 'pay-1');
    expect(sameKey.status, sameKey.text).toBe(201);
    expect(sameKey.headers['idempotent-replayed']).toBe('true');
    expect(sameKey.text).toBe(paid.text);
    expect((await order(id)).payments).toHaveLength(1);
  });

  it('payment without a key: 201, one payment', async () => {
    const { id, total } = await orderInWarehouse('CO-PAY-NOKEY');
    const paid = await withDbFault(`ORDER#${id}`, 'down-after-commit', () => pay(id, total));
    expect(paid.status, paid.text).toBe(201);
    expect((await pay(id, total)).status).toBe(409);
    expect((await order(id)).payments).toHaveLength(1);
  });

  it('line cancel: 200 with the line cancelled; again is a 409, the allocation released once', async () => {
    const { id, warehouseId } = await orderInWarehouse('CO-CANCEL');
    const cancel = (key: string) =>
      call({
        method: 'POST',
        path: `${orderPath(id)}/items/A/cancel`,
        role: 'operator',
        headers: { 'idempotency-key': key },
      });
    const cancelled = await withDbFault(`ORDER#${id}`, 'down-after-commit', () => cancel('cancel-1'));
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.lines[0]).toMatchObject({ itemId: 'A', status: 'cancelled' });
    expect((await cancel('cancel-2')).status).toBe(409);
    expect(await getItem(stockKey('CO-CANCEL', warehouseId), true)).toMatchObject({
      onHand: 10,
      allocated: 0,
    });
  });

  it('returns: create, receive and refund each answer from what committed, and apply once', async () => {
    const { id, warehouseId, total } = await shippedOrder([
      orderLine({ itemId: 'A', sku: 'CO-RET', quantity: 1, unitPrice: 2000, tax: 0, discount: 0 }),
    ]);
    const lines = [{ itemId: 'A', quantity: 1, reasonCode: 'damaged' }];
    const open = (key: string) => keyed(returnsPath(id), key, { lines });
    const opened = await withDbFault(`ORDER#${id}`, 'down-after-commit', () => open('return-1'));
    expect(opened.status, opened.text).toBe(201);
    expect(opened.body).toMatchObject({ state: 'requested' });
    expect((await open('return-2')).status).toBe(409);
    expect((await call({ method: 'GET', path: returnsPath(id) })).body.items).toHaveLength(1);

    const rid = opened.body.id as string;
    expect((await act(id, rid, 'approve')).status).toBe(200);
    const receipt = { lines: [{ itemId: 'A', quantity: 1, disposition: 'restock', warehouseId }] };
    const receive = (key: string) => keyed(`${returnsPath(id)}/${rid}/receive`, key, receipt);
    const received = await withDbFault(`ORDER#${id}`, 'down-after-commit', () => receive('receive-1'));
    expect(received.status, received.text).toBe(200);
    expect(received.body).toMatchObject({ state: 'received' });
    expect((await receive('receive-2')).status).toBe(409);
    expect(await onHand('CO-RET', warehouseId)).toBe(10);

    const refund = { lines: [{ itemId: 'A', quantity: 1 }] };
    const refundWith = (key: string) => keyed(`${returnsPath(id)}/${rid}/refund`, key, refund, 'manager');
    const refunded = await withDbFault(`ORDER#${id}`, 'down-after-commit', () => refundWith('refund-1'));
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.refunds).toHaveLength(1);
    expect((await refundWith('refund-2')).status).toBe(409);
    const after = await order(id);
    expect(after.payments.filter((payment: { amount: number }) => payment.amount < 0)).toHaveLength(1);
    expect(after.totals).toMatchObject({ paid: total, refunded: 2000 });
  });

  it('print and void: 201 with the label link, 204 for the void; neither applies twice', async () => {
    const { id, warehouseId } = await orderInWarehouse('CO-PRINT');
    const printed = await withDbFault(`ORDER#${id}`, 'down-after-commit', () => print(id, 'print-1'));
    expect(printed.status, printed.text).toBe(201);
    expect(printed.body.label.url).toEqual(expect.any(String));
    expect((await print(id, 'print-2')).status).toBe(409);
    expect(await onHand('CO-PRINT', warehouseId)).toBe(8);

    const shipmentId = printed.body.shipment.id as string;
    const voidLabel = () =>
      call({ method: 'DELETE', path: `/v1/fulfillment/ship-now/void/${shipmentId}`, role: 'operator' });
    const voided = await withDbFault(`ORDER#${id}`, 'down-after-commit', voidLabel);
    expect(voided.status, voided.text).toBe(204);
    expect((await voidLabel()).status).toBe(409);
    expect(await onHand('CO-PRINT', warehouseId)).toBe(10);
    expect((await order(id)).fulfillmentState).toBe('unshipped');
  });

  it('work order: 201 with the applied work order, its stock moved once', async () => {
    const warehouse = await seedWarehouse();
    const created = await withDbFault('WORKORDER#', 'down-after-commit', () =>
      call({
        method: 'POST',
        path: '/v1/orders/work-orders',
        body: {
          warehouseId: warehouse.id,
          reason: 'receipt',
          lines: [{ sku: 'CO-WO', quantity: 7, unitCost: 100 }],
        },
        role: 'operator',
        headers: { 'idempotency-key': 'wo-1' },
      }),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ status: 'applied', movementIds: [expect.any(String)] });
    expect(await onHand('CO-WO', warehouse.id)).toBe(7);
  });

  it('work order of 120 SKUs (staged stock): 201 although settling its stock fails after the confirm', async () => {
    const warehouse = await seedWarehouse();
    const lines = Array.from({ length: 120 }, (_, index) => ({
      sku: `CO-WOS-${index}`,
      quantity: 3,
      unitCost: 100,
    }));
    const created = await withDbFault('WORKORDER#', 'down-after-commit', () =>
      keyed('/v1/orders/work-orders', 'wo-staged-1', { warehouseId: warehouse.id, reason: 'receipt', lines }),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.movementIds).toHaveLength(120);
    expect(await onHand('CO-WOS-0', warehouse.id)).toBe(3);
    expect(await onHand('CO-WOS-119', warehouse.id)).toBe(3);
    // The next change of these records settles the confirmed one and applies on top of it.
    const next = await keyed('/v1/orders/work-orders', 'wo-staged-2', {
      warehouseId: warehouse.id,
      reason: 'receipt',
      lines: [{ sku: 'CO-WOS-0', quantity: 1, unitCost: 100 }],
    });
    expect(next.status, next.text).toBe(201);
    expect(await onHand('CO-WOS-0', warehouse.id)).toBe(4);
  });

  it('alert rule create, update and delete answer from what committed', async () => {
    const list = await call({
      method: 'POST',
      path: '/v1/inventory/rule-lists',
      body: { name: 'Committed outcome list', skus: ['CO-ALERT-1'] },
    });
    expect(list.status, list.text).toBe(201);
    const rule = {
      name: 'Committed outcome',
      scope: { ruleListId: list.body.id },
      condition: { type: 'available_below', quantity: 5 },
    };
    const created = await withDbFault('ALERTRULE#', 'down-after-commit', () =>
      keyed('/v1/inventory/alert-rules', 'alert-1', rule, 'manager'),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.ruleList).toMatchObject({ id: list.body.id, skuCount: 1 });
    const path = `/v1/inventory/alert-rules/${created.body.id as string}`;
    const updated = await withDbFault('ALERTRULE#', 'down-after-commit', () =>
      call({ method: 'PUT', path, body: { ...rule, name: 'Renamed' }, headers: { 'if-match': '"1"' } }),
    );
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Renamed', version: 2, ruleList: { id: list.body.id } });
    const deleted = await withDbFault('ALERTRULE#', 'down-after-commit', () =>
      call({ method: 'DELETE', path }),
    );
    expect(deleted.status, deleted.text).toBe(204);
    expect((await call({ method: 'GET', path })).status).toBe(404);
  });

  it('report export: 201 with the link to the file it recorded', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const exported = await withDbFault('EXPORT#', 'down-after-commit', () =>
      call({
        method: 'POST',
        path: '/v1/reports/exports/excel',
        body: { report: 'sales-summary', query: { from: today, to: today } },
        role: 'viewer',
        headers: { 'idempotency-key': 'export-1' },
      }),
    );
    expect(exported.status, exported.text).toBe(201);
    expect(exported.body).toMatchObject({ status: 'ready', url: expect.any(String) });
    expect(await getItem(exportRecordKey(exported.body.id as string), true)).toMatchObject({
      status: 'ready',
    });
  });

  it('note: 201 with the note, written once', async () => {
    const { id } = await orderInWarehouse('CO-NOTE');
    const noted = await withDbFault(`ORDER#${id}`, 'down-after-commit', () =>
      keyed(`${orderPath(id)}/notes`, 'note-1', { text: 'Call before delivery' }),
    );
    expect(noted.status, noted.text).toBe(201);
    expect(noted.body).toMatchObject({ text: 'Call before delivery' });
    const notes = await call({ method: 'GET', path: `${orderPath(id)}/notes` });
    expect(notes.body.items).toHaveLength(1);
  });
});

describe('a commit that got no answer is a 504 "may have completed"', () => {
  it('applied: 504 without Retry-After; the same key at once replays the answer its commit kept, nothing applied twice', async () => {
    const { id, total } = await orderInWarehouse('CO-UNK-1');
    const unknown = await withDbFault(`ORDER#${id}`, 'no-answer-applied', () => pay(id, 1000, 'unk-1'));
    expect(unknown.status, unknown.text).toBe(504);
    expect(unknown.headers['retry-after']).toBeUndefined();
    expect(unknown.body.detail).toContain('same Idempotency-Key');
    const retried = await pay(id, 1000, 'unk-1');
    expect(retried.status, retried.text).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body.totals).toMatchObject({ paid: 1000, balance: total - 1000 });
    expect((await order(id)).totals).toMatchObject({ paid: 1000, balance: total - 1000 });
  });

  it('not applied: 504; the same key at once takes the claim over and applies it once', async () => {
    const { id } = await orderInWarehouse('CO-UNK-2');
    const unknown = await withDbFault(`ORDER#${id}`, 'no-answer-unapplied', () => pay(id, 1000, 'unk-2'));
    expect(unknown.status, unknown.text).toBe(504);
    expect(unknown.headers['retry-after']).toBeUndefined();
    const retried = await pay(id, 1000, 'unk-2');
    expect(retried.status, retried.text).toBe(201);
    expect((await order(id)).payments).toHaveLength(1);
  });

  it('a void whose commit got no answer keeps the manifest hold of another void in flight', async () => {
    const { id } = await orderInWarehouse('CO-UNK-VOID');
    const printed = await print(id);
    expect(printed.status, printed.text).toBe(201);
    const manifestId = printed.body.shipment.manifestId as string;
    // Another void of the same manifest is under way: it holds the manifest open.
    await reserveVoid(manifestId);
    const voidLabel = () =>
      call({
        method: 'DELETE',
        path: `/v1/fulfillment/ship-now/void/${printed.body.shipment.id}`,
        role: 'operator',
      });
    const unknown = await withDbFault(`ORDER#${id}`, 'no-answer-applied', voidLabel);
    expect(unknown.status, unknown.text).toBe(504);
    // The commit let go of this void's hold; releasing again would have freed the other one's.
    expect(await getItem(manifestKey(manifestId), true)).toMatchObject({ voidsInFlight: 1 });
  });

  it('without a key: 504, and the payment is never retried from a fresh read (one payment, not two)', async () => {
    const { id } = await orderInWarehouse('CO-UNK-3');
    const unknown = await withDbFault(`ORDER#${id}`, 'no-answer-applied', () => pay(id, 1000));
    expect(unknown.status, unknown.text).toBe(504);
    expect(unknown.headers['retry-after']).toBeUndefined();
    expect(unknown.body.detail).toContain('Read the resource');
    expect((await order(id)).payments).toHaveLength(1);
    const history = await queryAll(historyOfOrder(id));
    expect(history.filter((entry) => entry.kind === 'payment')).toHaveLength(1);
  });

  it('with the database gone after it: 504, and the same key replays the answer its commit kept', async () => {
    const { id } = await orderInWarehouse('CO-UNK-4');
    const unknown = await withDbFault(`ORDER#${id}`, 'no-answer-applied-then-down', () =>
      pay(id, 1000, 'unk-4'),
    );
    expect(unknown.status, unknown.text).toBe(504);
    expect(unknown.headers['retry-after']).toBeUndefined();
    const retried = await pay(id, 1000, 'unk-4');
    expect(retried.status, retried.text).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect((await order(id)).payments).toHaveLength(1);
  });

  it('unapplied, the database gone after it: the same key, once it is back, applies it once', async () => {
    const { id } = await orderInWarehouse('CO-UNK-5');
    const unknown = await withDbFault(`ORDER#${id}`, 'no-answer-unapplied-then-down', () =>
      pay(id, 1000, 'unk-5'),
    );
    expect(unknown.status, unknown.text).toBe(504);
    expect((await order(id)).payments).toHaveLength(0);
    // A payment's key rides in its transaction: nothing committed, so nothing holds the key.
    const retried = await pay(id, 1000, 'unk-5');
    expect(retried.status, retried.text).toBe(201);
    expect((await pay(id, 1000, 'unk-5')).headers['idempotent-replayed']).toBe('true');
    expect((await order(id)).payments).toHaveLength(1);
  });
});
