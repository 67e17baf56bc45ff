/**
 * A manifest close that fails after the carrier closed the manifest (its form could not be stored) never
 * opens the manifest to new packages again: it stays `closing` with the carrier's pickup reference, the
 * day's next print opens a new manifest, a void is refused (the carrier has the label on its hand-over),
 * and a retry of the close makes the form with the same pickup reference and only the packages the
 * carrier received. The failure itself is still a 503 with Retry-After. A carrier that did not answer in
 * time may have closed it too: the same holds, and the retry asks the carrier again for the same labels.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CarrierTimedOut } from '../../functions/fulfillment/carriers/errors';
import { parcelCarrier } from '../../functions/fulfillment/carriers/parcel';
import { manifestEntriesOf } from '../../functions/fulfillment/manifests/repository';
import { manifestKey } from '../../shared/db/keys';
import { getItem } from '../../shared/db/query';
import { s3 } from '../../shared/files/s3/client';
import { dockOrigin, seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';

process.env.REPORTING_TIME_ZONE = 'UTC';
/** A manifest closes on its ship date, not before. */
const today = () => new Date().toISOString().slice(0, 10);

/** While set, S3 refuses every PutObject of a manifest form (an outage). */
let failFormUploads = false;
s3().middlewareStack.add(
  (next, context) => async (args) => {
    const key = (args.input as { Key?: string }).Key ?? '';
    if (failFormUploads && context.commandName === 'PutObjectCommand' && key.startsWith('manifests/')) {
      throw Object.assign(new Error('We encountered an internal error. Please try again.'), {
        name: 'InternalError',
        $metadata: { httpStatusCode: 500 },
      });
    }
    return next(args);
  },
  { step: 'initialize', name: 'formUploadFailureInjection' },
);
afterEach(() => {
  failFormUploads = false;
  vi.restoreAllMocks();
});

