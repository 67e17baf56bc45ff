import type {
  DeleteCommandInput,
  PutCommandInput,
  TransactWriteCommandInput,
  UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './client';
import { ConditionFailed, isConditionalCheckFailed, toTransactionCancelled } from './write-errors';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit of items in one TransactWriteItems call. */
export const maxTransactionItems = 100;

/** One atomic write of up to 100 items; a refused condition becomes TransactionCancelled. */
export async function transactWrite(items: TransactItem[], clientRequestToken?: string): Promise<void> {
  if (items.length === 0) return;
  if (items.length > maxTransactionItems) {
    throw new RangeError(`A transaction holds at most ${maxTransactionItems} items, got ${items.length}`);
  }
  try {
    await db().send(
      new TransactWriteCommand({ TransactItems: items, ClientRequestToken: clientRequestToken }),
    );
  } catch (error) {
    throw toTransactionCancelled(error) ?? error;
  }
}

/** Put, Update and Delete with a condition: a refused condition becomes ConditionFailed (with the item when asked). */
export async function conditionalPut(input: PutCommandInput): Promise<void> {
  try {
    await db().send(new PutCommand({ ReturnValuesOnConditionCheckFailure: 'ALL_OLD', ...input }));
  } catch (error) {
    if (isConditionalCheckFailed(error)) throw new ConditionFailed(error.Item);
    throw error;
  }
}

export async function conditionalUpdate(
  input: UpdateCommandInput,
): Promise<Record<string, unknown> | undefined> {
  try {
    const result = await db().send(
      new UpdateCommand({ ReturnValuesOnConditionCheckFailure: 'ALL_OLD', ...input }),
    );
    return result.Attributes;
  } catch (error) {
    if (isConditionalCheckFailed(error)) throw new ConditionFailed(error.Item);
    throw error;
  }
}

export async function conditionalDelete(
  input: DeleteCommandInput,
): Promise<Record<string, unknown> | undefined> {
  try {
    const result = await db().send(
      new DeleteCommand({ ReturnValuesOnConditionCheckFailure: 'ALL_OLD', ...input }),
    );
    return result.Attributes;
  } catch (error) {
    if (isConditionalCheckFailed(error)) throw new ConditionFailed(error.Item);
    throw error;
  }
}
