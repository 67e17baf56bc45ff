/**
 * Ship-now end to end through the fulfillment handler: rates, print (label bought, rendered to S3,
 * shipment recorded on the open manifest), reprint, void, tracking; manifests listed and closed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../shared/db/client';
import { historyOfOrder, manifestKey, orderKey, stockKey } from '../../shared/db/keys';
import { getItem, queryAll } from '../../shared/db/query';
import { filesBucket, s3 } from '../../shared/files/s3/client';
import { findShipmentById } from '../../shared/shipments/repository';
import { seedWarehouse, dockOrigin } from '../support/builders';
import { asTest } from '../support/access-recorder';
import { call } from '../support/call';
import { verifyPresignedUrl } from '../support/presigned-url';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';

const origin = dockOrigin;
const shipNow = '/v1/fulfillment/ship-now';
const pack = { weightGrams: 1200, dimensionsCm: { length: 30, width: 20, height: 10 } };
/**
 * Labels for tomorrow: a built-in carrier's label counts as used (no longer voidable) once its parcel
 * moves (09:00 UTC the next business day); dated tomorrow, a label voided in a test never has.
 */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** An order ready to ship (awaiting shipment, as a paid one is) of `quantity` units, holding them in stock. */
async function orderReady(
  sku: string,
  quantity = 2,
  warehouseId?: string,
  overrides: Record<string, unknown> = {},
  onHand = 10,
) {
  const warehouse = warehouseId ? { id: warehouseId } : await seedWarehouse({ originAddress: origin });
  if (onHand > 0) await stock(sku, warehouse.id, onHand);
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({
      lines: [orderLine({ itemId: 'A', sku, quantity, weightGrams: 500, title: 'Mug' })],
      warehouseId: warehouse.id,
      statusId: 'awaiting-shipment',
      ...overrides,
      shipTo: {
        name: 'Zoë Łódź',
        line1: '5 Elm St',
        city: 'Boston',
        region: 'MA',
        postalCode: '02108',
        country: 'US',
      },
    }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  return { id, warehouseId: warehouse.id };
}

const print = (id: string, body: Record<string, unknown> = {}) =>
  call({
    method: 'POST',
    path: `${shipNow}/${id}/print`,
    body: { processorCode: 'parcel', serviceCode: 'ground', packages: [pack], shipDate: tomorrow(), ...body },
    role: 'operator',
  });
const voidLabel = (shipmentId: string) =>
  call({ method: 'DELETE', path: `${shipNow}/void/${shipmentId}`, role: 'operator' });
const stockOf = (sku: string, warehouseId: string) => getItem(stockKey(sku, warehouseId), true);
const order = async (id: string) => (await call({ method: 'GET', path: `/v1/orders/${id}` })).body;

async function storedPdf(key: string) {
  const object = await s3().send(new GetObjectCommand({ Bucket: filesBucket(), Key: key }));
  return { bytes: Buffer.from(await object.Body!.transformToByteArray()), object };
}

describe('ship-now dictionaries and rates', () => {
  it('lists the built-in carriers with services, package types, confirmations and limits', async () => {
    const answer = await call({ method: 'GET', path: `${shipNow}/dictionaries` });
    expect(answer.status, answer.text).toBe(200);
    const codes = answer.body.carriers.map((carrier: { processorCode: string }) => carrier.processorCode);
    expect(codes).toEqual(expect.arrayContaining(['postal', 'parcel']));
    const parcel = answer.body.carriers.find(
      (carrier: { processorCode: string }) => carrier.processorCode === 'parcel',
    );
    expect(parcel.services.map((service: { code: string }) => service.code)).toContain('ground');
    expect(parcel.limits.maxWeightGrams).toBeGreaterThan(0);
  });

  it('quotes a carrier’s services; 404 for an unknown carrier, 422 naming the limit a package breaks', async () => {
    const { id } = await orderReady('PR-RATE');
    const rates = await call({
      method: 'POST',
      path: `${shipNow}/${id}/rates/parcel`,
      body: { packages: [pack] },
      role: 'operator',
    });
    expect(rates.status, rates.text).toBe(200);
    expect(rates.body.rates.length).toBeGreaterThan(0);
    expect(rates.body.rates[0]).toMatchObject({
      rateId: expect.stringMatching(/^parcel:/),
      cost: { amount: expect.any(Number) },
    });
    const unknown = await call({
      method: 'POST',
      path: `${shipNow}/${id}/rates/pigeon`,
      body: { packages: [pack] },
      role: 'operator',
    });
    expect(unknown.status).toBe(404);
    const heavy = await call({
      method: 'POST',
      path: `${shipNow}/${id}/rates/parcel`,
      body: { packages: [{ weightGrams: 40_000 }] },
      role: 'operator',
    });
    expect(heavy.status).toBe(422);
    expect(heavy.body.detail).toMatch(/kg/);
    const bad = await call({
      method: 'POST',
      path: `${shipNow}/${id}/rates/parcel`,
      body: { packages: [] },
      role: 'operator',
    });
    expect(bad.status).toBe(400);
  });
});

describe('print, reprint, void', () => {
  it('prints: label in S3, shipment recorded, stock out, order shipped, on the open manifest; reprint; void puts it all back', async () => {
    const { id, warehouseId } = await orderReady('PR-A');
    const printed = await print(id, {
      rateId: 'parcel:ground',
      processorCode: undefined,
      serviceCode: undefined,
    });
    expect(printed.status, printed.text).toBe(201);
    const { shipment, label } = printed.body;
    expect(shipment).toMatchObject({
      orderId: id,
      source: 'label',
      processorCode: 'parcel',
      status: 'active',
      packages: 1,
      weightGrams: 1200,
      lines: [{ itemId: 'A', sku: 'PR-A', quantity: 2 }],
      manifestId: expect.any(String),
      cost: { amount: expect.any(Number), currency: expect.any(String) },
    });
    expect(shipment.trackingNumber).toMatch(/^1Z/);
    expect((await verifyPresignedUrl(label.url)).valid).toBe(true);
    const downloaded = await fetch(label.url);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-disposition')).toContain(label.fileName);
    expect(label.fileName).toBe(`label-${id}-${shipment.trackingNumber}.pdf`);
    const pdf = await storedPdf(shipment.labelKey);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.object.ContentType).toBe('application/pdf');
    expect(await stockOf('PR-A', warehouseId)).toMatchObject({ onHand: 8, allocated: 0 });
    expect(await order(id)).toMatchObject({ fulfillmentState: 'shipped' });
    const manifest = await getItem(manifestKey(shipment.manifestId), true);
    expect(manifest).toMatchObject({
      status: 'open',
      shipments: 1,
      packages: 1,
      weightGrams: 1200,
      processorCode: 'parcel',
    });

    const reprint = await call({
      method: 'POST',
      path: `${shipNow}/reprint/${shipment.id}`,
      role: 'operator',
    });
    expect(reprint.status, reprint.text).toBe(200);
    expect((await verifyPresignedUrl(reprint.body.label.url)).valid).toBe(true);
    expect(new URL(reprint.body.label.url).pathname).toBe(new URL(label.url).pathname);

    const draft = await call({ method: 'GET', path: `${shipNow}/${id}/draft` });
    expect(draft.body.lastUsed).toMatchObject({ processorCode: 'parcel', serviceCode: 'ground' });

    const voided = await voidLabel(shipment.id);
    expect(voided.status, voided.text).toBe(204);
    expect(await stockOf('PR-A', warehouseId)).toMatchObject({ onHand: 10, allocated: 2 });
    expect(await order(id)).toMatchObject({ fulfillmentState: 'unshipped', allocations: { 'PR-A': 2 } });
    expect(await getItem(manifestKey(shipment.manifestId), true)).toMatchObject({
      shipments: 0,
      voidsInFlight: 0,
    });
    const history = await queryAll(historyOfOrder(id));
    expect(history.filter((entry) => entry.kind === 'fulfillment').map((entry) => entry.summary)).toEqual([
      expect.stringContaining('Shipped 2 units'),
      expect.stringContaining(`Voided label shipment ${shipment.id}`),
    ]);

    const again = await voidLabel(shipment.id);
    expect(again.status).toBe(409);
    expect(again.body.reasonCode).toBe('label_already_voided');
    const reprintVoided = await call({
      method: 'POST',
      path: `${shipNow}/reprint/${shipment.id}`,
      role: 'operator',
    });
    expect(reprintVoided.status).toBe(409);
    expect((await voidLabel('01ARZ3NDEKTSV4RRFFQ69G5FAV')).status).toBe(404);
  });

  it('prints part of an order, then the rest', async () => {
    const { id } = await orderReady('PR-B', 3);
    const first = await print(id, { lines: [{ itemId: 'A', quantity: 1 }] });
    expect(first.status, first.text).toBe(201);
    expect(await order(id)).toMatchObject({ fulfillmentState: 'partially_shipped' });
    const rest = await print(id);
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.shipment.lines).toEqual([{ itemId: 'A', sku: 'PR-B', quantity: 2 }]);
    expect(rest.body.shipment.manifestId).toBe(first.body.shipment.manifestId);
    expect(await order(id)).toMatchObject({ fulfillmentState: 'shipped' });
    const nothing = await print(id);
    expect(nothing.status).toBe(409);
  });

  it('two prints of the same lines at once: one shipment, the other 409, stock out once', async () => {
    const { id, warehouseId } = await orderReady('PR-C', 2);
    const results = await Promise.all([print(id), print(id)]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    expect(await stockOf('PR-C', warehouseId)).toMatchObject({ onHand: 8, allocated: 0 });
    const tracking = await call({ method: 'GET', path: `${shipNow}/${id}/tracking` });
    expect(tracking.body.shipments).toHaveLength(1);
  });

  it('refuses bad prints without buying: unknown order 404, carrier 404, bad body 400, manual shipment void 409', async () => {
    const { id } = await orderReady('PR-D', 1);
    expect((await print('NO-SUCH-ORDER')).status).toBe(404);
    expect((await print(id, { processorCode: 'pigeon' })).status).toBe(404);
    expect((await print(id, { rateId: 'parcel:ground' })).status).toBe(400);
    expect((await print(id, { packages: [{ weightGrams: 0 }] })).status).toBe(400);
    expect((await print(id, { lines: [{ itemId: 'NOPE', quantity: 1 }] })).status).toBe(400);
    expect((await print(id, { lines: [{ itemId: 'A', quantity: 5 }] })).status).toBe(409);
    const manual = await call({
      method: 'POST',
      path: `/v1/orders/${id}/tracking`,
      body: { carrier: 'UPS', service: 'Ground', trackingNumber: '1ZMANUAL' },
      role: 'operator',
    });
    const refused = await voidLabel(manual.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body.reasonCode).toBe('not_a_label');
  });
});

