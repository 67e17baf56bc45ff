/**
 * Returns in the single table (keys in shared/db/keys/returns.ts): each in its order's partition with
 * `entity: 'order-return'` and `eventType` naming its last transition, so the stream projector publishes
 * one return.* event per operation. The order's RETURNS guard carries a version that every change of
 * the units its returns claim moves (a new return, a decline, a delete).
 */
import { tableName } from '../../../shared/db/client';
import { orderKey, orderReturnKey, orderReturnsGuardKey, returnsOfOrder } from '../../../shared/db/keys';
import type { Page } from '../../../shared/db/query';
import { getItem, queryAll, queryPage } from '../../../shared/db/query';
import { toResource } from '../../../shared/db/resource';
import type { NamedItem } from '../../../shared/db/transactions';
import { transactWrite } from '../../../shared/db/transactions';
import type { OrderReturn } from '../../../shared/domain/returns';
import { returnSchema } from '../../../shared/domain/returns';
import { returnsGuardItem } from '../../../shared/returns/claims';

export { returnsGuardVersion as guardVersion } from '../../../shared/returns/claims';

function toReturn(item: Record<string, unknown>): OrderReturn {
  const ret = toResource(returnSchema, item);
  // Refunds recorded before part-paid orders were credited carry no `credited`: none was.
  return { ...ret, refunds: ret.refunds.map((refund) => ({ ...refund, credited: refund.credited ?? 0 })) };
}

export async function findReturn(orderId: string, returnId: string): Promise<OrderReturn | undefined> {
  const item = await getItem(orderReturnKey(orderId, returnId), true);
  return item ? toReturn(item) : undefined;
}

/** Every return of the order (a bounded set: at most one per shipped unit). */
export async function allReturns(orderId: string): Promise<OrderReturn[]> {
  const items = await queryAll({ ...returnsOfOrder(orderId), consistent: true });
  return items.map(toReturn);
}

/** Newest first: return ids are ULIDs, so the key order is the order of creation. */
export async function returnsPage(
  orderId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<OrderReturn>> {
  const result = await queryPage({
    ...returnsOfOrder(orderId),
    limit: page.limit,
    cursor: page.cursor,
    scope: `order-returns|${orderId}`,
    ascending: false,
    consistent: true,
  });
  return { items: result.items.map(toReturn), nextCursor: result.nextCursor };
}

/** Moves the guard from the version read: refused as `returns-guard` when another change moved it first. */
function guardMove(orderId: string, readVersion: number): NamedItem {
  return [
    returnsGuardItem,
    {
      Put: {
        TableName: tableName(),
        Item: { ...orderReturnsGuardKey(orderId), version: readVersion + 1 },
        ConditionExpression: readVersion === 0 ? 'attribute_not_exists(PK)' : 'version = :read',
        ...(readVersion === 0 ? {} : { ExpressionAttributeValues: { ':read': readVersion } }),
      },
    },
  ];
}

/**
 * The return as written by a transition, on the version read: refused as `return` when another change
 * wrote it first (or, for a new one, when it exists).
 */
export function returnPut(
  next: OrderReturn & { eventType: string },
  readVersion: number | undefined,
): NamedItem {
  return [
    'return',
    {
      Put: {
        TableName: tableName(),
        Item: { ...orderReturnKey(next.orderId, next.id), entity: 'order-return', ...next },
        ConditionExpression: readVersion === undefined ? 'attribute_not_exists(PK)' : 'version = :read',
        ...(readVersion === undefined ? {} : { ExpressionAttributeValues: { ':read': readVersion } }),
      },
    },
  ];
}

/**
 * A new return, while its order is at the version read (its shipped quantities as checked: a shipment
 * taken back meanwhile refuses it as `order`) and no other return claimed units since the guard was read.
 */
export async function insertReturn(
  ret: OrderReturn & { eventType: string },
  readOrderVersion: number,
  readGuard: number,
): Promise<void> {
  await transactWrite([
    [
      'order',
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: orderKey(ret.orderId),
          ConditionExpression: 'version = :order',
          ExpressionAttributeValues: { ':order': readOrderVersion },
        },
      },
    ],
    guardMove(ret.orderId, readGuard),
    returnPut(ret, undefined),
  ]);
}

/** A transition that changes no stock and no money; `readGuard` when it frees claimed units (decline). */
export async function replaceReturn(
  next: OrderReturn & { eventType: string },
  readVersion: number,
  readGuard?: number,
): Promise<void> {
  await transactWrite([
    ...(readGuard === undefined ? [] : [guardMove(next.orderId, readGuard)]),
    returnPut(next, readVersion),
  ]);
}

/** Deletes the return on the version read, freeing its units. */
export async function deleteReturn(ret: OrderReturn, readGuard: number): Promise<void> {
  await transactWrite([
    guardMove(ret.orderId, readGuard),
    [
      'return',
      {
        Delete: {
          TableName: tableName(),
          Key: orderReturnKey(ret.orderId, ret.id),
          ConditionExpression: 'version = :read',
          ExpressionAttributeValues: { ':read': ret.version },
        },
      },
    ],
  ]);
}
