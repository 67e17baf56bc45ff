/**
 * Custom statuses in the single table (keys in shared/db/keys.ts), with their name markers, and the
 * deletion fence: while a status is being deleted, no order or rule may start using it.
 */
import { tableName } from '../../../shared/db/client';
import { allStatuses, statusIndexKeys, statusKey, statusNameKey } from '../../../shared/db/keys';
import type { Page } from '../../../shared/db/query';
import { equalsFilter, queryPage } from '../../../shared/db/query';
import { withoutRequestGuard } from '../../../shared/db/request-guard';
import { conditionalUpdate, transactWrite } from '../../../shared/db/transactions';
import type { OrderStatus } from '../../../shared/domain/order-status';
import { toStatus } from '../../../shared/orders/statuses';

/** One page of custom statuses by name, optionally of one category. */
export async function customStatusPage(
  category: string | undefined,
  limit: number,
  cursor: string | undefined,
  scope: string,
): Promise<Page<OrderStatus>> {
  const page = await queryPage({
    ...allStatuses(),
    filter: equalsFilter({ category }),
    limit,
    cursor,
    scope,
  });
  return { items: page.items.map(toStatus), nextCursor: page.nextCursor };
}

export async function insertStatus(status: OrderStatus): Promise<void> {
  await transactWrite({
    status: {
      Put: {
        TableName: tableName(),
        Item: { ...statusKey(status.id), ...statusIndexKeys(status), entity: 'status', ...status },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    nameMarker: {
      Put: {
        TableName: tableName(),
        Item: { ...statusNameKey(status.name), statusId: status.id },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  });
}

export interface DeletionFence {
  token: string;
  /** ISO time after which the fence no longer holds (a crashed delete cannot block a status for ever). */
  until: string;
}

/**
 * Raises the fence; ConditionFailed when the status no longer exists. A lock that expires by itself,
 * not the change: kept out of the request's write record (a failure after it changed nothing).
 */
export async function raiseDeletionFence(statusId: string, fence: DeletionFence): Promise<void> {
  await withoutRequestGuard(() =>
    conditionalUpdate({
      TableName: tableName(),
      Key: statusKey(statusId),
      UpdateExpression: 'SET deletingUntil = :until, deleteToken = :token',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':until': fence.until, ':token': fence.token },
    }),
  );
}

/** Lowers the fence if it is still this one (a refused or failed delete). */
export async function lowerDeletionFence(statusId: string, fence: DeletionFence): Promise<void> {
  await withoutRequestGuard(() =>
    conditionalUpdate({
      TableName: tableName(),
      Key: statusKey(statusId),
      UpdateExpression: 'REMOVE deletingUntil, deleteToken',
      ConditionExpression: 'deleteToken = :token',
      ExpressionAttributeValues: { ':token': fence.token },
    }),
  );
}

/** The status (while this fence still holds) and its name marker. */
export async function deleteFencedStatus(
  status: OrderStatus,
  fence: DeletionFence,
  now = new Date(),
): Promise<void> {
  await transactWrite({
    status: {
      Delete: {
        TableName: tableName(),
        Key: statusKey(status.id),
        ConditionExpression: 'deleteToken = :token AND deletingUntil > :now',
        ExpressionAttributeValues: { ':token': fence.token, ':now': now.toISOString() },
      },
    },
    nameMarker: { Delete: { TableName: tableName(), Key: statusNameKey(status.name) } },
  });
}
