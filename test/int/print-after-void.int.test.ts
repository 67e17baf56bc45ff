/**
 * A print retried with the same Idempotency-Key after the label its first attempt bought was voided
 * (its recording surely failed: here the label file could not be stored, a 503 asking to print again)
 * buys a new label under the key's next purchase key, instead of getting the voided label back (the
 * built-in carriers derive the label from the key) or a refusal (ShipEngine finds the voided label under
 * the key). Never two paid labels for one shipment: only a label known voided moves the key on; a label
 * whose void failed is bought again under the same key, i.e. reused.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PurchaseKeyVoided } from '../../functions/fulfillment/carriers/errors';
import { parcelCarrier } from '../../functions/fulfillment/carriers/parcel';
import { adapterFor } from '../../functions/fulfillment/carriers/registry';
import { findShipmentById } from '../../shared/shipments/repository';
import { s3 } from '../../shared/files/s3/client';
import { dockOrigin, seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { withDbFault } from '../support/db-faults';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';
import type { ShipEngineStandIn } from '../support/shipengine-stand-in';
import { startShipEngineStandIn } from '../support/shipengine-stand-in';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** While set, S3 refuses every PutObject of a label (an outage): the print's recording surely fails. */
let failLabelUploads = false;
s3().middlewareStack.add(
  (next, context) => async (args) => {
    const key = (args.input as { Key?: string }).Key ?? '';
    if (failLabelUploads && context.commandName === 'PutObjectCommand' && key.startsWith('labels/')) {
      throw Object.assign(new Error('We encountered an internal error. Please try again.'), {
        name: 'InternalError',
        $metadata: { httpStatusCode: 500 },
      });
    }
    return next(args);
  },
  { step: 'initialize', name: 'labelUploadFailureInjection' },
);

let standIn: ShipEngineStandIn;
beforeAll(async () => {
  standIn = await startShipEngineStandIn({ apiKey: 'TEST_se_print', carriers: { stamps_com: 'se-102' } });
  // The fulfillment function's carriers come from the environment, built at their first use.
  process.env.SHIPENGINE_API_KEY = standIn.apiKey;
  process.env.SHIPENGINE_BASE_URL = standIn.baseUrl;
  process.env.SHIPENGINE_CARRIER_IDS = 'stamps_com=se-102';
});
afterAll(async () => {
  await standIn?.close();
});
afterEach(() => {
  failLabelUploads = false;
  vi.restoreAllMocks();
});

