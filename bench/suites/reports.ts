/**
 * The sales reports over 13 months of orders at two sizes, 1,000 and 100,000 orders: the 365-day sales
 * trend of the dashboard, the sales summary and the payments report through the reports handler, whose
 * time must not grow with the orders (target: 100k / 1k ≤ 1.2 ×), and the read capacity each consumes at
 * both sizes. The aggregates they read are filled by the stream consumer's own code
 * (applyAggregateRecords), fed the order and payment items as the stream delivers inserts.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { viewerGetEvent } from '../support/viewer-get';
import { ensureTable } from '../../infra/local/dynamodb-local';
import { writeAll } from '../../infra/local/seed/batch-writer';
import { createRandom } from '../../infra/local/seed/random';
import { applyAggregateRecords } from '../../shared/aggregates/apply';
import type { AggregateRecord } from '../../shared/aggregates/apply';
import { readAggregates } from '../../shared/aggregates/read';
import { db, setDb, tableName } from '../../shared/db/client';
import { aggregateKey, aggregateShards } from '../../shared/db/keys';
import { monthsOf } from '../../shared/db/month-pages';
import type { Order, OrderLine } from '../../shared/domain/order';
import { deriveTotals, fulfillmentStateOf, orderSchema } from '../../shared/domain/order';
import type { Payment } from '../../shared/domain/payment';
import { paymentSchema, paymentSums } from '../../shared/domain/payment';
import type { Day } from '../../shared/domain/reporting-days';
import { addDays, previousPeriod, reportingDay } from '../../shared/domain/reporting-days';
import { orderPut, paymentPut } from '../../shared/orders/repository';
import { orderInput } from '../../test/support/order-builders';
import { round, summarize } from '../lib/stats';
import type { Row, Suite } from '../lib/suite';
import { contendersPerTable, elapsedMs, interleave, now } from '../lib/timing';
import { verdict } from '../lib/verdict';
import { withDynamoLocal } from '../support/dynamo-local';
import { lambdaContext } from '../support/lambda-context';
import { silenceStdout } from '../support/silenced-stdout';
import { builtInStatus } from '../../shared/domain/order-status';

const target = 1.2;
const sizes = [
  { name: '1k', count: 1_000, table: 'bench-reports-1k' },
  { name: '100k', count: 100_000, table: 'bench-reports-100k' },
] as const;
type Size = (typeof sizes)[number];
const schedule = { warmup: 10, rounds: 10, perRound: 10 };
/** The seed's and the reports' zone: REPORTING_TIME_ZONE is set to it. */
const zone = 'UTC';
const months = 13;
/** Records per delivery to the consumer: the stream's batch size (infra/constructs/aggregates.ts). */
const recordsPerBatch = 100;
/** Batches in flight at once (several shards); DynamoDB Local serializes transactions anyway. */
const consumers = 2;

const channels = ['webshop', 'amazon', 'ebay'] as const;
const methods = ['card', 'paypal', 'bank_transfer'] as const;
const skus = Array.from({ length: 200 }, (_, i) => `SKU-${String(i + 1).padStart(3, '0')}`);
const warehouseIds = [
  '01JC0000000000000000000001',
  '01JC0000000000000000000002',
  '01JC0000000000000000000003',
];
/** The test builders' address: every seeded order ships to it. */
const { shipTo } = orderInput();

type Handler = (event: unknown, context: typeof lambdaContext) => Promise<unknown>;
type Item = Record<string, unknown>;

interface Window {
  /** The first order's earliest instant: midnight (UTC) 13 months before today. */
  start: number;
  /** Today's midnight (UTC): the seed ends yesterday. */
  end: number;
  firstDay: Day;
  lastDay: Day;
}

function windowEndingYesterday(today: Day): Window {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const start = Date.UTC(year, month - 1 - months, day);
  const end = Date.parse(`${today}T00:00:00Z`);
  return { start, end, firstDay: reportingDay(new Date(start), zone), lastDay: addDays(today, -1) };
}

/**
 * `count` orders spread evenly over the window, each with one payment, as the service stores them: the
 * order header from `orderPut` and the payment from `paymentPut` (the items of the Puts it sends).
 * Deterministic for a count and window. Three lines of three SKUs of 200, three channels, USD with 1 in
 * 10 in EUR, three warehouses; orders older than two days shipped, the rest awaiting shipment.
 */
