/**
 * Stock changes too large for one transaction (an order of 500 SKUs; a 500-line label later), all or
 * nothing as the client sees it:
 *
 * 1. an intent item (`STOCKCHANGE#<id>`, state `staging`, a lease) names the change and its owner;
 * 2. the stock records are written in chunks, each on the version read and each carrying the change's
 *    delta in `staged[<id>]`, each chunk conditioned on the intent still `staging` and moving its
 *    warehouses' counter shards (shared/warehouses/counters.ts) as its records cross a line;
 * 3. the caller's own items (the order) commit in one transaction with the intent turning `confirmed`;
 * 4. settling writes the movements and drops the markers (idempotent; any later reader finishes it).
 *
 * A failure before the confirm abandons the intent first (so no confirm can follow) and then takes each
 * staged delta back out. A crash leaves a `staging` intent whose lease runs out: the next change that
 * reads one of its records (or the owner's retry, at once) abandons it and takes the delta out inside its
 * own write. Abandon and confirm are both conditioned on `staging`, so exactly one of them wins.
 *
 * Every write of a record moves the warehouse counters from the record as stored to the record as
 * written, in the same transaction (staging, undoing and every later change alike), so the counters are
 * always the sums over the stored records, whichever way a change ends and whoever finishes it.
 */
import { tableName } from '../db/client';
import { TransactionCancelled } from '../db/errors';
import {
  movementKey,
  shardedMovementIndexKeys,
  shardedStockIndexKeys,
  stockChangeKey,
  stockKey,
  warehouseCounterShard,
} from '../db/keys';
import { getItem, getItems } from '../db/query';
import { LostRace, withRetry } from '../db/retry';
import type { NamedItem, TransactItem } from '../db/transactions';
import { conditionalUpdate, maxTransactionItems, transactWrite } from '../db/transactions';
import type { Movement, StockRecord, WarehouseStockCounts } from '../domain/stock-ledger';
import {
  stockCountsChange,
  stockCountsOf,
  withoutStagedDelta,
  withoutStagedMarker,
} from '../domain/stock-ledger';
import type { WarehouseCondition } from '../warehouses/counters';
import { stockCountsItems } from '../warehouses/counters';
import { ConditionFailed } from '../db/errors';
import { withoutRequestGuard as unguarded } from '../db/request-guard';
import { logger } from '../logging/logger';

export type IntentState = 'staging' | 'confirmed' | 'abandoned' | 'settled';

export interface StockChangeIntent {
  id: string;
  state: IntentState;
  /** Who makes the change (`order:<id>`): a retry by the same owner abandons a stale one at once. */
  owner: string;
  /** Epoch milliseconds after which a `staging` intent is presumed dead. */
  leaseUntil: number;
  pairs: Array<{ sku: string; warehouseId: string }>;
  /** Written when the change settles. */
  movements: Movement[];
}

/** Longer than an API function's 25 s time-out: a live change always confirms or abandons within it. */
let leaseMillis = 30_000;
/** Tests shorten the lease to play a crashed invocation's. */
export function configureStagingLease(millis: number | undefined): void {
  leaseMillis = millis ?? 30_000;
}

/**
 * Records per transaction: room for the intent check (or the request's idempotency guard) and one
 * counter update per warehouse counter shard the records add to.
 */
function chunkSizeFor(pairs: ReadonlyArray<{ sku: string; warehouseId: string }>): number {
  const shards = new Set(pairs.map((pair) => `${pair.warehouseId}@${warehouseCounterShard(pair.sku)}`)).size;
  return Math.max(1, maxTransactionItems - 2 - shards);
}

function recordPut(record: StockRecord, readVersion: number): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...stockKey(record.sku, record.warehouseId), ...shardedStockIndexKeys(record), ...record },
      ConditionExpression: readVersion === 0 ? 'attribute_not_exists(PK)' : 'version = :read',
      ExpressionAttributeValues: readVersion === 0 ? undefined : { ':read': readVersion },
    },
  };
}

function intentIs(id: string, state: IntentState): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: stockChangeKey(id),
      ConditionExpression: '#state = :state',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':state': state },
    },
  };
}

async function readIntents(ids: Iterable<string>): Promise<Map<string, StockChangeIntent>> {
  const unique = [...new Set(ids)];
  const items = await getItems(unique.map(stockChangeKey), true);
  return new Map(items.map((item) => [String(item.id), item as unknown as StockChangeIntent]));
}

