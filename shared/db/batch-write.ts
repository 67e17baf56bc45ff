/** BatchWriteItem in chunks of 25, retrying unprocessed items with backoff: bulk puts and deletes off the request's transaction. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { markWriteCommitted, markWriteFailed } from './write-outcome';

export type WriteRequest =
  { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

export async function batchWrite(
  requests: readonly WriteRequest[],
  client: DynamoDBDocumentClient = db(),
  table: string = tableName(),
): Promise<void> {
  for (let start = 0; start < requests.length; start += 25) {
    let pending: WriteRequest[] | undefined = requests.slice(start, start + 25);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
      const result = await client
        .send(new BatchWriteCommand({ RequestItems: { [table]: pending as never } }))
        .catch((error: unknown) => {
          markWriteFailed(error);
          throw error;
        });
      const unprocessed = result.UnprocessedItems?.[table] as WriteRequest[] | undefined;
      // Only what comes back unprocessed was not written.
      if ((unprocessed?.length ?? 0) < pending.length) markWriteCommitted();
      pending = unprocessed;
    }
  }
}
