/**
 * Report exports through the real handler against DynamoDB Local and the S3 emulator: any report to
 * Excel (read back by exceljs: sheets, header, cell types) or PDF (read back by pdftotext); the two
 * downloads' 302; an export too long for a request deferred to the report jobs (202, a URL that answers
 * 404 until the file exists, then the file; export.ready from the stream); a scheduled job run end to end
 * on the local scheduler; bad input refused with nothing recorded.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportReport } from '../../functions/reports/exports/export-report';
import { parseReportQuery } from '../../functions/reports/exports/query';
import { reportNamed } from '../../functions/reports/exports/registry';
import { reportNames } from '../../functions/reports/exports/report-names';
import { runPendingExport } from '../../functions/reports/jobs/run';
import { startReportJobs } from '../../infra/local/report-jobs';
import { applyAggregateRecords } from '../../shared/aggregates/apply';
import { aggregateRecordsOf } from '../../shared/aggregates/records';
import { exportRecordKey } from '../../shared/db/keys';
import { getItem } from '../../shared/db/query';
import { addDays, reportingDay } from '../../shared/domain/reporting-days';
import type { StreamRecord } from '../../shared/events/domain-events';
import { toDomainEvent } from '../../shared/events/domain-events';
import { filesBucket, s3 } from '../../shared/files/s3/client';
import { newId } from '../../shared/ids';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { savePendingExportItCannotMake } from '../support/export-builders';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';
import { verifyPresignedUrl } from '../support/presigned-url';
import { drainStream } from '../support/stream-drain';

const zone = 'UTC';
process.env.REPORTING_TIME_ZONE = zone;
const today = reportingDay(new Date(), zone);
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let work: string;
let warehouseId = '';

async function objectBytes(key: string): Promise<Buffer> {
  const object = await s3().send(new GetObjectCommand({ Bucket: filesBucket(), Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

function pdfText(bytes: Buffer): string {
  const file = join(work, `export-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The object key a presigned URL names (path-style: /<bucket>/<key>). */
const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').slice(2).join('/'));

/** Files under exports/: a refused export writes none. */
async function exportFiles(): Promise<number> {
  let count = 0;
  let token: string | undefined;
  do {
    const page = await s3().send(
      new ListObjectsV2Command({ Bucket: filesBucket(), Prefix: 'exports/', ContinuationToken: token }),
    );
    count += page.KeyCount ?? 0;
    token = page.NextContinuationToken;
  } while (token);
  return count;
}

