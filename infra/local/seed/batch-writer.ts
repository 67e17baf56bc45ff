/**
 * Writes items with BatchWriteItem, 25 per request and several requests in flight, re-sending what
 * DynamoDB leaves unprocessed after a growing pause. Items come from an iterator, so memory holds only
 * the batches in flight.
 */
import type { BatchWriteCommandOutput, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';

export const batchSize = 25;
const maxAttempts = 12;

export interface WriteOptions {
  /** Requests in flight at once. */
  concurrency: number;
  /** Called with the number of items each response confirms. */
  onWritten: (count: number) => void;
}

type Item = Record<string, unknown>;

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.min(2000, 25 * 2 ** attempt) * (0.5 + Math.random())));

async function writeBatch(
  client: DynamoDBDocumentClient,
  tableName: string,
  items: Item[],
  onWritten: (count: number) => void,
): Promise<void> {
  let pending = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt >= maxAttempts) {
      throw new Error(`DynamoDB left ${pending.length} items unprocessed after ${maxAttempts} attempts`);
    }
    if (attempt > 0) await pause(attempt);
    const result: BatchWriteCommandOutput = await client.send(
      new BatchWriteCommand({ RequestItems: { [tableName]: pending } }),
    );
    const unprocessed = (result.UnprocessedItems?.[tableName] ?? []) as typeof pending;
    onWritten(pending.length - unprocessed.length);
    pending = unprocessed;
  }
}

export async function writeAll(
  client: DynamoDBDocumentClient,
  tableName: string,
  items: Iterable<Item>,
  options: WriteOptions,
): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  const send = (batch: Item[]) => {
    const request = writeBatch(client, tableName, batch, options.onWritten)
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  let batch: Item[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length < batchSize) continue;
    send(batch);
    batch = [];
    if (inFlight.size >= options.concurrency) await Promise.race(inFlight);
    if (failure) break;
  }
  if (batch.length > 0 && !failure) send(batch);
  await Promise.all(inFlight);
  if (failure) throw failure;
}