describe('a shipment of several packages', () => {
  it('gives each package its own tracking number, weight and label page; tracking, void and the manifest count follow', async () => {
    const { id, warehouseId } = await orderReady('PR-MULTI', 2);
    const packages = [
      { weightGrams: 700 },
      { weightGrams: 1800, dimensionsCm: { length: 30, width: 20, height: 10 } },
    ];
    const printed = await print(id, { packages });
    expect(printed.status, printed.text).toBe(201);
    const { shipment } = printed.body;
    expect(shipment).toMatchObject({ packages: 2, weightGrams: 2500 });
    expect(shipment.parcels).toEqual([
      { trackingNumber: shipment.trackingNumber, weightGrams: 700 },
      { trackingNumber: expect.stringMatching(/^1Z/), weightGrams: 1800 },
    ]);
    expect(shipment.parcels[1].trackingNumber).not.toBe(shipment.trackingNumber);
    expect(await getItem(manifestKey(shipment.manifestId), true)).toMatchObject({ packages: 2 });

    const { bytes } = await storedPdf(shipment.labelKey);
    const work = mkdtempSync(join(tmpdir(), 'multi-label-'));
    try {
      writeFileSync(join(work, 'label.pdf'), bytes);
      const pages = execFileSync('pdftotext', ['-layout', join(work, 'label.pdf'), '-'], { encoding: 'utf8' })
        .split('\f')
        .slice(0, 2);
      expect(pages[0]).toContain(shipment.parcels[0].trackingNumber);
      expect(pages[0]).toContain('0.70 kg');
      expect(pages[0]).not.toContain(shipment.parcels[1].trackingNumber);
      expect(pages[1]).toContain(shipment.parcels[1].trackingNumber);
      expect(pages[1]).toContain('1.80 kg');
      expect(pages[1]).not.toContain(shipment.parcels[0].trackingNumber);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }

    const tracking = await call({ method: 'GET', path: `${shipNow}/${id}/tracking` });
    expect(tracking.status, tracking.text).toBe(200);
    expect(tracking.body.shipments).toEqual([
      expect.objectContaining({ shipmentId: shipment.id, trackingNumber: shipment.trackingNumber }),
    ]);
    const voided = await voidLabel(shipment.id);
    expect(voided.status, voided.text).toBe(204);
    expect(await stockOf('PR-MULTI', warehouseId)).toMatchObject({ onHand: 10, allocated: 2 });
    expect(await getItem(manifestKey(shipment.manifestId), true)).toMatchObject({ packages: 0 });
  });
});