async function exportRecords(): Promise<number> {
  // Export records are one item each (EXPORT#<id>); the test counts them through the stream's inserts.
  let count = 0;
  await drainStream(async (records) => {
    for (const record of records) {
      if (
        record.eventName === 'INSERT' &&
        (record.dynamodb as { Keys?: { PK?: { S?: string } } } | undefined)?.Keys?.PK?.S?.startsWith(
          'EXPORT#',
        )
      )
        count += 1;
    }
  });
  return count;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'report-exports-int-'));
  const warehouse = await seedWarehouse();
  warehouseId = warehouse.id;
  await stock('XP-A', warehouse.id, 500);
  await stock('XP-B', warehouse.id, 500);
  for (let i = 0; i < 6; i += 1) {
    const created = await call({
      method: 'PUT',
      path: `/v1/orders/${orderId()}`,
      body: orderInput({
        channel: i % 2 === 0 ? 'amazon' : 'shopify',
        orderDate: new Date().toISOString(),
        lines: [orderLine({ sku: i % 2 === 0 ? 'XP-A' : 'XP-B', quantity: i + 1, unitPrice: 1999 })],
        warehouseId: warehouse.id,
      }),
      role: 'operator',
    });
    expect(created.status, created.text).toBe(201);
  }
  await drainStream((records) => applyAggregateRecords(aggregateRecordsOf(records, zone).readable, zone));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('POST /v1/reports/exports/excel and /pdf', () => {
  it('writes any report to Excel: its sections as sheets, header frozen, money and days as real cells', async () => {
    const answer = await call({
      method: 'POST',
      path: '/v1/reports/exports/excel',
      body: { report: 'sales-summary', query: { from: today, to: today } },
      role: 'viewer',
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({
      status: 'ready',
      report: 'sales-summary',
      format: 'excel',
      contentType: xlsxType,
      fileName: `Sales by channel ${today} to ${today}.xlsx`,
    });
    expect(Date.parse(answer.body.expiresAt) - Date.now()).toBeLessThanOrEqual(900_000);
    expect((await verifyPresignedUrl(answer.body.url)).valid).toBe(true);
    const fetched = await fetch(answer.body.url);
    expect(fetched.status).toBe(200);
    const workbook = await workbookOf(Buffer.from(await fetched.arrayBuffer()));
    const sheet = workbook.getWorksheet('By channel')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Channel',
      'Currency',
      'Orders',
      'Units sold',
      'Gross sales',
      'Discounts',
      'Tax',
      'Shipping',
      'Refunds',
      'Net sales',
      'Average order value',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    const amazon = rows.find((row) => row[1] === 'amazon')!;
    // Orders 1, 3, 5 units at 19.99: gross 179.91 as a number, not text.
    expect(amazon[3]).toBe(3);
    expect(amazon[4]).toBe(9);
    expect(amazon[5]).toBeCloseTo(179.91, 2);
    // Two channel rows, an empty row, then the total below them (not counted as a row of the report).
    expect(rows[2]).toBeUndefined();
    expect(rows[3]![1]).toBe('Total');
    expect(rows[3]![4]).toBe(21);
    expect(answer.body.rowCount).toBe(2);
  });

  it('writes any report to a PDF with its title, range, zone and generation time', async () => {
    const answer = await call({
      method: 'POST',
      path: '/v1/reports/exports/pdf',
      body: { report: 'sales-daily', query: { from: today, to: today, channel: 'shopify' } },
      role: 'viewer',
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toMatchObject({ status: 'ready', format: 'pdf', contentType: 'application/pdf' });
    const text = pdfText(await objectBytes(keyOf(answer.body.url)));
    expect(text).toContain('Sales per day');
    expect(text).toContain(`${today} to ${today}`);
    expect(text).toContain('Filters: channel shopify');
    expect(text).toContain('Days in UTC');
    expect(text).toContain('Page 1 of 1');
    // Shopify: 3 orders of 2 + 4 + 6 units at 19.99 (amounts beside a Currency column carry no code of
    // their own), and the day's total under the rows.
    expect(text).toMatch(/2026-\d\d-\d\d +USD +3 +12 +239\.88/);
    expect(text).toMatch(/Total +USD +3 +12 +239\.88/);
  });

  it('answers an export too long for a request with 202: its URL answers 404, then the file once the job wrote it', async () => {
    const before = await exportRecords();
    const pending = await exportReport(
      { report: 'sales-detailed', query: { from: today, to: today }, format: 'excel', actor: 'maria.k' },
      { excel: 2, pdf: 2 },
    );
    expect(pending).toMatchObject({ status: 'pending', report: 'sales-detailed' });
    expect((await fetch(pending.url)).status).toBe(404);
    expect(await exportRecords()).toBe(before + 1);

    expect(await runPendingExport(pending.id)).toBe('ready');
    // A redelivered job finds it done and writes nothing again.
    expect(await runPendingExport(pending.id)).toBe('not-pending');
    const fetched = await fetch(pending.url);
    expect(fetched.status).toBe(200);
    const workbook = await workbookOf(Buffer.from(await fetched.arrayBuffer()));
    const lines = workbook.getWorksheet('Order lines')!;
    // Header, 6 lines, an empty row, the total line (one currency), the note on what line totals leave out.
    expect(lines.rowCount).toBe(10);
    expect(lines.getCell('A2').value).toBeInstanceOf(Date);
    expect(lines.getCell('A9').value).toBe('Total');
    expect(String(lines.getCell('A10').value)).toMatch(/^Line totals .* exclude order shipping charges/);

    const record = await getItem(exportRecordKey(pending.id), true);
    expect(record).toMatchObject({ status: 'ready', rowCount: 6, createdBy: 'maria.k' });
    const events: string[] = [];
    await drainStream(async (records) => {
      for (const stream of records as StreamRecord[]) {
        const event = toDomainEvent(stream);
        if (event?.resourceId === pending.id) events.push(event.type);
      }
    });
    expect(events).toEqual(['export.ready']);
  });

  it('moves a deferred export that cannot be made to failed, with the reason (export.failed)', async () => {
    const id = await savePendingExportItCannotMake('maria.k');
    expect(await runPendingExport(id)).toBe('failed');
    const record = await getItem(exportRecordKey(id), true);
    expect(record).toMatchObject({ status: 'failed' });
    expect(String(record!.error)).toContain('body.query.from');
    const events: string[] = [];
    await drainStream(async (records) => {
      for (const stream of records as StreamRecord[]) {
        const event = toDomainEvent(stream);
        if (event?.resourceId === id) events.push(event.type);
      }
    });
    expect(events).toEqual(['export.failed']);
  });

  it.each([
    [{ report: 'sales-yearly' }, 'body.report'],
    [{ report: 'constructor' }, 'body.report'],
    [{ report: 'sales-daily', query: { colour: 'red' } }, 'body.query.colour'],
    [{ report: 'sales-daily', query: { from: '2026-02-30' } }, 'body.query.from'],
    [{ report: 'sales-daily', query: { from: '2024-01-01', to: '2026-01-01' } }, 'body.query.to'],
    [{ report: 'sales-daily', query: { from: 7 } }, 'body.query.from'],
    [{ report: 'sales-daily', extra: true }, 'body.extra'],
    [{}, 'body.report'],
    [{ report: 'stock-levels', query: { limit: 'abc' } }, 'body.query.limit'],
    [{ report: 'sales-detailed', query: { limit: '5.0' } }, 'body.query.limit'],
    [{ report: 'stock-levels', query: { cursor: 'eyJzIjoiIn0.AAAA' } }, 'body.query.cursor'],
    [{ report: 'sales-detailed', query: { cursor: 'eyJzIjoiIn0.AAAA' } }, 'body.query.cursor'],
    [{ report: 'shipped-manifest-detail', query: { cursor: 'eyJzIjoiIn0.AAAA' } }, 'body.query.cursor'],
    [{ report: 'valuation', query: { asOf: addDays(today, 1) } }, 'body.query.asOf'],
  ])('refuses %j with a 400 naming %s once, and records nothing', async (body, path) => {
    const before = await exportRecords();
    const files = await exportFiles();
    const answer = await call({ method: 'POST', path: '/v1/reports/exports/excel', body, role: 'viewer' });
    expect(answer.status, answer.text).toBe(400);
    const paths = answer.body.errors.map((error: { path: string }) => error.path);
    expect(paths).toContain(path);
    expect(paths.filter((named: string) => named === path)).toHaveLength(1);
    expect(await exportRecords()).toBe(before);
    expect(await exportFiles()).toBe(files);
  });

  it.each([
    ['pending-shipments', 'pdf'],
    ['shipped-manifest', 'excel'],
    ['shipped-manifest-detail', 'excel'],
    ['sales-detailed', 'excel'],
    ['sales-detailed', 'pdf'],
    ['stock-levels', 'excel'],
  ])(
    'refuses %s to %s for a warehouse that does not exist: 404 naming it, nothing written',
    async (report, format) => {
      const unknown = newId();
      const before = await exportRecords();
      const files = await exportFiles();
      const answer = await call({
        method: 'POST',
        path: `/v1/reports/exports/${format}`,
        body: { report, query: { warehouseId: unknown } },
        role: 'viewer',
      });
      expect(answer.status, answer.text).toBe(404);
      expect(answer.body).toMatchObject({ warehouseId: unknown });
      expect(answer.body.detail).toContain(unknown);
      expect(await exportRecords()).toBe(before);
      expect(await exportFiles()).toBe(files);
    },
  );
});

describe('report tables for a PDF', () => {
  /** Fields that name one thing: printed whole on one line (SheetColumn.identifier), never wrapped or cut. */
  const identifiers = new Set([
    'orderId',
    'sku',
    'vendorSku',
    'channel',
    'trackingNumber',
    'manifestId',
    'id',
    'pickupReference',
    'reference',
    'warehouse',
    'warehouseCode',
  ]);

  it.each(reportNames)('%s marks its ids, SKUs, channels and references as identifiers', async (name) => {
    const report = reportNamed(name)!;
    const table = await report.table(parseReportQuery(report, {}), { timeZone: zone });
    const columns = table.sections.flatMap((section) => section.columns);
    const unmarked = columns.filter((column) => identifiers.has(column.key) && !column.identifier);
    expect(unmarked.map((column) => column.header)).toEqual([]);
  });
});

describe('downloads answer 302 to the file', () => {
  it('GET /v1/reports/pending-shipments/pdf', async () => {
    const answer = await call({ method: 'GET', path: '/v1/reports/pending-shipments/pdf', role: 'viewer' });
    expect(answer.status, answer.text).toBe(302);
    const location = answer.headers.location!;
    expect((await verifyPresignedUrl(location)).valid).toBe(true);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await fetched.arrayBuffer()));
    expect(text).toContain('Pending shipments');
    expect(text).toContain('Days in UTC');
  });

  it('GET /v1/reports/inventory/low-stock/download: the report and the draft purchase order', async () => {
    const answer = await call({
      method: 'GET',
      path: `/v1/reports/inventory/low-stock/download?warehouseId=${warehouseId}`,
      role: 'viewer',
    });
    expect(answer.status, answer.text).toBe(302);
    const fetched = await fetch(answer.headers.location!);
    expect(fetched.status).toBe(200);
    const workbook = await workbookOf(Buffer.from(await fetched.arrayBuffer()));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Low stock',
      'Draft purchase order',
      'How it was figured',
    ]);
    expect(workbook.getWorksheet('Low stock')!.autoFilter).toBeTruthy();
  });

  it('refuses a bad query with 400 before writing anything', async () => {
    const answer = await call({
      method: 'GET',
      path: '/v1/reports/inventory/low-stock/download?warehouseId=nope',
      role: 'viewer',
    });
    expect(answer.status).toBe(400);
  });
});

