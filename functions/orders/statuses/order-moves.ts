/**
 * Orders in a status (GSI1, sharded by order id: every shard and the legacy partition, ordersInStatusPartitions),
 * and moving one to another status with a history entry.
 */
import { ordersInStatusPartitions } from '../../../shared/db/keys';
import { anyItemIn, countEveryPartition } from '../../../shared/db/every-partition';
import { queryMergedPages } from '../../../shared/db/merged-pages';
import { Conflict } from '../../../shared/errors';
import { draftOf } from '../../../shared/orders/decide';
import { commitOrderChange } from '../../../shared/orders/writer';

/**
 * Ids of up to `limit` orders in the status, oldest first across every partition (the index is eventually
 * consistent). Moving an order takes it out of every partition of the status, so a mover asks again from
 * the start rather than keep a cursor: what it gets is always what is left.
 */
export async function orderIdsInStatus(statusId: string, limit: number): Promise<string[]> {
  const page = await queryMergedPages({
    partitions: ordersInStatusPartitions(statusId),
    limit,
    scope: 'internal',
  });
  return page.items.map((item) => String(item.id));
}

/** Whether any order is in the status, in any partition. */
export function anyOrderInStatus(statusId: string): Promise<boolean> {
  return anyItemIn(ordersInStatusPartitions(statusId));
}

/** Orders in the status, counted by the index without reading them back. */
export function countOrdersInStatus(statusId: string): Promise<number> {
  return countEveryPartition(ordersInStatusPartitions(statusId));
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
