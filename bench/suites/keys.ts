/**
 * Key distribution at peak (docs/scale.md): one order placed, paid and shipped through the real handlers
 * against DynamoDB Local, every key each request wrote and read recorded, then one peak hour of 1,000
 * orders a second generated from those recordings, and the report aggregates' writes from the stream
 * records through the consumer's own batching. Per partition key: the most writes, write units and read
 * units in any one second, against DynamoDB's per-partition limits (1,000 WCU/s, 3,000 RCU/s).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { buildApiEvent } from '../../infra/local/api-event';
import { db, tableName } from '../../shared/db/client';
import { warehouseKey } from '../../shared/db/keys';
import { aggregateShards } from '../../shared/db/keys/aggregates';
import { applyStockMovements } from '../../shared/stock/ledger';
import { warehouseItem } from '../../shared/warehouses/repository';
import { warehouse } from '../../test/support/builders';
import { claimsFor } from '../../test/support/call';
import { orderInput, orderLine } from '../../test/support/order-builders';
import { round } from '../lib/stats';
import type { Row, Suite } from '../lib/suite';
import { elapsedMs, now } from '../lib/timing';
import { withHandlerEnvironment } from '../support/dynamo-local';
import { KeyRecorder } from '../support/key-recorder';
import { lambdaContext } from '../support/lambda-context';
import type { PartitionLoad, PeakShape, StreamShape, TemplateValues } from '../support/peak-simulation';
import { aggregateLoads, requestLoads } from '../support/peak-simulation';

const writeLimit = 1_000;
const readLimit = 3_000;

export const peak: PeakShape = {
  ordersPerSecond: 1_000,
  seconds: 3_600,
  skus: 2_000,
  warehouses: 2,
  channels: [0.6, 0.3, 0.1],
  euroShare: 0.1,
  reportReadsPerSecond: 5,
};

type Handler = (
  event: unknown,
  context: typeof lambdaContext,
) => Promise<{ statusCode: number; body: string }>;

async function send(
  group: string,
  method: string,
  path: string,
  role: 'operator' | 'manager' | 'viewer',
  body?: unknown,
) {
  const { handler } = (await import(`../../functions/${group}/handler.ts`)) as { handler: Handler };
  const { group: _group, ...event } = buildApiEvent({
    method,
    path,
    headers: { 'content-type': 'application/json' },
    claims: claimsFor(role),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await handler(event, lambdaContext);
  if (answer.statusCode >= 300) throw new Error(`${method} ${path}: ${answer.statusCode} ${answer.body}`);
  return JSON.parse(answer.body) as Record<string, unknown>;
}

const ulids = (text: string) => text.match(/[0-9A-HJKMNP-TV-Z]{26}/g) ?? [];

const verdictOf = (load: PartitionLoad) =>
  load.maxWcuPerSecond > writeLimit || load.maxRcuPerSecond > readLimit ? 'OVER' : 'PASS';

const row = (load: PartitionLoad): Row => ({
  'partition key': load.partition,
  'max writes/s': Math.round(load.maxWritesPerSecond),
  'max WCU/s': Math.round(load.maxWcuPerSecond),
  'max RCU/s': round(load.maxRcuPerSecond, 1),
  verdict: verdictOf(load),
});

/** The hottest key of each family (ORDER#{order}, STOCK#{sku}, ...), hottest first. */
function byFamily(loads: readonly PartitionLoad[]): Row[] {
  const families = new Map<string, { hottest: PartitionLoad; keys: number }>();
  for (const load of loads) {
    // Aggregate cells: one family per dimension, whatever the month and shard (AGG#sold#{sku}: per SKU).
    const name = load.family.replace(/^AGG#(\w+)#\d{4}-\d{2}#(\d+|\{shard\})$/, 'AGG#$1#{month}#{shard}');
    const family = families.get(name);
    const heat = (of: PartitionLoad) =>
      Math.max(of.maxWcuPerSecond / writeLimit, of.maxRcuPerSecond / readLimit);
    if (!family) families.set(name, { hottest: load, keys: 1 });
    else {
      family.keys += 1;
      if (heat(load) > heat(family.hottest)) family.hottest = load;
    }
  }
  return [...families.entries()]
    .sort(
      ([, a], [, b]) =>
        Math.max(b.hottest.maxWcuPerSecond / writeLimit, b.hottest.maxRcuPerSecond / readLimit) -
        Math.max(a.hottest.maxWcuPerSecond / writeLimit, a.hottest.maxRcuPerSecond / readLimit),
    )
    .map(([family, { hottest, keys }]) => ({
      family,
      'keys seen': keys,
      hottest: hottest.partition === family ? '(each its own)' : hottest.partition,
      'max writes/s': Math.round(hottest.maxWritesPerSecond),
      'max WCU/s': Math.round(hottest.maxWcuPerSecond),
      'max RCU/s': round(hottest.maxRcuPerSecond, 1),
      verdict: verdictOf(hottest),
    }));
}

export const keys: Suite = {
  name: 'keys',
  description:
    'Per partition key, the most writes and reads a second in a peak hour of 1,000 orders a second',
  run: () =>
    withHandlerEnvironment('bench-keys', async () => {
      const recorder = new KeyRecorder();
      const home = warehouse({ code: 'PEAK', name: 'Peak' });
      const skus = ['PEAKSKUA', 'PEAKSKUB', 'PEAKSKUC'] as const;
      const orderId = 'PEAKORDER1';
      const channel = 'peakchannel';
      await recorder.record(async () => {
        await db().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...warehouseKey(home.id), ...warehouseItem(home) },
          }),
        );
        await applyStockMovements(
          skus.map((sku) => ({
            sku,
            warehouseId: home.id,
            type: 'receipt' as const,
            quantity: 1_000,
            unitCost: 400,
          })),
        );
      });
      const orderDate = new Date().toISOString();
      const create = await recorder.record(() =>
        send('orders', 'PUT', `/v1/orders/${orderId}`, 'operator', {
          ...orderInput({
            channel,
            orderDate,
            warehouseId: home.id,
            lines: skus.map((sku, index) =>
              orderLine({ itemId: `L${index}`, sku, quantity: 1 + index, unitPrice: 1500 }),
            ),
          }),
        }),
      );
      const pay = await recorder.record(() =>
        send('orders', 'POST', `/v1/orders/${orderId}/payments`, 'manager', {
          amount: 4500 + 900 + 500,
          method: 'card',
        }),
      );
      const ship = await recorder.record(() =>
        send('order-activity', 'POST', `/v1/orders/${orderId}/tracking`, 'operator', {
          carrier: 'UPS',
          service: 'Ground',
          trackingNumber: '1Z999AA10123456784',
        }),
      );
      const report = await recorder.record(() => send('reports', 'GET', '/v1/reports/dashboard', 'viewer'));
      const operations = { create, pay, ship, report };
      const uniqueIds = [
        ...new Set(
          [create, pay, ship]
            .flatMap((operation) => [...operation.writes, ...operation.reads].map((entry) => entry.partition))
            .flatMap(ulids)
            .filter((id) => id !== home.id),
        ),
      ];
      const values: TemplateValues = { orderId, skus, warehouseId: home.id, channel, uniqueIds };

      const started = now();
      const requests = requestLoads(operations, values, peak);
      const requestSeconds = elapsedMs(started) / 1000;
      // Table write units a second on the request paths: DynamoDB gives a partition (a stream shard) per 1,000.
      const tableWcu = [create, pay, ship].reduce(
        (sum, operation) =>
          sum +
          operation.writes
            .filter((write) => !write.partition.includes(':'))
            .reduce((units, write) => units + write.units, 0),
        0,
      );
      const stream: StreamShape = {
        shards: Math.ceil((tableWcu * peak.ordersPerSecond) / writeLimit),
        batchSize: 100,
        pollsPerSecond: 4,
        seconds: 60,
      };
      const aggregateStarted = now();
      const aggregates = aggregateLoads(operations, values, peak, stream, 'UTC');
      const aggregateSeconds = elapsedMs(aggregateStarted) / 1000;

      const all = [...requests, ...aggregates.loads];
      const hottest = [...all]
        .sort(
          (a, b) =>
            Math.max(b.maxWcuPerSecond / writeLimit, b.maxRcuPerSecond / readLimit) -
            Math.max(a.maxWcuPerSecond / writeLimit, a.maxRcuPerSecond / readLimit),
        )
        .slice(0, 15);
      const over = all.filter((load) => verdictOf(load) === 'OVER');
      const perOrder: Row[] = [create, pay, ship].map((operation, index) => ({
        operation: ['place (PUT order)', 'pay (POST payment)', 'ship (POST tracking)'][index]!,
        'items written': operation.writes.filter((write) => !write.partition.includes(':')).length,
        'index writes': operation.writes.filter((write) => write.partition.includes(':')).length,
        'table WCU': operation.writes
          .filter((write) => !write.partition.includes(':'))
          .reduce((sum, write) => sum + write.units, 0),
        reads: operation.reads.length,
        'stream records (ORDER#)': operation.records.filter((record) =>
          String((record.new ?? record.old)?.PK).startsWith('ORDER#'),
        ).length,
      }));
      return {
        tables: [
          { title: 'One order, as recorded through the handlers', rows: perOrder },
          {
            title: 'Families of partition keys, by their hottest key (table keys, and <index>:<key>)',
            rows: byFamily(all),
          },
          { title: 'The 15 hottest partition keys', rows: hottest.map(row) },
          {
            title: 'Report aggregates consumer',
            rows: [
              {
                'stream shards': stream.shards,
                'batch size': stream.batchSize,
                'polls/s per shard': stream.pollsPerSecond,
                'transactions/s': Math.round(aggregates.transactionsPerSecond),
                'cell writes/s': Math.round(aggregates.cellWritesPerSecond),
                shards: Object.entries(aggregateShards)
                  .map(([dimension, count]) =>
                    dimension === 'sold' ? `${dimension} 1 per SKU` : `${dimension} ${count}`,
                  )
                  .join(', '),
              },
            ],
          },
        ],
        notes: [
          `Peak: ${peak.ordersPerSecond} orders/s for ${peak.seconds} s; each second as many orders placed, paid and shipped (manual shipment); 3 lines from ${peak.skus} SKUs by Zipf popularity, ${peak.warehouses} warehouses, channels ${peak.channels.join('/')}, ${peak.euroShare * 100} % in euros; ${peak.reportReadsPerSecond} dashboard reads/s.`,
          'Write units: ceil(item KB) per write, twice in a transaction; an index write per index the item is in before or after (two when its key moves). Read units: 4 KB per unit, half for eventually consistent reads.',
          `Aggregates: ${stream.seconds} s of the stream (every second alike at a steady peak) through the consumer's plannedTransactions and key builders; ${stream.shards} shards (one per 1,000 table WCU/s), a batch of at most ${stream.batchSize} per poll.`,
          `Simulated in ${round(requestSeconds, 1)} s (request paths) and ${round(aggregateSeconds, 1)} s (aggregates).`,
          over.length === 0
            ? 'No partition key above 1,000 WCU/s or 3,000 RCU/s.'
            : `${over.length} partition keys above a limit: ${over
                .slice(0, 10)
                .map((load) => load.partition)
                .join(', ')}.`,
        ],
      };
    }),
};