describe('scheduled report jobs on the local scheduler', () => {
  it('runs an entry at its minute in the reporting zone: scheduled/<name>/<day>.xlsx and a ready record', async () => {
    const at = new Date(`${today}T05:00:20Z`);
    const jobs = startReportJobs({
      dataDir: work,
      quiet: true,
      now: () => at,
      schedules: [
        {
          name: 'morning-sales',
          report: 'sales-daily',
          query: { from: 'yesterday', to: 'today' },
          format: 'excel',
          cron: '0 5 * * *',
          enabled: true,
        },
        {
          name: 'not-now',
          report: 'sales-daily',
          query: {},
          format: 'pdf',
          cron: '0 6 * * *',
          enabled: true,
        },
      ],
    });
    // The scheduler looks when it starts, then every 15 s.
    await jobs.idle();
    await jobs.stop();
    const workbook = await workbookOf(await objectBytes(`scheduled/morning-sales/${today}.xlsx`));
    const days = workbook.getWorksheet('Days')!;
    expect(days.rowCount).toBeGreaterThanOrEqual(3);
    await expect(objectBytes(`scheduled/not-now/${today}.pdf`)).rejects.toThrow();
    let ready = 0;
    await drainStream(async (records) => {
      for (const stream of records as StreamRecord[]) {
        const event = toDomainEvent(stream);
        if (event?.type === 'export.ready' && JSON.stringify(event).includes('morning-sales')) ready += 1;
      }
    });
    expect(ready).toBe(1);
  });

  it('an entry that cannot run today names itself and why in one line (the dead-letter file)', async () => {
    const unknown = newId();
    const jobs = startReportJobs({
      dataDir: work,
      quiet: true,
      now: () => new Date(`${today}T05:00:20Z`),
      schedules: [
        {
          name: 'gone-warehouse',
          report: 'pending-shipments',
          query: { warehouseId: unknown },
          format: 'pdf',
          cron: '0 5 * * *',
          enabled: true,
        },
      ],
    });
    await jobs.idle();
    await jobs.stop();
    const lines = readFileSync(join(work, 'report-jobs-dead-letter.jsonl'), 'utf8').trim().split('\n');
    const failed = JSON.parse(lines.at(-1)!) as { schedule: string; reason: string };
    expect(failed).toMatchObject({
      schedule: 'gone-warehouse',
      reason: `Scheduled report "gone-warehouse" cannot run: No warehouse has the id ${unknown}.`,
    });
  });
});
