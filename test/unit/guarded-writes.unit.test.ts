/**
 * Under a pending idempotency guard a single conditional write becomes a transaction, which returns no
 * attributes: an Update may ask for ALL_NEW (read back after the commit) or NONE, a Delete for NONE;
 * anything else is a programming error, refused before anything is sent.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../shared/db/client';
import { conditionalDelete, conditionalUpdate } from '../../shared/db/transactions';
import type { TransactItem } from '../../shared/db/transactions';
import { newRequestWrites, recordingWrites } from '../../shared/db/write-outcome';

const guard: TransactItem = {
  Update: {
    TableName: 'table',
    Key: { PK: 'IDEMPOTENCY#x', SK: 'IDEMPOTENCY' },
    UpdateExpression: 'SET #state = :committed',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':committed': 'committed' },
  },
};
const key = { PK: 'MANIFEST#1', SK: 'MANIFEST' };
const guarded = <T>(work: () => Promise<T>) => recordingWrites(newRequestWrites(guard), work);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('values asked back of a guarded write', () => {
  it.each(['ALL_OLD', 'UPDATED_OLD', 'UPDATED_NEW'] as const)(
    'an Update asking %s under a guard is refused before anything is sent',
    async (returnValues) => {
      const send = vi.spyOn(db(), 'send');
      await expect(
        guarded(() =>
          conditionalUpdate({
            TableName: 'table',
            Key: key,
            UpdateExpression: 'ADD version :one',
            ExpressionAttributeValues: { ':one': 1 },
            ReturnValues: returnValues,
          }),
        ),
      ).rejects.toThrow(`cannot return ${returnValues}`);
      expect(send).not.toHaveBeenCalled();
    },
  );

  it('a Delete asking ALL_OLD under a guard is refused before anything is sent', async () => {
    const send = vi.spyOn(db(), 'send');
    await expect(
      guarded(() => conditionalDelete({ TableName: 'table', Key: key, ReturnValues: 'ALL_OLD' })),
    ).rejects.toThrow('cannot return ALL_OLD');
    expect(send).not.toHaveBeenCalled();
  });

  it('an Update asking ALL_NEW under a guard is one transaction carrying the guard, then a consistent read', async () => {
    const sent: Array<{ name: string; input: Record<string, unknown> }> = [];
    vi.spyOn(db(), 'send').mockImplementation((async (command: {
      constructor: { name: string };
      input: Record<string, unknown>;
    }) => {
      sent.push({ name: command.constructor.name, input: command.input });
      return command.constructor.name === 'GetCommand' ? { Item: { ...key, version: 2 } } : {};
    }) as never);
    const answer = await guarded(() =>
      conditionalUpdate({
        TableName: 'table',
        Key: key,
        UpdateExpression: 'ADD version :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    expect(answer).toEqual({ ...key, version: 2 });
    expect(sent.map((command) => command.name)).toEqual(['TransactWriteCommand', 'GetCommand']);
    const items = sent[0]!.input.TransactItems as TransactItem[];
    expect(items).toHaveLength(2);
    expect(items[1]).toBe(guard);
    expect(items[0]!.Update).not.toHaveProperty('ReturnValues');
    expect(sent[1]!.input).toMatchObject({ Key: key, ConsistentRead: true });
  });
});
