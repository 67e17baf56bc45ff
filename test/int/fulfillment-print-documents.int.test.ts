/**
 * What print renders, read back from the stored PDF: the label form's footer and the print's format,
 * the packing slip's charged figures, and the customs declaration of a parcel going abroad.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesBucket, s3 } from '../../shared/files/s3/client';
import { dockOrigin, seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'print-documents-'));
  const forms = [
    [
      'label',
      {
        paperSize: '4x6',
        showPrices: false,
        fields: ['orderReference', 'weight', 'shipDate', 'packageCount', 'returnAddress'],
        footerText: 'Thank you for shopping with Northwind Goods',
        includePackingSlip: true,
      },
    ],
    [
      'packing-slip',
      {
        paperSize: 'letter',
        showPrices: true,
        fields: ['orderReference', 'sku', 'title', 'quantity', 'discount', 'tax'],
      },
    ],
  ] as const;
  for (const [type, body] of forms) {
    const saved = await call({
      method: 'PUT',
      path: `/v1/fulfillment/forms/${type}`,
      body,
      headers: { 'if-match': '"0"' },
      role: 'manager',
    });
    expect(saved.status, saved.text).toBe(200);
  }
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A paid order of two mugs at 45.00 (10.00 off) and a teapot at 51.00: 141.00 at list, 159.23 charged. */
async function paidOrder(shipTo: Record<string, string>) {
  const warehouse = await seedWarehouse({ originAddress: dockOrigin });
  await stock('DOC-MUG', warehouse.id, 5);
  await stock('DOC-POT', warehouse.id, 5);
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({
      warehouseId: warehouse.id,
      shipTo,
      shippingCharge: 1295,
      lines: [
        orderLine({
          itemId: 'A',
          sku: 'DOC-MUG',
          title: 'Stoneware mug',
          quantity: 2,
          unitPrice: 4500,
          discount: 1000,
          tax: 1048,
          weightGrams: 420,
          hsCode: '6912.00',
          originCountry: 'PT',
        }),
        orderLine({ itemId: 'B', sku: 'DOC-POT', title: 'Teapot', quantity: 1, unitPrice: 5100, tax: 480 }),
      ],
    }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  expect(created.body.totals).toMatchObject({ subtotal: 14100, total: 15923 });
  const paid = await call({
    method: 'POST',
    path: `/v1/orders/${id}/payments`,
    body: { amount: 15923, method: 'card' },
  });
  expect(paid.body.statusId, paid.text).toBe('awaiting-shipment');
  return id;
}

/** Prints the order's label and answers the stored PDF's page sizes and page texts. */
async function printed(id: string, body: Record<string, unknown> = {}) {
  const answer = await call({
    method: 'POST',
    path: `/v1/fulfillment/ship-now/${id}/print`,
    body: {
      processorCode: 'postal',
      serviceCode: 'priority',
      packages: [{ weightGrams: 1950 }],
      shipDate: tomorrow(),
      ...body,
    },
    role: 'operator',
  });
  expect(answer.status, answer.text).toBe(201);
  const object = await s3().send(
    new GetObjectCommand({ Bucket: filesBucket(), Key: answer.body.shipment.labelKey }),
  );
  const file = join(work, `${id}.pdf`);
  writeFileSync(file, Buffer.from(await object.Body!.transformToByteArray()));
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '100', file], { encoding: 'utf8' });
  const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+ x [\d.]+) pts/gm)].map((match) => match[1]);
  const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .slice(0, -1);
  return { sizes, pages };
}

describe('print renders what the forms and the order say', () => {
  it('a parcel abroad: the label with its footer, a CN22 from the order lines, the slip with what was charged', async () => {
    const id = await paidOrder({
      name: 'Zoë Łódź-Wiśniewska',
      line1: 'ul. Piotrkowska 104 m. 12',
      city: 'Łódź',
      postalCode: '90-001',
      country: 'PL',
    });
    const { sizes, pages } = await printed(id);
    expect(sizes).toEqual(['288 x 432', '288 x 432', '612 x 792']);
    const [label, customs, slip] = pages;
    expect(label).toContain('Thank you for shopping with Northwind Goods');
    expect(customs).toContain('CN22');
    expect(customs).toMatch(/Stoneware mug\s*\n\s*2\s+6912\.00\s+PT\s+0\.84 kg\s+USD 80\.00/);
    expect(customs).toMatch(/Teapot\s*\n\s*1\s+USD 51\.00/);
    expect(customs).toMatch(/Total value\s+USD 131\.00/);
    expect(customs).toMatch(/Total gross weight\s+1\.95 kg/);
    expect(customs).toContain('Memphis, TN 38118');
    expect(slip).toMatch(/DOC-MUG\s+Stoneware mug\s+2\s+USD 45\.00\s+-USD 10\.00\s+USD 80\.00/);
    expect(slip).toMatch(/Items before discounts\s+USD 141\.00/);
    expect(slip).toMatch(/Discount\s+-USD 10\.00/);
    expect(slip).toMatch(/Tax\s+USD 15\.28/);
    expect(slip).toMatch(/Shipping\s+USD 12\.95/);
    expect(slip).toMatch(/Total\s+USD 159\.23/);
    expect(slip).toMatch(/Paid\s+USD 159\.23/);
  });

  it('a parcel at home printed as pdf_letter: letter pages though the form says 4x6, no customs page', async () => {
    const id = await paidOrder({
      name: 'Ada Lovelace',
      line1: '5 Elm St',
      city: 'Boston',
      region: 'MA',
      postalCode: '02108',
      country: 'US',
    });
    const { sizes, pages } = await printed(id, { labelFormat: 'pdf_letter' });
    expect(sizes).toEqual(['612 x 792', '612 x 792']);
    expect(pages[0]).toContain('Thank you for shopping with Northwind Goods');
    expect(pages.join('\n')).not.toMatch(/CN2[23]|CUSTOMS/);
    expect(pages[1]).toMatch(/Total\s+USD 159\.23/);
  });
});
