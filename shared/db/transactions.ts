import type {
  DeleteCommandInput,
  PutCommandInput,
  TransactWriteCommandInput,
  UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
import { markWriteCommitted, markWriteFailed } from './write-outcome';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

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

export async function conditionalUpdate(
  input: UpdateCommandInput,
): Promise<Record<string, unknown> | undefined> {
  if (pendingGuard() && input.ReturnValues === undefined) {
    await guardedSingleWrite({
      Update: { ...input, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } as TransactItem['Update'],
    });
    return undefined;
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
  if (pendingGuard() && input.ReturnValues === undefined) {
    await guardedSingleWrite({
      Delete: { ...input, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } as TransactItem['Delete'],
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
