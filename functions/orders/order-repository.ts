/** Orders in the single table: the header, payments and history entries share the order's partition. */
import { tableName } from '../../shared/db/client';
import {
  historyKey,
  orderIndexKeys,
  orderKey,
  orderPartition,
  paymentKey,
  warehouseKey,
  withoutStorageAttributes,
} from '../../shared/db/keys';
import { getItem, queryAll } from '../../shared/db/query';
import type { TransactItem } from '../../shared/db/transactions';
import type { Order } from '../../shared/domain/order';
import type { HistoryEntry } from '../../shared/domain/order-history';
import type { Payment } from './order-schemas';

export interface StoredOrder {
  order: Order;
  payments: Payment[];
}

/** One Query of the order's partition (header and payments sort before the history). */
export async function loadOrder(id: string): Promise<StoredOrder | undefined> {
  const items = await queryAll({ ...orderPartition(id), consistent: true });
  const header = items.find((item) => item.SK === 'A#ORDER');
  if (!header) return undefined;
  const payments = items
    .filter((item) => String(item.SK).startsWith('A#PAYMENT#'))
    .map((item) => withoutStorageAttributes(item) as Payment);
  return { order: withoutStorageAttributes(header) as Order, payments };
}

/** The header, written on the version read (or only if absent when creating). */
export function orderPut(order: Order, readVersion: number | undefined): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...orderKey(order.id), ...orderIndexKeys(order), entity: 'order', ...order },
      ConditionExpression: readVersion === undefined ? 'attribute_not_exists(PK)' : 'version = :read',
      ExpressionAttributeValues: readVersion === undefined ? undefined : { ':read': readVersion },
    },
  };
}

export function paymentPut(orderId: string, payment: Payment): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...paymentKey(orderId, { at: payment.recordedAt, id: payment.id }), orderId, ...payment },
    },
  };
}

/** History entries carry an entity so the projector sees them; only those naming an event publish one. */
export function historyPut(entry: HistoryEntry): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...historyKey(entry.orderId, entry), entity: 'order-history', ...entry },
    },
  };
}

export async function warehouseExists(id: string): Promise<boolean> {
  return (await getItem(warehouseKey(id))) !== undefined;
}
