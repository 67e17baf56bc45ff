/** Orders in a status (GSI1 ORDERS#STATUS#<id>), and moving one to another status with a history entry. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../shared/db/client';
import { ordersInStatus } from '../../../shared/db/keys';
import { countItems } from '../../../shared/db/query';
import { Conflict } from '../../../shared/errors';
import { draftOf } from '../../../shared/orders/decide';
import { commitOrderChange } from '../../../shared/orders/writer';

/** Ids of up to `limit` orders in the status (the index is eventually consistent). */
export async function orderIdsInStatus(statusId: string, limit: number): Promise<string[]> {
  const partition = ordersInStatus(statusId);
  const result = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: partition.index,
      KeyConditionExpression: `${partition.index}PK = :pk`,
      ExpressionAttributeValues: { ':pk': partition.pk },
      ProjectionExpression: 'id',
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map((item) => String(item.id));
}

/** Orders in the status, counted by the index without reading them back. */
export function countOrdersInStatus(statusId: string): Promise<number> {
  return countItems({ ...ordersInStatus(statusId) });
}

export type MoveOutcome = 'moved' | 'not-in-status' | 'target-unusable';

class NotInStatus extends Error {}

/**
 * Moves one order through the order writer (so its allocation follows the new status and the move is
 * in its history). An order that left the status meanwhile is not moved; the caller re-queries.
 */
export async function moveOrderToStatus(
  orderId: string,
  move: { from: string; to: string },
  actor: string,
): Promise<MoveOutcome> {
  try {
    await commitOrderChange({
      orderId,
      actor,
      trigger: 'order.updated',
      build(stored) {
        if (!stored || stored.order.statusId !== move.from) throw new NotInStatus();
        return {
          draft: { ...draftOf(stored.order), statusId: move.to },
          history: [],
          event: 'order.updated',
        };
      },
    });
    return 'moved';
  } catch (error) {
    if (error instanceof NotInStatus) return 'not-in-status';
    if (error instanceof Conflict && /being deleted/.test(error.message)) return 'target-unusable';
    throw error;
  }
}
