/**
 * POST /v1/orders/shipments/export: the filtered shipments as an Excel file in the files bucket, read
 * back with a second reader (exceljs loading the stored bytes) cell by cell, fetched by its presigned
 * URL, whose signature is verified here (the emulator does not).
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { maxExportRows } from '../../functions/order-activity/shipments/export';
import { db, tableName } from '../../shared/db/client';
import { exportRecordKey } from '../../shared/db/keys';
import { shipmentTotalsItem } from '../../shared/shipments/repository';
import { getItem } from '../../shared/db/query';
import { filesBucket, s3 } from '../../shared/files/s3/client';
import { recordShipment } from '../../shared/shipments/commit';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { verifyPresignedUrl } from '../support/presigned-url';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const range = { from: '2026-10-01', to: '2026-10-31' };
let warehouseCode = '';
const orders: string[] = [];

async function workbookAt(key: string) {
  const object = await s3().send(new GetObjectCommand({ Bucket: filesBucket(), Key: key }));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await object.Body!.transformToByteArray()) as unknown as ArrayBuffer);
  return { workbook, object };
}

beforeAll(async () => {
  const warehouse = await seedWarehouse();
  warehouseCode = warehouse.code;
  await stock('EXP-A', warehouse.id, 100);
  for (let i = 0; i < 3; i += 1) {
    const id = orderId();
    orders.push(id);
    const created = await call({
      method: 'PUT',
      path: `/v1/orders/${id}`,
      body: orderInput({
        lines: [orderLine({ sku: 'EXP-A', quantity: i + 1, weightGrams: 100 })],
        warehouseId: i === 0 ? warehouse.id : undefined,
        customer: { name: 'Łódź Ćwiczenia', email: 'l@example.com' },
      }),
    });
    expect(created.status, created.text).toBe(201);
    await recordShipment({
      orderId: id,
      actor: 'maria.k',
      details: {
        source: 'manual',
        carrier: i === 2 ? 'DHL' : 'UPS',
        service: i === 2 ? 'Paket International' : 'Ground',
        trackingNumber: `EXP${i}`,
        shipDate: `2026-10-0${i + 1}`,
        packages: 1,
        cost: i === 1 ? { amount: 123456, currency: 'JPY' } : { amount: 1999, currency: 'EUR' },
      },
    });
  }
});

describe('POST /v1/orders/shipments/export', () => {
  it('stores the filtered rows as an Excel file and answers a signed URL that downloads it', async () => {
    const response = await call({
      method: 'POST',
      path: '/v1/orders/shipments/export',
      body: { ...range },
      role: 'viewer',
    });
    expect(response.status, response.text).toBe(201);
    const result = response.body;
    expect(result).toMatchObject({
      fileName: 'shipments 2026-10-01 to 2026-10-31.xlsx',
      contentType: xlsxType,
      rowCount: 3,
    });
    const expiresIn = Date.parse(result.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60 * 1000);

    const record = await getItem(exportRecordKey(result.id));
    expect(record).toMatchObject({
      entity: 'export',
      status: 'ready',
      kind: 'shipments',
      rowCount: 3,
      createdBy: 'user-viewer',
    });
    const { workbook, object } = await workbookAt(String(record!.key));
    expect(object.ContentType).toBe(xlsxType);
    expect(object.ContentDisposition).toContain('attachment');
    const sheet = workbook.getWorksheet('Shipments')!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).getCell(1).value).toBe('Ship date');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    // Newest first: the DHL shipment of 2026-10-03 leads.
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = (n: number) =>
      Object.fromEntries(
        header.map((name, index) => [String(name), sheet.getRow(n).getCell(index + 1).value]),
      );
    expect(row(2)).toMatchObject({
      Order: orders[2],
      Carrier: 'DHL',
      Service: 'Paket International',
      'Tracking number': 'EXP2',
      Units: 3,
      Packages: 1,
      'Weight (g)': 300,
      Cost: 19.99,
      Currency: 'EUR',
      Source: 'manual',
      Status: 'active',
      'Created by': 'maria.k',
    });
    expect((row(2)['Ship date'] as Date).toISOString()).toBe('2026-10-03T00:00:00.000Z');
    expect(row(3)).toMatchObject({ Cost: 123456, Currency: 'JPY', Warehouse: null });
    expect(row(4)).toMatchObject({ Warehouse: warehouseCode, Units: 1 });
    const costColumn = header.indexOf('Cost') + 1;
    expect(sheet.getRow(2).getCell(costColumn).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(3).getCell(costColumn).numFmt).toBe('#,##0');

    // The URL downloads the same bytes, and only as signed.
    const check = await verifyPresignedUrl(result.url);
    expect(check.valid).toBe(true);
    const downloaded = await fetch(result.url);
    expect(downloaded.status).toBe(200);
    const bytes = Buffer.from(await downloaded.arrayBuffer());
    expect(bytes.length).toBe(result.bytes);
    const tampered = new URL(result.url);
    tampered.searchParams.set('X-Amz-Expires', '86400');
    expect((await verifyPresignedUrl(tampered.toString())).valid).toBe(false);
  });

  it('exports only what the filters select, oldest first when asked', async () => {
    const response = await call({
      method: 'POST',
      path: '/v1/orders/shipments/export',
      body: { ...range, carrier: 'ups', sort: 'shipDate' },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.rowCount).toBe(2);
    const record = await getItem(exportRecordKey(response.body.id));
    const { workbook } = await workbookAt(String(record!.key));
    const sheet = workbook.getWorksheet('Shipments')!;
    expect(sheet.getRow(2).getCell(2).value).toBe(orders[0]);
    expect(sheet.getRow(3).getCell(2).value).toBe(orders[1]);
  });

  it('refuses more rows than an export answered in the request holds, before reading any', async () => {
    // A month whose totals count 60,000 shipments (its cell, as the writer keeps it).
    const cell = { day: '2025-06', carrier: 'UPS', service: 'Ground', status: 'active', source: 'label' };
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: shipmentTotalsItem({
          shard: 0,
          cell: { ...cell, shipments: 60_000, packages: 60_000, weightGrams: 0, cost: 0 },
        }),
      }),
    );
    const refused = await call({
      method: 'POST',
      path: '/v1/orders/shipments/export',
      body: { from: '2025-06-01', to: '2025-06-30' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(
      `The filters select 60000 shipments; an export holds at most ${maxExportRows}.`,
    );
    const narrowed = await call({
      method: 'POST',
      path: '/v1/orders/shipments/export',
      body: { from: '2025-06-01', to: '2025-06-30', carrier: 'DHL' },
    });
    expect(narrowed.status).toBe(201);
  });

  it('answers an empty sheet for a range without shipments, and 400 for bad filters', async () => {
    const empty = await call({
      method: 'POST',
      path: '/v1/orders/shipments/export',
      body: { from: '2020-01-01', to: '2020-01-31' },
    });
    expect(empty.status).toBe(201);
    expect(empty.body.rowCount).toBe(0);
    for (const body of [
      { from: '2026-10-31', to: '2026-10-01' },
      { colour: 'red' },
      { status: 'lost' },
      [],
    ]) {
      const response = await call({ method: 'POST', path: '/v1/orders/shipments/export', body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});
