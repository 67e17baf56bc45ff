/** Orders in a status (GSI1 ORDERS#STATUS#<id>), and moving one to another status with a history entry. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../shared/db/client';
import { historyKey, orderKey, ordersInStatus } from '../../shared/db/keys';
import { countItems } from '../../shared/db/query';
import { transactWrite } from '../../shared/db/transactions';
import { TransactionCancelled } from '../../shared/db/write-errors';
import type { HistoryEntry } from '../../shared/domain/order-history';
import { statusUsableCheck } from './status-repository';

/** Ids of up to `limit` orders in the status (the index is eventually consistent). */
export async function orderIdsInStatus(statusId: string, limit: number): Promise<string[]> {
  const result = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': ordersInStatus(statusId).pk },
      ProjectionExpression: 'id',
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map((item) => String(item.id));
}

/** Orders in the status, counted by the index without reading them back. */
export function countOrdersInStatus(statusId: string): Promise<number> {
  return countItems({ index: 'GSI1', ...ordersInStatus(statusId) });
}

export type MoveOutcome = 'moved' | 'not-in-status' | 'target-unusable';

/**
 * Items: [order header (still in `from`), history entry, target status check (custom targets only)].
 * An order that left the status meanwhile (or a transaction conflict) is not moved; the caller re-queries.
 */
export async function moveOrderToStatus(
  orderId: string,
  move: { from: string; to: string; at: string },
  entry: HistoryEntry,
): Promise<MoveOutcome> {
  const targetCheck = statusUsableCheck(move.to);
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: orderKey(orderId),
          UpdateExpression: 'SET statusId = :to, GSI1PK = :index, version = version + :one, updatedAt = :at',
          ConditionExpression: 'attribute_exists(PK) AND statusId = :from',
          ExpressionAttributeValues: {
            ':to': move.to,
            ':from': move.from,
            ':at': move.at,
            ':one': 1,
            // The status partition of the order's index keys (orderIndexKeys); its sort key stays.
            ':index': ordersInStatus(move.to).pk,
          },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...historyKey(orderId, entry), entity: 'order-history', ...entry },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      ...(targetCheck ? [targetCheck] : []),
    ]);
    return 'moved';
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    return error.failedConditions().includes(2) ? 'target-unusable' : 'not-in-status';
  }
}