/** Turns a staging intent to abandoned (only while staging): afterwards no confirm can succeed. */
/** Marks a staged change abandoned; false when it was confirmed after all (a confirm whose answer was lost). */
async function abandon(id: string): Promise<boolean> {
  try {
    await conditionalUpdate({
      TableName: tableName(),
      Key: stockChangeKey(id),
      UpdateExpression: 'SET #state = :abandoned',
      ConditionExpression: '#state = :staging',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':abandoned': 'abandoned', ':staging': 'staging' },
    });
    return true;
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    const current = await getItem(stockChangeKey(id), true);
    return current?.state !== 'confirmed';
  }
}

async function readRecords(pairs: StockChangeIntent['pairs']): Promise<StockRecord[]> {
  const items = await getItems(
    pairs.map((pair) => stockKey(pair.sku, pair.warehouseId)),
    true,
  );
  return items.map((item) => {
    const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, ...record } = item;
    return record as StockRecord;
  });
}

/** Rewrites the change's records without its marker (settled) or without its delta (abandoned). */
async function unstage(
  intent: Pick<StockChangeIntent, 'id' | 'pairs'>,
  how: 'settle' | 'undo',
): Promise<void> {
  const chunkSize = chunkSizeFor(intent.pairs);
  for (let start = 0; start < intent.pairs.length; start += chunkSize) {
    const pairs = intent.pairs.slice(start, start + chunkSize);
    await withRetry({ what: 'Stock being released' }, async () => {
      const records = (await readRecords(pairs)).filter((record) => record.staged?.[intent.id]);
      const writes = records.map((record) => ({
        record,
        next:
          how === 'settle' ? withoutStagedMarker(record, intent.id) : withoutStagedDelta(record, intent.id),
      }));
      const items: NamedItem[] = writes.map(({ record, next }) => [
        `stock:${record.sku}\u0000${record.warehouseId}`,
        recordPut({ ...next, version: record.version + 1 }, record.version),
      ]);
      // Taking a delta out moves the counters back; dropping a marker leaves them as they are.
      const counts = writes.map(({ record, next }) => ({
        sku: record.sku,
        warehouseId: record.warehouseId,
        counts: stockCountsChange(stockCountsOf(record), stockCountsOf(next)),
      }));
      try {
        await transactWrite([...items, ...stockCountsItems(counts)]);
      } catch (error) {
        if (error instanceof TransactionCancelled && error.refusedWithPrefix('stock:')) throw new LostRace();
        throw error;
      }
    });
  }
}

async function setIntentState(id: string, state: IntentState): Promise<void> {
  await conditionalUpdate({
    TableName: tableName(),
    Key: stockChangeKey(id),
    UpdateExpression: 'SET #state = :state',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':state': state },
  });
}

/** Writes the movements (idempotent: their ids were fixed when planned) and drops the markers. */
export function settle(intent: StockChangeIntent): Promise<void> {
  return unguarded(() => settleNow(intent));
}

async function settleNow(intent: StockChangeIntent): Promise<void> {
  const chunkSize = chunkSizeFor([]);
  for (let start = 0; start < intent.movements.length; start += chunkSize) {
    await transactWrite(
      intent.movements.slice(start, start + chunkSize).map((movement): NamedItem => [
        `movement:${movement.id}`,
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...movementKey(movement),
              ...shardedMovementIndexKeys(movement),
              entity: 'stock-movement',
              ...movement,
            },
          },
        },
      ]),
    );
  }
  await unstage(intent, 'settle');
  await setIntentState(intent.id, 'settled');
}

/**
 * Records as a change may use them: deltas of abandoned (or presumed dead) changes taken out, markers of
 * settled ones dropped, live ones of other owners kept (their units stay held until they finish).
 * Confirmed changes not yet settled are settled here, so their movements are never lost.
 */
export function resolveStaged(records: Map<string, StockRecord>, owner: string | undefined): Promise<void> {
  return unguarded(() => resolveNow(records, owner));
}

