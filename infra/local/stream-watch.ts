/**
 * What DynamoDB Local's stream says about the report aggregates' inputs (order headers and payments),
 * for the rebuild: how many changes the local poller has not counted yet (after its checkpoint: after a
 * switch it would count them into a generation whose recount already holds them), and how many were
 * committed after the watch began (the recount may miss or repeat them). Each read goes through every
 * shard to its end: a few seconds for a 2,000-order seed's stream.
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { _Record, ShardIteratorType } from '@aws-sdk/client-dynamodb-streams';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { withoutSdkLogging } from '../../shared/logging/sdk-logging';
import { localDynamoClient } from './dynamodb-local';
import { readCheckpoint } from './stream-checkpoint';

export interface AggregateInputWatch {
  /** Order and payment changes after the poller's checkpoint: what its next start would count. */
  uncounted: number;
  /** Order and payment changes committed since the watch began. */
  changesSince(): Promise<number>;
  close(): void;
}

/** A change the aggregates count: an order header or a payment (the keys the consumer's filter passes). */
export function isAggregateInput(record: _Record): boolean {
  const keys = record.dynamodb?.Keys;
  const pk = keys?.PK?.S ?? '';
  const sk = keys?.SK?.S ?? '';
  return pk.startsWith('ORDER#') && (sk === 'A#ORDER' || sk.startsWith('A#PAYMENT#'));
}

export async function watchAggregateInputs(options: {
  endpoint: string;
  tableName: string;
  /** The local poller's checkpoint file; without one (or of another stream) its next start reads from the end. */
  checkpointFile?: string;
}): Promise<AggregateInputWatch> {
  const dynamo = localDynamoClient(options.endpoint);
  const streams = withoutSdkLogging(
    new DynamoDBStreamsClient({
      endpoint: options.endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  try {
    const table = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
    const streamArn = table.Table?.LatestStreamArn;
    if (!streamArn) throw new Error(`Table ${options.tableName} has no stream`);

    const shardIds = async () => {
      const ids: string[] = [];
      let start: string | undefined;
      do {
        const page = await streams.send(
          new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }),
        );
        ids.push(...(page.StreamDescription?.Shards ?? []).map((shard) => shard.ShardId!));
        start = page.StreamDescription?.LastEvaluatedShardId;
      } while (start);
      return ids;
    };

    /** Reads a shard to its end from after `from` (its start without): its last sequence number, and the inputs read. */
    const readShard = async (shardId: string, from: string | undefined) => {
      const type: ShardIteratorType = from ? 'AFTER_SEQUENCE_NUMBER' : 'TRIM_HORIZON';
      let iterator = (
        await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: shardId,
            ShardIteratorType: type,
            SequenceNumber: from,
          }),
        )
      ).ShardIterator;
      let last = from;
      let inputs = 0;
      while (iterator) {
        const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        const records = page.Records ?? [];
        if (records.length === 0) break;
        inputs += records.filter(isAggregateInput).length;
        last = records.at(-1)!.dynamodb!.SequenceNumber!;
        iterator = page.NextShardIterator;
      }
      return { last, inputs };
    };

    const saved = readCheckpoint(options.checkpointFile ?? '');
    const checkpoint = saved?.streamArn === streamArn ? saved : undefined;
    const start = new Map<string, string | undefined>();
    let uncounted = 0;
    for (const shardId of await shardIds()) {
      // With a checkpoint the poller resumes after its position (from the start of a shard it has none
      // for); without one its next start reads from the end, so nothing there is left to count.
      const read = await readShard(shardId, checkpoint?.shards[shardId] ?? undefined);
      if (checkpoint) uncounted += read.inputs;
      start.set(shardId, read.last);
    }

    return {
      uncounted,
      async changesSince() {
        let changes = 0;
        for (const shardId of await shardIds()) {
          changes += (await readShard(shardId, start.get(shardId))).inputs;
        }
        return changes;
      },
      close() {
        streams.destroy();
      },
    };
  } catch (error) {
    streams.destroy();
    throw error;
  } finally {
    dynamo.destroy();
  }
}
