/**
 * Fulfillment when something fails half way: no paid label left behind a recording that surely failed
 * (a label file S3 would not store included), none voided behind one that may have committed; a close that fails gives the manifest back; a void
 * the carrier already applied is recorded; a crashed void's reservation expires.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parcelCarrier } from '../../functions/fulfillment/carriers/parcel';
import { db, tableName } from '../../shared/db/client';
import { manifestKey, stockKey } from '../../shared/db/keys';
import { getItem } from '../../shared/db/query';
import { s3 } from '../../shared/files/s3/client';
import { configureRetryPolicy } from '../../shared/db/retry';
import { dockOrigin, seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';

const origin = dockOrigin;
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** While set, every TransactWriteItems fails with no answer (it may have committed, as far as we know). */
let failNextTransaction: 'no-answer' | undefined;
db().middlewareStack.add(
  (next, context) => async (args) => {
    if (failNextTransaction && context.commandName === 'TransactWriteItemsCommand') {
      throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError', code: 'ECONNRESET' });
    }
    return next(args);
  },
  { step: 'initialize', name: 'failureInjection' },
);
/** While set, S3 refuses every PutObject of a label (an outage, a missing grant). */
let failLabelUploads = false;
s3().middlewareStack.add(
  (next, context) => async (args) => {
    if (failLabelUploads && context.commandName === 'PutObjectCommand') {
      throw Object.assign(new Error('We encountered an internal error. Please try again.'), {
        name: 'InternalError',
        $metadata: { httpStatusCode: 500 },
      });
    }
    return next(args);
  },
  { step: 'initialize', name: 'uploadFailureInjection' },
);
afterEach(() => {
  failNextTransaction = undefined;
  failLabelUploads = false;
  configureRetryPolicy(undefined);
  vi.restoreAllMocks();
});

