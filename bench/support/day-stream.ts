/**
 * The table's stream read back whole, beside the local stream poller: every shard from its start, again
 * and again from where the last read stopped, until the poller's checkpoint has passed every record read
 * and a further read finds nothing new (the poller's own writes, aggregate cells and alert standings, make
 * records too). Each record is kept only as what the projector makes of it: its event, or none.
 */
import { readFileSync } from 'node:fs';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { _Record } from '@aws-sdk/client-dynamodb-streams';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { localDynamoClient } from '../../infra/local/dynamodb-local';
import type { DomainEvent, StreamRecord } from '../../shared/events/domain-events';
import { toDomainEvent } from '../../shared/events/domain-events';

export interface StreamRead {
  records: number;
  /** Events the projector makes of the records, by record id. */
  publishing: Map<string, DomainEvent>;
  undecodable: Array<{ eventID: string; reason: string }>;
  drainMs: number;
}

interface Checkpoint {
  shards: Record<string, string | null>;
}

const sequenceAtLeast = (a: string | null | undefined, b: string) =>
  a !== null && a !== undefined && BigInt(a) >= BigInt(b);

export async function readStreamAfterPoller(
  endpoint: string,
  tableName: string,
  checkpointFile: string,
  timeoutMs: number,
): Promise<StreamRead> {
  const started = Date.now();
  const dynamo = localDynamoClient(endpoint);
  const streams = new DynamoDBStreamsClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const read: StreamRead = { records: 0, publishing: new Map(), undecodable: [], drainMs: 0 };
  const lastSequence = new Map<string, string>();
  try {
    const table = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
    const streamArn = table.Table!.LatestStreamArn!;

    /** Reads every shard from where the last pass stopped; answers how many records were new. */
    const pass = async (): Promise<number> => {
      let fresh = 0;
      let start: string | undefined;
      do {
        const page = await streams.send(
          new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }),
        );
        for (const shard of page.StreamDescription?.Shards ?? []) {
          const shardId = shard.ShardId!;
          const after = lastSequence.get(shardId);
          let iterator = (
            await streams.send(
              new GetShardIteratorCommand({
                StreamArn: streamArn,
                ShardId: shardId,
                ShardIteratorType: after ? 'AFTER_SEQUENCE_NUMBER' : 'TRIM_HORIZON',
                SequenceNumber: after,
              }),
            )
          ).ShardIterator;
          while (iterator) {
            const result = await streams.send(
              new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }),
            );
            const records: _Record[] = result.Records ?? [];
            if (records.length === 0) break;
            for (const record of records as StreamRecord[]) {
              fresh += 1;
              try {
                const event = toDomainEvent(record);
                if (event) read.publishing.set(event.id, event);
              } catch (error) {
                read.undecodable.push({ eventID: record.eventID ?? '', reason: (error as Error).message });
              }
            }
            lastSequence.set(shardId, records.at(-1)!.dynamodb!.SequenceNumber!);
            iterator = result.NextShardIterator;
          }
        }
        start = page.StreamDescription?.LastEvaluatedShardId;
      } while (start);
      read.records += fresh;
      return fresh;
    };

    const pollerCaughtUp = () => {
      let checkpoint: Checkpoint;
      try {
        checkpoint = JSON.parse(readFileSync(checkpointFile, 'utf8')) as Checkpoint;
      } catch {
        return false;
      }
      return [...lastSequence].every(([shardId, sequence]) =>
        sequenceAtLeast(checkpoint.shards[shardId], sequence),
      );
    };

    const deadline = started + timeoutMs;
    await pass();
    for (;;) {
      while (!pollerCaughtUp()) {
        if (Date.now() > deadline)
          throw new Error(`the stream poller did not catch up within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      // The poller's last batch may have written cells and standings of its own: read once more.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if ((await pass()) === 0) break;
    }
  } finally {
    dynamo.destroy();
    streams.destroy();
  }
  read.drainMs = Date.now() - started;
  return read;
}

/** The events file, line by line. */
export function readEventsFile(file: string): DomainEvent[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as DomainEvent);
}

/** A file's JSON lines counted (the dead-letter files: none expected). */
export function lineCount(file: string): number {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}