function* seededItems(count: number, window: Window): Generator<{ order: Item; payment: Item }> {
  const random = createRandom(count);
  const span = window.end - window.start;
  const shippedBefore = window.end - 2 * 86_400_000;
  for (let i = 0; i < count; i++) {
    const at = window.start + Math.floor(((i + random.next()) / count) * span);
    const orderDate = new Date(at).toISOString();
    const shipped = at < shippedBefore;
    const picked = new Set<string>();
    while (picked.size < 3) picked.add(random.pick(skus));
    const lines: OrderLine[] = [...picked].map((sku, index) => {
      const quantity = random.int(1, 3);
      const unitPrice = random.int(500, 9_999);
      return {
        itemId: `L${index + 1}`,
        sku,
        title: `Product ${sku}`,
        quantity,
        unitPrice,
        tax: Math.round(quantity * unitPrice * 0.08),
        discount: random.chance(0.1) ? Math.round(quantity * unitPrice * 0.1) : 0,
        status: 'active',
        shippedQuantity: shipped ? quantity : 0,
      };
    });
    const basics = { lines, shippingCharge: random.pick([0, 495, 995]) };
    const createdAt = new Date(at + 60_000).toISOString();
    const paidAt = new Date(Math.min(at + random.int(1, 20) * 60_000, Date.now() - 1000)).toISOString();
    const payment: Payment = {
      id: random.ulid(paidAt),
      amount: deriveTotals(basics, { paid: 0, refunded: 0, credited: 0 }).total,
      method: random.pick(methods),
      paidAt,
      recordedAt: paidAt,
      recordedBy: 'integration:webshop',
    };
    const order: Order = {
      id: `BR-${String(i).padStart(6, '0')}`,
      channel: random.pick(channels),
      orderDate,
      customer: { name: `Customer ${i}`, email: `customer${i}@example.com` },
      shipTo,
      currency: random.chance(0.1) ? 'EUR' : 'USD',
      ...basics,
      warehouseId: random.pick(warehouseIds),
      tags: [],
      statusId: shipped ? 'shipped' : 'awaiting-shipment',
      totals: deriveTotals(basics, paymentSums([payment])),
      fulfillmentState: fulfillmentStateOf(lines),
      allocations: {},
      version: 1,
      createdAt,
      updatedAt: createdAt,
    };
    if (i === 0) {
      // The shapes the service would accept, checked once.
      orderSchema.parse(order);
      paymentSchema.parse(payment);
    }
    yield {
      order: orderPut(order, undefined, 'order.created', builtInStatus(order.statusId)!.category).Put!
        .Item as Item,
      payment: paymentPut(order, payment).Put!.Item as Item,
    };
  }
}