async function orderReady(sku: string, onHand = 10, quantity = 2) {
  const warehouse = await seedWarehouse({ originAddress: origin });
  if (onHand > 0) await stock(sku, warehouse.id, onHand);
  // A status that lets orders hold more than is on hand (a backorder).
  const status = await call({
    method: 'POST',
    path: '/v1/orders/statuses',
    body: { name: `Backorder ${orderId()}`, category: 'open', allowBackorder: true },
  });
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({
      lines: [orderLine({ itemId: 'A', sku, quantity })],
      warehouseId: warehouse.id,
      statusId: status.body.id,
    }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  return { id, warehouseId: warehouse.id };
}

/** Today: a manifest closes on its ship date, not before. */
const today = () => new Date().toISOString().slice(0, 10);

const print = (id: string, headers: Record<string, string> = {}, shipDate = tomorrow()) =>
  call({
    method: 'POST',
    path: `/v1/fulfillment/ship-now/${id}/print`,
    body: {
      processorCode: 'parcel',
      serviceCode: 'ground',
      packages: [{ weightGrams: 900 }],
      shipDate,
    },
    headers,
    role: 'operator',
  });

describe('print when recording fails', () => {
  it('buys nothing for units the warehouse cannot give (a backorder)', async () => {
    const { id } = await orderReady('FAIL-A', 1, 2);
    const buy = vi.spyOn(parcelCarrier, 'buy');
    const refused = await print(id);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('No label was bought');
    expect(buy).not.toHaveBeenCalled();
  });

  it('voids the label when the recording surely failed (the lines changed after the label was bought)', async () => {
    const { id } = await orderReady('FAIL-B');
    const voided = vi.spyOn(parcelCarrier, 'void');
    const realBuy = parcelCarrier.buy.bind(parcelCarrier);
    vi.spyOn(parcelCarrier, 'buy').mockImplementation(async (request) => {
      const label = await realBuy(request);
      // Meanwhile someone cancels the line.
      const cancelled = await call({
        method: 'POST',
        path: `/v1/orders/${id}/items/A/cancel`,
        role: 'operator',
      });
      expect(cancelled.status, cancelled.text).toBe(200);
      return label;
    });
    const refused = await print(id);
    expect(refused.status).toBe(409);
    expect(voided).toHaveBeenCalledTimes(1);
  });

  it('decides the hold again at the commit: an order put on hold while its label was bought is refused and the label voided', async () => {
    const { id, warehouseId } = await orderReady('FAIL-HOLD');
    const voided = vi.spyOn(parcelCarrier, 'void');
    const realBuy = parcelCarrier.buy.bind(parcelCarrier);
    vi.spyOn(parcelCarrier, 'buy').mockImplementation(async (request) => {
      const label = await realBuy(request);
      // Meanwhile someone puts the order on hold (the channel's fields as they were).
      const held = await call({
        method: 'PUT',
        path: `/v1/orders/${id}`,
        body: orderInput({
          lines: [orderLine({ itemId: 'A', sku: 'FAIL-HOLD', quantity: 2 })],
          warehouseId,
          statusId: 'on-hold',
        }),
        role: 'operator',
      });
      expect(held.status, held.text).toBe(200);
      return label;
    });
    const refused = await print(id);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({ reasonCode: 'order_on_hold' });
    expect(voided).toHaveBeenCalledTimes(1);
    const order = await call({ method: 'GET', path: `/v1/orders/${id}` });
    expect(order.body).toMatchObject({ statusId: 'on-hold', fulfillmentState: 'unshipped' });
  });

  it('keeps the label when the commit got no answer (it may have committed), and answers an error', async () => {
    const { id } = await orderReady('FAIL-C');
    const voided = vi.spyOn(parcelCarrier, 'void');
    const realBuy = parcelCarrier.buy.bind(parcelCarrier);
    vi.spyOn(parcelCarrier, 'buy').mockImplementation(async (request) => {
      const label = await realBuy(request);
      failNextTransaction = 'no-answer';
      // Never retried (it may have committed); a short deadline keeps the test short if it were.
      configureRetryPolicy({ deadlineMs: 1_000 });
      return label;
    });
    const failed = await print(id);
    failNextTransaction = undefined;
    // DESIGN §3: an unanswered commit may have completed: 504 without Retry-After, never 503.
    expect(failed.status, failed.text).toBe(504);
    expect(failed.headers['retry-after']).toBeUndefined();
    expect(voided).not.toHaveBeenCalled();
  });

  it('records nothing and voids the label when its file cannot be stored', async () => {
    const { id, warehouseId } = await orderReady('FAIL-S3');
    const voided = vi.spyOn(parcelCarrier, 'void');
    failLabelUploads = true;
    const failed = await print(id);
    failLabelUploads = false;
    expect(failed.status, failed.text).toBe(503);
    expect(failed.body.detail).toContain('label file could not be stored');
    expect(voided).toHaveBeenCalledTimes(1);
    const order = await call({ method: 'GET', path: `/v1/orders/${id}` });
    expect(order.body.fulfillmentState).toBe('unshipped');
    expect(order.body.lines[0].shippedQuantity).toBe(0);
    const shipments = await call({ method: 'GET', path: `/v1/orders/${id}/tracking` });
    expect(shipments.body.items).toEqual([]);
    const record = await getItem(stockKey('FAIL-S3', warehouseId), true);
    expect(record).toMatchObject({ onHand: 10, allocated: 2 });
    // Once S3 answers again the same order prints.
    const printed = await print(id);
    expect(printed.status, printed.text).toBe(201);
  });

  it('buys under the request’s idempotency key, so a retried request finds the label it bought', async () => {
    const { id } = await orderReady('FAIL-D');
    const buy = vi.spyOn(parcelCarrier, 'buy');
    const printed = await print(id, { 'idempotency-key': 'print-FAIL-D' });
    expect(printed.status, printed.text).toBe(201);
    const key = buy.mock.calls[0]![0].idempotencyKey;
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(key).not.toBe(printed.body.shipment.id);
  });
});

describe('close and void when something fails', () => {
  it('gives the manifest back when the carrier fails the close, and closes it on the next try', async () => {
    const { id } = await orderReady('FAIL-E');
    const printed = await print(id, {}, today());
    expect(printed.status, printed.text).toBe(201);
    const manifestId = printed.body.shipment.manifestId;
    vi.spyOn(parcelCarrier, 'closeManifest').mockRejectedValueOnce(new Error('carrier down'));
    const failed = await call({
      method: 'POST',
      path: `/v1/fulfillment/manifests/${manifestId}/close`,
      role: 'operator',
    });
    expect(failed.status).toBe(500);
    expect(await getItem(manifestKey(manifestId), true)).toMatchObject({ status: 'open' });
    const closed = await call({
      method: 'POST',
      path: `/v1/fulfillment/manifests/${manifestId}/close`,
      role: 'operator',
    });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.manifest.status).toBe('closed');
  });

  it('refuses to close a manifest whose labels were all voided, without asking the carrier', async () => {
    const { id } = await orderReady('FAIL-F');
    const printed = await print(id, {}, today());
    const voided = await call({
      method: 'DELETE',
      path: `/v1/fulfillment/ship-now/void/${printed.body.shipment.id}`,
      role: 'operator',
    });
    expect(voided.status, voided.text).toBe(204);
    const closeManifest = vi.spyOn(parcelCarrier, 'closeManifest');
    const refused = await call({
      method: 'POST',
      path: `/v1/fulfillment/manifests/${printed.body.shipment.manifestId}/close`,
      role: 'operator',
    });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.detail).toMatch(/has no packages/);
    expect(closeManifest).not.toHaveBeenCalled();
    expect(await getItem(manifestKey(printed.body.shipment.manifestId), true)).toMatchObject({
      status: 'open',
      packages: 0,
    });
  });

  it('records a void the carrier had already applied (a retry after a failed recording)', async () => {
    const { id, warehouseId } = await orderReady('FAIL-G');
    const printed = await print(id);
    vi.spyOn(parcelCarrier, 'void').mockResolvedValueOnce({
      approved: false,
      reasonCode: 'label_already_voided',
      message: 'This label has already been voided.',
    });
    const voided = await call({
      method: 'DELETE',
      path: `/v1/fulfillment/ship-now/void/${printed.body.shipment.id}`,
      role: 'operator',
    });
    expect(voided.status, voided.text).toBe(204);
    expect(await getItem(stockKey('FAIL-G', warehouseId), true)).toMatchObject({ onHand: 10, allocated: 2 });
  });

  it('refuses, before asking the carrier, to void a label whose units a return claims', async () => {
    const { id } = await orderReady('FAIL-R');
    const printed = await print(id);
    expect(printed.status, printed.text).toBe(201);
    const opened = await call({
      method: 'POST',
      path: `/v1/orders/${id}/returns`,
      body: { lines: [{ itemId: 'A', quantity: 1, reasonCode: 'damaged' }] },
      role: 'operator',
    });
    expect(opened.status, opened.text).toBe(201);
    const voided = vi.spyOn(parcelCarrier, 'void');
    const refused = await call({
      method: 'DELETE',
      path: `/v1/fulfillment/ship-now/void/${printed.body.shipment.id}`,
      role: 'operator',
    });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({
      reasonCode: 'returned_units',
      lines: [{ itemId: 'A', claimedByReturns: 1 }],
    });
    expect(voided).not.toHaveBeenCalled();
  });

  it('lets a close through once a crashed void’s reservation has expired, not before', async () => {
    const { id } = await orderReady('FAIL-H');
    const printed = await print(id, {}, today());
    const manifestId = printed.body.shipment.manifestId;
    const reserve = (until: string) =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: manifestKey(manifestId),
          UpdateExpression: 'SET voidsInFlight = :one, voidLeaseUntil = :until',
          ExpressionAttributeValues: { ':one': 1, ':until': until },
        }),
      );
    await reserve(new Date(Date.now() + 60_000).toISOString());
    const held = await call({
      method: 'POST',
      path: `/v1/fulfillment/manifests/${manifestId}/close`,
      role: 'operator',
    });
    expect(held.status).toBe(409);
    expect(held.body.detail).toContain('void');
    await reserve(new Date(Date.now() - 1_000).toISOString());
    const closed = await call({
      method: 'POST',
      path: `/v1/fulfillment/manifests/${manifestId}/close`,
      role: 'operator',
    });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.manifest).toMatchObject({ status: 'closed' });
    expect(await getItem(manifestKey(manifestId), true)).toMatchObject({ voidsInFlight: 0 });
  });
});
