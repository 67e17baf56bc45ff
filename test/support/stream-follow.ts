/**
 * Follows the test table's stream: each `next()` answers the records written since the last one (every
 * shard, in order), without sleeps. A stream consumer in a test reads what the writes it just made put
 * on the stream, batch by batch, as the Lambda mapping or the local poller would.
 */
import type { _Record } from '@aws-sdk/client-dynamodb-streams';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import type { StreamRecord } from '../../shared/events/domain-events';
import { testTableStreamArn } from './stream-tables';

export interface StreamFollower {
  /** The records written since the last call (the first call: since the table was made). */
  next(): Promise<StreamRecord[]>;
  close(): void;
}

export async function followStream(): Promise<StreamFollower> {
  const endpoint = process.env.DYNAMODB_ENDPOINT!;
  const streams = new DynamoDBStreamsClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const streamArn = await testTableStreamArn();
  // Per shard: where to read on, or null once a closed shard was read to its end.
  const iterators = new Map<string, string | null>();

  async function discover(): Promise<void> {
    const described = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of described.StreamDescription?.Shards ?? []) {
      if (iterators.has(shard.ShardId!)) continue;
      const opened = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shard.ShardId,
          ShardIteratorType: 'TRIM_HORIZON',
        }),
      );
      iterators.set(shard.ShardId!, opened.ShardIterator ?? null);
    }
  }

  return {
    async next() {
      await discover();
      const records: _Record[] = [];
      for (const [shardId, iterator] of iterators) {
        let current = iterator;
        while (current) {
          const page = await streams.send(new GetRecordsCommand({ ShardIterator: current, Limit: 1000 }));
          records.push(...(page.Records ?? []));
          current = page.NextShardIterator ?? null;
          if ((page.Records ?? []).length === 0) break;
        }
        iterators.set(shardId, current);
      }
      return records as StreamRecord[];
    },
    close() {
      streams.destroy();
    },
  };
}
