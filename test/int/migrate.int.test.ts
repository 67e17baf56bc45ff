/**
 * `npm run migrate` on a table of 10,000 orders (with payments, stock records, movements, shipments,
 * totals cells and warehouses with counters) in the layout before sharding: stopped part way, killed
 * part way (the command itself, SIGKILL), resumed with throttling and a service write racing it, then run
 * again. At every stop the readers on main (every `...Partitions` list, legacy included) answer what
 * they answered before; at the end no item is left in the old layout, every moved key is the one the
 * sharded builders give, nothing else changed, and a rerun reads nothing (and a full rescan moves nothing).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
} from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { localDynamoClient } from '../../infra/local/dynamodb-local';
import { repoRoot } from '../../infra/local/data-dir';
import { batchWrite } from '../../shared/db/batch-write';
import { db, tableName } from '../../shared/db/client';
import {
  allShards,
  allWarehouseCounterKeys,
  migrationRunKey,
  migrationSegmentKey,
  movementsInWarehousePartitions,
  movementsOfSkuPartitions,
  movementsOfUtcDayPartitions,
  ordersFromChannelPartitions,
  ordersInStatusPartitions,
  ordersOfUtcDayPartitions,
  shardedMovementIndexKeys,
  legacyMovementsOfSku,
  movementKey,
  shardedOrderIndexKeys,
  shardedShipmentIndexKeys,
  shardedStockIndexKeys,
  shipmentTotalsOfMonthPartitions,
  shipmentsOfMonthPartitions,
  stockInWarehousePartitions,
  tableLayoutKey,
  warehouseCounterKey,
  warehouseKey,
} from '../../shared/db/keys';
import { queryMergedPages } from '../../shared/db/merged-pages';
import { shardedKeysMigration } from '../../shared/db/migrations';
import { migrateTable } from '../../shared/db/migrations/run';
import type { MigrationCounts } from '../../shared/db/migrations/run';
import { countersShardedMarker, legacyWarehouseCounters } from '../../shared/db/migrations/warehouses';
import type { Item } from '../../shared/db/query';
import { countItems, getItem, getItems } from '../../shared/db/query';
import {
  legacyChannels,
  legacyDays,
  legacyStatuses,
  legacyTable,
  legacyWarehouses,
} from '../support/legacy-layout-builders';

/** Its own client: the runner's scans are not a request path (the int setup fails a file on a Scan through db()). */
const scanner = DynamoDBDocumentClient.from(localDynamoClient(process.env.DYNAMODB_ENDPOINT!), {
  marshallOptions: { removeUndefinedValues: true },
});

const months = ['2026-03', '2026-04'];
const carriers = ['postal', 'ups', 'dhl express'];
const figureNames = ['shipments', 'packages', 'weightGrams', 'cost'];

type Partition = { index?: 'GSI1' | 'GSI2' | 'GSI3'; pk: string; skPrefix?: string };