describe('tracking', () => {
  it('answers each shipment’s normalised status and events, and the order’s', async () => {
    const { id } = await orderReady('PR-T', 1);
    const printed = await print(id);
    expect(printed.status, printed.text).toBe(201);
    const answer = await call({ method: 'GET', path: `${shipNow}/${id}/tracking` });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.shipments).toHaveLength(1);
    expect(['unknown', 'accepted', 'in_transit', 'delivered', 'exception']).toContain(
      answer.body.trackingStatus,
    );
    expect((await call({ method: 'GET', path: `${shipNow}/NO-SUCH/tracking` })).status).toBe(404);
  });
});

describe('manifests', () => {
  it('closes the day: a PDF listing every shipment, frozen against voids; closing again answers it again', async () => {
    const warehouse = await seedWarehouse({ originAddress: origin });
    const shipped = [];
    for (const sku of ['MF-1', 'MF-2', 'MF-3']) {
      const { id } = await orderReady(sku, 1, warehouse.id);
      // Dated today: a manifest closes on its ship date, not before.
      const printed = await print(id, {
        processorCode: 'postal',
        serviceCode: 'priority',
        shipDate: new Date().toISOString().slice(0, 10),
      });
      expect(printed.status, printed.text).toBe(201);
      shipped.push(printed.body.shipment);
    }
    const manifestId = shipped[0].manifestId;
    expect(new Set(shipped.map((shipment) => shipment.manifestId)).size).toBe(1);
    const listed = await call({
      method: 'GET',
      path: `/v1/fulfillment/manifests?carrier=postal&warehouseId=${warehouse.id}`,
    });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.items).toEqual([
      expect.objectContaining({ id: manifestId, status: 'open', shipments: 3 }),
    ]);

    const closes = await Promise.all([
      call({ method: 'POST', path: `/v1/fulfillment/manifests/${manifestId}/close`, role: 'operator' }),
      call({ method: 'POST', path: `/v1/fulfillment/manifests/${manifestId}/close`, role: 'operator' }),
    ]);
    const closed = closes.find((answer) => answer.status === 200)!;
    expect(closed, JSON.stringify(closes.map((c) => c.text))).toBeDefined();
    for (const answer of closes) expect([200, 409]).toContain(answer.status);
    expect(closed.body.manifest).toMatchObject({
      status: 'closed',
      shipments: 3,
      pickupReference: expect.any(String),
    });
    const pdf = await storedPdf(closed.body.manifest.fileKey);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const again = await call({
      method: 'POST',
      path: `/v1/fulfillment/manifests/${manifestId}/close`,
      role: 'operator',
    });
    expect(again.status).toBe(200);
    expect(again.body.manifest.fileKey).toBe(closed.body.manifest.fileKey);

    const refused = await voidLabel(shipped[1].id);
    expect(refused.status).toBe(409);
    expect(refused.body.reasonCode).toBe('manifest_closed');
    expect(refused.body).toMatchObject({ status: 409, shipmentStatus: 'active' });
    const { id: later } = await orderReady('MF-4', 1, warehouse.id);
    const next = await print(later, { processorCode: 'postal', serviceCode: 'priority' });
    expect(next.status, next.text).toBe(201);
    expect(next.body.shipment.manifestId).not.toBe(manifestId);
    expect(
      (
        await call({
          method: 'POST',
          path: '/v1/fulfillment/manifests/01ARZ3NDEKTSV4RRFFQ69G5FAV/close',
          role: 'operator',
        })
      ).status,
    ).toBe(404);
    expect(
      (await call({ method: 'GET', path: '/v1/fulfillment/manifests?from=2026-11-30&to=2026-11-01' })).status,
    ).toBe(400);
  });
});

