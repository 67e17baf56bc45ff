/**
 * Reads the test table's whole stream, every shard from its start to the last record written, and hands
 * the records to a consumer: deterministic, no polling and no sleeps. Calling it again reads everything
 * again, as a replay of the stream would.
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

export async function drainStream(consume: (records: StreamRecord[]) => Promise<unknown>): Promise<number> {
  const endpoint = process.env.DYNAMODB_ENDPOINT!;
  const streams = new DynamoDBStreamsClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const streamArn = await testTableStreamArn();
    const described = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    let count = 0;
    for (const shard of described.StreamDescription?.Shards ?? []) {
      let iterator = (
        await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: shard.ShardId,
            ShardIteratorType: 'TRIM_HORIZON',
          }),
        )
      ).ShardIterator;
      while (iterator) {
        const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        const records: _Record[] = page.Records ?? [];
        if (records.length === 0) break;
        count += records.length;
        await consume(records as StreamRecord[]);
        iterator = page.NextShardIterator;
      }
    }
    return count;
  } finally {
    streams.destroy();
  }
}
