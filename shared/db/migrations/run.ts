/**
 * `npm run migrate`'s runner: reads every item of the table once, in parallel scan segments (an offline
 * tool, not a request path: it takes a client of its own for the scan), hands each item to the steps
 * (shared/db/migrations/index.ts) and commits what a step answers, one transaction per item.
 *
 * - Resumable: after each page, the segment's position (the page's LastEvaluatedKey) and what it moved
 *   are written to a checkpoint item in the table, so a run killed anywhere resumes from its last page,
 *   from any machine. Items of a page it had begun are read again: a step no longer applies to those it
 *   moved.
 * - Idempotent: every write is conditioned on the item as read; a failed condition means someone (the
 *   service, another runner) moved it first: the item is read again, and counted as already moved unless
 *   a step still applies to it (then it is moved from that read). A finished migration is recorded in the
 *   table (its run item and the table-layout item): a rerun does nothing but say so.
 * - Beside the service: throttling and transaction conflicts are retried by the one retry policy; a
 *   failure it gives up on stops the run, which a rerun resumes.
 */
import type { DynamoDBDocumentClient, NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../client';
import { TransactionCancelled } from '../errors';
import { migrationRunKey, migrationSegmentKey, tableLayoutKey } from '../keys/migrations';
import { allStatuses } from '../keys/orders';
import type { StatusCategory } from '../../domain/order-status';
import type { ItemKey } from '../keys/item-key';
import { inParallel } from '../parallel';
import type { Item } from '../query';
import { withRetry } from '../retry';
import { currentLayoutVersion, shardedLayout } from '../table-layout';
import { transactWrite } from '../transactions';
import { migrationSteps, shardedKeysMigration } from './index';
import type { MigrationStep } from './step';

type Key = Record<string, NativeAttributeValue>;

/** What one step did: items it moved, and items someone else had moved first (its condition failed). */
export interface StepCounts {
  moved: number;
  alreadyMoved: number;
}
export type MigrationCounts = Record<string, StepCounts>;

export interface MigrationProgress {
  /** Items read by this invocation. */
  scanned: number;
  /** What the whole run has done so far (earlier invocations' checkpoints included). */
  counts: MigrationCounts;
  segmentsDone: number;
  segments: number;
}

export interface MigrateOptions {
  /** Reads the table (the scan, checkpoints, an item again after a failed condition). Commits go through transactWrite. */
  client: DynamoDBDocumentClient;
  migration?: string;
  steps?: readonly MigrationStep[];
  /** Scan segments read in parallel, for a new run (a resumed run keeps its own). */
  segments?: number;
  /** Items per scan page: one checkpoint per page. */
  pageSize?: number;
  /** Items of a page being committed at once, per segment. */
  inFlight?: number;
  /** Scan the whole table again even though the migration has finished (a new run). */
  again?: boolean;
  /** Stop (as a kill would, but at a page's end) once this invocation has checkpointed so many pages. */
  stopAfterPages?: number;
  /** Stop at the end of the pages under way. */
  signal?: AbortSignal;
  onPage?: (progress: MigrationProgress) => void;
}

export interface MigrationResult {
  /** `already-finished`: nothing was read; `stopped`: a rerun resumes it. */
  outcome: 'finished' | 'already-finished' | 'stopped';
  run: number;
  segments: number;
  /** The run had begun before this invocation. */
  resumed: boolean;
  /** Items read by this invocation. */
  scanned: number;
  /** What the whole run did, per step (every segment's checkpoint summed). */
  counts: MigrationCounts;
}

interface RunRecord {
  run: number;
  segments: number;
  finishedAt?: string;
}

interface SegmentCheckpoint {
  lastKey?: Key;
  done: boolean;
  scanned: number;
  counts: MigrationCounts;
}

/** Each custom status's category (the pending-orders index step's), read through the runner's client. */
async function customStatusCategories(
  client: DynamoDBDocumentClient,
  table: string,
): Promise<Map<string, StatusCategory>> {
  const { index, pk } = allStatuses();
  const categories = new Map<string, StatusCategory>();
  let start: Key | undefined;
  do {
    const page = await withRetry({ what: 'read the custom statuses' }, () =>
      client.send(
        new QueryCommand({
          TableName: table,
          IndexName: index,
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ExclusiveStartKey: start,
        }),
      ),
    );
    for (const item of page.Items ?? []) categories.set(String(item.id), item.category as StatusCategory);
    start = page.LastEvaluatedKey;
  } while (start);
  return categories;
}

/** Moves of one item tried from fresh reads before giving up (each failed because the item changed again). */
const maxFreshReads = 5;

export async function migrateTable(options: MigrateOptions): Promise<MigrationResult> {
  const { client } = options;
  const table = tableName();
  const migration = options.migration ?? shardedKeysMigration;
  const steps = options.steps ?? migrationSteps(await customStatusCategories(client, table));
  const pageSize = options.pageSize ?? 200;
  const inFlight = options.inFlight ?? 8;

  const read = async (key: ItemKey): Promise<Item | undefined> =>
    withRetry({ what: `read ${key.PK}` }, async () => {
      const result = await client.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }));
      return result.Item;
    });

  const { run, resumed, finished } = await startRun(client, table, migration, options, read);
  const checkpoints = await Promise.all(
    Array.from({ length: run.segments }, async (_, segment) =>
      toCheckpoint(await read(migrationSegmentKey(migration, run.run, segment)), steps),
    ),
  );
  if (finished)
    return {
      outcome: 'already-finished',
      run: run.run,
      segments: run.segments,
      resumed,
      scanned: 0,
      counts: sum(checkpoints, steps),
    };

  let scanned = 0;
  let pages = 0;
  let stopping = false;
  const shouldStop = () =>
    stopping ||
    options.signal?.aborted === true ||
    (options.stopAfterPages !== undefined && pages >= options.stopAfterPages);

  const progress = () =>
    options.onPage?.({
      scanned,
      counts: sum(checkpoints, steps),
      segmentsDone: checkpoints.filter((checkpoint) => checkpoint.done).length,
      segments: run.segments,
    });

  async function moveItem(item: Item, counts: MigrationCounts): Promise<void> {
    for (const step of steps) {
      let current: Item | undefined = item;
      for (let freshReads = 0; current && step.applies(current); freshReads++) {
        const writes = step.rewrite(current);
        try {
          await withRetry({ what: `migrate ${step.name} ${String(item.PK)}` }, () => transactWrite(writes));
          counts[step.name]!.moved++;
          break;
        } catch (error) {
          if (!(error instanceof TransactionCancelled) || error.refusedNames().length === 0) throw error;
          if (freshReads >= maxFreshReads)
            throw new Error(
              `${step.name}: ${String(item.PK)} ${String(item.SK)} kept changing under the migration`,
            );
          current = await read({ PK: item.PK, SK: item.SK });
          if (!current || !step.applies(current)) counts[step.name]!.alreadyMoved++;
        }
      }
    }
  }

  async function migrateSegment(segment: number): Promise<void> {
    const checkpoint = checkpoints[segment]!;
    while (!checkpoint.done && !shouldStop()) {
      const page = await withRetry({ what: `scan segment ${segment}` }, () =>
        client.send(
          new ScanCommand({
            TableName: table,
            Segment: segment,
            TotalSegments: run.segments,
            ExclusiveStartKey: checkpoint.lastKey,
            Limit: pageSize,
            ConsistentRead: true,
          }),
        ),
      );
      const items = page.Items ?? [];
      await inParallel(items, inFlight, (item) => moveItem(item, checkpoint.counts));
      checkpoint.scanned += items.length;
      checkpoint.lastKey = page.LastEvaluatedKey;
      checkpoint.done = page.LastEvaluatedKey === undefined;
      await withRetry({ what: `checkpoint segment ${segment}` }, () =>
        client.send(
          new PutCommand({
            TableName: table,
            Item: {
              ...migrationSegmentKey(migration, run.run, segment),
              ...(checkpoint.lastKey ? { lastKey: checkpoint.lastKey } : {}),
              done: checkpoint.done,
              scanned: checkpoint.scanned,
              counts: checkpoint.counts,
              updatedAt: new Date().toISOString(),
            },
          }),
        ),
      );
      scanned += items.length;
      pages++;
      progress();
    }
  }

  // A failed segment stops the others at their page's end (their checkpoints stay where a rerun resumes);
  // the run answers once every segment has stopped, so nothing of it goes on writing after.
  const settled = await Promise.allSettled(
    checkpoints.map((_, segment) =>
      migrateSegment(segment).catch((error: unknown) => {
        stopping = true;
        throw error;
      }),
    ),
  );
  const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;

  const result = { run: run.run, segments: run.segments, resumed, scanned, counts: sum(checkpoints, steps) };
  if (!checkpoints.every((checkpoint) => checkpoint.done)) return { outcome: 'stopped', ...result };

  const finishedAt = new Date().toISOString();
  await withRetry({ what: 'record the finished migration' }, async () => {
    await client.send(
      new UpdateCommand({
        TableName: table,
        Key: migrationRunKey(migration),
        UpdateExpression: 'SET finishedAt = :at',
        ConditionExpression: '#run = :run',
        ExpressionAttributeNames: { '#run': 'run' },
        ExpressionAttributeValues: { ':at': finishedAt, ':run': run.run },
      }),
    );
    // Updated, not replaced: what the item says of the table stays said.
    await client.send(
      new UpdateCommand({
        TableName: table,
        Key: tableLayoutKey(),
        UpdateExpression:
          'SET layout = :layout, layoutVersion = :version, migration = :migration, #run = :run, migratedAt = :at',
        ExpressionAttributeNames: { '#run': 'run' },
        ExpressionAttributeValues: {
          ':layout': shardedLayout,
          ':version': currentLayoutVersion,
          ':migration': migration,
          ':run': run.run,
          ':at': finishedAt,
        },
      }),
    );
  });
  return { outcome: 'finished', ...result };
}