describe('manifests that cannot close, and what manifests answer', () => {
  it('a manifest for a future date is a 409 and stays open; answers never carry the void and close locks', async () => {
    const warehouse = await seedWarehouse({ originAddress: origin });
    const { id } = await orderReady('MF-FUT', 1, warehouse.id);
    const { id: other } = await orderReady('MF-FUT2', 1, warehouse.id);
    const printed = await print(id);
    expect(printed.status, printed.text).toBe(201);
    const manifestId = printed.body.shipment.manifestId;
    // A void leaves its reservation's lease stored on the manifest: stored, never answered.
    const otherPrinted = await print(other);
    expect(otherPrinted.body.shipment.manifestId).toBe(manifestId);
    expect((await voidLabel(otherPrinted.body.shipment.id)).status).toBe(204);
    expect(await getItem(manifestKey(manifestId), true)).toMatchObject({
      voidLeaseUntil: expect.any(String),
    });
    const refused = await call({
      method: 'POST',
      path: `/v1/fulfillment/manifests/${manifestId}/close`,
      role: 'operator',
    });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.detail).toContain(`is for ${tomorrow()}, a future date`);
    expect(await getItem(manifestKey(manifestId), true)).toMatchObject({ status: 'open', voidsInFlight: 0 });
    const listed = await call({
      method: 'GET',
      path: `/v1/fulfillment/manifests?warehouseId=${warehouse.id}`,
    });
    expect(listed.status, listed.text).toBe(200);
    const [manifest] = listed.body.items;
    expect(manifest).toMatchObject({ id: manifestId, status: 'open', packages: 1 });
    for (const internal of ['voidsInFlight', 'voidLeaseUntil', 'closingSince', 'PK', 'SK', 'entity'])
      expect(manifest).not.toHaveProperty(internal);
  });
});

