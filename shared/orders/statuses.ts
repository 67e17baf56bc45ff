/**
 * Order statuses as the order writer needs them: built-in ones from code, custom ones read
 * consistently, and the check that a custom status an order enters is not being deleted.
 */
import { tableName } from '../db/client';
import { allStatuses, statusKey } from '../db/keys';
import { getItem, getItems, queryAll } from '../db/query';
import type { TransactItem } from '../db/transactions';
import type { OrderStatus } from '../domain/order-status';
import { builtInStatus, builtInStatuses } from '../domain/order-status';
import { cachedReference, forgetReference } from '../reference/cache';

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

/**
 * Every built-in status and the custom ones named, as reference data: each custom status read once per
 * container and kept for at most shared/reference/cache's bound (one consistent BatchGetItem for those
 * not kept). A status being deleted is refused at the commit by statusUsableCheck, not by this read.
 */
export async function resolveStatuses(ids: Iterable<string>): Promise<Map<string, OrderStatus>> {
  const statuses = new Map(builtInStatuses.map((status) => [status.id, status]));
  const custom = [...new Set(ids)].filter((id) => !statuses.has(id));
  if (custom.length === 0) return statuses;
  let batch: Promise<Map<string, OrderStatus>> | undefined;
  const readMissing = () =>
    (batch ??= getItems(custom.map(statusKey), true).then(
      (items) => new Map(items.map((item) => [String(item.id), toStatus(item)])),
    ));
  const found = await Promise.all(
    custom.map((id) =>
      cachedReference(
        `status:${id}`,
        async () => (await readMissing()).get(id),
        (status) => status !== undefined,
      ),
    ),
  );
  for (const status of found) if (status) statuses.set(status.id, status);
  return statuses;
}

/** A custom status changed in this container (created, deleted): its next reads see it at once. */
export function forgetStatus(id: string): void {
  forgetReference(`status:${id}`);
  forgetReference(customListName);
}

const customListName = 'status-list:custom';

/**
 * Every custom status (a report's list of the statuses of some categories), as reference data: kept per
 * container for at most the cache's bound, so a status created elsewhere moments ago may be missing
 * within it; this container's own creates and deletes drop it (forgetStatus).
 */
export function customStatuses(): Promise<OrderStatus[]> {
  return cachedReference(customListName, async () => (await queryAll(allStatuses())).map(toStatus));
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