/** The run to go on with: the one under way, a new one (none yet, or `again` after a finished one), or the finished one. */
async function startRun(
  client: DynamoDBDocumentClient,
  table: string,
  migration: string,
  options: MigrateOptions,
  read: (key: ItemKey) => Promise<Item | undefined>,
): Promise<{ run: RunRecord; resumed: boolean; finished: boolean }> {
  for (;;) {
    const current = toRun(await read(migrationRunKey(migration)));
    if (current && current.finishedAt === undefined) return { run: current, resumed: true, finished: false };
    if (current && !options.again) return { run: current, resumed: true, finished: true };
    const next: RunRecord = { run: (current?.run ?? 0) + 1, segments: options.segments ?? 4 };
    try {
      await client.send(
        new PutCommand({
          TableName: table,
          Item: { ...migrationRunKey(migration), ...next, startedAt: new Date().toISOString() },
          // Two runners starting at once: one starts the run, the other joins it.
          ConditionExpression: current ? '#run = :run' : 'attribute_not_exists(PK)',
          ExpressionAttributeNames: current ? { '#run': 'run' } : undefined,
          ExpressionAttributeValues: current ? { ':run': current.run } : undefined,
        }),
      );
      return { run: next, resumed: false, finished: false };
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
}

function toRun(item: Item | undefined): RunRecord | undefined {
  if (!item) return undefined;
  return {
    run: Number(item.run),
    segments: Number(item.segments),
    finishedAt: typeof item.finishedAt === 'string' ? item.finishedAt : undefined,
  };
}

function noCounts(steps: readonly MigrationStep[]): MigrationCounts {
  return Object.fromEntries(steps.map((step) => [step.name, { moved: 0, alreadyMoved: 0 }]));
}

function toCheckpoint(item: Item | undefined, steps: readonly MigrationStep[]): SegmentCheckpoint {
  const counts = noCounts(steps);
  const stored = (item?.counts ?? {}) as Record<string, Partial<StepCounts>>;
  for (const [name, count] of Object.entries(stored)) {
    counts[name] = { moved: Number(count.moved ?? 0), alreadyMoved: Number(count.alreadyMoved ?? 0) };
  }
  return {
    lastKey: item?.lastKey as Key | undefined,
    done: item?.done === true,
    scanned: Number(item?.scanned ?? 0),
    counts,
  };
}

function sum(checkpoints: readonly SegmentCheckpoint[], steps: readonly MigrationStep[]): MigrationCounts {
  const total = noCounts(steps);
  for (const checkpoint of checkpoints) {
    for (const [name, count] of Object.entries(checkpoint.counts)) {
      const into = (total[name] ??= { moved: 0, alreadyMoved: 0 });
      into.moved += count.moved;
      into.alreadyMoved += count.alreadyMoved;
    }
  }
  return total;
}
