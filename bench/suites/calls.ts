/**
 * Round trips and cost per operation: one order's life through the real handlers in this process against
 * DynamoDB Local (in memory) and s3rver, every command each request sends recorded at the clients. A
 * warm-up life runs first (modules loaded, reference data cached, the day's manifest opened), then
 * `CALLS_LIVES` lives (5) are measured: the commands and round trips of each operation, against the
 * targets (order.put ≤ 3, payment ≤ 3, print ≤ 5 not counting the carrier and S3, refund ≤ 4), and what
 * one order's lifecycle costs at AWS's on-demand list prices.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApiEvent } from '../../infra/local/api-event';
import { catalogues } from '../../functions/catalogue';
import { db } from '../../shared/db/client';
import { s3 } from '../../shared/files/s3/client';
import { applyStockMovements } from '../../shared/stock/ledger';
import { dockOrigin, seedWarehouse } from '../../test/support/builders';
import { claimsFor } from '../../test/support/call';
import { numberFromEnv } from '../lib/env';
import { median, round } from '../lib/stats';
import type { Row, Suite } from '../lib/suite';
import { elapsedMs, now } from '../lib/timing';
import { startBenchS3 } from '../support/bench-s3';
import type { RecordedCall } from '../support/calls-recorder';
import { isRead, isS3Put, recordCalls } from '../support/calls-recorder';
import { withHandlerEnvironment } from '../support/dynamo-local';
import { KeyRecorder } from '../support/key-recorder';
import { lambdaContext } from '../support/lambda-context';
import { roundsOf } from '../support/print-timeline';

const bucket = 'bench-calls-files';

type Handler = (
  event: unknown,
  context: typeof lambdaContext,
) => Promise<{ statusCode: number; body: string }>;
type Item = Record<string, unknown>;

/** Round-trip targets (DynamoDB only: the carrier and S3 are not counted). */
const targets: Record<string, number> = { 'order.put': 3, payment: 3, print: 5, refund: 4 };

/** The operations of the calls table, in lifecycle order. */
const tableOperations = [
  'order.put',
  'order.put (re-sync)',
  'payment',
  'print',
  'void',
  'return.receive',
  'refund',
] as const;

/** One order's lifecycle for the cost table: each operation and how many of it an order makes. */
const lifecycle: ReadonlyArray<readonly [string, number]> = [
  ['order.put', 1],
  ['payment', 1],
  ['print', 1],
  ['return.request', 1 / 20],
  ['return.approve', 1 / 20],
  ['return.receive', 1 / 20],
  ['refund', 1 / 20],
];

/**
 * us-east-1 on-demand list prices, read 2026-11-26 (ARM: the functions deploy on ARM_64,
 * infra/constructs/group-function.ts). Sources in the notes.
 */
const prices = {
  writeRequestUnit: 0.625 / 1e6,
  readRequestUnit: 0.125 / 1e6,
  lambdaGbSecondArm: 0.0000133334,
  lambdaRequest: 0.2 / 1e6,
  httpApiRequest: 1.0 / 1e6,
  s3Put: 0.005 / 1000,
};
const priceSources = [
  'DynamoDB on-demand (us-east-1, after the November 2024 cut): $0.625 per million write request units, $0.125 per million read request units (airbyte.com/data-engineering-resources/dynamodb-pricing, 2025-07-21, quoting aws.amazon.com/dynamodb/pricing/on-demand/)',
  'Lambda on ARM (us-east-1, first 7.5 billion GB-s a month): $0.0000133334 per GB-second, $0.20 per million requests (cloudchipr.com/blog/aws-lambda-pricing; aws.amazon.com/lambda/pricing/)',
  'API Gateway HTTP API (us-east-1, first 300 million a month): $1.00 per million requests (docs.aws.amazon.com/whitepapers/latest/best-practices-api-gateway-private-apis-integration/cost-optimization.html; aws.amazon.com/api-gateway/pricing/)',
  'S3 Standard PUT, COPY, POST, LIST: $0.005 per 1,000 requests (c3x.dev/blog/s3-request-fees-explained; aws.amazon.com/s3/pricing/)',
];

const memoryMb = new Map(catalogues.map((catalogue) => [catalogue.group, catalogue.runtime?.memoryMb]));

