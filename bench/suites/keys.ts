/**
 * Key distribution at peak (docs/scale.md): one order placed, paid and shipped through the real handlers
 * against DynamoDB Local, every key each request wrote and read recorded, then one peak hour of 1,000
 * orders a second generated from those recordings, and the report aggregates' writes from the stream
 * records through the consumer's own batching. Per partition key: the most writes, write units and read
 * units in any one second, against DynamoDB's per-partition limits (1,000 WCU/s, 3,000 RCU/s). The same
 * with a flash sale (one SKU in 20 % of lines), and both again at 5,000 orders a second: how many keys
 * pass a limit, and which break first.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { buildApiEvent } from '../../infra/local/api-event';
import { db, tableName } from '../../shared/db/client';
import { homeStockSlot, warehouseKey } from '../../shared/db/keys';
import { slotPolicy } from '../../shared/domain/stock-slots';
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
import type {
  PartitionLoad,
  PeakOperations,
  PeakShape,
  StreamShape,
  TemplateValues,
} from '../support/peak-simulation';
import { aggregateLoads, requestLoads, unmodelledShardFamilies } from '../support/peak-simulation';

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

/** The flash sale: one SKU in a fifth of all lines. */
const flashShare = 0.2;
/**
 * The added runs are shorter than the hour (every second of a steady peak is alike; the hour keeps the
 * Zipf run's figures comparable with earlier runs): the flash sale at 1,000 orders a second over 600 s,
 * both at 5,000 over 120 s, with 12 s of stream.
 */
const flashSeconds = 600;
const higher = { ordersPerSecond: 5_000, seconds: 120, streamSeconds: 12 };

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

/** Which limit a key passes: writes, reads or both. */
const limitPassed = (load: PartitionLoad) =>
  [
    ...(load.maxWcuPerSecond > writeLimit ? [`${writeLimit} WCU/s`] : []),
    ...(load.maxRcuPerSecond > readLimit ? [`${readLimit} RCU/s`] : []),
  ].join(' and ') || 'none';

const heat = (load: PartitionLoad) =>
  Math.max(load.maxWcuPerSecond / writeLimit, load.maxRcuPerSecond / readLimit);
const hottestFirst = (loads: readonly PartitionLoad[]) => [...loads].sort((a, b) => heat(b) - heat(a));

/** One simulated peak: the request paths' keys and the aggregates consumer's, at a rate and SKU mix. */
function simulate(
  operations: PeakOperations,
  values: TemplateValues,
  shape: PeakShape,
  tableWcuPerOrder: number,
  streamSeconds: number,
) {
  const started = now();
  const requests = requestLoads(operations, values, shape);
  // Table write units a second on the request paths: DynamoDB gives a partition (a stream shard) per 1,000.
  const stream: StreamShape = {
    shards: Math.ceil((tableWcuPerOrder * shape.ordersPerSecond) / writeLimit),
    batchSize: 100,
    pollsPerSecond: 4,
    seconds: streamSeconds,
  };
  const aggregates = aggregateLoads(operations, values, shape, stream, 'UTC');
  const loads = [...requests, ...aggregates.loads];
  return {
    shape,
    stream,
    aggregates,
    loads,
    over: hottestFirst(loads.filter((load) => verdictOf(load) === 'OVER')),
    seconds: elapsedMs(started) / 1000,
  };
}
type Simulated = ReturnType<typeof simulate>;

const row = (load: PartitionLoad): Row => ({
  'partition key': load.partition,
  'max writes/s': Math.round(load.maxWritesPerSecond),
  'max WCU/s': Math.round(load.maxWcuPerSecond),
  'max RCU/s': round(load.maxRcuPerSecond, 1),
  verdict: verdictOf(load),
});

/**
 * The hottest key of each family (ORDER#{order}, STOCK#{sku}, ...), hottest first. A write-sharded key
 * (`ORDERS@<n>#…`) is one of its family's shards (`ORDERS@{shard}#…`): the hottest shard is the family's figure.
 */
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

