/**
 * The local stand-in for the stream → projector and aggregates Lambda mappings: polls the table's stream
 * on DynamoDB Local, counts each batch into the report aggregates with the aggregates consumer's own
 * code, turns records into domain events with the projector's own `toDomainEvent`, and appends each as
 * one JSON line to `<dataDir>/events.jsonl`. At least once: events are written before the checkpoint.
 *
 * Positions: on the very first start, open shards are read from their end, kept as the last record's
 * sequence number so a restart resumes there too (closed ones are history);
 * after that a shard resumes AFTER_SEQUENCE_NUMBER of its checkpoint, and any shard the checkpoint
 * has no record from is read from TRIM_HORIZON (a duplicate beats a lost event; events carry ids).
 */
import { appendFileSync } from 'node:fs';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type {
  _Record,
  GetRecordsCommandOutput,
  Shard,
  ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { applyAggregateRecords } from '../../shared/aggregates/apply';
import { evaluateAlertWork } from '../../shared/alerts/evaluate';
import { AlertInputs } from '../../shared/alerts/inputs';
import { alertWorkOf, isAlertInput } from '../../shared/alerts/records';
import { aggregateRecordsOf } from '../../shared/aggregates/records';
import { reportingTimeZone } from '../../shared/aggregates/time-zone';
import { decodeRecords } from '../../shared/events/decode';
import type { DomainEvent, StreamRecord } from '../../shared/events/domain-events';
import { pendingExportIds } from '../../functions/reports/jobs/pending';
import { dataPaths } from './data-dir';
import { withoutSdkLogging } from '../../shared/logging/sdk-logging';
import { localDynamoClient } from './dynamodb-local';
import type { StreamCheckpoint } from './stream-checkpoint';
import { readCheckpoint, writeCheckpoint } from './stream-checkpoint';

export interface StreamPollerOptions {
  endpoint: string;
  tableName: string;
  dataDir: string;
  intervalMs?: number;
  quiet?: boolean;
  /** The decoder (tests inject one that fails); the projector's own by default. */
  decode?: (record: StreamRecord) => DomainEvent | undefined;
  /**
   * Counts each batch into the report aggregates first, with the aggregates consumer's own code (in the
   * zone of REPORTING_TIME_ZONE, UTC by default). On by default; exactly once, so a batch read again
   * after a failure is counted once.
   */
  countAggregates?: boolean;
  /**
   * Evaluates the inventory alerts for the inputs each batch changed (the records the alerts' stream
   * filter lets through), with the alerts consumer's own code, after the aggregates (velocity reads
   * them). On by default.
   */
  evaluateAlerts?: boolean;
  /**
   * Told the exports each batch recorded as pending (too long for a request), which the report-jobs
   * function renders when deployed: the local report jobs take them in the background, so a long export
   * never holds the stream back.
   */
  onPendingExports?: (ids: string[]) => void;
}

export interface StreamPoller {
  stop(): Promise<void>;
}

interface ShardState {
  iterator: string | undefined;
  /** A closed shard read to its end. */
  done: boolean;
}

const rediscoverEveryMs = 10_000;

export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const paths = dataPaths(options.dataDir);
  const intervalMs = options.intervalMs ?? 250;
  const log = (message: string) => {
    if (!options.quiet) console.log(`[stream] ${message}`);
  };
  const dynamo = localDynamoClient(options.endpoint);
  const streams = withoutSdkLogging(
    new DynamoDBStreamsClient({
      endpoint: options.endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );

  const table = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
  dynamo.destroy();
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${options.tableName} has no stream`);

  const saved = readCheckpoint(paths.streamCheckpoint);
  // Another stream (the table was recreated) or no checkpoint: a first start.
  let firstStart = saved?.streamArn !== streamArn;
  const checkpoint: StreamCheckpoint = firstStart ? { streamArn, shards: {} } : saved!;
  const shards = new Map<string, ShardState>();
  let stopped = false;

  async function iteratorFor(
    shardId: string,
    type: ShardIteratorType,
    after?: string,
  ): Promise<string | undefined> {
    const result = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ShardIteratorType: type,
        SequenceNumber: after,
      }),
    );
    return result.ShardIterator;
  }

  /** The sequence number of the last record a shard holds now, if any (read through to its end). */
  async function lastSequenceOf(shardId: string): Promise<string | undefined> {
    let iterator = await iteratorFor(shardId, 'TRIM_HORIZON');
    let last: string | undefined;
    while (iterator) {
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
      const records = page.Records ?? [];
      if (records.length === 0) break;
      last = records.at(-1)!.dynamodb!.SequenceNumber!;
      iterator = page.NextShardIterator;
    }
    return last;
  }

  async function resume(shardId: string): Promise<string | undefined> {
    const after = checkpoint.shards[shardId];
    if (!after) return iteratorFor(shardId, 'TRIM_HORIZON');
    try {
      return await iteratorFor(shardId, 'AFTER_SEQUENCE_NUMBER', after);
    } catch (error) {
      // The checkpointed record aged out of the stream: read what is left.
      if ((error as Error).name !== 'TrimmedDataAccessException') throw error;
      return iteratorFor(shardId, 'TRIM_HORIZON');
    }
  }

  async function describeShards(): Promise<Shard[]> {
    const all: Shard[] = [];
    let start: string | undefined;
    do {
      const page = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }),
      );
      all.push(...(page.StreamDescription?.Shards ?? []));
      start = page.StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return all;
  }

  /** Opens new shards; a child waits until its parent is read to the end, to keep order. */
  async function discover(): Promise<void> {
    const described = await describeShards();
    for (const shard of described) {
      const shardId = shard.ShardId!;
      if (shards.has(shardId)) continue;
      const parent = shard.ParentShardId ? shards.get(shard.ParentShardId) : undefined;
      if (parent && !parent.done) continue;
      const closed = shard.SequenceNumberRange?.EndingSequenceNumber;
      if (firstStart && !(shardId in checkpoint.shards)) {
        if (closed) {
          checkpoint.shards[shardId] = closed;
          shards.set(shardId, { iterator: undefined, done: true });
          continue;
        }
        // From its current end, kept as that record's sequence number: a null position would be read
        // from TRIM_HORIZON on the next start, counting again what was there before this one (a seed,
        // which counts itself into the aggregates).
        const end = await lastSequenceOf(shardId);
        checkpoint.shards[shardId] = end ?? null;
        shards.set(shardId, {
          iterator: end ? await iteratorFor(shardId, 'AFTER_SEQUENCE_NUMBER', end) : await resume(shardId),
          done: false,
        });
        continue;
      }
      checkpoint.shards[shardId] ??= null;
      shards.set(shardId, { iterator: await resume(shardId), done: false });
    }
    // Shards trimmed away from the stream no longer need a position.
    const live = new Set(described.map((shard) => shard.ShardId));
    for (const shardId of Object.keys(checkpoint.shards)) {
      if (!live.has(shardId)) {
        delete checkpoint.shards[shardId];
        shards.delete(shardId);
      }
    }
    firstStart = false;
    writeCheckpoint(paths.streamCheckpoint, checkpoint);
  }

  const timeZone = reportingTimeZone();

  /**
   * Never stops on a record: one it cannot read goes to the dead-letter file with the reason. The
   * aggregates come first: when they fail, nothing of the batch is published and it is read again.
   */
  async function project(records: _Record[]): Promise<void> {
    if (options.countAggregates !== false) {
      const { readable, unreadable } = aggregateRecordsOf(records as StreamRecord[], timeZone);
      if (unreadable.length > 0) {
        const at = new Date().toISOString();
        appendFileSync(
          paths.aggregateDeadLetters,
          unreadable.map((entry) => `${JSON.stringify({ ...entry, at })}\n`).join(''),
        );
        for (const { record, reason } of unreadable)
          log(`aggregates dead letter ${record.eventID ?? ''}: ${reason}`);
      }
      await applyAggregateRecords(readable, timeZone);
    }
    if (options.evaluateAlerts !== false) await evaluateAlerts(records as StreamRecord[]);
    if (options.onPendingExports) {
      const pending = pendingExportIds(records as StreamRecord[]);
      if (pending.length > 0) options.onPendingExports(pending);
    }
    const decoded = decodeRecords(records as StreamRecord[], options.decode);
    if (decoded.undecodable.length > 0) {
      const at = new Date().toISOString();
      appendFileSync(
        paths.deadLetters,
        decoded.undecodable.map((entry) => `${JSON.stringify({ ...entry, at })}\n`).join(''),
      );
      for (const { record, reason } of decoded.undecodable) {
        log(`dead letter ${record.eventID ?? ''}: ${reason}`);
      }
    }
    const events = decoded.events.map((entry) => entry.event);
    if (events.length === 0) return;
    // Synchronous, so a Ctrl-C between two lines never leaves half of one.
    appendFileSync(paths.events, events.map((event) => `${JSON.stringify(event)}\n`).join(''));
    for (const event of events) log(`${event.type} ${event.resourceId ?? ''}`.trimEnd());
  }

  /**
   * Never holds the stream back: a batch the evaluation fails on is written to the alerts' dead-letter
   * file (the daily run assesses every rule again) and the stream goes on.
   */
  async function evaluateAlerts(records: StreamRecord[]): Promise<void> {
    const work = alertWorkOf(records.filter(isAlertInput));
    const failed: Array<{ reason: string; eventIDs: Array<string | undefined> }> = work.unreadable.map(
      ({ record, reason }) => ({ reason, eventIDs: [record.eventID] }),
    );
    try {
      const result = await evaluateAlertWork(work, new AlertInputs(new Date(), timeZone));
      if (result.low + result.recovered > 0) log(`alerts: ${result.low} low, ${result.recovered} recovered`);
    } catch (error) {
      failed.push({ reason: (error as Error).message, eventIDs: records.map((record) => record.eventID) });
    }
    if (failed.length === 0) return;
    const at = new Date().toISOString();
    appendFileSync(
      paths.alertDeadLetters,
      failed.map((entry) => `${JSON.stringify({ ...entry, at })}\n`).join(''),
    );
    for (const entry of failed) log(`alerts dead letter: ${entry.reason}`);
  }

  /** One GetRecords per open shard; true when a shard closed (its children may be ready). */
  async function pollShards(): Promise<boolean> {
    let closed = false;
    for (const [shardId, state] of shards) {
      if (state.done || stopped) continue;
      if (!state.iterator) state.iterator = await resume(shardId);
      let result: GetRecordsCommandOutput;
      try {
        result = await streams.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: 1000 }));
      } catch (error) {
        if ((error as Error).name !== 'ExpiredIteratorException') throw error;
        state.iterator = undefined;
        continue;
      }
      const records = result.Records ?? [];
      if (records.length > 0) {
        await project(records);
        checkpoint.shards[shardId] = records.at(-1)!.dynamodb!.SequenceNumber!;
        writeCheckpoint(paths.streamCheckpoint, checkpoint);
      }
      state.iterator = result.NextShardIterator;
      if (!state.iterator) {
        state.done = true;
        closed = true;
      }
    }
    return closed;
  }

  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  await discover();
  const loop = (async () => {
    let lastDiscovery = Date.now();
    let failures = 0;
    while (!stopped) {
      try {
        const closed = await pollShards();
        if (closed || Date.now() - lastDiscovery > rediscoverEveryMs) {
          await discover();
          lastDiscovery = Date.now();
        }
        failures = 0;
      } catch (error) {
        failures += 1;
        if (!stopped && failures <= 3) log(`polling failed, retrying: ${(error as Error).message}`);
      }
      if (!stopped) await sleep(failures > 0 ? Math.min(5000, intervalMs * 2 ** failures) : intervalMs);
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      streams.destroy();
    },
  };
}
