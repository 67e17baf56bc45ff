/**
 * S3 unavailable, two ways: nothing listening where the client points (connection refused) and the
 * bucket taken away (NoSuchBucket). Every operation that writes or reads a file answers 503 with
 * Retry-After and leaves nothing half-done: no export record, no shipment, stock as it was, the bought
 * label voided, a manifest the carrier closed kept from new prints; the report jobs leave a deferred export pending for their retry
 * and record no scheduled run. Once S3 is back the same request succeeds.
 */
import { createServer } from 'node:net';
import type { Socket } from 'node:net';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parcelCarrier } from '../../functions/fulfillment/carriers/parcel';
import { runPendingExport, runScheduledJob } from '../../functions/reports/jobs/run';
import { exportRecordKey, manifestKey, stockKey } from '../../shared/db/keys';
import { getItem } from '../../shared/db/query';
import { reportingDay } from '../../shared/domain/reporting-days';
import { saveExportRecord } from '../../shared/exports/record';
import { exportKey } from '../../shared/files/keys';
import { setS3 } from '../../shared/files/s3/client';
import { putBytes } from '../../shared/files/s3/put-bytes';
import { FileStorageUnavailable } from '../../shared/files/unavailable';
import { newId } from '../../shared/ids';
import { dockOrigin, seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import type { CallResult } from '../support/call';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';
import { drainStream } from '../support/stream-drain';

process.env.REPORTING_TIME_ZONE = 'UTC';
const today = reportingDay(new Date(), 'UTC');
const shipNow = '/v1/fulfillment/ship-now';

type Outage = 'connection refused' | 'bucket missing';
const outages: Outage[] = ['connection refused', 'bucket missing'];

/** A port nothing listens on: one the system just handed out and that was closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs the work with S3 unavailable the given way, and puts S3 back after it. */
async function whileS3(outage: Outage, work: () => Promise<void>): Promise<void> {
  const endpoint = process.env.S3_ENDPOINT;
  const bucket = process.env.EXPORTS_BUCKET;
  if (outage === 'connection refused') process.env.S3_ENDPOINT = `http://127.0.0.1:${await closedPort()}`;
  else process.env.EXPORTS_BUCKET = `taken-away-${orderId().toLowerCase()}`;
  // shared/files builds its client from the environment again.
  setS3(undefined);
  try {
    await work();
  } finally {
    process.env.S3_ENDPOINT = endpoint;
    process.env.EXPORTS_BUCKET = bucket;
    setS3(undefined);
  }
}

function expectUnavailable(answer: CallResult): void {
  expect(answer.status, answer.text).toBe(503);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  // S3's outage, not taken for the database's.
  expect(answer.body.detail).not.toMatch(/database/);
}

/** Export records written so far (EXPORT# items inserted), counted from the table's stream. */
async function exportRecords(): Promise<number> {
  let count = 0;
  await drainStream(async (records) => {
    for (const record of records) {
      const key = (record.dynamodb as { Keys?: { PK?: { S?: string } } } | undefined)?.Keys?.PK?.S;
      if (record.eventName === 'INSERT' && key?.startsWith('EXPORT#')) count += 1;
    }
  });
  return count;
}

let warehouseId = '';

async function orderReady(sku: string) {
  await stock(sku, warehouseId, 10);
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({ lines: [orderLine({ itemId: 'A', sku, quantity: 2 })], warehouseId }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  return id;
}

const print = (id: string) =>
  call({
    method: 'POST',
    path: `${shipNow}/${id}/print`,
    body: {
      processorCode: 'parcel',
      serviceCode: 'ground',
      packages: [{ weightGrams: 900 }],
      shipDate: today,
      // Unpaid orders: shipping them is the operator's choice (print refuses it otherwise).
      shipUnpaid: true,
    },
    role: 'operator',
  });

beforeAll(async () => {
  warehouseId = (await seedWarehouse({ originAddress: dockOrigin })).id;
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(outages)('S3 unavailable (%s)', (outage) => {
  it.each([
    ['POST /v1/reports/exports/excel', { method: 'POST', path: '/v1/reports/exports/excel' }],
    ['POST /v1/reports/exports/pdf', { method: 'POST', path: '/v1/reports/exports/pdf' }],
  ])('%s answers 503 with Retry-After and records no export', async (_name, route) => {
    const request = { ...route, body: { report: 'sales-daily', query: { from: today, to: today } } };
    const before = await exportRecords();
    await whileS3(outage, async () => expectUnavailable(await call({ ...request, role: 'viewer' })));
    expect(await exportRecords()).toBe(before);
    expect((await call({ ...request, role: 'viewer' })).status).toBe(201);
  });

  it.each([
    ['GET /v1/reports/pending-shipments/pdf', () => '/v1/reports/pending-shipments/pdf'],
    [
      'GET /v1/reports/inventory/low-stock/download',
      () => `/v1/reports/inventory/low-stock/download?warehouseId=${warehouseId}`,
    ],
  ])('%s answers 503 with Retry-After and records no export', async (_name, path) => {
    const before = await exportRecords();
    await whileS3(outage, async () =>
      expectUnavailable(await call({ method: 'GET', path: path(), role: 'viewer' })),
    );
    expect(await exportRecords()).toBe(before);
    expect((await call({ method: 'GET', path: path(), role: 'viewer' })).status).toBe(302);
  });

  it('POST /v1/orders/shipments/export answers 503 with Retry-After and records no export', async () => {
    const request = { method: 'POST', path: '/v1/orders/shipments/export', body: { from: today, to: today } };
    const before = await exportRecords();
    await whileS3(outage, async () => expectUnavailable(await call({ ...request, role: 'viewer' })));
    expect(await exportRecords()).toBe(before);
    expect((await call({ ...request, role: 'viewer' })).status).toBe(201);
  });

  it('a deferred export stays pending (never ready without its file) until the job can store it', async () => {
    // As a request records an export too long for it (export-report.ts), file not yet written.
    const pending = { id: newId() };
    await saveExportRecord({
      id: pending.id,
      kind: 'sales-daily',
      status: 'pending',
      format: 'excel',
      fileName: `Sales per day ${today}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      key: exportKey({ kind: 'sales-daily', id: pending.id, extension: 'xlsx' }),
      filters: { query: { from: today, to: today } },
      createdBy: 'maria.k',
      createdAt: new Date().toISOString(),
    });
    await whileS3(outage, async () => {
      await expect(runPendingExport(pending.id)).rejects.toBeInstanceOf(FileStorageUnavailable);
    });
    expect(await getItem(exportRecordKey(pending.id), true)).toMatchObject({ status: 'pending' });
    expect(await runPendingExport(pending.id)).toBe('ready');
  });

  it('a scheduled report job fails for its retry and records nothing', async () => {
    const entry = {
      name: 'outage-sales',
      report: 'sales-daily',
      query: { from: 'yesterday', to: 'today' },
      format: 'pdf',
      cron: '0 5 * * *',
      enabled: true,
    };
    const before = await exportRecords();
    await whileS3(outage, async () => {
      await expect(runScheduledJob(entry)).rejects.toBeInstanceOf(FileStorageUnavailable);
    });
    expect(await exportRecords()).toBe(before);
    expect(await runScheduledJob(entry)).toMatchObject({ status: 'ready' });
  });

  it('print answers 503 with Retry-After: no shipment, stock as it was, the bought label voided', async () => {
    const sku = `OUT-PRINT-${outage === 'bucket missing' ? 'B' : 'C'}`;
    const id = await orderReady(sku);
    const voided = vi.spyOn(parcelCarrier, 'void');
    await whileS3(outage, async () => expectUnavailable(await print(id)));
    expect(voided).toHaveBeenCalledTimes(1);
    const order = await call({ method: 'GET', path: `/v1/orders/${id}` });
    expect(order.body).toMatchObject({ fulfillmentState: 'unshipped' });
    expect(order.body.lines[0].shippedQuantity).toBe(0);
    const shipments = await call({ method: 'GET', path: `/v1/orders/${id}/tracking` });
    expect(shipments.body.items).toEqual([]);
    expect(await getItem(stockKey(sku, warehouseId), true)).toMatchObject({ onHand: 10, allocated: 2 });
    expect((await print(id)).status).toBe(201);
  });

  it('reprint answers 503 with Retry-After rather than a link S3 cannot serve', async () => {
    const printed = await print(await orderReady(`OUT-REPRINT-${outage === 'bucket missing' ? 'B' : 'C'}`));
    expect(printed.status, printed.text).toBe(201);
    const reprint = () =>
      call({ method: 'POST', path: `${shipNow}/reprint/${printed.body.shipment.id}`, role: 'operator' });
    await whileS3(outage, async () => expectUnavailable(await reprint()));
    expect((await reprint()).status).toBe(200);
  });

  it('manifest close answers 503 with Retry-After; the manifest the carrier closed takes no new print, and the retry closes it', async () => {
    const printed = await print(await orderReady(`OUT-CLOSE-${outage === 'bucket missing' ? 'B' : 'C'}`));
    expect(printed.status, printed.text).toBe(201);
    const { manifestId } = printed.body.shipment;
    const close = () =>
      call({ method: 'POST', path: `/v1/fulfillment/manifests/${manifestId}/close`, role: 'operator' });
    await whileS3(outage, async () => expectUnavailable(await close()));
    const manifest = await getItem(manifestKey(manifestId), true);
    // The carrier closed it before the form failed: its packages stay as the carrier has them.
    expect(manifest).toMatchObject({ status: 'closing' });
    expect(manifest!.pickupReference).toBeDefined();
    expect(manifest!.fileKey).toBeUndefined();
    const next = await print(await orderReady(`OUT-CLOSE-NEXT-${outage === 'bucket missing' ? 'B' : 'C'}`));
    expect(next.body.shipment.manifestId).not.toBe(manifestId);
    const closed = await close();
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.manifest).toMatchObject({
      status: 'closed',
      pickupReference: manifest!.pickupReference,
    });
  });
});

describe('S3 silent (a connection taken, never answered)', () => {
  it('fails as unavailable after the client time-out instead of hanging until the function’s', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const endpoint = process.env.S3_ENDPOINT;
    process.env.S3_ENDPOINT = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    setS3(undefined);
    try {
      const started = Date.now();
      const stored = putBytes({
        key: exportKey({ kind: 'silent', id: newId(), extension: 'pdf' }),
        bytes: new Uint8Array([1, 2, 3]),
        contentType: 'application/pdf',
        fileName: 'silent.pdf',
      });
      await expect(stored).rejects.toBeInstanceOf(FileStorageUnavailable);
      // The socket's idle limit, with the SDK's own retries of a time-out: well inside the 25 s time-out.
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      process.env.S3_ENDPOINT = endpoint;
      setS3(undefined);
    }
  }, 30_000);
});