describe('what print refuses before buying a label', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const labelsOf = async (id: string) =>
    (await call({ method: 'GET', path: `${shipNow}/${id}/tracking` })).body.shipments;

  it('another order’s backorder never blocks units on the shelf: the backordered order is the short one', async () => {
    // APRN-WHT: 3 on hand, held by two earlier orders (2 and 1), then a later order for 2 in a backorder status.
    const warehouse = await seedWarehouse({ originAddress: origin });
    await stock('APRN-WHT', warehouse.id, 3);
    const first = await orderReady('APRN-WHT', 2, warehouse.id, {}, 0);
    const second = await orderReady('APRN-WHT', 1, warehouse.id, {}, 0);
    const backordered = await orderReady('APRN-WHT', 2, warehouse.id, { statusId: 'backordered' }, 0);
    expect(await stockOf('APRN-WHT', warehouse.id)).toMatchObject({
      onHand: 3,
      allocated: 5,
      backordered: 2,
    });

    const short = await print(backordered.id);
    expect(short.status, short.text).toBe(409);
    expect(short.body.detail).toContain('APRN-WHT (2 asked, 0 on hand for this order)');
    const firstPrinted = await print(first.id);
    expect(firstPrinted.status, firstPrinted.text).toBe(201);
    const secondPrinted = await print(second.id);
    expect(secondPrinted.status, secondPrinted.text).toBe(201);
    expect(await stockOf('APRN-WHT', warehouse.id)).toMatchObject({
      onHand: 0,
      allocated: 2,
      backordered: 2,
    });
    expect(await labelsOf(backordered.id)).toEqual([]);
  });

  it('needs the order’s own warehouse: 409 naming the fix, nothing bought', async () => {
    // A default warehouse with stock exists: print must not ship from it in the order's place.
    const fallback = await seedWarehouse({ originAddress: origin, isDefault: true });
    await stock('PR-NOWH', fallback.id, 5);
    const id = orderId();
    const created = await call({
      method: 'PUT',
      path: `/v1/orders/${id}`,
      body: orderInput({
        lines: [orderLine({ itemId: 'A', sku: 'PR-NOWH', quantity: 1 })],
        statusId: 'awaiting-shipment',
      }),
      role: 'operator',
    });
    expect(created.status, created.text).toBe(201);
    const refused = await print(id);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({ reasonCode: 'no_warehouse' });
    expect(refused.body.detail).toMatch(/assign a warehouse to the order/);
    expect(await stockOf('PR-NOWH', fallback.id)).toMatchObject({ onHand: 5 });
    expect(await order(id)).toMatchObject({ fulfillmentState: 'unshipped' });
  });

  it('an order on hold is refused and keeps its hold; shipUnpaid does not lift a hold', async () => {
    const { id } = await orderReady('PR-HOLD', 1, undefined, { statusId: 'on-hold' });
    for (const body of [{}, { shipUnpaid: true }]) {
      const refused = await print(id, body);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body).toMatchObject({ reasonCode: 'order_on_hold', statusId: 'on-hold' });
      expect(refused.body.detail).toMatch(/on hold/);
    }
    expect(await order(id)).toMatchObject({ statusId: 'on-hold', fulfillmentState: 'unshipped' });
    expect(await labelsOf(id)).toEqual([]);
  });

  it('an order awaiting payment is refused unless the operator ships it unpaid on purpose, which its history records', async () => {
    const { id } = await orderReady('PR-UNPAID', 1, undefined, { statusId: undefined });
    expect(await order(id)).toMatchObject({ statusId: 'awaiting-payment' });
    const refused = await print(id);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({ reasonCode: 'order_awaiting_payment' });
    expect(refused.body.detail).toContain('"shipUnpaid": true');
    expect(refused.body.detail).toContain('23.00 USD owed');
    expect(await labelsOf(id)).toEqual([]);

    const shipped = await print(id, { shipUnpaid: true });
    expect(shipped.status, shipped.text).toBe(201);
    const history = await queryAll(historyOfOrder(id));
    expect(history.filter((entry) => entry.kind === 'fulfillment').map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Shipped 1 unit'),
        'Label printed while awaiting payment ("shipUnpaid": true), 23.00 USD owed',
      ]),
    );
    expect(history.find((entry) => entry.changes?.shippedUnpaid)).toMatchObject({ actor: 'user-operator' });
  });

  it('a ship date is today or up to 7 days ahead: 400 naming the range otherwise, nothing bought', async () => {
    const { id } = await orderReady('PR-DATE', 1);
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    for (const shipDate of [inDays(-1), inDays(8)]) {
      const refused = await print(id, { shipDate });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.detail).toContain(`from ${today()} (today in UTC) to ${inDays(7)}`);
      expect(refused.body.errors).toEqual([
        { path: 'body.shipDate', message: `must be from ${today()} to ${inDays(7)}` },
      ]);
    }
    const rates = await call({
      method: 'POST',
      path: `${shipNow}/${id}/rates/parcel`,
      body: { packages: [pack], shipDate: inDays(-3) },
      role: 'operator',
    });
    expect(rates.status, rates.text).toBe(400);
    expect(await labelsOf(id)).toEqual([]);
    const printed = await print(id, { shipDate: inDays(7) });
    expect(printed.status, printed.text).toBe(201);
    expect(printed.body.shipment.shipDate).toBe(inDays(7));
  });

  it('honours If-Match on the order’s version: 412 when stale, nothing bought; the ETag is the version after', async () => {
    const { id } = await orderReady('PR-IFM', 2);
    const current = await call({ method: 'GET', path: `/v1/orders/${id}` });
    const version = current.body.version as number;
    const stale = await call({
      method: 'POST',
      path: `${shipNow}/${id}/print`,
      body: { processorCode: 'parcel', serviceCode: 'ground', packages: [pack], shipDate: tomorrow() },
      headers: { 'if-match': `"${version - 1}"` },
      role: 'operator',
    });
    expect(stale.status, stale.text).toBe(412);
    expect(await labelsOf(id)).toEqual([]);
    const printed = await call({
      method: 'POST',
      path: `${shipNow}/${id}/print`,
      body: {
        processorCode: 'parcel',
        serviceCode: 'ground',
        packages: [pack],
        shipDate: tomorrow(),
        lines: [{ itemId: 'A', quantity: 1 }],
      },
      headers: { 'if-match': `"${version}"` },
      role: 'operator',
    });
    expect(printed.status, printed.text).toBe(201);
    const after = await order(id);
    expect(printed.headers.etag).toBe(`"${after.version}"`);
  });

  it('a control character in a package type is a 400 at validation, never sent to the carrier', async () => {
    const { id } = await orderReady('PR-CTRL', 1);
    const packages = [{ ...pack, packageType: 'package\u0007' }];
    const printed = await print(id, { packages });
    expect(printed.status, printed.text).toBe(400);
    expect(printed.body.errors).toEqual([expect.objectContaining({ path: 'body.packages[0].packageType' })]);
    const rates = await call({
      method: 'POST',
      path: `${shipNow}/${id}/rates/parcel`,
      body: { packages },
      role: 'operator',
    });
    expect(rates.status, rates.text).toBe(400);
    expect(await labelsOf(id)).toEqual([]);
  });

  it('a fully cancelled order has no active lines to ship, and says so', async () => {
    const { id } = await orderReady('PR-CANC', 1);
    const cancelled = await call({
      method: 'POST',
      path: `/v1/orders/${id}/items/A/cancel`,
      body: {},
      role: 'operator',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const refused = await print(id);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.detail).toBe(
      'Nothing to ship: the order has no active lines (every line is cancelled).',
    );
  });
});