/** What the readers on main answer: items per listing (all partitions of it), totals and counters summed. */
async function readerAnswers() {
  const listings: Record<string, number> = {};
  const inLegacy: Record<string, number> = {};
  // Every read side by side (each listing's total lands under its own label): the readers' answers
  // do not depend on the order they are asked in, and nothing writes while they are read.
  const count = async (label: string, partitions: Partition[]) => {
    const per = await Promise.all(
      partitions.map(({ index, pk, skPrefix }) => countItems({ index, pk, skPrefix })),
    );
    listings[label] = per.reduce((a, b) => a + b, 0);
    inLegacy[label] = per.at(-1)!;
  };
  const counting: Array<Promise<void>> = [];
  for (const status of legacyStatuses)
    counting.push(count(`status ${status}`, ordersInStatusPartitions(status)));
  for (const channel of legacyChannels)
    counting.push(count(`channel ${channel}`, ordersFromChannelPartitions(channel)));
  for (const day of legacyDays) {
    counting.push(
      count(`orders of ${day}`, ordersOfUtcDayPartitions(day, { from: day, before: `${day}T24` })),
    );
    counting.push(count(`movements of ${day}`, movementsOfUtcDayPartitions(day)));
  }
  // A sample of SKUs' movements (the table's SKUs are SKU-0000 …, each with movements).
  for (let n = 0; n < 10; n++) {
    const sku = `SKU-${String(n).padStart(4, '0')}`;
    counting.push(count(`movements of ${sku}`, movementsOfSkuPartitions(sku)));
  }
  for (const { id } of legacyWarehouses) {
    counting.push(count(`stock in ${id}`, stockInWarehousePartitions(id)));
    counting.push(count(`movements in ${id}`, movementsInWarehousePartitions(id)));
  }
  const totals: Record<string, Record<string, number>> = {};
  for (const month of months) {
    counting.push(count(`shipments of ${month}`, shipmentsOfMonthPartitions(month, {})));
    for (const carrier of carriers)
      counting.push(
        count(`shipments of ${month} by ${carrier}`, shipmentsOfMonthPartitions(month, { carrier })),
      );
    for (const warehouseId of [...legacyWarehouses.map(({ id }) => id), '-'])
      counting.push(
        count(
          `shipments of ${month} from ${warehouseId}`,
          shipmentsOfMonthPartitions(month, { warehouseId }),
        ),
      );
    for (const { pk } of shipmentTotalsOfMonthPartitions(month)) {
      counting.push(
        queryAllOf(pk).then((cells) => {
          for (const cell of cells) {
            const sums = (totals[`${month} ${String(cell.SK)}`] ??= Object.fromEntries(
              figureNames.map((n) => [n, 0]),
            ));
            for (const name of figureNames) sums[name]! += Number(cell[name] ?? 0);
          }
        }),
      );
    }
  }
  const counters: Record<string, Record<string, number>> = {};
  for (const { id } of legacyWarehouses) {
    counting.push(
      Promise.all([getItem(warehouseKey(id), true), getItems(allWarehouseCounterKeys(id), true)]).then(
        ([warehouse, shards]) => {
          const items = [warehouse!, ...shards];
          counters[id] = Object.fromEntries(
            legacyWarehouseCounters.map((name) => [
              name,
              items.reduce((sum, item) => sum + Number(item[name] ?? 0), 0),
            ]),
          );
        },
      ),
    );
  }
  await Promise.all(counting);
  // One listing in full, merged over its shards and the legacy partition: the same orders in the same order.
  const listed: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryMergedPages({
      partitions: ordersInStatusPartitions('paid'),
      limit: 250,
      cursor,
      scope: 'migrate-test',
    });
    listed.push(...page.items.map((item) => String(item.id)));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { answers: { listings, totals, counters, listed }, inLegacy };
}

