/**
 * A 500-line order prints: the label is bought, its packing slip paginates all 500 lines, and the
 * shipment's stock (500 SKUs, more than one transaction holds) is staged by the ledger and confirmed
 * with the order, shipment and manifest entry. Then it voids and every unit comes back.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { stockKey } from '../../shared/db/keys';
import { getItems } from '../../shared/db/query';
import { filesBucket, s3 } from '../../shared/files/s3/client';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { orderId, orderInput, orderLine } from '../support/order-builders';

const skus = Array.from({ length: 500 }, (_, i) => `BIG-PRINT-${i}`);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

it('prints a 500-line order with its 500-line packing slip, and voids it', async () => {
  const warehouse = await seedWarehouse({
    originAddress: { line1: '1 Dock Rd', city: 'Memphis', region: 'TN', postalCode: '38118', country: 'US' },
  });
  const receipt = await call({
    method: 'POST',
    path: '/v1/orders/work-orders',
    body: {
      warehouseId: warehouse.id,
      reason: 'receipt',
      lines: skus.map((sku) => ({ sku, quantity: 3, unitCost: 100 })),
    },
  });
  expect(receipt.status, receipt.text).toBe(201);
  const forms = await call({
    method: 'PUT',
    path: '/v1/fulfillment/forms/label',
    body: { paperSize: '4x6', showPrices: false, fields: [], includePackingSlip: true },
    role: 'manager',
  });
  expect(forms.status, forms.text).toBe(200);
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({
      warehouseId: warehouse.id,
      statusId: 'awaiting-shipment',
      lines: skus.map((sku, i) => orderLine({ itemId: `L${i}`, sku, quantity: 1, weightGrams: 20 })),
    }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);

  const printed = await call({
    method: 'POST',
    path: `/v1/fulfillment/ship-now/${id}/print`,
    body: {
      processorCode: 'parcel',
      serviceCode: 'ground',
      packages: [{ weightGrams: 10_500 }],
      shipDate: tomorrow,
    },
    role: 'operator',
  });
  expect(printed.status, printed.text).toBe(201);
  expect(printed.body.shipment.lines).toHaveLength(500);
  const stock = async () =>
    (
      await getItems(
        skus.map((sku) => stockKey(sku, warehouse.id)),
        true,
      )
    ).map((item) => item.onHand);
  expect(new Set(await stock())).toEqual(new Set([2]));

  const object = await s3().send(
    new GetObjectCommand({ Bucket: filesBucket(), Key: printed.body.shipment.labelKey }),
  );
  const work = mkdtempSync(join(tmpdir(), 'big-print-'));
  try {
    const file = join(work, 'label.pdf');
    writeFileSync(file, Buffer.from(await object.Body!.transformToByteArray()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    for (const sku of [skus[0]!, skus[250]!, skus[499]!]) expect(text).toContain(sku);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  const voided = await call({
    method: 'DELETE',
    path: `/v1/fulfillment/ship-now/void/${printed.body.shipment.id}`,
    role: 'operator',
  });
  expect(voided.status, voided.text).toBe(204);
  expect(new Set(await stock())).toEqual(new Set([3]));
});
