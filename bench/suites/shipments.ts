/**
 * Shipments across orders at three sizes of one month, 1,000, 10,000 and 100,000 shipments: the list (first page)
 * and the totals through the order-activity handler, whose time must not grow with the month (target:
 * 100k / 1k ≤ 1.2 ×), and the read capacity the totals consume at both sizes. Then the export of the
 * 100k month through the bundled function in a fresh process (time and peak RSS, target ≤ 256 MB),
 * against exceljs's streaming writer writing the same rows to a file.
 */
import { mkdtempSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { functionNodeOptions } from '../../infra/constructs/group-function';
import { viewerGetEvent } from '../support/viewer-get';
import { ensureTable } from '../../infra/local/dynamodb-local';
import { freePort } from '../../infra/local/free-port';
import { startS3Local } from '../../infra/local/s3-local';
import { db, setDb } from '../../shared/db/client';
import { warehouseKey } from '../../shared/db/keys';
import { shardedShipmentTotalsKey, shipmentTotalsShard } from '../../shared/db/keys/shipments';
import { totalsCells } from '../../shared/shipments/queries';
import { warehouseItem } from '../../shared/warehouses/repository';
import { warehouse } from '../../test/support/builders';
import { exportRow, maxExportRows, shipmentColumns } from '../../functions/order-activity/shipments/export';
import { round, summarize } from '../lib/stats';
import type { Row, Suite } from '../lib/suite';
import { contendersPerTable, elapsedMs, interleave, now } from '../lib/timing';
import { verdict } from '../lib/verdict';
import { bundle } from '../support/bundle';
import { invokeBundledHandler, writeWithExceljs } from '../support/child-runs';
import { withDynamoLocal } from '../support/dynamo-local';
import { lambdaContext } from '../support/lambda-context';
import { silenceStdout } from '../support/silenced-stdout';
import { loadMonth, monthOfShipments } from '../support/shipment-month';

const target = 1.2;
const rssTargetMb = 256;
const month = '2026-10';
const range = 'from=2026-10-01&to=2026-10-31';
const sizes = [
  { name: '1k', count: 1_000, table: 'bench-shipments-1k' },
  { name: '10k', count: 10_000, table: 'bench-shipments-10k' },
  { name: '100k', count: 100_000, table: 'bench-shipments-100k' },
] as const;
const schedule = { warmup: 20, rounds: 10, perRound: 10 };

type Handler = (event: unknown, context: typeof lambdaContext) => Promise<unknown>;

const warehouses = [
  warehouse({ code: 'EAST', name: 'East coast' }),
  warehouse({ code: 'WEST', name: 'West coast' }),
  warehouse({ code: 'EU', name: 'Rotterdam' }),
];

/**
 * A month cell every size holds: the combination of the fixture's first shipment, in that shipment's
 * totals shard (its id, and so its shard, differ from size to size).
 */
function probeCell(count: number) {
  const first = monthOfShipments(
    count,
    month,
    warehouses.map((w) => w.id),
  ).next().value!;
  return shardedShipmentTotalsKey(
    {
      day: month,
      carrier: 'UPS',
      service: 'Ground',
      warehouseId: warehouses[0]!.id,
      status: 'active',
      source: 'label',
      currency: 'USD',
    },
    shipmentTotalsShard(first.id),
  );
}
const probeCells = new Map(sizes.map((size) => [size.table as string, probeCell(size.count)]));

export const shipments: Suite = {
  name: 'shipments',
  description:
    'Shipments list and totals at 1k and 100k shipments a month; the 100k export’s time and peak RSS',
  run: () =>
    withDynamoLocal(sizes[0].table, async (endpoint) => {
      const work = mkdtempSync(join(tmpdir(), 'bench-shipments-'));
      const bucket = 'bench-exports';
      const s3 = await startS3Local({
        port: await freePort(),
        directory: join(work, 's3'),
        bucket,
        corsOrigins: [],
      });
      Object.assign(process.env, {
        DYNAMODB_ENDPOINT: endpoint,
        AWS_REGION: 'local',
        LOG_LEVEL: 'info',
        S3_ENDPOINT: s3.endpoint,
        EXPORTS_BUCKET: bucket,
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
      });
      setDb(undefined);
      const stdout = silenceStdout();
      try {
        const loads: Row[] = [];
        for (const size of sizes) {
          await ensureTable(endpoint, size.table);
          process.env.TABLE_NAME = size.table;
          for (const w of warehouses) {
            await db().send(
              new PutCommand({ TableName: size.table, Item: { ...warehouseKey(w.id), ...warehouseItem(w) } }),
            );
          }
          const started = now();
          const cells = await loadMonth(
            size.count,
            month,
            warehouses.map((w) => w.id),
          );
          loads.push({
            size: size.name,
            shipments: size.count,
            'day cells': cells,
            'load s': round(elapsedMs(started) / 1000, 1),
          });
        }

        const { handler } = (await import('../../functions/order-activity/handler')) as { handler: Handler };
        const requests = {
          'list, first page of 50': `/v1/orders/shipments?${range}`,
          'list by carrier (its index)': `/v1/orders/shipments?${range}&carrier=FedEx`,
          'list, status=voided (3 %: a filter)': `/v1/orders/shipments?${range}&status=voided`,
          totals: `/v1/orders/shipments/totals?${range}`,
          'totals by carrier and service': `/v1/orders/shipments/totals?${range}&carrier=ups&service=ground`,
          'filter values': `/v1/orders/shipments/filters?${range}`,
        } as const;
        // The same tables read with no handler: what DynamoDB Local itself costs at each size.
        const bareCalls = {
          'bare: the totals query alone (totalsCells)': async () => {
            await totalsCells({ from: `${month}-01`, to: `${month}-31` });
          },
          'bare: GetItem of one month cell': async () => {
            const { Item } = await db().send(
              new GetCommand({
                TableName: process.env.TABLE_NAME!,
                Key: probeCells.get(process.env.TABLE_NAME!)!,
              }),
            );
            if (!Item) throw new Error('the probed month cell is missing');
          },
        } as const;
        const contenders = contendersPerTable(
          {
            ...Object.fromEntries(
              Object.entries(requests).map(([name, path]) => [
                name,
                async () => {
                  const response = (await handler(viewerGetEvent(path), lambdaContext)) as {
                    statusCode: number;
                    body: string;
                  };
                  if (response.statusCode !== 200)
                    throw new Error(`${path}: ${response.statusCode} ${response.body}`);
                },
              ]),
            ),
            ...bareCalls,
          },
          sizes,
        );
        const samples = await interleave(contenders, schedule);
        const requestRows: Row[] = [...Object.keys(requests), ...Object.keys(bareCalls)].map((name) => {
          const small = summarize(samples.get(`${name}@1k`)!);
          const middle = summarize(samples.get(`${name}@10k`)!);
          const large = summarize(samples.get(`${name}@100k`)!);
          const ratio = large.medianMs / small.medianMs;
          const targeted = !name.includes('filter)') && !name.startsWith('bare:');
          return {
            request: name,
            'median ms @1k': round(small.medianMs, 2),
            'median ms @10k': round(middle.medianMs, 2),
            'median ms @100k': round(large.medianMs, 2),
            'p95 ms @100k': round(large.p95Ms, 2),
            '100k / 1k': round(ratio, 3),
            '100k / 10k': round(large.medianMs / middle.medianMs, 3),
            verdict: targeted ? verdict(ratio, target) : 'info',
          };
        });

        const capacityRows: Row[] = [];
        for (const size of sizes) {
          process.env.TABLE_NAME = size.table;
          const read = await totalsCells({ from: `${month}-01`, to: `${month}-31` });
          capacityRows.push({
            size: size.name,
            'cells read': read.cells.length,
            'read capacity units': read.consumedReadUnits,
            shipments: read.cells.reduce((sum, cell) => sum + cell.shipments, 0),
          });
        }
        stdout.restore();

        // The export, bundled with the functions' settings, in a process of its own. The request path
        // refuses more than maxExportRows (the API's time-out); the fixture lifts that limit.
        const built = await bundle(
          { name: 'shipments export', entry: 'bench/fixtures/shipments-export.ts' },
          join(work, 'bundle'),
          0,
        );
        const eventFile = join(work, 'export-event.json');
        writeFileSync(eventFile, JSON.stringify({ from: `${month}-01`, to: `${month}-31` }));
        const large = sizes[2];
        const exported = await invokeBundledHandler(built.file, eventFile, {
          DYNAMODB_ENDPOINT: endpoint,
          TABLE_NAME: large.table,
          AWS_REGION: 'local',
          S3_ENDPOINT: s3.endpoint,
          EXPORTS_BUCKET: bucket,
          AWS_ACCESS_KEY_ID: 'S3RVER',
          AWS_SECRET_ACCESS_KEY: 'S3RVER',
          LOG_LEVEL: 'info',
          NODE_OPTIONS: functionNodeOptions,
          SERVICE_NAME: 'bench-order-activity',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        });
        const file = exported.result as { rowCount: number; bytes: number };

        // The same rows, written by exceljs alone to a local file.
        const rowsFile = join(work, 'rows.jsonl');
        const rowsOut = createWriteStream(rowsFile);
        const codeOf = new Map(warehouses.map((w) => [w.id, w.code]));
        for (const shipment of monthOfShipments(
          large.count,
          month,
          warehouses.map((w) => w.id),
        )) {
          if (
            !rowsOut.write(
              `${JSON.stringify(exportRow(shipment, codeOf.get(shipment.warehouseId!) ?? ''))}\n`,
            )
          )
            await once(rowsOut, 'drain');
        }
        rowsOut.end();
        await once(rowsOut, 'finish');
        const baseline = await writeWithExceljs(
          rowsFile,
          join(work, 'baseline.xlsx'),
          shipmentColumns.map((column) => ({
            ...column,
            ...(column.type === 'money' ? { numFmt: '#,##0.00' } : {}),
            ...(column.type === 'date' ? { numFmt: 'yyyy-mm-dd' } : {}),
            ...(column.type === 'datetime' ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {}),
          })),
        );
        await s3.stop();
        rmSync(work, { recursive: true, force: true });

        return {
          tables: [
            { title: 'Data: one month (October 2026) in each table, as the service stores it', rows: loads },
            {
              title: `Shipments requests through the order-activity handler, 100k against 1k a month (target ≤ ${target} ×)`,
              rows: requestRows,
            },
            {
              title: 'Totals over the month: what the query reads (ReturnConsumedCapacity)',
              rows: capacityRows,
            },
            {
              title: `Export of the 100k month to Excel (peak RSS target ≤ ${rssTargetMb} MB)`,
              rows: [
                {
                  run: 'the shipments export (bundled, fresh process, as the function runs it)',
                  rows: file.rowCount,
                  'MB written': round(file.bytes / 1e6, 1),
                  s: round(exported.ms / 1000, 2),
                  'peak RSS MB': round(exported.peakRssMb, 1),
                  verdict: verdict(exported.peakRssMb, rssTargetMb),
                },
                {
                  run: 'exceljs streaming writer, the same rows from a file to a file',
                  rows: (baseline.result as { rows: number }).rows,
                  'MB written': null,
                  s: round(baseline.ms / 1000, 2),
                  'peak RSS MB': round(baseline.peakRssMb, 1),
                  verdict: 'info',
                },
              ],
            },
          ],
          notes: [
            `DynamoDB Local in memory; s3rver on loopback. Requests: ${schedule.warmup} warm-up calls each, then ${schedule.rounds} alternating rounds of ${schedule.perRound}, the two sizes interleaved; handler in this process, LOG_LEVEL=info with stdout swallowed.`,
            'The list reads one month partition of an index (GSI1 all, GSI2 by carrier, GSI3 by warehouse) from the range’s first day: a page costs the same whatever the month holds. Filters without an index of their own (service, status, source) are FilterExpressions: a rare value reads many items per page, so that row is shown without a verdict.',
            'Totals and filter values over whole months read the month cells (one per combination of carrier, service, warehouse, status, source and currency in use), over part of a month its day cells; both are kept in the transaction of each shipment change. What they read grows with the combinations in use, not with the shipments: the fixture gives each of the 72 combinations one of the month’s first shipments, so the three sizes read the same cells and differ in volume only (with random picks alone a 1k month misses rare ones, such as a voided manual shipment of a given service and warehouse).',
            'The bare rows send DynamoDB Local the reads with no handler: the totals query alone, and a GetItem of one month cell (the same key at every size). What they gain from 1k to 100k is DynamoDB Local’s own cost of a larger table (in-memory SQLite), not items read: the read capacity above is the same at every size, and DynamoDB bills and serves a Query by the items it reads. The handler’s time less the bare time is what this code adds.',
            `Export: exportShipments as the order-activity function runs it, bundled with the functions' esbuild settings (bench/fixtures/shipments-export.ts: without the request's limit of ${maxExportRows} rows, which keeps an export inside the API's time-out), invoked once in a fresh node with NODE_OPTIONS=${functionNodeOptions} as deployed; peak RSS is the process's maxRSS (module load, DynamoDB pages of 1,000 items, the workbook writer and the multipart upload's parts of 5 MiB, at most 4 in memory). Module load: ${round(exported.loadMs, 0)} ms. The baseline reads the rows from a JSON-lines file (no DynamoDB, no upload) and writes them with ExcelJS.stream.xlsx.WorkbookWriter to a local file.`,
          ],
        };
      } finally {
        stdout.restore();
        db().destroy();
        setDb(undefined);
      }
    }),
};
