import type { DeleteCommandInput, PutCommandInput, UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { db } from './client';
import {
  ConditionFailed,
  StorageLimitExceeded,
  TransactionCancelled,
  isConditionalCheckFailed,
  toTransactionCancelled,
} from './errors';
import { RequestGuardLost, pendingGuard } from './request-guard';
import type { GuardRecord } from './request-guard';
import type { TransactItem } from './transact-item';
import { markWriteCommitted, markWriteFailed } from './write-outcome';

export type { TransactItem };

/**
 * A transaction's items, each under a name, so a refused condition is reported by name, never by
 * position. Object form for fixed names (`{ vendor, codeMarker }`, undefined entries left out); tuple
 * form for names built from data (`[['stock:' + sku, item], ...]`).
 */
export type NamedItems =
  Readonly<Record<string, TransactItem | undefined>> | ReadonlyArray<readonly [string, TransactItem]>;

export type NamedItem = readonly [string, TransactItem];

/** DynamoDB's limit of items in one TransactWriteItems call. */
export const maxTransactionItems = 100;

export function namedEntries(items: NamedItems): Array<readonly [string, TransactItem]> {
  const entries = Array.isArray(items)
    ? (items as ReadonlyArray<readonly [string, TransactItem]>)
    : Object.entries(items as Record<string, TransactItem | undefined>).filter(
        (entry): entry is [string, TransactItem] => entry[1] !== undefined,
      );
  const seen = new Set<string>();
  for (const [name] of entries) {
    if (seen.has(name)) throw new Error(`Two transaction items are named ${name}`);
    seen.add(name);
  }
  return [...entries];
}

/**
 * One atomic write of up to 100 named items; a refusal becomes TransactionCancelled naming each item.
 * The request's idempotency guard, while pending, rides along as the item named `idempotency`. The
 * outcome (committed, or failed without an answer) goes into the request's record (write-outcome).
 */
export async function transactWrite(items: NamedItems, clientRequestToken?: string): Promise<void> {
  const entries = namedEntries(items);
  if (entries.length === 0) return;
  const guard = pendingGuard();
  if (guard) entries.push(['idempotency', guard]);
  if (entries.length > maxTransactionItems) {
    throw new StorageLimitExceeded(
      `A transaction holds at most ${maxTransactionItems} items, got ${entries.length}`,
    );
  }
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: entries.map(([, item]) => item),
        ClientRequestToken: clientRequestToken,
      }),
    );
  } catch (error) {
    const cancelled = toTransactionCancelled(
      error,
      entries.map(([name]) => name),
    );
    if (cancelled?.refused('idempotency')) {
      const record = cancelled.reasons.find((reason) => reason.name === 'idempotency')?.item;
      throw new RequestGuardLost((record ?? {}) as GuardRecord);
    }
    // Without an answer the write may have committed: the guard stays on every later write of the
    // request, so a second application is refused, and the claim is not released.
    if (!cancelled) markWriteFailed(error);
    throw cancelled ?? error;
  }
  markWriteCommitted();
}

/** A single conditional write, as a transaction when the request's guard must ride along. */
async function guardedSingleWrite(item: TransactItem): Promise<void> {
  try {
    await transactWrite([['item', item]]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.refused('item')) {
      throw new ConditionFailed(error.reasons.find((reason) => reason.name === 'item')?.item);
    }
    throw error;
  }
}

/** A refused condition as ConditionFailed; any other failure recorded (it may have committed) and kept. */
function refusalOf(error: unknown): unknown {
  if (isConditionalCheckFailed(error)) return new ConditionFailed(error.Item);
  markWriteFailed(error);
  return error;
}

/** Put, Update and Delete with a condition: a refused condition becomes ConditionFailed (with the item when asked). */
export async function conditionalPut(input: PutCommandInput): Promise<void> {
  if (pendingGuard())
    return guardedSingleWrite({ Put: { ...input, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } });
  try {
    await db().send(new PutCommand({ ReturnValuesOnConditionCheckFailure: 'ALL_OLD', ...input }));
  } catch (error) {
    throw refusalOf(error);
  }
  markWriteCommitted();
}

/**
 * What a guarded single write can answer. The guard makes it a transaction, and TransactWriteItems
 * returns no attributes: the item as written (`ALL_NEW`) is read back (consistently) after the commit,
 * which is all an Update can offer there; answers of the item as it was (`ALL_OLD`, `UPDATED_OLD`) or of
 * some attributes only cannot be given, so asking for them under a guard is a programming error.
 */
function guardedReturnValues(
  operation: 'Update' | 'Delete',
  returnValues: string | undefined,
): 'NONE' | 'ALL_NEW' {
  if (returnValues === undefined || returnValues === 'NONE') return 'NONE';
  if (operation === 'Update' && returnValues === 'ALL_NEW') return 'ALL_NEW';
  throw new Error(
    `A ${operation} carrying the request's idempotency guard cannot return ${returnValues}: ${
      operation === 'Update' ? 'only ALL_NEW (read back after the commit) or NONE' : 'only NONE'
    }; write it outside the guard (withoutRequestGuard) if it is bookkeeping, or read the item yourself`,
  );
}

/** The item as the guarded write left it: a consistent read right after the commit. */
async function readBack(input: UpdateCommandInput): Promise<Record<string, unknown> | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: input.TableName, Key: input.Key, ConsistentRead: true }),
  );
  return result.Item;
}

export async function conditionalUpdate(
  input: UpdateCommandInput,
): Promise<Record<string, unknown> | undefined> {
  if (pendingGuard()) {
    // The guard rides along whatever the caller asked back: a write that answers values is still the change.
    const returnValues = guardedReturnValues('Update', input.ReturnValues);
    const { ReturnValues: _asked, ...write } = input;
    await guardedSingleWrite({
      Update: { ...write, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } as TransactItem['Update'],
    });
    return returnValues === 'ALL_NEW' ? readBack(input) : undefined;
  }
  try {
    const result = await db().send(
      new UpdateCommand({ ReturnValuesOnConditionCheckFailure: 'ALL_OLD', ...input }),
    );
    markWriteCommitted();
    return result.Attributes;
  } catch (error) {
    throw refusalOf(error);
  }
}

export async function conditionalDelete(
  input: DeleteCommandInput,
): Promise<Record<string, unknown> | undefined> {
  if (pendingGuard()) {
    guardedReturnValues('Delete', input.ReturnValues);
    const { ReturnValues: _asked, ...write } = input;
    await guardedSingleWrite({
      Delete: { ...write, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } as TransactItem['Delete'],
    });
    return undefined;
  }
  try {
    const result = await db().send(
      new DeleteCommand({ ReturnValuesOnConditionCheckFailure: 'ALL_OLD', ...input }),
    );
    markWriteCommitted();
    return result.Attributes;
  } catch (error) {
    throw refusalOf(error);
  }
}