/** The stream's deliveries of those inserts: batches of 100 records, in write order, new images only. */
function* streamBatches(size: Size, window: Window): Generator<AggregateRecord[]> {
  let batch: AggregateRecord[] = [];
  for (const { order, payment } of seededItems(size.count, window)) {
    batch.push(
      { id: `${size.table}:${String(order.PK)}:${String(order.SK)}`, new: order },
      { id: `${size.table}:${String(payment.PK)}:${String(payment.SK)}`, new: payment },
    );
    if (batch.length >= recordsPerBatch) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * The service's table without a stream: nothing here reads it (the seed hands the consumer its records
 * itself), and DynamoDB Local looks up the stream's description on every write, which grows slow once
 * transactions have run (every BatchWriteItem after them, 10 times slower).
 */
async function benchTable(endpoint: string, table: string): Promise<void> {
  await ensureTable(endpoint, table, { stream: false });
}

const progress = (text: string) => process.stderr.write(`  reports: ${text}\n`);

/** Writes the orders and payments, then counts them into the aggregates through the consumer's code. */
async function seed(size: Size, window: Window): Promise<Row> {
  const writeStarted = now();
  let written = 0;
  function* items() {
    for (const { order, payment } of seededItems(size.count, window)) yield* [order, payment];
  }
  await writeAll(db(), size.table, items(), {
    concurrency: 8,
    onWritten: (count) => {
      written += count;
    },
  });
  const writeS = elapsedMs(writeStarted) / 1000;
  progress(
    `${size.name}: wrote ${written} items in ${round(writeS, 1)} s; counting them into the aggregates…`,
  );

  const applyStarted = now();
  const deliveries = streamBatches(size, window);
  let batches = 0;
  let counted = 0;
  let recounted = 0;
  const consumer = async () => {
    for (let next = deliveries.next(); !next.done; next = deliveries.next()) {
      const applied = await applyAggregateRecords(next.value, zone);
      batches += 1;
      counted += applied.counted;
      recounted += applied.alreadyCounted;
      if (batches % 200 === 0) progress(`${size.name}: ${batches} batches counted`);
    }
  };
  await Promise.all(Array.from({ length: consumers }, consumer));
  const applyS = elapsedMs(applyStarted) / 1000;
  if (counted !== 2 * size.count || recounted !== 0)
    throw new Error(
      `${size.name}: the consumer counted ${counted} records (${recounted} twice), not ${2 * size.count}`,
    );
  progress(`${size.name}: ${batches} batches counted in ${round(applyS, 1)} s`);
  return {
    size: size.name,
    orders: size.count,
    payments: size.count,
    'items written': written,
    'write s': round(writeS, 1),
    'stream batches': batches,
    'records counted': counted,
    'aggregate s': round(applyS, 1),
  };
}

async function get(handler: Handler, path: string): Promise<Item> {
  const response = (await handler(viewerGetEvent(path), lambdaContext)) as {
    statusCode: number;
    body: string;
  };
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as Item;
}

/** The window in ranges a report accepts (at most 366 days each). */
function rangesOf(from: Day, to: Day): Array<{ from: Day; to: Day }> {
  const ranges: Array<{ from: Day; to: Day }> = [];
  for (let start = from; start <= to; start = addDays(start, 366)) {
    const end = addDays(start, 365);
    ranges.push({ from: start, to: end < to ? end : to });
  }
  return ranges;
}

/** Every seeded order and payment is in the reports: summed over the whole window, through the handler. */
async function checkCounted(handler: Handler, size: Size, window: Window, today: Day) {
  let orders = 0;
  for (const range of rangesOf(window.firstDay, window.lastDay)) {
    const summary = await get(handler, `/v1/reports/sales/summary?from=${range.from}&to=${range.to}`);
    orders += (summary.total as { orders: number }).orders;
  }
  let payments = 0;
  for (const range of rangesOf(window.firstDay, today)) {
    const collected = await get(handler, `/v1/reports/payments/collected?from=${range.from}&to=${range.to}`);
    payments += (collected.total as Array<{ payments: number }>).reduce((sum, row) => sum + row.payments, 0);
  }
  if (orders !== size.count || payments !== size.count)
    throw new Error(
      `${size.name}: the reports count ${orders} orders and ${payments} payments over the window, not ${size.count}`,
    );
  return { orders, payments };
}

const readCommands = new Set(['QueryCommand', 'GetItemCommand', 'BatchGetItemCommand']);

interface Consumed {
  commands: number;
  items: number;
  units: number;
}

/**
 * The read capacity of what runs while it is on: ReturnConsumedCapacity=TOTAL added to every read the
 * document client sends, and the units each answer reports summed (a Query answers one figure,
 * BatchGetItem one per table). Only on for the capacity pass, never while timing.
 */
function meterReads() {
  const name = 'benchReportsCapacity';
  let consumed: Consumed = { commands: 0, items: 0, units: 0 };
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName);
      if (!readCommands.has(command)) return next(args);
      const result = await next({
        ...args,
        input: { ...(args.input as Item), ReturnConsumedCapacity: 'TOTAL' } as typeof args.input,
      });
      const output = result.output as {
        ConsumedCapacity?: { CapacityUnits?: number } | Array<{ CapacityUnits?: number }>;
        Count?: number;
        Item?: unknown;
        Responses?: Record<string, unknown[]>;
      };
      consumed.commands += 1;
      for (const capacity of [output.ConsumedCapacity ?? []].flat())
        consumed.units += capacity.CapacityUnits ?? 0;
      consumed.items +=
        output.Count ??
        (output.Item ? 1 : 0) +
          Object.values(output.Responses ?? {}).reduce((sum, items) => sum + items.length, 0);
      return result;
    },
    { step: 'initialize', name },
  );
  return {
    async of(work: () => Promise<unknown>): Promise<Consumed> {
      consumed = { commands: 0, items: 0, units: 0 };
      await work();
      return consumed;
    },
    stop: () => db().middlewareStack.remove(name),
  };
}