describe('void with a reason and If-Match', () => {
  const voidWith = (shipmentId: string, spec: { query?: string; body?: unknown; ifMatch?: string } = {}) =>
    call({
      method: 'DELETE',
      path: `${shipNow}/void/${shipmentId}${spec.query ? `?${spec.query}` : ''}`,
      ...(spec.body === undefined ? {} : { body: spec.body }),
      headers: spec.ifMatch ? { 'if-match': spec.ifMatch } : {},
      role: 'operator',
    });
  const voidEntries = async (id: string) =>
    (await queryAll(historyOfOrder(id))).filter((entry) => String(entry.summary).startsWith('Voided'));

  it('takes the reason in a JSON body and keeps it on the shipment (its event) and in the history', async () => {
    const { id } = await orderReady('PR-VR1', 1);
    const printed = await print(id);
    expect(printed.status, printed.text).toBe(201);
    const bad = await voidWith(printed.body.shipment.id, { body: { reasonCode: 'oops' } });
    expect(bad.status, bad.text).toBe(400);
    const controlInNote = await voidWith(printed.body.shipment.id, { body: { note: 'a\u0007b' } });
    expect(controlInNote.status, controlInNote.text).toBe(400);
    const voided = await voidWith(printed.body.shipment.id, {
      body: { reasonCode: 'wrong_service', note: 'Needed two-day' },
    });
    expect(voided.status, voided.text).toBe(204);
    expect(voided.headers.etag).toBe(`"${(await order(id)).version}"`);
    // The stored shipment is what the stream maps to shipment.voided (its summary keeps both fields).
    expect(await findShipmentById(printed.body.shipment.id)).toMatchObject({
      status: 'voided',
      voidReasonCode: 'wrong_service',
      voidNote: 'Needed two-day',
    });
    const [entry] = await voidEntries(id);
    expect(entry!.summary).toContain('Reason: wrong_service (Needed two-day)');
    expect(entry!.changes).toMatchObject({
      voidReasonCode: { from: null, to: 'wrong_service' },
      voidNote: { from: null, to: 'Needed two-day' },
    });
  });

  it('takes it in the query; none is `other`; query and body naming different reasons is a 400', async () => {
    const { id } = await orderReady('PR-VR2', 2);
    const first = await print(id, { lines: [{ itemId: 'A', quantity: 1 }] });
    const second = await print(id);
    expect([first.status, second.status]).toEqual([201, 201]);
    const mixed = await voidWith(first.body.shipment.id, {
      query: 'reasonCode=misprint',
      body: { reasonCode: 'other' },
    });
    expect(mixed.status, mixed.text).toBe(400);
    const byQuery = await voidWith(first.body.shipment.id, { query: 'reasonCode=misprint&note=Smudged' });
    expect(byQuery.status, byQuery.text).toBe(204);
    const plain = await voidWith(second.body.shipment.id);
    expect(plain.status, plain.text).toBe(204);
    expect(await findShipmentById(first.body.shipment.id)).toMatchObject({
      voidReasonCode: 'misprint',
      voidNote: 'Smudged',
    });
    expect(await findShipmentById(second.body.shipment.id)).toMatchObject({ voidReasonCode: 'other' });
  });

  it('honours If-Match on the order’s version: 412 when stale and the label stays bought and active', async () => {
    const { id } = await orderReady('PR-VR3', 1);
    const printed = await print(id);
    expect(printed.status, printed.text).toBe(201);
    const version = (await order(id)).version as number;
    const stale = await voidWith(printed.body.shipment.id, { ifMatch: `"${version - 1}"` });
    expect(stale.status, stale.text).toBe(412);
    expect(await findShipmentById(printed.body.shipment.id)).toMatchObject({ status: 'active' });
    const current = await voidWith(printed.body.shipment.id, { ifMatch: `"${version}"` });
    expect(current.status, current.text).toBe(204);
  });

  it('records a void the carrier approved although the order changed after If-Match was checked', async () => {
    const { id } = await orderReady('PR-VR4', 1);
    const printed = await print(id);
    expect(printed.status, printed.text).toBe(201);
    const version = (await order(id)).version as number;
    const manifest = manifestKey(printed.body.shipment.manifestId as string);
    // Once the void holds the manifest (after its If-Match check, before the carrier is asked), the order
    // moves on: another change bumps its version.
    let bumped = false;
    const bumpOrder = 'bumpOrderAfterVoidCheck';
    db().middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        const names = JSON.stringify(args.input);
        if (!bumped && context.commandName === 'UpdateItemCommand' && names.includes(manifest.PK)) {
          bumped = true;
          await asTest(() =>
            db().send(
              new UpdateCommand({
                TableName: tableName(),
                Key: orderKey(id),
                UpdateExpression: 'SET version = version + :one',
                ExpressionAttributeValues: { ':one': 1 },
              }),
            ),
          );
        }
        return result;
      },
      { step: 'initialize', name: bumpOrder },
    );
    try {
      const voided = await voidWith(printed.body.shipment.id, { ifMatch: `"${version}"` });
      expect(bumped).toBe(true);
      expect(voided.status, voided.text).toBe(204);
    } finally {
      db().middlewareStack.remove(bumpOrder);
    }
    expect(await findShipmentById(printed.body.shipment.id)).toMatchObject({ status: 'voided' });
    expect(await order(id)).toMatchObject({ fulfillmentState: 'unshipped' });
  });
});
