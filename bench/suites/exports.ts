/**
 * Report exports as they ship: a 100,000-row Excel export of the movements report through the bundled
 * export code in a fresh process (time and peak RSS; target: ≤ 1.3 × exceljs's streaming writer writing
 * the same rows to a file, ≤ 256 MB), a 20-page PDF render (first and warm), the rows a request renders
 * per second (what `syncRowLimits` is set from), and the reports function's module load against the
 * DynamoDB-clients baseline with pdf-lib and exceljs in side bundles (target ≤ 1.3 ×).
 */
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { syncRowLimits } from '../../functions/reports/exports/export-report';
import { reportNamed } from '../../functions/reports/exports/registry';
import { functionNodeOptions } from '../../infra/constructs/group-function';
import { ensureTable } from '../../infra/local/dynamodb-local';
import { freePort } from '../../infra/local/free-port';
import { startS3Local } from '../../infra/local/s3-local';
import { batchWrite } from '../../shared/db/batch-write';
import { db, setDb } from '../../shared/db/client';
import { movementKey, shardedMovementIndexKeys, warehouseKey } from '../../shared/db/keys';
import type { Movement } from '../../shared/domain/stock-ledger';
import type { ReportPdfDocument } from '../../shared/render/report-pdf';
import { warehouseItem } from '../../shared/warehouses/repository';
import { warehouse } from '../../test/support/builders';
import { round, summarize } from '../lib/stats';
import type { Suite } from '../lib/suite';
import { verdict } from '../lib/verdict';
import { bundle } from '../support/bundle';
import { invokeBundledHandler, writeWithExceljs } from '../support/child-runs';
import { withDynamoLocal } from '../support/dynamo-local';
import { baselineEntry } from '../support/function-entries';
import { loadTimes } from '../support/module-load';

const ratioTarget = 1.3;
const rssTargetMb = 256;
const rowCount = 100_000;
const skus = 500;
const table = 'bench-exports';
const from = '2026-10-01';
const to = '2026-10-30';

const depot = warehouse({ code: 'EAST', name: 'East coast' });

/** 100,000 movements over October's first 30 days: receipts, shipments, adjustments of 500 SKUs. */
function* movements(): Generator<Movement> {
  const start = Date.parse(`${from}T00:00:00Z`);
  const span = 30 * 24 * 3_600_000;
  const types = ['receipt', 'shipment', 'shipment', 'shipment', 'adjustment'] as const;
  for (let i = 0; i < rowCount; i++) {
    const type = types[i % types.length]!;
    const quantity = type === 'receipt' ? 40 : type === 'adjustment' ? -1 : -2;
    yield {
      id: `01JB${String(i).padStart(22, '0')}`,
      sku: `SKU-${String(i % skus).padStart(4, '0')}`,
      warehouseId: depot.id,
      type,
      quantity,
      allocatedChange: type === 'shipment' ? quantity : 0,
      ...(type === 'receipt' ? { unitCost: 1250 + (i % 7) } : {}),
      reference: { type: type === 'receipt' ? 'work-order' : 'order', id: `REF-${i}` },
      at: new Date(start + Math.floor((i * span) / rowCount)).toISOString(),
      onHandAfter: 100 + (i % 50),
      availableAfter: 90 + (i % 50),
      backorderedAfter: 0,
    };
  }
}

async function loadMovements(): Promise<void> {
  let batch: Parameters<typeof batchWrite>[0][number][] = [];
  const pending: Promise<void>[] = [];
  for (const movement of movements()) {
    batch.push({
      PutRequest: {
        Item: {
          ...movementKey(movement),
          ...shardedMovementIndexKeys(movement),
          entity: 'movement',
          ...movement,
        },
      },
    });
    if (batch.length === 500) {
      pending.push(batchWrite(batch));
      batch = [];
      if (pending.length === 8) await Promise.all(pending.splice(0));
    }
  }
  pending.push(batchWrite(batch));
  await Promise.all(pending);
}

