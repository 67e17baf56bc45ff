/**
 * The whole table as a sorted list of items, read with a client of its own (test code may Scan; the
 * service's client is the one checked for Scans).
 */
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { localDynamoClient } from '../../infra/local/dynamodb-local';

export async function tableSnapshot(
  endpoint = process.env.DYNAMODB_ENDPOINT!,
  table = process.env.TABLE_NAME!,
): Promise<string[]> {
  const client = localDynamoClient(endpoint);
  const items: string[] = [];
  let start: Record<string, never> | undefined;
  try {
    do {
      const page = await client.send(
        new ScanCommand({ TableName: table, ExclusiveStartKey: start, ConsistentRead: true }),
      );
      items.push(
        ...(page.Items ?? []).map((item) => JSON.stringify(Object.fromEntries(Object.entries(item).sort()))),
      );
      start = page.LastEvaluatedKey as typeof start;
    } while (start);
  } finally {
    client.destroy();
  }
  return items.sort();
}
