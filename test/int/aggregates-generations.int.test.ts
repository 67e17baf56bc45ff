/**
 * The rebuild writes a new generation of cells and switches the reports to it only when it is whole: on
 * a seeded table (in Los Angeles' zone) the reports answer the same before and after; a rebuild that
 * dies halfway, or that finds orders changed while it ran, leaves every report as it was, and a rerun
 * completes; a progress display that throws cannot stop it; and after a switch the stream consumer
 * counts into the generation the reports read, a replay of the stream counting nothing twice.
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDynamoClient } from '../../infra/local/dynamodb-local';
import { seedDatabase } from '../../infra/local/seed/seed-database';
import { watchAggregateInputs } from '../../infra/local/stream-watch';
import { applyAggregateRecords } from '../../shared/aggregates/apply';
import { readGenerations } from '../../shared/aggregates/generations';
import { aggregateRecordsOf } from '../../shared/aggregates/records';
import { RebuildRefused, rebuildAggregates } from '../../shared/aggregates/rebuild';
import { readUnitsSold } from '../../shared/aggregates/units-sold';
import { generationOfCellKey } from '../../shared/db/keys';
import { call } from '../support/call';
import { orderId, orderInput, orderLine } from '../support/order-builders';
import { drainStream } from '../support/stream-drain';

const zone = 'America/Los_Angeles';
process.env.REPORTING_TIME_ZONE = zone;

const table = process.env.TABLE_NAME!;
const endpoint = process.env.DYNAMODB_ENDPOINT!;

/** A client of the rebuild's own, as the command has; `failAfter` cell batches, it fails every command (a crash). */
function rebuildClient(failAfter?: number): DynamoDBDocumentClient {
  const client = DynamoDBDocumentClient.from(localDynamoClient(endpoint), {
    marshallOptions: { removeUndefinedValues: true },
  });
  if (failAfter !== undefined) {
    let cellBatches = 0;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (cellBatches >= failAfter) throw new Error('the process died (injected)');
        if (context.commandName?.startsWith('BatchWrite') && JSON.stringify(args.input).includes('"AGG#G'))
          cellBatches += 1;
        return next(args);
      },
      { step: 'initialize', name: 'crashAfterBatches' },
    );
  }
  return client;
}

const clients: DynamoDBDocumentClient[] = [];
const rebuild = (options: Partial<Parameters<typeof rebuildAggregates>[0]> & { failAfter?: number } = {}) => {
  const client = rebuildClient(options.failAfter);
  clients.push(client);
  return rebuildAggregates({ client, table, timeZone: zone, ...options });
};
const count = () =>
  drainStream((records) => applyAggregateRecords(aggregateRecordsOf(records, zone).readable, zone));

const get = async (path: string) => {
  const answer = await call({ method: 'GET', path, role: 'viewer' });
  expect(answer.status, `${path}: ${answer.text}`).toBe(200);
  return answer.body as Record<string, unknown>;
};

/** Every report the cells answer, over the seed's 30 days, and the units sold of the best sellers. */
async function reports() {
  const paths = [
    '/v1/reports/sales/summary',
    '/v1/reports/sales/daily',
    '/v1/reports/payments/collected',
    '/v1/reports/top-sellers?limit=20',
    '/v1/reports/top-sellers?by=revenue&currency=USD&limit=20',
    '/v1/reports/worst-sellers?limit=20',
    '/v1/reports/dashboard',
    '/v1/reports/dashboard/sales-trend',
  ];
  const answers: Record<string, unknown> = {};
  for (const path of paths) answers[path] = await get(path);
  const top = answers['/v1/reports/top-sellers?limit=20'] as { items: Array<{ sku: string }> };
  const summary = answers['/v1/reports/sales/summary'] as { from: string; to: string };
  for (const { sku } of top.items.slice(0, 5))
    answers[`sold ${sku}`] = [...(await readUnitsSold(sku, { from: summary.from, to: summary.to }))];
  return answers;
}

/** Cells of each generation in the table (a Scan through the rebuild's client: the audit does not see it). */
async function cellsPerGeneration(): Promise<Record<number, number>> {
  const client = rebuildClient();
  clients.push(client);
  const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
  const perGeneration: Record<number, number> = {};
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: table,
        FilterExpression: 'begins_with(PK, :cells)',
        ExpressionAttributeValues: { ':cells': 'AGG#' },
        ProjectionExpression: 'PK',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const generation = generationOfCellKey(String(item.PK));
      perGeneration[generation] = (perGeneration[generation] ?? 0) + 1;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return perGeneration;
}