/** A report of about 20 pages: 44 one-line rows a page in landscape. */
function twentyPages(): ReportPdfDocument {
  const rows = Array.from({ length: 860 }, (_, i) => ({
    at: new Date(Date.UTC(2026, 9, 1 + (i % 30), 8, i % 60)).toISOString(),
    sku: `SKU-${String(i % skus).padStart(4, '0')}`,
    type: i % 3 === 0 ? 'receipt' : 'shipment',
    quantity: i % 3 === 0 ? 40 : -2,
    onHandAfter: 100 + (i % 50),
    unitCost: 1250 + (i % 7),
    currency: 'USD',
    reference: `order REF-${i}`,
  }));
  return {
    title: 'Stock movements',
    subtitle: [`${from} to ${to}`, 'Filters: warehouse EAST'],
    timeZone: 'America/New_York',
    generatedAt: new Date().toISOString(),
    sections: [
      {
        name: 'Movements',
        columns: [
          { header: 'At', key: 'at', type: 'datetime' },
          { header: 'SKU', key: 'sku', width: 14 },
          { header: 'Type', key: 'type', width: 12 },
          { header: 'Quantity', key: 'quantity', type: 'number' },
          { header: 'On hand after', key: 'onHandAfter', type: 'number' },
          { header: 'Unit cost', key: 'unitCost', type: 'money' },
          { header: 'Reference', key: 'reference', width: 22 },
        ],
        rows,
      },
    ],
  };
}

