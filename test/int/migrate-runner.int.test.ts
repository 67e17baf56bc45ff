/**
 * The migration runner's stops on a small legacy table (the 10,000-order run is test/slow/migrate): a
 * stop asked through its signal, and a commit failing outright, each leave the checkpoints where a rerun
 * resumes (reading only what is left) and finishes; nothing is left in the old layout.
 */
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { localDynamoClient } from '../../infra/local/dynamodb-local';
import { batchWrite } from '../../shared/db/batch-write';
import { db, tableName } from '../../shared/db/client';
import { tableLayoutKey } from '../../shared/db/keys';
import { migrateTable } from '../../shared/db/migrations/run';
import type { MigrationCounts } from '../../shared/db/migrations/run';
import type { Item } from '../../shared/db/query';
import { getItem } from '../../shared/db/query';
import { legacyTable } from '../support/legacy-layout-builders';

const scanner = DynamoDBDocumentClient.from(localDynamoClient(process.env.DYNAMODB_ENDPOINT!), {
  marshallOptions: { removeUndefinedValues: true },
});

async function scanTable(): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, NativeAttributeValue> | undefined;
  do {
    const page = await scanner.send(
      new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

const legacyKey = /^(ORDERS#(STATUS|DAY|CHANNEL)#|WH_STOCK#|MOVEMENTS#(WH|DAY)#|SHIPMENTS#)/;
const legacyCount = (items: Item[]) =>
  items.filter(
    (item) =>
      ['GSI1PK', 'GSI2PK', 'GSI3PK'].some((name) => legacyKey.test(String(item[name] ?? ''))) ||
      String(item.PK).startsWith('SHIPTOTALS#') ||
      String(item.PK).startsWith('MOVEMENTS#SKU#') ||
      (String(item.PK).startsWith('WAREHOUSE#') && 'unitsOnHand' in item),
  ).length;
const moved = (counts: MigrationCounts) => Object.values(counts).reduce((sum, step) => sum + step.moved, 0);

describe('the migration runner', () => {
  it('stops on its signal and on a failed commit, and a rerun resumes from the checkpoints to the end', async () => {
    const table = legacyTable({ orders: 150, skus: 5, movements: 30, shipments: 20 });
    await batchWrite(table.items.map((Item) => ({ PutRequest: { Item } })));
    const atStart = legacyCount(await scanTable());
    expect(atStart).toBeGreaterThan(150);

    // Asked to stop after its first page: the pages under way finish, checkpointed.
    const stop = new AbortController();
    const stopped = await migrateTable({
      client: scanner,
      segments: 2,
      pageSize: 20,
      signal: stop.signal,
      onPage: () => stop.abort(),
    });
    expect(stopped.outcome).toBe('stopped');
    const afterStop = legacyCount(await scanTable());
    expect(moved(stopped.counts)).toBe(atStart - afterStop);
    expect(afterStop).toBeGreaterThan(0);

    // A commit fails outright (no retry can help): the run fails, the other segment stops at its page's end.
    let commits = 0;
    db().middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'TransactWriteItemsCommand' && ++commits === 25)
          throw Object.assign(new Error('simulated failure'), { name: 'ValidationException' });
        return next(args);
      },
      { step: 'initialize', name: 'failOneCommit' },
    );
    try {
      await expect(migrateTable({ client: scanner, pageSize: 20 })).rejects.toThrow('simulated failure');
    } finally {
      db().middlewareStack.remove('failOneCommit');
    }
    const afterFailure = legacyCount(await scanTable());
    expect(afterFailure).toBeLessThan(afterStop);
    expect(afterFailure).toBeGreaterThan(0);
    expect(await getItem(tableLayoutKey(), true)).toBeUndefined();

    const finished = await migrateTable({ client: scanner, pageSize: 20 });
    expect(finished).toMatchObject({ outcome: 'finished', resumed: true, segments: 2 });
    const final = await scanTable();
    expect(legacyCount(final)).toBe(0);
    expect(finished.scanned).toBeLessThan(final.length);
    expect(await getItem(tableLayoutKey(), true)).toMatchObject({ layout: 'sharded' });
    expect(await migrateTable({ client: scanner })).toMatchObject({
      outcome: 'already-finished',
      scanned: 0,
    });
  });
});
