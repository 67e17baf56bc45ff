/**
 * Order statuses as the order writer needs them: built-in ones from code, custom ones read
 * consistently, and the check that a custom status an order enters is not being deleted.
 */
import { tableName } from '../db/client';
import { statusKey } from '../db/keys';
import { getItem, getItems } from '../db/query';
import type { TransactItem } from '../db/transactions';
import type { OrderStatus } from '../domain/order-status';
import { builtInStatus, builtInStatuses } from '../domain/order-status';

const resourceFields = ['id', 'name', 'category', 'allowBackorder', 'builtIn', 'color', 'createdAt'] as const;

export function toStatus(item: Record<string, unknown>): OrderStatus {
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

/** Every built-in status and the custom ones named (one consistent BatchGetItem). */
export async function resolveStatuses(ids: Iterable<string>): Promise<Map<string, OrderStatus>> {
  const statuses = new Map(builtInStatuses.map((status) => [status.id, status]));
  const custom = [...new Set(ids)].filter((id) => !statuses.has(id));
  for (const item of await getItems(custom.map(statusKey), true)) {
    const status = toStatus(item);
    statuses.set(status.id, status);
  }
  return statuses;
}

/**
 * For every write that puts an order (or a rule) into a status: the custom status must exist and not
 * be fenced for deletion. Built-in statuses always exist: no item to check. Only entering a status
 * needs it, so orders that stay in a status never touch the status item.
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