async function resolveNow(records: Map<string, StockRecord>, owner: string | undefined): Promise<void> {
  const foreign = new Set<string>();
  for (const record of records.values()) for (const id of Object.keys(record.staged ?? {})) foreign.add(id);
  if (foreign.size === 0) return;
  let intents = await readIntents(foreign);
  const now = Date.now();
  const dead = [...intents.values()].filter(
    (intent) =>
      intent.state === 'staging' &&
      (intent.leaseUntil < now || (owner !== undefined && intent.owner === owner)),
  );
  if (dead.length > 0) {
    await Promise.all(dead.map((intent) => abandon(intent.id)));
    intents = await readIntents(foreign);
  }
  for (const intent of intents.values()) {
    if (intent.state === 'confirmed') await settleNow(intent);
  }
  for (const [key, record] of records) {
    let next = record;
    for (const id of Object.keys(record.staged ?? {})) {
      const state = intents.get(id)?.state;
      if (state === 'abandoned' || state === undefined) next = withoutStagedDelta(next, id);
      else if (state === 'settled' || state === 'confirmed') next = withoutStagedMarker(next, id);
    }
    records.set(key, next);
  }
}

export interface StagedCommit {
  id: string;
  owner: string;
  /**
   * Records as planned (version = read + 1), with the read versions and what each write adds to its
   * warehouse's counters (from the record as stored).
   */
  records: Array<{ record: StockRecord; readVersion: number; counts: WarehouseStockCounts }>;
  movements: Movement[];
  /** Condition on each warehouse whose counters a chunk moves (the change's warehouse condition). */
  warehouseCondition?: WarehouseCondition;
  /** Committed with the confirm: the caller's items and the warehouse checks. */
  confirmItems: NamedItem[];
}

/** Stages, confirms and settles; on any failure before the confirm, abandons and undoes. */
export async function commitStaged(change: StagedCommit): Promise<void> {
  const { id } = change;
  const marked = change.records;
  await unguarded(() =>
    transactWrite({
      intent: {
        Put: {
          TableName: tableName(),
          Item: {
            ...stockChangeKey(id),
            id,
            state: 'staging',
            owner: change.owner,
            leaseUntil: Date.now() + leaseMillis,
            pairs: change.records.map(({ record }) => ({ sku: record.sku, warehouseId: record.warehouseId })),
            movements: change.movements,
            expiresAt: Math.floor(Date.now() / 1000) + 7 * 24 * 3600,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    }),
  );
  let confirmed = false;
  const chunkSize = chunkSizeFor(marked.map(({ record }) => record));
  try {
    for (let start = 0; start < marked.length; start += chunkSize) {
      const chunk = marked.slice(start, start + chunkSize);
      try {
        await unguarded(() =>
          transactWrite([
            ...chunk.map(({ record, readVersion }): NamedItem => [
              `stock:${record.sku}\u0000${record.warehouseId}`,
              recordPut(record, readVersion),
            ]),
            ...stockCountsItems(
              chunk.map(({ record, counts }) => ({
                sku: record.sku,
                warehouseId: record.warehouseId,
                counts,
              })),
              change.warehouseCondition,
            ),
            ['intent', intentIs(id, 'staging')],
          ]),
        );
      } catch (error) {
        if (
          error instanceof TransactionCancelled &&
          (error.refused('intent') || error.refusedWithPrefix('stock:'))
        ) {
          throw new LostRace('a staged stock record or the change changed');
        }
        throw error;
      }
    }
    await transactWrite([
      ...change.confirmItems,
      [
        'intent',
        {
          Update: {
            TableName: tableName(),
            Key: stockChangeKey(id),
            UpdateExpression: 'SET #state = :confirmed',
            ConditionExpression: '#state = :staging',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':confirmed': 'confirmed', ':staging': 'staging' },
          },
        },
      ],
    ]).catch((error: unknown) => {
      if (error instanceof TransactionCancelled && error.refused('intent')) {
        throw new LostRace('the staged change was abandoned by another');
      }
      throw error;
    });
    confirmed = true;
  } finally {
    if (!confirmed) {
      await unguarded(async () => {
        // Undo only what did not commit: a confirm applied without an answer keeps its stock (the next
        // reader of these records settles them).
        if (await abandon(id)) {
          await unstage({ id, pairs: change.records.map(({ record }) => record) }, 'undo');
        }
      });
    }
  }
  // Settling is bookkeeping after the change committed: if it fails, the next reader of these records
  // finishes it, and the change's answer stands.
  await settle({
    id,
    state: 'confirmed',
    owner: change.owner,
    leaseUntil: 0,
    pairs: change.records.map(({ record }) => record),
    movements: change.movements,
  }).catch((error: unknown) =>
    logger.warn('A committed stock change is left to settle later', { stockChangeId: id, error }),
  );
}
