/**
 * Fulfillment as a packer runs it, over HTTP with real tokens: draft, rates, print, the label downloaded
 * by its link and read back (text with pdftotext, the barcode scanned from a pdftoppm image), void; three
 * prints closed into a manifest whose PDF lists them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '../support/http';
import { scanPdfBarcode } from '../support/barcode-reader';
import { orderId, orderInput, orderLine } from '../support/order-builders';
import { verifyPresignedUrl } from '../support/presigned-url';
import { dockOrigin } from '../support/builders';

const work = mkdtempSync(join(tmpdir(), 'e2e-fulfillment-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Tomorrow: a built-in label counts as used once its parcel moves (the next business day), and this test voids one. */
const shipDate = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const origin = dockOrigin;

async function warehouseWithStock(skus: string[]) {
  const code = `F${Date.now().toString(36).toUpperCase().slice(-6)}${Math.floor(Math.random() * 1000)}`;
  const created = await api('POST', '/v1/inventory/warehouses', {
    role: 'manager',
    body: { code, name: `Fulfillment ${code}`, originAddress: origin },
  });
  expect(created.status, created.text).toBe(201);
  const received = await api('POST', '/v1/orders/work-orders', {
    role: 'operator',
    body: {
      warehouseId: created.body.id,
      reason: 'receipt',
      lines: skus.map((sku) => ({ sku, quantity: 10, unitCost: 250 })),
    },
  });
  expect(received.status, received.text).toBe(201);
  return created.body.id as string;
}

async function orderFor(warehouseId: string, sku: string, name = 'Zoë Łódź') {
  const id = orderId();
  const created = await api('PUT', `/v1/orders/${id}`, {
    role: 'operator',
    body: orderInput({
      warehouseId,
      statusId: 'awaiting-shipment',
      lines: [orderLine({ itemId: 'L1', sku, quantity: 2, weightGrams: 450, title: 'Stoneware mug' })],
      shipTo: { name, line1: 'ul. Piotrkowska 104', city: 'Łódź', postalCode: '90-926', country: 'PL' },
    }),
  });
  expect(created.status, created.text).toBe(201);
  return id;
}

async function download(url: string, name: string): Promise<string> {
  expect((await verifyPresignedUrl(url)).valid).toBe(true);
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const file = join(work, name);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

const pdftotext = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

describe('fulfillment over HTTP', () => {
  it('drafts, rates, prints, downloads and reads the label, voids it and gets stock and order back', async () => {
    const warehouseId = await warehouseWithStock(['E2E-FUL-A']);
    const id = await orderFor(warehouseId, 'E2E-FUL-A');

    const draft = await api('GET', `/v1/fulfillment/ship-now/${id}/draft`, { role: 'viewer' });
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body).toMatchObject({
      shipFrom: { warehouseId, address: origin },
      lines: [{ itemId: 'L1', quantity: 2, unitWeightGrams: 450 }],
      suggestedPackage: { weightGrams: 900 },
    });

    const packages = [{ weightGrams: 1100, dimensionsCm: { length: 25, width: 20, height: 15 } }];
    const rates = await api('POST', `/v1/fulfillment/ship-now/${id}/rates/postal`, {
      role: 'operator',
      body: { packages, shipDate },
    });
    expect(rates.status, rates.text).toBe(200);
    const rate = rates.body.rates[0];

    const printed = await api('POST', `/v1/fulfillment/ship-now/${id}/print`, {
      role: 'operator',
      body: { rateId: rate.rateId, packages, shipDate },
      headers: { 'idempotency-key': `e2e-print-${id}` },
    });
    expect(printed.status, printed.text).toBe(201);
    const { shipment, label } = printed.body;
    expect(shipment.cost).toEqual(rate.cost);
    const replay = await api('POST', `/v1/fulfillment/ship-now/${id}/print`, {
      role: 'operator',
      body: { rateId: rate.rateId, packages, shipDate },
      headers: { 'idempotency-key': `e2e-print-${id}` },
    });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.shipment.id).toBe(shipment.id);

    const file = await download(label.url, 'label.pdf');
    const text = pdftotext(file);
    expect(text).toContain('Zoë Łódź');
    // The name and the city line both print (the city in whatever case the address block uses).
    expect(text.match(/Łódź|ŁÓDŹ/g)?.length, text).toBeGreaterThanOrEqual(2);
    expect(text).toContain(shipment.trackingNumber);
    expect(text).toContain(shipment.service);
    expect(scanPdfBarcode(file, join(work, 'label')).text).toBe(shipment.trackingNumber);

    expect((await api('GET', `/v1/orders/${id}`, { role: 'viewer' })).body.fulfillmentState).toBe('shipped');
    const unitsOnHand = async () =>
      (await api('GET', `/v1/inventory/warehouses/${warehouseId}`, { role: 'viewer' })).body.stockSummary
        .unitsOnHand;
    expect(await unitsOnHand()).toBe(8);
    const voided = await api('DELETE', `/v1/fulfillment/ship-now/void/${shipment.id}`, { role: 'operator' });
    expect(voided.status, voided.text).toBe(204);
    const after = await api('GET', `/v1/orders/${id}`, { role: 'viewer' });
    expect(after.body).toMatchObject({ fulfillmentState: 'unshipped', allocations: { 'E2E-FUL-A': 2 } });
    expect(await unitsOnHand()).toBe(10);
  });

  it('prints three orders, closes the manifest and its PDF lists the three tracking numbers', async () => {
    const skus = ['E2E-MF-1', 'E2E-MF-2', 'E2E-MF-3'];
    const warehouseId = await warehouseWithStock(skus);
    const tracking: string[] = [];
    let manifestId = '';
    for (const sku of skus) {
      const id = await orderFor(warehouseId, sku, 'Ada Lovelace');
      const printed = await api('POST', `/v1/fulfillment/ship-now/${id}/print`, {
        role: 'operator',
        body: {
          processorCode: 'postal',
          serviceCode: 'priority',
          packages: [{ weightGrams: 900 }],
          // Today: a manifest closes on its ship date, not before.
          shipDate: new Date().toISOString().slice(0, 10),
        },
      });
      expect(printed.status, printed.text).toBe(201);
      tracking.push(printed.body.shipment.trackingNumber);
      manifestId = printed.body.shipment.manifestId;
    }
    const closed = await api('POST', `/v1/fulfillment/manifests/${manifestId}/close`, { role: 'operator' });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.manifest).toMatchObject({ status: 'closed', shipments: 3 });
    const text = pdftotext(await download(closed.body.form.url, 'manifest.pdf'));
    for (const number of tracking) expect(text).toContain(number);
    expect(text).toContain(closed.body.manifest.pickupReference);
  });
});