const lines = [
  {
    itemId: 'L1',
    sku: 'CALLS-TEE-M',
    title: 'Tee, M',
    quantity: 2,
    unitPrice: 2400,
    tax: 384,
    discount: 0,
    weightGrams: 210,
  },
  {
    itemId: 'L2',
    sku: 'CALLS-HOODIE-L',
    title: 'Hoodie, L',
    quantity: 1,
    unitPrice: 5900,
    tax: 472,
    discount: 500,
    weightGrams: 640,
  },
  {
    itemId: 'L3',
    sku: 'CALLS-SOCKS',
    title: 'Socks, 3 pack',
    quantity: 1,
    unitPrice: 1800,
    tax: 144,
    discount: 0,
    weightGrams: 150,
  },
  {
    itemId: 'L4',
    sku: 'CALLS-CAP',
    title: 'Cap, black',
    quantity: 1,
    unitPrice: 2200,
    tax: 176,
    discount: 0,
    weightGrams: 120,
  },
];

const address = (line2: string) => ({
  name: 'Grace Hopper',
  line1: '12 Elm Street',
  line2,
  city: 'Brooklyn',
  region: 'NY',
  postalCode: '11201',
  country: 'US',
});

const orderBody = (warehouseId: string, orderDate: string, line2: string) => ({
  channel: 'webshop',
  orderDate,
  customer: { name: 'Grace Hopper', email: 'grace@example.com', phone: '+1 212 555 0134' },
  shipTo: address(line2),
  billTo: address('Apt 4B'),
  lines,
  currency: 'USD',
  shippingCharge: 695,
  warehouseId,
});

/** One operation of one life, as recorded. */
interface Measured {
  operation: string;
  group: string;
  handlerMs: number;
  calls: RecordedCall[];
  /** Units computed from the keys and items (bench/support/key-recorder.ts, as the keys bench does). */
  computedReadUnits: number;
  computedWriteUnits: number;
}

const dynamoCalls = (calls: readonly RecordedCall[]) => calls.filter((call) => call.client === 'dynamodb');

/** `Query ×2 | TransactWriteItems`: the commands of each DynamoDB round trip, in order. */
function roundsText(calls: readonly RecordedCall[]): string {
  return roundsOf(dynamoCalls(calls))
    .map((round) => {
      const counts = new Map<string, number>();
      for (const call of round) counts.set(call.name, (counts.get(call.name) ?? 0) + 1);
      return [...counts].map(([name, count]) => (count > 1 ? `${name} ×${count}` : name)).join(' + ');
    })
    .join(' | ');
}

/** The value most samples took; the larger of those tied. */
function mostCommon(values: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort(([a, n], [b, m]) => m - n || b - a)[0]![0];
}

const roundTrips = (calls: readonly RecordedCall[]) => roundsOf(dynamoCalls(calls)).length;
const localUnits = (calls: readonly RecordedCall[], reads: boolean) =>
  dynamoCalls(calls)
    .filter((call) => isRead(call) === reads)
    .reduce((sum, call) => sum + call.consumed, 0);