async function newOrder() {
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${orderId()}`,
    body: orderInput({
      orderDate: new Date().toISOString(),
      channel: 'webshop',
      lines: [orderLine({ sku: 'GEN-NEW', quantity: 3 })],
    }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
}

let seeded: Awaited<ReturnType<typeof reports>>;

beforeAll(async () => {
  const client = rebuildClient();
  clients.push(client);
  await seedDatabase({ client, tableName: table, orders: 30, days: 30, skus: 12, seed: 7 });
  await count();
  seeded = await reports();
  const summary = seeded['/v1/reports/sales/summary'] as { total: { orders: number } };
  expect(summary.total.orders).toBeGreaterThan(15);
}, 120_000);

afterAll(() => {
  for (const client of clients) client.destroy();
});

// Six rebuilds of a whole table, each a scan and a stream read: longer than an int test's default 30 s
// when the suite runs two files side by side.
describe('aggregates:rebuild generations', { timeout: 120_000 }, () => {
  it('rebuilds a seeded table into a new generation the reports answer the same from, and clears the old one', async () => {
    const before = await cellsPerGeneration();
    expect(Object.keys(before)).toEqual(['0']);
    const result = await rebuild();
    expect(result).toMatchObject({ generation: 1, replaced: 0, skipped: [], notes: [] });
    expect(result.orders).toBe(30);
    expect(result.cellsWritten).toBe(before[0]);
    expect(await reports()).toEqual(seeded);
    expect(await cellsPerGeneration()).toEqual({ 1: before[0] });
    expect(await readGenerations({ client: rebuildClient(), table })).toMatchObject({ live: 1 });
  });

  it('leaves every report unchanged when it dies halfway through writing, and a rerun completes', async () => {
    const cells = (await cellsPerGeneration())[1]!;
    await expect(rebuild({ failAfter: 3 })).rejects.toThrow('the process died (injected)');
    const pointer = await readGenerations({ client: rebuildClient(), table });
    expect(pointer).toMatchObject({ live: 1, building: 2 });
    const left = await cellsPerGeneration();
    expect(left[1]).toBe(cells);
    // Halfway: some of generation 2 written, not all.
    expect(left[2]).toBeGreaterThan(0);
    expect(left[2]).toBeLessThan(cells);
    expect(await reports()).toEqual(seeded);

    const rerun = await rebuild();
    expect(rerun).toMatchObject({ generation: 3, replaced: 1, abandoned: 2, notes: [] });
    expect(rerun.cellsRemoved).toEqual(
      new Map([
        [2, left[2]],
        [1, cells],
      ]),
    );
    expect(await reports()).toEqual(seeded);
    expect(await cellsPerGeneration()).toEqual({ 3: cells });
  });

  it('completes with a progress display that throws, and says the display was switched off', async () => {
    const result = await rebuild({
      progress: {
        read() {},
        writing(total) {
          // The bar once sized itself from the first batch: a count past it threw this.
          if (total > 0) throw new RangeError('Invalid count value: -12');
        },
        written() {
          throw new Error('unreachable: switched off');
        },
      },
    });
    expect(result.generation).toBe(4);
    expect(result.notes).toEqual([
      'the progress display failed and was switched off: Invalid count value: -12',
    ]);
    expect(await reports()).toEqual(seeded);
  });

  it('refuses to switch when an order changed while it ran, leaving the reports as they were', async () => {
    const watch = await watchAggregateInputs({ endpoint, tableName: table });
    try {
      expect(watch.uncounted).toBe(0);
      const refused = rebuild({
        async changesSinceStart() {
          // Committed after the scan: the recount misses it, the live generation will count it.
          await newOrder();
          return watch.changesSince();
        },
      });
      await expect(refused).rejects.toThrow(RebuildRefused);
      await expect(refused).rejects.toThrow('1 order and payment changes were committed while it ran');
    } finally {
      watch.close();
    }
    expect(await readGenerations({ client: rebuildClient(), table })).toMatchObject({ live: 4, building: 5 });
    expect(await reports()).toEqual(seeded);

    // The consumer counts the new order into the live generation; a rebuild then agrees with it.
    await count();
    const counted = await reports();
    expect(counted).not.toEqual(seeded);
    expect((await rebuild()).generation).toBe(6);
    expect(await reports()).toEqual(counted);
  });

  it('after a switch the consumer counts into the generation the reports read, and a replay counts nothing twice', async () => {
    await newOrder();
    await count();
    await count();
    const counted = await reports();
    const summary = counted['/v1/reports/sales/summary'] as { total: { orders: number } };
    const earlier = seeded['/v1/reports/sales/summary'] as { total: { orders: number } };
    expect(summary.total.orders).toBe(earlier.total.orders + 2);
    await rebuild();
    expect(await reports()).toEqual(counted);
  });
});