export const reports: Suite = {
  name: 'reports',
  description:
    'Sales trend (365 days), sales summary and payments report at 1k and 100k orders over 13 months; their read capacity',
  run: () =>
    withDynamoLocal(sizes[0].table, async (endpoint) => {
      Object.assign(process.env, {
        DYNAMODB_ENDPOINT: endpoint,
        AWS_REGION: 'local',
        LOG_LEVEL: 'info',
        REPORTING_TIME_ZONE: zone,
      });
      setDb(undefined);
      const stdout = silenceStdout();
      try {
        const today = reportingDay(new Date(), zone);
        const window = windowEndingYesterday(today);
        const from = addDays(today, -364);
        const range = `from=${from}&to=${today}`;

        const loads: Row[] = [];
        for (const size of sizes) {
          await benchTable(endpoint, size.table);
          process.env.TABLE_NAME = size.table;
          loads.push(await seed(size, window));
        }

        const { handler } = (await import('../../functions/reports/handler')) as { handler: Handler };
        for (const [index, size] of sizes.entries()) {
          process.env.TABLE_NAME = size.table;
          await checkCounted(handler, size, window, today);
          const summary = await get(handler, `/v1/reports/sales/summary?${range}`);
          loads[index]!['orders in the 365 days'] = (summary.total as { orders: number }).orders;
        }

        const requests = {
          'sales trend, 365 days (dashboard)': `/v1/reports/dashboard/sales-trend?${range}`,
          'sales summary, 365 days': `/v1/reports/sales/summary?${range}`,
          'payments collected, 365 days': `/v1/reports/payments/collected?${range}`,
        } as const;
        const previous = previousPeriod(from, today);
        const trendMonths = monthsOf(previous.from, today).length;
        const rangeMonths = monthsOf(from, today).length;
        // A channel cell of the 1k table: every day of the 100k table holds every channel cell.
        process.env.TABLE_NAME = sizes[0].table;
        const probe = aggregateKey((await readAggregates('channel', { from, to: today }))[0]!.cell);
        // The reads alone, with no handler: what DynamoDB Local itself costs at each size.
        const bareCalls = {
          'bare: the trend’s read (channel cells, 730 days)': () =>
            readAggregates('channel', { from: previous.from, to: today }),
          'bare: the payments read (payment cells, 365 days)': () =>
            readAggregates('payment', { from, to: today }),
          'bare: GetItem of one channel cell (the same key at both sizes)': async () => {
            const { Item } = await db().send(
              new GetCommand({ TableName: tableName(), Key: probe, ConsistentRead: true }),
            );
            if (!Item) throw new Error(`the probed cell ${probe.PK} ${probe.SK} is missing`);
          },
        } as const;
        const contenders = contendersPerTable(
          {
            ...Object.fromEntries(
              Object.entries(requests).map(([name, path]) => [name, () => get(handler, path)]),
            ),
            ...bareCalls,
          },
          sizes,
        );
        const samples = await interleave(contenders, schedule);
        const requestRows: Row[] = [...Object.keys(requests), ...Object.keys(bareCalls)].map((name) => {
          const small = summarize(samples.get(`${name}@1k`)!);
          const large = summarize(samples.get(`${name}@100k`)!);
          const ratio = large.medianMs / small.medianMs;
          return {
            request: name,
            'median ms @1k': round(small.medianMs, 2),
            'p95 ms @1k': round(small.p95Ms, 2),
            'median ms @100k': round(large.medianMs, 2),
            'p95 ms @100k': round(large.p95Ms, 2),
            '100k / 1k': round(ratio, 3),
            verdict: name.startsWith('bare:') ? 'info' : verdict(ratio, target),
          };
        });

        // Read capacity, in a pass of its own (the meter is off while timing).
        const meter = meterReads();
        const capacityRows: Row[] = [];
        try {
          for (const [name, path] of Object.entries(requests)) {
            const bySize: Consumed[] = [];
            for (const size of sizes) {
              process.env.TABLE_NAME = size.table;
              bySize.push(await meter.of(() => get(handler, path)));
            }
            const [small, large] = bySize as [Consumed, Consumed];
            capacityRows.push({
              request: name,
              'reads @1k': small.commands,
              'reads @100k': large.commands,
              'items @1k': small.items,
              'items @100k': large.items,
              'RCU @1k': small.units,
              'RCU @100k': large.units,
              equal: small.units === large.units ? 'yes' : 'no',
            });
          }
        } finally {
          meter.stop();
        }
        stdout.restore();

        return {
          tables: [
            {
              title: `Data: ${months} months of orders (${window.firstDay} to ${window.lastDay}), one payment each, aggregates counted by the stream consumer's code`,
              rows: loads,
            },
            {
              title: `Reports through the reports handler, ${from} to ${today}, 100k against 1k orders (target ≤ ${target} ×)`,
              rows: requestRows,
            },
            {
              title:
                'Read capacity of one request at each size (ReturnConsumedCapacity, every read it sends)',
              rows: capacityRows,
            },
          ],
          notes: [
            `DynamoDB Local in memory, one instance holding both tables (${sizes.map((size) => size.table).join(', ')}); TABLE_NAME switched before each call. Requests as a viewer through the reports handler in this process, REPORTING_TIME_ZONE=${zone}, LOG_LEVEL=info with stdout swallowed; ${schedule.warmup} warm-up calls each, then ${schedule.rounds} alternating rounds of ${schedule.perRound}, the sizes interleaved.`,
            `Seed: orders spread evenly from ${window.firstDay} to ${window.lastDay} (UTC), each written as the service stores it (the items of orderPut and paymentPut: 3 lines of 3 SKUs of ${skus.length}, ${channels.length} channels, ${methods.length} payment methods, USD with 1 in 10 in EUR, ${warehouseIds.length} warehouses, one payment of the order's total), by BatchWriteItem. Then every order and payment item, as the insert record the stream would deliver, is counted by applyAggregateRecords (shared/aggregates/apply.ts, what the aggregates Lambda runs) in batches of ${recordsPerBatch} records in write order, ${consumers} batches in flight: markers and cell updates in transactions, exactly as deployed. Both tables have no stream (created by ensureTable without one): nothing reads it here, and DynamoDB Local looks up the stream on every write, which after the first transactions made every write about 10 times slower (and the reads slower too). Checked: every record counted once, and the sales summary and payments report over the whole window (in ranges of at most 366 days) count every order and payment.`,
            'The seed’s time is DynamoDB Local’s: per batch of 100 records the consumer sends about 3 transactions of up to 99 items (a marker per record and the cells the batch touches, most of them SKU cells), some 540,000 items at 100k, and DynamoDB Local spends about 0.85 ms on each item of a transaction and runs one transaction per table at a time (more batches in flight do not help). The rebuild (shared/aggregates/rebuild.ts) is slower on DynamoDB Local: at 100k its two Scans of the table took about 8.5 of its 9.5 minutes, so the consumer fills both sizes.',
            `The trend reads the channel cells of the range and of the period before it (730 days: ${trendMonths} months × ${aggregateShards.channel} shards, a Query each), the summary those of the range (${rangeMonths} × ${aggregateShards.channel}), the payments report the payment cells of the range (${rangeMonths} × ${aggregateShards.payment}); every Query consistent. A cell is one per day, dimension, currency and name, so what a report reads is bounded by days × channels (or methods) × currencies, whatever the orders: at 100k every day with orders holds all 6 channel cells and all 6 payment cells (3 × 2), and a larger seed would read no more; at 1k a day holds 2 or 3 orders and about 2 cells, a third of the items. The items columns show it: the capacity and the time differ between the sizes by those cells, not by the orders. The units follow the bytes read, rounded up to 4 KB per Query; DynamoDB Local reports 0 units for a Query that finds nothing.`,
            'The bare rows send the same reads with no handler (readAggregates), and a consistent GetItem of one channel cell with the same key at both sizes: what DynamoDB Local’s larger table costs by itself, with nothing more read. The handler’s time less the bare read’s is what the handler adds (the figures over the cells and the answer’s JSON, one entry per day for the trend and the payments report).',
          ],
        };
      } finally {
        stdout.restore();
        db().destroy();
        setDb(undefined);
      }
    }),
};
