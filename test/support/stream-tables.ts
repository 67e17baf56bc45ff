/**
 * The test files whose table keeps a stream: those that read it (drainStream, followStream, the local
 * stream poller). Every other file's table has none: DynamoDB Local looks up a table's stream on every
 * write, at a cost that grows with every stream record the JVM holds (deleted tables' too), and a worker's
 * JVM serves dozens of files. With streams on every table the stock-slots race took 112 s after three heavy
 * files and ran out of its 120 s after the 500-SKU orders alone; 14 s without them.
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { basename } from 'node:path';
import { localDynamoClient } from '../../infra/local/dynamodb-local';

const streamReaders = new Set([
  'aggregates-generations.int.test.ts',
  'aggregates-rebuild.int.test.ts',
  'alerts-follow-inputs.int.test.ts',
  'consumer-access.int.test.ts',
  'event-time.int.test.ts',
  'file-storage-outages.int.test.ts',
  'prototype-keys.int.test.ts',
  'report-exports.int.test.ts',
  'report-workbooks.int.test.ts',
  'reports-zones.int.test.ts',
  'reports.int.test.ts',
  'stream-poller.int.test.ts',
]);

export function keepsStream(testPath: string): boolean {
  return streamReaders.has(basename(testPath));
}

/** The test table's stream, or an error that says where to ask for one. */
export async function testTableStreamArn(): Promise<string> {
  const dynamo = localDynamoClient(process.env.DYNAMODB_ENDPOINT!);
  try {
    const table = await dynamo.send(new DescribeTableCommand({ TableName: process.env.TABLE_NAME }));
    const arn = table.Table?.LatestStreamArn;
    if (!arn)
      throw new Error("This test file's table has no stream: name the file in test/support/stream-tables.ts");
    return arn;
  } finally {
    dynamo.destroy();
  }
}
