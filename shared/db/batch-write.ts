/**
 * BatchWriteItem for bulk puts and deletes off a request's transaction: batches of 25 (DynamoDB's limit),
 * `parallelBatches` of them in flight at once, and the items a batch leaves unprocessed (DynamoDB's answer
 * to throttling) sent again by the one retry policy, which answers 503 when they outlast its deadline.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { UnprocessedWrites } from './errors';
import { inParallel } from './parallel';
import { withRetry } from './retry';
import { markWriteCommitted, markWriteFailed } from './write-outcome';

export type WriteRequest =
  { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/** DynamoDB's most requests in one BatchWriteItem. */
export const batchWriteSize = 25;
/**
 * Batches in flight at once: 8 × 25 items keep a 10,000-item write to a few seconds of round trips, and a
 * throttled share comes back as unprocessed items to send again rather than failing the rest.
 */
export const parallelBatches = 8;

export async function batchWrite(
  requests: readonly WriteRequest[],
  client: DynamoDBDocumentClient = db(),
  table: string = tableName(),
): Promise<void> {
  const batches: WriteRequest[][] = [];
  for (let start = 0; start < requests.length; start += batchWriteSize) {
    batches.push(requests.slice(start, start + batchWriteSize));
  }
  // Puts and deletes without conditions: sending one again is harmless, so each batch's retries go on
  // after a partial write or an unanswered send. The request's write record learns the outcome once,
  // at the end, outside those retries (it would stop them).
  let wrote = false;
  let unanswered: unknown;
  try {
    await inParallel(batches, parallelBatches, async (batch) => {
      let pending = batch;
      let lastSendFailure: unknown;
      try {
        await withRetry({ what: 'A batch of writes' }, async () => {
          const result = await client
            .send(new BatchWriteCommand({ RequestItems: { [table]: pending as never } }))
            .catch((error: unknown) => {
              lastSendFailure = error;
              throw error;
            });
          lastSendFailure = undefined;
          const unprocessed = result.UnprocessedItems?.[table] as WriteRequest[] | undefined;
          if ((unprocessed?.length ?? 0) < pending.length) wrote = true;
          if (unprocessed && unprocessed.length > 0) {
            pending = unprocessed;
            throw new UnprocessedWrites(unprocessed.length);
          }
        });
      } catch (error) {
        // The batch ended on a send that got no answer: some of it may have been written.
        if (lastSendFailure !== undefined) unanswered = lastSendFailure;
        throw error;
      }
    });
  } catch (error) {
    if (unanswered !== undefined) markWriteFailed(unanswered);
    throw error;
  } finally {
    if (wrote) markWriteCommitted();
  }
}