async function queryAllOf(pk: string): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, NativeAttributeValue> | undefined;
  do {
    const page = await scanner.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** What legacyItems reads of an item: a count of them needs no more (a tenth of the bytes to unmarshal). */
const layoutAttributes = [
  'PK',
  'SK',
  'GSI1PK',
  'GSI2PK',
  'GSI3PK',
  'active',
  countersShardedMarker,
  ...legacyWarehouseCounters,
];
const layoutProjection = {
  ProjectionExpression: layoutAttributes.map((_, at) => `#a${at}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(layoutAttributes.map((name, at) => [`#a${at}`, name])),
};

async function scanTable(options: { layoutOnly?: boolean } = {}): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, NativeAttributeValue> | undefined;
  do {
    const page = await scanner.send(
      new ScanCommand({
        TableName: tableName(),
        ExclusiveStartKey: start,
        ConsistentRead: true,
        ...(options.layoutOnly ? layoutProjection : {}),
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

const legacyKey = /^(ORDERS#(STATUS|DAY|CHANNEL)#|WH_STOCK#|MOVEMENTS#(WH|DAY)#|SHIPMENTS#)/;
/** Items still (partly) in the layout before sharding. */
function legacyItems(items: Item[]): Item[] {
  return items.filter(
    (item) =>
      ['GSI1PK', 'GSI2PK', 'GSI3PK'].some((name) => legacyKey.test(String(item[name] ?? ''))) ||
      String(item.PK).startsWith('SHIPTOTALS#') ||
      String(item.PK).startsWith('MOVEMENTS#SKU#') ||
      (String(item.PK).startsWith('WAREHOUSE#') &&
        (legacyWarehouseCounters.some((name) => name in item) ||
          (item.active === false && item[countersShardedMarker] !== true))),
  );
}

async function segmentsScanned(): Promise<number> {
  const run = (
    await scanner.send(
      new GetCommand({
        TableName: tableName(),
        Key: migrationRunKey(shardedKeysMigration),
        ConsistentRead: true,
      }),
    )
  ).Item;
  if (!run) return 0;
  const segments = await Promise.all(
    Array.from({ length: Number(run.segments) }, (_, segment) =>
      scanner.send(
        new GetCommand({
          TableName: tableName(),
          Key: migrationSegmentKey(shardedKeysMigration, Number(run.run), segment),
          ConsistentRead: true,
        }),
      ),
    ),
  );
  return segments.reduce((sum, { Item }) => sum + Number(Item?.scanned ?? 0), 0);
}

const moved = (counts: MigrationCounts) => Object.values(counts).reduce((sum, step) => sum + step.moved, 0);

/** Runs the command as npm does (tsx), in a process group of its own, and kills the group with SIGKILL once it has checkpointed `progress` more items. */
async function killMigrateCommandMidway(
  progress: number,
): Promise<{ signal: NodeJS.Signals | null; output: string }> {
  const from = await segmentsScanned();
  const child = spawn(
    join(repoRoot, 'node_modules/.bin/tsx'),
    ['infra/local/migrate.ts', '--table', tableName(), '--page-size', '25'],
    { cwd: repoRoot, env: { ...process.env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );
  let running = true;
  void exited.then(() => (running = false));
  const deadline = Date.now() + 180_000;
  while (running && Date.now() < deadline && (await segmentsScanned()) < from + progress) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (running) process.kill(-child.pid!, 'SIGKILL');
  return { signal: await exited, output };
}

describe('npm run migrate', () => {
  it(
    'moves a table of 10,000 orders to the sharded layout across a stop, a kill and a resume, the readers answering the same throughout',
    { timeout: 900_000 },
    async () => {
      const table = legacyTable({ orders: 10_000, skus: 100, movements: 1_000, shipments: 500 });
      // The seed is no request path: through the bare client (no audit recorders), four bulk writes side
      // by side (32 batches in flight) to keep DynamoDB Local's threads busy.
      const quarter = Math.ceil(table.items.length / 4);
      await Promise.all(
        [0, 1, 2, 3].map((at) =>
          batchWrite(
            table.items.slice(at * quarter, (at + 1) * quarter).map((Item) => ({ PutRequest: { Item } })),
            scanner,
          ),
        ),
      );
      const seeded = await scanTable();
      expect(seeded).toHaveLength(table.items.length);
      const legacyAtStart = legacyItems(seeded).length;
      expect(legacyAtStart).toBe(Object.values(table.legacy).reduce((a, b) => a + b, 0));
      const before = await readerAnswers();
      expect(before.answers.listings['status paid']).toBe(2_000);
      expect(before.answers.listed).toHaveLength(2_000);

      // 1. Stopped part way (as a kill at a page's end would): some moved, some not, readers unchanged.
      const stopped = await migrateTable({ client: scanner, segments: 4, pageSize: 100, stopAfterPages: 40 });
      expect(stopped.outcome).toBe('stopped');
      expect(stopped.resumed).toBe(false);
      const afterStop = legacyItems(await scanTable({ layoutOnly: true })).length;
      expect(afterStop).toBeLessThan(legacyAtStart);
      expect(afterStop).toBeGreaterThan(0);
      expect(moved(stopped.counts)).toBe(legacyAtStart - afterStop);
      expect(await getItem(tableLayoutKey(), true)).toBeUndefined();
      expect((await readerAnswers()).answers).toEqual(before.answers);

      // 2. The command itself, killed (SIGKILL) mid-run: it had moved more; readers unchanged.
      const killed = await killMigrateCommandMidway(1_500);
      expect(killed.signal, killed.output).toBe('SIGKILL');
      expect(killed.output).toContain('Migrating table');
      const afterKill = legacyItems(await scanTable({ layoutOnly: true })).length;
      expect(afterKill).toBeLessThan(afterStop);
      expect(afterKill).toBeGreaterThan(0);
      expect(await getItem(tableLayoutKey(), true)).toBeUndefined();
      expect((await readerAnswers()).answers).toEqual(before.answers);

      // 3. Resumed to the end, throttled now and then, and the service rewriting an order under it.
      const faults = { throttled: 0, raced: undefined as string | undefined };
      db().middlewareStack.add(
        (next, context) => async (args) => {
          if (context.commandName === 'TransactWriteItemsCommand') {
            const update = (args.input as { TransactItems: Array<{ Update?: { Key: Item } }> })
              .TransactItems[0]?.Update;
            const pk = String(update?.Key.PK ?? '');
            if (!faults.raced && pk.startsWith('ORDER#') && update?.Key.SK === 'A#ORDER') {
              // The deployed service writes the order (a change that leaves its status) in the sharded layout first.
              faults.raced = pk;
              const order = (
                await scanner.send(
                  new GetCommand({ TableName: tableName(), Key: update.Key, ConsistentRead: true }),
                )
              ).Item!;
              await scanner.send(
                new PutCommand({
                  TableName: tableName(),
                  Item: {
                    ...order,
                    ...shardedOrderIndexKeys(order as never),
                    version: Number(order.version) + 1,
                    note: 'raced',
                  },
                }),
              );
            } else if (Math.random() < 0.02) {
              faults.throttled++;
              throw Object.assign(new Error('Throughput exceeds the current capacity'), {
                name: 'ProvisionedThroughputExceededException',
                $metadata: { httpStatusCode: 400 },
              });
            }
          }
          return next(args);
        },
        { step: 'initialize', name: 'migrateFaults' },
      );
      let finished;
      try {
        finished = await migrateTable({ client: scanner, pageSize: 100 });
      } finally {
        db().middlewareStack.remove('migrateFaults');
      }
      expect(finished.outcome).toBe('finished');
      expect(finished.resumed).toBe(true);
      // It resumed where the killed command's checkpoints stood: it read only what was left of the table.
      expect(finished.scanned).toBeLessThan(seeded.length - 4_000);
      expect(faults.throttled).toBeGreaterThan(0);
      expect(faults.raced).toBeDefined();
      expect(finished.counts['order-index']!.alreadyMoved).toBeGreaterThanOrEqual(1);
      // Items a killed page had moved before its checkpoint are not counted again (a step no longer applies to them).
      expect(moved(finished.counts)).toBeLessThanOrEqual(legacyAtStart);
      expect(moved(finished.counts)).toBeGreaterThan(legacyAtStart - 4 * 25 - 10);
      expect(await getItem(tableLayoutKey(), true)).toMatchObject({ layout: 'sharded', run: 1 });

      // Every item in the sharded layout, each moved key the builders' own; nothing else changed.
      const final = await scanTable();
      expect(legacyItems(final)).toEqual([]);
      const seededByKey = new Map(seeded.map((item) => [`${String(item.PK)}|${String(item.SK)}`, item]));
      const bookkeeping = /^(MIGRATION#|TABLE_LAYOUT$|SHIPTOTALS@|WHCOUNT@)/;
      for (const item of final) {
        const key = `${String(item.PK)}|${String(item.SK)}`;
        if (bookkeeping.test(String(item.PK))) continue;
        // A movement moved whole, from its SKU's one partition to a shard of it.
        const seededKey =
          item.entity === 'stock-movement'
            ? `${legacyMovementsOfSku(String(item.sku))}|${String(item.SK)}`
            : key;
        const was = seededByKey.get(seededKey);
        expect(was, key).toBeDefined();
        if (`ORDER#${String(item.id)}` === faults.raced) continue;
        const expected =
          item.entity === 'order'
            ? { ...was, ...shardedOrderIndexKeys(was as never) }
            : item.entity === 'stock-movement'
              ? { ...was, ...movementKey(was as never), ...shardedMovementIndexKeys(was as never) }
              : item.entity === 'shipment'
                ? { ...was, ...shardedShipmentIndexKeys(was as never) }
                : String(item.PK).startsWith('STOCK#')
                  ? { ...was, ...shardedStockIndexKeys(was as never) }
                  : item.entity === 'warehouse'
                    ? Object.fromEntries(
                        Object.entries(was!).filter(
                          ([name]) => !(legacyWarehouseCounters as readonly string[]).includes(name),
                        ),
                      )
                    : was;
        if (item.entity === 'warehouse' && item.active === false) expected![countersShardedMarker] = true;
        expect(item, key).toEqual(expected);
      }
      expect(final.filter((item) => String(item.PK).startsWith('SHIPTOTALS#'))).toEqual([]);
      // Inactive warehouses: every counter shard flagged; active ones: none.
      for (const { id, active } of legacyWarehouses) {
        const shards = await getItems(
          allShards('warehouseCounters').map((shard) => warehouseCounterKey(id, shard)),
          true,
        );
        expect(
          shards.filter((shard) => shard.inactive === true),
          id,
        ).toHaveLength(active ? 0 : allShards('warehouseCounters').length);
      }

      // The readers answer the same, from the shards alone now.
      const after = await readerAnswers();
      expect(after.answers).toEqual(before.answers);
      expect(Object.values(after.inLegacy).every((count) => count === 0)).toBe(true);
      expect(Object.values(before.inLegacy).some((count) => count > 0)).toBe(true);

      // 4. A rerun of the finished migration reads nothing and says so; a full rescan moves nothing.
      const rerun = await migrateTable({ client: scanner });
      expect(rerun).toMatchObject({ outcome: 'already-finished', scanned: 0, run: 1 });
      const rescan = await migrateTable({ client: scanner, again: true, pageSize: 500 });
      expect(rescan.outcome).toBe('finished');
      expect(rescan.run).toBe(2);
      expect(rescan.scanned).toBeGreaterThanOrEqual(final.length);
      expect(moved(rescan.counts)).toBe(0);
      expect(Object.values(rescan.counts).every((step) => step.alreadyMoved === 0)).toBe(true);
      expect(
        await scanTable().then((items) => items.filter((item) => !bookkeeping.test(String(item.PK)))),
      ).toEqual(final.filter((item) => !bookkeeping.test(String(item.PK))));
    },
  );
});