async function orderReady(sku: string) {
  const warehouse = await seedWarehouse({ originAddress: { ...dockOrigin, phone: '+1 901 555 0100' } });
  await stock(sku, warehouse.id, 10);
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({ lines: [orderLine({ itemId: 'A', sku, quantity: 1 })], warehouseId: warehouse.id }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  return id;
}

const print = (id: string, key: string, rate: { processorCode: string; serviceCode: string }) =>
  call({
    method: 'POST',
    path: `/v1/fulfillment/ship-now/${id}/print`,
    body: { ...rate, packages: [{ weightGrams: 900 }], shipDate: tomorrow(), shipUnpaid: true },
    role: 'operator',
    headers: { 'idempotency-key': key },
  });

const parcel = { processorCode: 'parcel', serviceCode: 'ground' };
const shipEngine = { processorCode: 'shipengine', serviceCode: 'usps_priority_mail' };

async function printFailingOnTheFile(id: string, key: string, rate: typeof parcel) {
  failLabelUploads = true;
  const failed = await print(id, key, rate);
  failLabelUploads = false;
  expect(failed.status, failed.text).toBe(503);
  expect(failed.body.detail).toContain('Print again shortly');
  return failed;
}

describe('a print retried with the same Idempotency-Key after its label was voided', () => {
  it('built-in carrier: the retry buys a new label, not the voided one again', async () => {
    const id = await orderReady('PAV-PARCEL');
    const buy = vi.spyOn(parcelCarrier, 'buy');
    const voided = vi.spyOn(parcelCarrier, 'void');
    await printFailingOnTheFile(id, 'print-pav-parcel', parcel);
    expect(voided).toHaveBeenCalledTimes(1);
    const voidedLabel = (await buy.mock.results[0]!.value) as { labelId: string; trackingNumber: string };

    const printed = await print(id, 'print-pav-parcel', parcel);
    expect(printed.status, printed.text).toBe(201);
    const shipment = (await findShipmentById(printed.body.shipment.id))!;
    expect(shipment.labelId).not.toBe(voidedLabel.labelId);
    expect(shipment.trackingNumber).not.toBe(voidedLabel.trackingNumber);
    const [first, second] = buy.mock.calls.map(([request]) => request.idempotencyKey);
    expect(second).toBe(`${first}-v1`);
    // The same key again answers the recorded print; nothing more is bought.
    const replay = await print(id, 'print-pav-parcel', parcel);
    expect(replay.status, replay.text).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(buy).toHaveBeenCalledTimes(2);
  });

  it('built-in carrier: a label whose void failed is reused by the retry (never a second paid label)', async () => {
    const id = await orderReady('PAV-KEEP');
    const buy = vi.spyOn(parcelCarrier, 'buy');
    vi.spyOn(parcelCarrier, 'void').mockResolvedValueOnce({
      approved: false,
      reasonCode: 'carrier_refused',
      message: 'Try later.',
    });
    await printFailingOnTheFile(id, 'print-pav-keep', parcel);
    const kept = (await buy.mock.results[0]!.value) as { labelId: string };
    const printed = await print(id, 'print-pav-keep', parcel);
    expect(printed.status, printed.text).toBe(201);
    expect((await findShipmentById(printed.body.shipment.id))!.labelId).toBe(kept.labelId);
    expect(new Set(buy.mock.calls.map(([request]) => request.idempotencyKey)).size).toBe(1);
  });

  it('ShipEngine: the retry buys one new label; the voided one stays the only other label', async () => {
    const id = await orderReady('PAV-SE');
    const buy = vi.spyOn(adapterFor('shipengine'), 'buy');
    await printFailingOnTheFile(id, 'print-pav-se', shipEngine);
    const firstKey = buy.mock.calls[0]![0].idempotencyKey;
    expect(standIn.labelsBoughtWith(firstKey)).toMatchObject([{ voided: true }]);

    const printed = await print(id, 'print-pav-se', shipEngine);
    expect(printed.status, printed.text).toBe(201);
    const bought = standIn.labelsBoughtWith(`${firstKey}-v1`);
    expect(bought).toMatchObject([{ voided: false }]);
    expect((await findShipmentById(printed.body.shipment.id))!.labelId).toBe(bought[0]!.label_id);
    expect(standIn.labelsBoughtWith(firstKey)).toHaveLength(1);
  });

  it('ShipEngine: a voided label that was not noted (the note failed) is found at the carrier, and the retry buys one new label', async () => {
    const id = await orderReady('PAV-SE-UNNOTED');
    const buy = vi.spyOn(adapterFor('shipengine'), 'buy');
    // The note of the void gets no answer and is not applied: the 503 is answered all the same.
    await withDbFault('LABELPURCHASE#', 'no-answer-unapplied', () =>
      printFailingOnTheFile(id, 'print-pav-se-unnoted', shipEngine),
    );
    const firstKey = buy.mock.calls[0]![0].idempotencyKey;
    expect(standIn.labelsBoughtWith(firstKey)).toMatchObject([{ voided: true }]);

    const printed = await print(id, 'print-pav-se-unnoted', shipEngine);
    expect(printed.status, printed.text).toBe(201);
    expect(standIn.labelsBoughtWith(firstKey)).toHaveLength(1);
    const bought = standIn.labelsBoughtWith(`${firstKey}-v1`);
    expect(bought).toMatchObject([{ voided: false }]);
    expect((await findShipmentById(printed.body.shipment.id))!.labelId).toBe(bought[0]!.label_id);
  });

  it('a key the carrier refuses again after moving on is a 409 that asks for a new Idempotency-Key, nothing bought', async () => {
    const id = await orderReady('PAV-SE-AGAIN');
    const refusal = () =>
      new PurchaseKeyVoided('ShipEngine holds label se-9 under purchase key k, voided; nothing was bought.', {
        processorCode: 'shipengine',
        labelId: 'se-9',
      });
    const buy = vi
      .spyOn(adapterFor('shipengine'), 'buy')
      .mockRejectedValueOnce(refusal())
      .mockRejectedValueOnce(refusal());
    const refused = await print(id, 'print-pav-se-again', shipEngine);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({ reasonCode: 'label_voided', labelId: 'se-9' });
    expect(refused.body.detail).toContain('send the print again with a new Idempotency-Key');
    expect(refused.body.detail).not.toContain('purchase key');
    const [first, second] = buy.mock.calls.map(([request]) => request.idempotencyKey);
    expect(second).toBe(`${first}-v1`);
    // A new key prints.
    const printed = await print(id, 'print-pav-se-again-2', shipEngine);
    expect(printed.status, printed.text).toBe(201);
  });
});