/** Warm-up order ids whose home slots (shared/db/keys/stock.ts `homeStockSlot`) cover every slot. */
function warmUpOrdersForEverySlot(): string[] {
  const bySlot = new Map<number, string>();
  for (let n = 1; bySlot.size < slotPolicy.count; n++) {
    const id = `PEAKWARMUP${n}`;
    const slot = homeStockSlot({ type: 'order', id }, slotPolicy.count);
    if (!bySlot.has(slot)) bySlot.set(slot, id);
  }
  return [...bySlot.values()];
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
      // Orders placed, paid and shipped before the recorded one, one per stock slot (each order allocates
      // from its home slot, a hash of its id): at a steady peak the stock already has its slots, each
      // refilled from the reserve, and the containers their reference data, so the recorded order is any
      // order, not the first (whose allocation gives the records their slots) nor the first of its slot
      // (whose allocation refills the slot, writing the record: about one allocation in 60, noted below).
      for (const [index, warmUp] of warmUpOrdersForEverySlot().entries()) {
        await send('orders', 'PUT', `/v1/orders/${warmUp}`, 'operator', {
          ...orderInput({
            channel,
            orderDate,
            warehouseId: home.id,
            lines: skus.map((sku, index) =>
              orderLine({ itemId: `L${index}`, sku, quantity: 1, unitPrice: 1500 }),
            ),
          }),
        });
        await send('orders', 'POST', `/v1/orders/${warmUp}/payments`, 'manager', {
          amount: 4500 + 900 + 500,
          method: 'card',
        });
        await send('order-activity', 'POST', `/v1/orders/${warmUp}/tracking`, 'operator', {
          carrier: 'UPS',
          service: 'Ground',
          trackingNumber: `1Z999AA1012345${String(index).padStart(4, '0')}`,
        });
      }
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
      // Paid in full, as most orders are: it moves on to awaiting shipment (and into the pending-orders
      // index) before it ships. (Read unrecorded: 1 + 2 + 3 units, so not the warm-up orders' total.)
      const placed = (await send('orders', 'GET', `/v1/orders/${orderId}`, 'viewer')) as {
        totals: { total: number };
      };
      const pay = await recorder.record(() =>
        send('orders', 'POST', `/v1/orders/${orderId}/payments`, 'manager', {
          amount: placed.totals.total,
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

      // Table write units per order on the request paths (index writes are `<index>:<key>`).
      const tableWcu = [create, pay, ship].reduce(
        (sum, operation) =>
          sum +
          operation.writes
            .filter((write) => !write.partition.includes(':'))
            .reduce((units, write) => units + write.units, 0),
        0,
      );
      const flash: PeakShape = { ...peak, flashShare, seconds: flashSeconds };
      const atHigher = { ordersPerSecond: higher.ordersPerSecond, seconds: higher.seconds };
      const runs: Array<{ name: string; result: Simulated }> = [
        { name: 'Zipf', result: simulate(operations, values, peak, tableWcu, 60) },
        { name: 'flash sale', result: simulate(operations, values, flash, tableWcu, 60) },
        {
          name: 'Zipf',
          result: simulate(operations, values, { ...peak, ...atHigher }, tableWcu, higher.streamSeconds),
        },
        {
          name: 'flash sale',
          result: simulate(operations, values, { ...flash, ...atHigher }, tableWcu, higher.streamSeconds),
        },
      ];
      const main = runs[0]!.result;
      const { stream, aggregates } = main;
      const all = main.loads;
      const hottest = hottestFirst(all).slice(0, 15);
      const unmodelled = unmodelledShardFamilies([create, pay, ship, report], values);
      const rateText = (shape: PeakShape) => shape.ordersPerSecond.toLocaleString('en-US');
      const aboveRows: Row[] = runs.map(({ name, result }) => {
        const top = hottestFirst(result.loads)[0]!;
        return {
          'orders/s': rateText(result.shape),
          run: name,
          'partition keys above a limit': result.over.length,
          verdict: result.over.length === 0 ? 'PASS' : 'OVER',
          'hottest key': top.partition,
          'max WCU/s': Math.round(top.maxWcuPerSecond),
          'max RCU/s': round(top.maxRcuPerSecond, 1),
          'limit passed': limitPassed(top),
        };
      });
      const breaksFirst: Row[] = runs
        .filter(({ result }) => result.shape.ordersPerSecond === higher.ordersPerSecond)
        .flatMap(({ name, result }) =>
          hottestFirst(result.loads)
            .slice(0, 8)
            .map((load) => ({
              run: name,
              'partition key': load.partition,
              'max writes/s': Math.round(load.maxWritesPerSecond),
              'max WCU/s': Math.round(load.maxWcuPerSecond),
              'max RCU/s': round(load.maxRcuPerSecond, 1),
              'limit passed': limitPassed(load),
            })),
        );
      const aboveNote = ({ name, result }: (typeof runs)[number]) =>
        `${result.over.length} partition keys above a limit at ${rateText(result.shape)} orders a second (${name})${
          result.over.length === 0
            ? ''
            : `: ${result.over
                .slice(0, 8)
                .map((load) => `${load.partition} (${limitPassed(load)})`)
                .join(', ')}${result.over.length > 8 ? ', …' : ''}`
        }.`;
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
            title: 'Partition keys above a limit (1,000 WCU/s or 3,000 RCU/s), 0 to pass',
            rows: aboveRows,
          },
          {
            title: 'Families of partition keys, by their hottest key (table keys, and <index>:<key>)',
            rows: byFamily(all),
          },
          {
            title: `Flash sale (one SKU in ${flashShare * 100} % of lines) at ${rateText(peak)} orders a second: families by their hottest key`,
            rows: byFamily(runs[1]!.result.loads),
          },
          {
            title: `What breaks first at ${rateText(runs[2]!.result.shape)} orders a second: the hottest keys of each run`,
            rows: breaksFirst,
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
          `Stock slots: ${slotPolicy.count} warm-up orders (one per slot) are placed, paid and shipped first, so the recorded order allocates from a slot already refilled; a slot's refill (a share of the reserve) also writes the record, about one allocation in 60 at first, not modelled here.`,
          'Write units: ceil(item KB) per write, twice in a transaction; an index write per index the item is in before or after (two when its key moves), of the size of the index entry (the whole item for ALL, the keys and included attributes for INCLUDE), none when the entry is unchanged. Read units: 4 KB per unit, half for eventually consistent reads.',
          `Aggregates: ${stream.seconds} s of the stream (every second alike at a steady peak) through the consumer's plannedTransactions and key builders; ${stream.shards} shards (one per 1,000 table WCU/s), a batch of at most ${stream.batchSize} per poll.`,
          `Flash sale: one SKU (SKU-FLASH) in ${flashShare * 100} % of all lines (on one line of ${flashShare * 300} % of orders), the other lines by Zipf as above, over ${flashSeconds} s. At ${rateText(runs[2]!.result.shape)} orders a second: both shapes over ${higher.seconds} s (every second of a steady peak is alike) and ${higher.streamSeconds} s of stream over ${runs[2]!.result.stream.shards} shards.`,
          `Write-sharded keys (<FAMILY>@<n>#…, shared/db/keys/shards.ts) are shards of one family: each order's write lands on the shard of what its family is sharded by, drawn per order (the order id for ORDERS, the line's SKU for WH_STOCK and WHCOUNT, a new id per write for MOVEMENTS, SHIPMENTS and SHIPTOTALS), not on the shard the recorded order wrote.${
            unmodelled.length === 0
              ? ''
              : ` Not modelled, left on the recorded shard (add to shardedFamilies in bench/support/peak-simulation.ts): ${unmodelled.join(', ')}.`
          }`,
          `Simulated in ${runs.map(({ name, result }) => `${round(result.seconds, 1)} s (${name}, ${rateText(result.shape)}/s)`).join(', ')}.`,
          ...runs.map(aboveNote),
        ],
      };
    }),
};