async function orderIn(warehouseId: string, sku: string) {
  await stock(sku, warehouseId, 10);
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({ lines: [orderLine({ itemId: 'A', sku, quantity: 1 })], warehouseId }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  return id;
}

const print = async (id: string) => {
  const printed = await call({
    method: 'POST',
    path: `/v1/fulfillment/ship-now/${id}/print`,
    body: {
      processorCode: 'parcel',
      serviceCode: 'ground',
      packages: [{ weightGrams: 900 }],
      shipDate: today(),
      shipUnpaid: true,
    },
    role: 'operator',
  });
  expect(printed.status, printed.text).toBe(201);
  return printed.body.shipment as { id: string; manifestId: string; trackingNumber: string };
};

const close = (manifestId: string, key: string) =>
  call({
    method: 'POST',
    path: `/v1/fulfillment/manifests/${manifestId}/close`,
    role: 'operator',
    headers: { 'idempotency-key': key },
  });

const voidLabel = (shipmentId: string) =>
  call({ method: 'DELETE', path: `/v1/fulfillment/ship-now/void/${shipmentId}`, role: 'operator' });

/** What the manifest and its entries say now. */
async function manifestNow(manifestId: string) {
  const manifest = await getItem(manifestKey(manifestId), true);
  const entries = await manifestEntriesOf(manifestId);
  return { manifest, shipmentIds: entries.map((entry) => entry.shipmentId).sort() };
}

describe('a manifest close that fails after the carrier closed it', () => {
  it('keeps the manifest from new packages, and the retried close makes the form with the same pickup and packages', async () => {
    const warehouse = await seedWarehouse({ originAddress: dockOrigin });
    const first = await print(await orderIn(warehouse.id, 'MC-A'));
    const manifestId = first.manifestId;
    const carrierClose = vi.spyOn(parcelCarrier, 'closeManifest');

    failFormUploads = true;
    const failed = await close(manifestId, `close-${manifestId}`);
    failFormUploads = false;
    expect(failed.status, failed.text).toBe(503);
    expect(Number(failed.headers['retry-after'])).toBeGreaterThan(0);
    expect(carrierClose).toHaveBeenCalledTimes(1);
    const pickupReference = (await carrierClose.mock.results[0]!.value).pickupReference as string;

    const held = await manifestNow(manifestId);
    expect(held.manifest).toMatchObject({ status: 'closing', pickupReference, shipments: 1, packages: 1 });
    // No close holds it: the retry may take it at once.
    expect(held.manifest!.closingSince).toBeUndefined();
    expect(held.manifest!.fileKey).toBeUndefined();

    // The day's next print opens a new manifest instead of joining one the carrier has closed.
    const second = await print(await orderIn(warehouse.id, 'MC-B'));
    expect(second.manifestId).not.toBe(manifestId);
    expect(await getItem(manifestKey(second.manifestId), true)).toMatchObject({
      status: 'open',
      shipments: 1,
    });
    expect((await manifestNow(manifestId)).shipmentIds).toEqual([first.id]);

    // The carrier has the first label on its hand-over: no void starts on it.
    const refusedVoid = await voidLabel(first.id);
    expect(refusedVoid.status, refusedVoid.text).toBe(409);
    expect(refusedVoid.body).toMatchObject({ reasonCode: 'manifest_closed' });
    expect(await getItem(manifestKey(manifestId), true)).toMatchObject({ voidsInFlight: 0 });

    // The retry (same Idempotency-Key: the 503 changed nothing the key stands for) finishes the form.
    const closed = await close(manifestId, `close-${manifestId}`);
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.manifest).toMatchObject({
      id: manifestId,
      status: 'closed',
      pickupReference,
      shipments: 1,
      packages: 1,
    });
    expect(closed.body.form.url).toBeTruthy();
    // The carrier was not asked again, and the form lists only what the carrier received.
    expect(carrierClose).toHaveBeenCalledTimes(1);
    expect((await manifestNow(manifestId)).shipmentIds).toEqual([first.id]);

    // The new manifest closes on its own, with its own pickup.
    const closedSecond = await close(second.manifestId, `close-${second.manifestId}`);
    expect(closedSecond.status, closedSecond.text).toBe(200);
    expect(closedSecond.body.manifest.pickupReference).not.toBe(pickupReference);
    expect(carrierClose.mock.calls[1]![0].labels.map((label) => label.trackingNumber)).toEqual([
      second.trackingNumber,
    ]);
  });

  it('keeps it too when the carrier did not answer in time (it may have closed it); the retry asks again for the same labels', async () => {
    const warehouse = await seedWarehouse({ originAddress: dockOrigin });
    const first = await print(await orderIn(warehouse.id, 'MC-C'));
    const manifestId = first.manifestId;
    const carrierClose = vi.spyOn(parcelCarrier, 'closeManifest').mockRejectedValueOnce(
      new CarrierTimedOut('The carrier did not answer the close in time.', {
        processorCode: 'parcel',
        timeoutMs: 10_000,
      }),
    );
    const failed = await close(manifestId, `close-${manifestId}`);
    expect(failed.status, failed.text).toBe(504);
    const held = await manifestNow(manifestId);
    expect(held.manifest).toMatchObject({ status: 'closing', shipments: 1 });
    expect(held.manifest!.pickupReference).toBeUndefined();
    expect(held.manifest!.closingSince).toBeUndefined();

    const second = await print(await orderIn(warehouse.id, 'MC-D'));
    expect(second.manifestId).not.toBe(manifestId);

    const closed = await close(manifestId, `close-again-${manifestId}`);
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.manifest).toMatchObject({ status: 'closed', shipments: 1 });
    expect(carrierClose).toHaveBeenCalledTimes(2);
    for (const [request] of carrierClose.mock.calls) {
      expect(request.labels.map((label) => label.trackingNumber)).toEqual([first.trackingNumber]);
    }
  });

  it('still opens the manifest again when the carrier surely did not close it', async () => {
    const warehouse = await seedWarehouse({ originAddress: dockOrigin });
    const first = await print(await orderIn(warehouse.id, 'MC-E'));
    vi.spyOn(parcelCarrier, 'closeManifest').mockRejectedValueOnce(new Error('carrier down'));
    const failed = await close(first.manifestId, `close-${first.manifestId}`);
    expect(failed.status).toBe(500);
    expect(await getItem(manifestKey(first.manifestId), true)).toMatchObject({ status: 'open' });
    // Prints join it again.
    expect((await print(await orderIn(warehouse.id, 'MC-F'))).manifestId).toBe(first.manifestId);
  });

  it('closes a manifest given back after a newer one took its place for prints (the pointer is not its own)', async () => {
    const warehouse = await seedWarehouse({ originAddress: dockOrigin });
    const first = await print(await orderIn(warehouse.id, 'MC-G'));
    const later = await orderIn(warehouse.id, 'MC-H');
    let second: Awaited<ReturnType<typeof print>> | undefined;
    vi.spyOn(parcelCarrier, 'closeManifest').mockImplementationOnce(async () => {
      // While the close works, the day's next print opens a new manifest; then the carrier fails.
      second = await print(later);
      throw new Error('carrier down');
    });
    expect((await close(first.manifestId, `close-${first.manifestId}`)).status).toBe(500);
    expect(second!.manifestId).not.toBe(first.manifestId);
    expect(await getItem(manifestKey(first.manifestId), true)).toMatchObject({ status: 'open' });
    const closed = await close(first.manifestId, `close-again-${first.manifestId}`);
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.manifest).toMatchObject({ status: 'closed', shipments: 1 });
    // The newer manifest is still the one prints join.
    expect((await print(await orderIn(warehouse.id, 'MC-I'))).manifestId).toBe(second!.manifestId);
  });
});