export const calls: Suite = {
  name: 'calls',
  description:
    "DynamoDB commands and round trips per operation of an order's life, and what 1,000 orders cost on demand",
  run: () =>
    withHandlerEnvironment('bench-calls', async (stdout) => {
      const lives = numberFromEnv('CALLS_LIVES', 5, (n) => Number.isInteger(n) && n >= 1 && n <= 50);
      const work = mkdtempSync(join(tmpdir(), 'bench-calls-'));
      const s3Local = await startBenchS3(work, bucket);
      const keys = new KeyRecorder();
      const recorder = recordCalls({ dynamodb: db(), s3: s3() });
      try {
        const warehouse = await seedWarehouse({ code: 'CALLS', originAddress: dockOrigin });
        await keys.record(() =>
          applyStockMovements(
            lines.map((line) => ({
              sku: line.sku,
              warehouseId: warehouse.id,
              type: 'receipt' as const,
              quantity: 10_000,
              unitCost: 900,
            })),
          ),
        );
        const handlers = new Map<string, Handler>();
        let requestNumber = 0;
        const shipDate = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
        const orderDate = new Date().toISOString();

        /** One request through its group's handler, recorded; answers its body and what it sent. */
        const send = async (
          operation: string,
          method: string,
          path: string,
          body: unknown,
          expected: number,
          role: 'operator' | 'manager' = 'manager',
        ): Promise<{ answer: Item; measured: Measured }> => {
          const { group, ...event } = buildApiEvent({
            method,
            path,
            // Every POST carries an Idempotency-Key, as the back-office UI sends it.
            headers: {
              'content-type': 'application/json',
              ...(method === 'POST' ? { 'idempotency-key': `calls-${++requestNumber}` } : {}),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
            claims: claimsFor(role),
          });
          if (!handlers.has(group)) {
            const loaded = (await import(`../../functions/${group}/handler.ts`)) as { handler: Handler };
            handlers.set(group, loaded.handler);
          }
          let answer: Awaited<ReturnType<Handler>> | undefined;
          let handlerMs = 0;
          let sent: RecordedCall[] = [];
          const recorded = await keys.record(async () => {
            const from = recorder.calls.length;
            const started = now();
            answer = await handlers.get(group)!(event, lambdaContext);
            handlerMs = elapsedMs(started);
            sent = recorder.calls.slice(from);
          });
          if (answer!.statusCode !== expected)
            throw new Error(
              `${operation}: ${method} ${path} answered ${answer!.statusCode}, not ${expected}: ${answer!.body}`,
            );
          return {
            answer: answer!.body ? (JSON.parse(answer!.body) as Item) : {},
            measured: {
              operation,
              group,
              handlerMs,
              calls: sent,
              computedReadUnits: recorded.reads.reduce((sum, read) => sum + read.units, 0),
              computedWriteUnits: recorded.writes.reduce((sum, write) => sum + write.units, 0),
            },
          };
        };

        /** One order's life: placed, paid, re-synced, printed, voided, printed again, returned and refunded. */
        const life = async (id: string): Promise<Map<string, Measured>> => {
          const measured = new Map<string, Measured>();
          const keep = (result: { answer: Item; measured: Measured }) => {
            measured.set(result.measured.operation, result.measured);
            return result.answer;
          };
          const path = `/v1/orders/${id}`;
          const placed = keep(
            await send(
              'order.put',
              'PUT',
              path,
              orderBody(warehouse.id, orderDate, 'Apt 4B'),
              201,
              'operator',
            ),
          );
          const balance = (placed.totals as { balance: number }).balance;
          keep(await send('payment', 'POST', `${path}/payments`, { amount: balance, method: 'card' }, 201));
          keep(
            await send(
              'order.put (re-sync)',
              'PUT',
              path,
              orderBody(warehouse.id, orderDate, 'Apt 4C'),
              200,
              'operator',
            ),
          );
          const printBody = {
            processorCode: 'parcel',
            serviceCode: 'ground',
            packages: [{ weightGrams: 1400 }],
            shipDate,
          };
          const printed = keep(
            await send('print', 'POST', `/v1/fulfillment/ship-now/${id}/print`, printBody, 201, 'operator'),
          );
          const shipmentId = String((printed.shipment as Item).id);
          keep(
            await send(
              'void',
              'DELETE',
              `/v1/fulfillment/ship-now/void/${shipmentId}`,
              undefined,
              204,
              'operator',
            ),
          );
          await send(
            'print (again)',
            'POST',
            `/v1/fulfillment/ship-now/${id}/print`,
            printBody,
            201,
            'operator',
          );
          const returnsPath = `${path}/returns`;
          const opened = keep(
            await send(
              'return.request',
              'POST',
              returnsPath,
              { lines: [{ itemId: 'L2', quantity: 1, reasonCode: 'size_or_fit' }] },
              201,
              'operator',
            ),
          );
          const returnPath = `${returnsPath}/${String(opened.id)}`;
          keep(await send('return.approve', 'POST', `${returnPath}/approve`, undefined, 200, 'operator'));
          keep(
            await send(
              'return.receive',
              'POST',
              `${returnPath}/receive`,
              { lines: [{ itemId: 'L2', quantity: 1, disposition: 'restock', warehouseId: warehouse.id }] },
              200,
              'operator',
            ),
          );
          keep(
            await send(
              'refund',
              'POST',
              `${returnPath}/refund`,
              { lines: [{ itemId: 'L2', quantity: 1 }] },
              200,
            ),
          );
          return measured;
        };

        // Warm: modules loaded, the day's manifest opened, reference data read once as a container keeps it.
        await life('CALLS-WARMUP-1');
        const measuredLives: Array<Map<string, Measured>> = [];
        for (let n = 1; n <= lives; n += 1) measuredLives.push(await life(`CALLS-ORDER-${n}`));
        const all = (operation: string) => measuredLives.map((one) => one.get(operation)!);

        const callRows: Row[] = tableOperations.map((operation) => {
          const measured = all(operation);
          const trips = measured.map((one) => roundTrips(one.calls));
          // The count most lives made (the more on a tie): commands sent one after another only sometimes
          // overlap as the machine's timing lets them, and a reference-data cache may refresh in some life.
          const typical = mostCommon(trips);
          const shown = measured[trips.indexOf(typical)]!;
          const target = targets[operation];
          return {
            operation,
            'round trips': typical,
            'in the lives':
              Math.min(...trips) === Math.max(...trips)
                ? String(typical)
                : `${Math.min(...trips)}-${Math.max(...trips)}`,
            target: target === undefined ? '' : `≤ ${target}`,
            verdict: target === undefined ? '' : typical <= target ? 'PASS' : 'OVER',
            'DynamoDB commands': dynamoCalls(shown.calls).length,
            'commands by round trip': roundsText(shown.calls),
            'S3 commands': shown.calls
              .filter((call) => call.client === 's3')
              .map((call) => call.name)
              .join(', '),
          };
        });

        const costOf = (operation: string) => {
          const measuredAll = all(operation);
          const measured = measuredAll[0]!;
          const memory = memoryMb.get(measured.group) ?? 1024;
          const handlerMs = median(measuredAll.map((one) => one.handlerMs));
          return {
            group: measured.group,
            memory,
            handlerMs,
            // Lambda bills duration rounded up to the millisecond.
            gbSeconds: (memory / 1024) * (Math.ceil(handlerMs) / 1000),
            calls: dynamoCalls(measured.calls).length,
            readUnits: localUnits(measured.calls, true),
            computedReadUnits: measured.computedReadUnits,
            writeUnits: measured.computedWriteUnits,
            localWriteUnits: localUnits(measured.calls, false),
            s3Puts: measured.calls.filter(isS3Put).length,
          };
        };
        const costRows: Row[] = [];
        const perOrder = { rru: 0, wru: 0, gbSeconds: 0, requests: 0, s3Puts: 0, calls: 0 };
        for (const [operation, share] of lifecycle) {
          const cost = costOf(operation);
          perOrder.rru += share * cost.readUnits;
          perOrder.wru += share * cost.writeUnits;
          perOrder.gbSeconds += share * cost.gbSeconds;
          perOrder.requests += share;
          perOrder.s3Puts += share * cost.s3Puts;
          perOrder.calls += share * cost.calls;
          costRows.push({
            operation,
            'per order': round(share, 2),
            function: `${cost.group} (${cost.memory} MB)`,
            'handler ms (median)': round(cost.handlerMs, 1),
            'GB-s': round(cost.gbSeconds, 4),
            'DynamoDB calls': cost.calls,
            RRU: round(cost.readUnits, 1),
            'RRU computed': round(cost.computedReadUnits, 1),
            WRU: round(cost.writeUnits, 1),
            'WRU Local as sent': round(cost.localWriteUnits, 1),
            'S3 puts': cost.s3Puts,
          });
        }
        costRows.push({
          operation: 'one order (weighted)',
          'per order': null,
          function: '',
          'handler ms (median)': null,
          'GB-s': round(perOrder.gbSeconds, 4),
          'DynamoDB calls': round(perOrder.calls, 2),
          RRU: round(perOrder.rru, 1),
          'RRU computed': null,
          WRU: round(perOrder.wru, 1),
          'WRU Local as sent': null,
          'S3 puts': round(perOrder.s3Puts, 2),
        });
        const thousand = (value: number) => value * 1000;
        const priceRows: Row[] = (
          [
            [
              'DynamoDB write request units',
              thousand(perOrder.wru),
              prices.writeRequestUnit,
              '$0.625 / million',
            ],
            [
              'DynamoDB read request units',
              thousand(perOrder.rru),
              prices.readRequestUnit,
              '$0.125 / million',
            ],
            [
              'Lambda GB-seconds (ARM)',
              thousand(perOrder.gbSeconds),
              prices.lambdaGbSecondArm,
              '$0.0000133334 / GB-s',
            ],
            ['Lambda requests', thousand(perOrder.requests), prices.lambdaRequest, '$0.20 / million'],
            [
              'API Gateway HTTP API requests',
              thousand(perOrder.requests),
              prices.httpApiRequest,
              '$1.00 / million',
            ],
            ['S3 PUT requests', thousand(perOrder.s3Puts), prices.s3Put, '$0.005 / 1,000'],
          ] as const
        ).map(([item, quantity, price, text]) => ({
          item,
          'per 1,000 orders': round(quantity, 1),
          'list price': text,
          'cost (USD)': round(quantity * price, 5),
        }));
        const totalPrice = priceRows.reduce((sum, row) => sum + Number(row['cost (USD)']), 0);
        priceRows.push({
          item: 'total, 1,000 orders',
          'per 1,000 orders': null,
          'list price': '',
          'cost (USD)': round(totalPrice, 4),
        });
        const writes = stdout.writes();
        return {
          tables: [
            {
              title:
                'DynamoDB round trips per operation (warm container; commands sent together are one round trip)',
              rows: callRows,
            },
            {
              title:
                "One order's lifecycle: placed, paid, printed (shipped); a return with a refund for one in twenty",
              rows: costRows,
            },
            { title: 'On-demand price of 1,000 orders (us-east-1 list prices)', rows: priceRows },
          ],
          notes: [
            `Handlers in this process against DynamoDB Local in memory and s3rver (stdout swallowed, ${writes} lines); a warehouse with an origin address holding the 4 SKUs. One warm-up life first (modules loaded, the day's manifest opened, reference data read as a warm container keeps it), then ${lives} lives measured; the calls table shows, per operation, the round trips most lives made (the more on a tie; the verdict takes it, its commands are such a life's) and the range over the lives: commands sent one after another only sometimes overlap, as the timing lets them, and a reference-data cache may refresh during some life. Every POST carries an Idempotency-Key.`,
            'A life: PUT order (4 lines, a warehouse, so allocations move) → payment of the balance → PUT again with the ship-to address changed (re-sync) → label print (built-in parcel, ground) → void → print again (unmeasured) → return opened, approved, received (1 unit restocked) → refund.',
            'Round trips: DynamoDB commands whose times overlap are one round trip (commands sent with Promise.all); the carrier (built in, in process) and S3 are not counted.',
            `Lifecycle cost: Lambda duration is the handler's wall time in this process (median of ${lives} lives, rounded up to the ms as Lambda bills), at the memory each group declares (functions/<group>/routes.ts, the CDK function's memorySize); not Lambda's own init or the network to DynamoDB. Stream consumers (projector, aggregates, alerts) and their writes, and the day's manifest close, are not counted. Shipped = the label print (ship-now); an API request and a Lambda request per operation.`,
            'RRU: what DynamoDB Local answered with ReturnConsumedCapacity INDEXES on every read (RRU computed: 4 KB units by item size, half when eventually consistent, as the keys bench counts). WRU: computed as the keys bench does (ceil(item KB) per item written, twice in a transaction, one index write per index it is in before or after, of the index entry\'s KB (the keys and included attributes for an INCLUDE index), two when its key moves, none when the entry is unchanged; ConditionChecks not counted), because DynamoDB Local prices a transaction by its items\' bytes summed and rounded once ("WRU Local as sent" shows what it answered).',
            `Prices (read 2026-11-26): ${priceSources.join('; ')}. Free tiers and tiered discounts are left out.`,
          ],
        };
      } finally {
        recorder.stop();
        await s3Local.stop();
        rmSync(work, { recursive: true, force: true });
      }
    }),
};
