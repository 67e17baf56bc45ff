/**
 * shared/db/batch-write.ts against DynamoDB Local: batches of 25 sent several at once, and the items a
 * batch leaves unprocessed (DynamoDB's answer to throttling, injected here) sent again by the retry
 * policy until every item is written; throttling that outlasts the policy's deadline is a StorageBusy.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { batchWrite, batchWriteSize } from '../../shared/db/batch-write';
import { db, tableName } from '../../shared/db/client';
import { StorageBusy } from '../../shared/db/errors';
import { getItems } from '../../shared/db/query';
import { configureRetryPolicy } from '../../shared/db/retry';

/** While set, each BatchWriteItem writes only its first item and answers the rest unprocessed. */
let throttle: 'always' | 'once' | undefined;
let inFlight = 0;
let mostInFlight = 0;
let sent = 0;
db().middlewareStack.add(
  (next, context) => async (args) => {
    if (context.commandName !== 'BatchWriteItemCommand') return next(args);
    sent += 1;
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    try {
      const input = args.input as { RequestItems: Record<string, unknown[]> };
      const [table, requests] = Object.entries(input.RequestItems)[0]!;
      if (!throttle || requests.length === 1) return await next(args);
      if (throttle === 'once') throttle = undefined;
      const written = await next({ ...args, input: { RequestItems: { [table]: requests.slice(0, 1) } } });
      const output = { ...(written.output as object), UnprocessedItems: { [table]: requests.slice(1) } };
      return { ...written, output } as typeof written;
    } finally {
      inFlight -= 1;
    }
  },
  { step: 'initialize', name: 'unprocessedInjection' },
);
afterEach(() => {
  throttle = undefined;
  configureRetryPolicy(undefined);
});

const item = (prefix: string, index: number) => ({ PK: `BATCH#${prefix}`, SK: `N#${index}`, index });

describe('batchWrite', () => {
  it('sends its batches several at once and every unprocessed item again, until all are written', async () => {
    const items = Array.from({ length: 10 * batchWriteSize }, (_, index) => item('a', index));
    throttle = 'once';
    mostInFlight = 0;
    sent = 0;
    await batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
    expect(mostInFlight).toBeGreaterThan(1);
    // Ten batches, and the one throttled batch's 24 unprocessed items sent again.
    expect(sent).toBeGreaterThan(10);
    const stored = await getItems(
      items.map(({ PK, SK }) => ({ PK, SK })),
      true,
    );
    expect(stored).toHaveLength(items.length);
  });

  it('gives up with StorageBusy (a 503) when throttling outlasts the retry deadline', async () => {
    configureRetryPolicy({ deadlineMs: 300 });
    throttle = 'always';
    const items = Array.from({ length: batchWriteSize }, (_, index) => item('b', index));
    const failed = batchWrite(
      items.map((Item) => ({ PutRequest: { Item } })),
      db(),
      tableName(),
    );
    await expect(failed).rejects.toBeInstanceOf(StorageBusy);
    await expect(failed).rejects.toMatchObject({ kind: 'throttled' });
  });
});
