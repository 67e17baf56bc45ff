/**
 * Custom statuses in the single table (keys in shared/db/keys.ts), with their name markers, and the
 * deletion fence: while a status is being deleted, no order or rule may start using it.
 */
import { tableName } from '../../shared/db/client';
import { allStatuses, statusIndexKeys, statusKey, statusNameKey } from '../../shared/db/keys';
import { getItem, queryAll } from '../../shared/db/query';
import type { TransactItem } from '../../shared/db/transactions';
import { conditionalUpdate, transactWrite } from '../../shared/db/transactions';
import type { OrderStatus } from '../../shared/domain/order-status';
import { builtInStatus } from '../../shared/domain/order-status';

const resourceFields = ['id', 'name', 'category', 'allowBackorder', 'builtIn', 'color', 'createdAt'] as const;

function toStatus(item: Record<string, unknown>): OrderStatus {
  return Object.fromEntries(
    resourceFields.filter((field) => item[field] !== undefined).map((field) => [field, item[field]]),
  ) as unknown as OrderStatus;
}

export async function findCustomStatus(id: string, consistent = false): Promise<OrderStatus | undefined> {
  const item = await getItem(statusKey(id), consistent);
  return item ? toStatus(item) : undefined;
}

/** A built-in status, or a custom one (being deleted or not). */
export async function resolveStatus(id: string): Promise<OrderStatus | undefined> {
  return builtInStatus(id) ?? (await findCustomStatus(id, true));
}

/** Custom statuses by name (a small, bounded set). */
export async function listCustomStatuses(): Promise<OrderStatus[]> {
  return (await queryAll({ index: 'GSI1', ...allStatuses() })).map(toStatus);
}

/** Items: [status, name marker]. */
export async function insertStatus(status: OrderStatus): Promise<void> {
  await transactWrite([
    {
      Put: {
        TableName: tableName(),
        Item: { ...statusKey(status.id), ...statusIndexKeys(status), entity: 'status', ...status },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...statusNameKey(status.name), statusId: status.id },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ]);
}

/**
 * For every write that puts an order (or a rule) into a status: the custom status must exist and not
 * be fenced for deletion. Built-in statuses always exist: no item to check.
 */
export function statusUsableCheck(statusId: string, now = new Date()): TransactItem | undefined {
  if (builtInStatus(statusId)) return undefined;
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: statusKey(statusId),
      ConditionExpression:
        'attribute_exists(PK) AND (attribute_not_exists(deletingUntil) OR deletingUntil < :now)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    },
  };
}

export interface DeletionFence {
  token: string;
  /** ISO time after which the fence no longer holds (a crashed delete cannot block a status for ever). */
  until: string;
}

/** Raises the fence; ConditionFailed when the status no longer exists. */
export async function raiseDeletionFence(statusId: string, fence: DeletionFence): Promise<void> {
  await conditionalUpdate({
    TableName: tableName(),
    Key: statusKey(statusId),
    UpdateExpression: 'SET deletingUntil = :until, deleteToken = :token',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':until': fence.until, ':token': fence.token },
  });
}

/** Lowers the fence if it is still this one (a refused or failed delete). */
export async function lowerDeletionFence(statusId: string, fence: DeletionFence): Promise<void> {
  await conditionalUpdate({
    TableName: tableName(),
    Key: statusKey(statusId),
    UpdateExpression: 'REMOVE deletingUntil, deleteToken',
    ConditionExpression: 'deleteToken = :token',
    ExpressionAttributeValues: { ':token': fence.token },
  });
}

/** Items: [status (while this fence still holds), name marker]. */
export async function deleteFencedStatus(
  status: OrderStatus,
  fence: DeletionFence,
  now = new Date(),
): Promise<void> {
  await transactWrite([
    {
      Delete: {
        TableName: tableName(),
        Key: statusKey(status.id),
        ConditionExpression: 'deleteToken = :token AND deletingUntil > :now',
        ExpressionAttributeValues: { ':token': fence.token, ':now': now.toISOString() },
      },
    },
    { Delete: { TableName: tableName(), Key: statusNameKey(status.name) } },
  ]);
}