export const exportsSuite: Suite = {
  name: 'exports',
  description:
    'A 100k-row Excel export against exceljs alone (time, peak RSS), a 20-page PDF, rows a request renders per second, the reports function’s module load',
  run: () =>
    withDynamoLocal(table, async (endpoint) => {
      const work = mkdtempSync(join(tmpdir(), 'bench-exports-'));
      const bucket = 'bench-exports';
      const s3 = await startS3Local({
        port: await freePort(),
        directory: join(work, 's3'),
        bucket,
        corsOrigins: [],
      });
      const env = {
        DYNAMODB_ENDPOINT: endpoint,
        TABLE_NAME: table,
        AWS_REGION: 'local',
        S3_ENDPOINT: s3.endpoint,
        EXPORTS_BUCKET: bucket,
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
        CURSOR_SIGNING_KEY: 'bench-cursor-signing-key-0123456789abcdef',
        REPORTING_TIME_ZONE: 'UTC',
        LOG_LEVEL: 'warn',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      };
      Object.assign(process.env, env);
      setDb(undefined);
      try {
        await ensureTable(endpoint, table);
        await db().send(
          new PutCommand({ TableName: table, Item: { ...warehouseKey(depot.id), ...warehouseItem(depot) } }),
        );
        const loadStart = Date.now();
        await loadMovements();
        const loadSeconds = (Date.now() - loadStart) / 1000;

        const query = { from, to, warehouseId: depot.id };
        const exporter = await bundle(
          { name: 'report export', entry: 'bench/fixtures/report-export.ts' },
          join(work, 'bundle'),
          0,
        );
        const eventFile = join(work, 'export-event.json');
        writeFileSync(eventFile, JSON.stringify({ report: 'movements', query, format: 'excel' }));
        const childEnv = { ...env, NODE_OPTIONS: functionNodeOptions, SERVICE_NAME: 'bench-report-jobs' };
        const exported = await invokeBundledHandler(exporter.file, eventFile, childEnv);
        const file = exported.result as { rowCount: number; bytes: number };

        // The same rows, as the report's table gives them, written by exceljs alone to a file.
        const report = reportNamed('movements')!;
        const tables = await report.table(
          (await import('../../shared/http/validation')).parsePart(report.query, query, 'query'),
          { timeZone: 'UTC' },
        );
        const section = tables.sections[0]!;
        const rowsFile = join(work, 'rows.jsonl');
        const out = createWriteStream(rowsFile);
        let written = 0;
        for await (const row of section.rows) {
          written += 1;
          if (!out.write(`${JSON.stringify(row)}\n`)) await once(out, 'drain');
        }
        out.end();
        await once(out, 'finish');
        const baseline = await writeWithExceljs(rowsFile, join(work, 'baseline.xlsx'), section.columns);
        // Our writer alone, the same rows from the same file to a file: the ratio the target is about.
        const writerBundle = await bundle(
          { name: 'report writer', entry: 'bench/fixtures/report-writer.ts' },
          join(work, 'bundle'),
          4,
        );
        const writerEvent = join(work, 'writer-event.json');
        writeFileSync(
          writerEvent,
          JSON.stringify({ rowsFile, outFile: join(work, 'ours.xlsx'), columns: section.columns }),
        );
        const ours = await invokeBundledHandler(writerBundle.file, writerEvent, childEnv);
        const ratio = ours.ms / baseline.ms;
        // The reads alone: the report's rows as the export reads them, written nowhere.
        const readsBundle = await bundle(
          { name: 'report rows', entry: 'bench/fixtures/report-rows.ts' },
          join(work, 'bundle'),
          5,
        );
        const readsEvent = join(work, 'reads-event.json');
        writeFileSync(readsEvent, JSON.stringify({ report: 'movements', query }));
        const reads = await invokeBundledHandler(readsBundle.file, readsEvent, childEnv);

        // Rows a request renders per second: the same export, 20,000 rows, with the reports function's limits.
        writeFileSync(
          eventFile,
          JSON.stringify({ report: 'movements', query: { ...query, to: '2026-10-06' }, format: 'excel' }),
        );
        const sixDays = await invokeBundledHandler(exporter.file, eventFile, childEnv);
        const sixDayRows = (sixDays.result as { rowCount: number }).rowCount;
        writeFileSync(
          eventFile,
          JSON.stringify({ report: 'movements', query: { ...query, to: '2026-10-01' }, format: 'pdf' }),
        );
        const pdfDay = await invokeBundledHandler(exporter.file, eventFile, childEnv);
        const pdfDayRows = (pdfDay.result as { rowCount: number }).rowCount;

        const renderer = await bundle(
          { name: 'report pdf', entry: 'bench/fixtures/report-pdf.ts' },
          join(work, 'bundle'),
          1,
        );
        const pdfEvent = join(work, 'pdf-event.json');
        writeFileSync(pdfEvent, JSON.stringify({ document: twentyPages(), warmRenders: 5 }));
        const pdf = await invokeBundledHandler(renderer.file, pdfEvent, childEnv);
        const pdfResult = pdf.result as { firstMs: number; warmMs: number[]; pages: number; bytes: number };

        const orderActivity = await bundle(
          { name: 'order-activity', entry: 'functions/order-activity/handler.ts' },
          join(work, 'bundle'),
          6,
        );
        const reportsFunction = await bundle(
          { name: 'reports', entry: 'functions/reports/handler.ts' },
          join(work, 'bundle'),
          2,
        );
        const sdkBaseline = await bundle(baselineEntry, join(work, 'bundle'), 3);
        // As the functions ship: their NODE_OPTIONS (bench -- bundles adds their other variables).
        const times = loadTimes(
          [reportsFunction.file, orderActivity.file, sdkBaseline.file],
          15,
          functionNodeOptions,
        );
        const reportsLoad = summarize(times.get(reportsFunction.file)!).medianMs;
        const orderActivityLoad = summarize(times.get(orderActivity.file)!).medianMs;
        const baselineLoad = summarize(times.get(sdkBaseline.file)!).medianMs;

        return {
          tables: [
            {
              title: `Excel: our writer against exceljs's streaming writer, ${rowCount.toLocaleString('en-US')} movement rows from a file to a file (target ≤ ${ratioTarget} ×)`,
              rows: [
                {
                  run: 'writeWorkbook (shared/render/xlsx.ts: typed cells, money decimals, dates, autofilter), bundled',
                  rows: (ours.result as { rows: number }).rows,
                  s: round(ours.ms / 1000, 2),
                  'peak RSS MB': round(ours.peakRssMb, 1),
                  'time ratio': round(ratio, 2),
                  verdict: verdict(ratio, ratioTarget),
                },
                {
                  run: 'exceljs streaming writer alone',
                  rows: written,
                  s: round(baseline.ms / 1000, 2),
                  'peak RSS MB': round(baseline.peakRssMb, 1),
                  'time ratio': 1,
                  verdict: 'info',
                },
              ],
            },
            {
              title: `The whole export of ${rowCount.toLocaleString('en-US')} movements as the report-jobs function runs it (peak RSS target ≤ ${rssTargetMb} MB)`,
              rows: [
                {
                  run: 'reads, rows, workbook and multipart upload (bundled, fresh process)',
                  rows: file.rowCount,
                  'MB written': round(file.bytes / 1e6, 1),
                  s: round(exported.ms / 1000, 2),
                  'peak RSS MB': round(exported.peakRssMb, 1),
                  verdict: verdict(exported.peakRssMb, rssTargetMb),
                },
                {
                  run: "of which: the report's reads alone (DynamoDB Local, pages of 1,000 read ahead)",
                  rows: (reads.result as { rows: number }).rows,
                  'MB written': null,
                  s: round(reads.ms / 1000, 2),
                  'peak RSS MB': round(reads.peakRssMb, 1),
                  verdict: 'info',
                },
              ],
            },
            {
              title:
                'Rows a request renders per second (what the synchronous limits are set from; the API answers within 25 s)',
              rows: [
                {
                  format: 'excel',
                  rows: sixDayRows,
                  s: round(sixDays.ms / 1000, 2),
                  'rows/s': Math.round(sixDayRows / (sixDays.ms / 1000)),
                  'sync limit': syncRowLimits.excel,
                  's at the limit': round(syncRowLimits.excel / (sixDayRows / (sixDays.ms / 1000)), 1),
                },
                {
                  format: 'pdf',
                  rows: pdfDayRows,
                  s: round(pdfDay.ms / 1000, 2),
                  'rows/s': Math.round(pdfDayRows / (pdfDay.ms / 1000)),
                  'sync limit': syncRowLimits.pdf,
                  's at the limit': round(syncRowLimits.pdf / (pdfDayRows / (pdfDay.ms / 1000)), 1),
                },
              ],
            },
            {
              title: 'A 20-page report PDF (bundled renderer, fresh process)',
              rows: [
                {
                  pages: pdfResult.pages,
                  KB: round(pdfResult.bytes / 1024, 1),
                  'first render ms': round(pdfResult.firstMs, 0),
                  'warm render ms (median)': round(summarize(pdfResult.warmMs).medianMs, 0),
                },
              ],
            },
            {
              title: `Reports function module load against the DynamoDB clients (target ≤ ${ratioTarget} ×)`,
              rows: [
                {
                  bundle: 'reports (pdf-lib and exceljs in side bundles)',
                  KB: round(reportsFunction.bytes / 1024, 1),
                  'load ms (median)': round(reportsLoad, 1),
                  ratio: round(reportsLoad / baselineLoad, 2),
                  verdict: verdict(reportsLoad / baselineLoad, ratioTarget),
                },
                {
                  bundle: 'order-activity (for comparison: its exceljs is a side bundle too)',
                  KB: round(orderActivity.bytes / 1024, 1),
                  'load ms (median)': round(orderActivityLoad, 1),
                  ratio: round(orderActivityLoad / baselineLoad, 2),
                  verdict: verdict(orderActivityLoad / baselineLoad, ratioTarget),
                },
                {
                  bundle: 'baseline (DynamoDB clients)',
                  KB: round(sdkBaseline.bytes / 1024, 1),
                  'load ms (median)': round(baselineLoad, 1),
                  ratio: 1,
                  verdict: 'info',
                },
              ],
            },
          ],
          notes: [
            `Data: ${rowCount.toLocaleString('en-US')} movements of ${skus} SKUs in one warehouse over ${from} to ${to}, loaded in ${round(loadSeconds, 1)} s (DynamoDB Local, s3rver on loopback).`,
            `The export is exportReport as the report-jobs function runs it (bench/fixtures/report-export.ts, the request's row limits lifted), bundled with the functions' esbuild settings, run once in a fresh node with NODE_OPTIONS=${functionNodeOptions}: it reads the warehouse's movements by its index (pages of the report's reader), writes the workbook row by row and uploads it in 5 MiB parts. The baseline is ExcelJS.stream.xlsx.WorkbookWriter writing the same rows from a JSON-lines file to a local file: no reads, no upload.`,
            `Module load: the bundles of the reports function and of the DynamoDB clients alone, each imported 15 times in fresh processes after a warm-up, with NODE_OPTIONS=${functionNodeOptions} as the functions ship; pdf-lib, fontkit and exceljs are side bundles loaded at the first file (shared/side-bundle.ts).`,
          ],
        };
      } finally {
        await s3.stop();
        db().destroy();
        setDb(undefined);
        rmSync(work, { recursive: true, force: true });
      }
    }),
};
