/** Orders in the single table: the header, payments and history entries share the order's partition. */
import { tableName } from '../db/client';
import {
  historyKey,
  orderKey,
  orderPartition,
  paymentKey,
  pendingOrderIndexKeys,
  shardedOrderIndexKeys,
} from '../db/keys';
import { queryAll } from '../db/query';
import type { TransactItem } from '../db/transactions';
import type { Allocations, Order } from '../domain/order';
import { orderSchema, unitsLeftToShip } from '../domain/order';
import type { StatusCategory } from '../domain/order-status';
import { isPendingCategory } from '../domain/order-status';
import type { HistoryEntry } from '../domain/order-history';
import type { Payment } from '../domain/payment';
import { paymentSchema } from '../domain/payment';
import { toResource } from '../db/resource';
import type { StoredOrder } from './decide';

/** One consistent Query of the order's partition (header and payments sort before the history). */
export async function loadOrder(id: string): Promise<StoredOrder | undefined> {
  const items = await queryAll({ ...orderPartition(id), consistent: true });
  const header = items.find((item) => item.SK === orderKey(id).SK);
  if (!header) return undefined;
  const payments = items
    .filter((item) => String(item.SK).startsWith('A#PAYMENT#'))
    .map((item) => toResource(paymentSchema, item));
  return { order: orderFromItem(header), payments };
}

/**
 * The allocations keyed by SKU, client text, are stored as pairs, as taxonomy listings store attributes:
 * the SDK's marshaller builds a map attribute from a plain object's properties (a SKU named `constructor`
 * makes it throw) and its unmarshaller into a plain object (where `__proto__` is lost).
 */
type AllocationPairs = Array<{ sku: string; units: number }>;

const allocationPairs = (allocations: Allocations): AllocationPairs =>
  Object.entries(allocations).map(([sku, units]) => ({ sku, units }));

function allocationsOf(stored: unknown): Allocations {
  const allocations = Object.create(null) as Allocations;
  if (Array.isArray(stored)) {
    for (const { sku, units } of stored as AllocationPairs) allocations[sku] = Number(units);
  } else if (stored && typeof stored === 'object') {
    // Written as a map before the pairs.
    for (const [sku, units] of Object.entries(stored)) allocations[sku] = Number(units);
  }
  return allocations;
}

/** An order header item as the order it stores. */
export function orderFromItem(item: Record<string, unknown>): Order {
  const order = toResource(orderSchema, { ...item, allocations: allocationsOf(item.allocations) });
  // Orders written before refunds credited returned goods carry no `credited` (none was), and orders
  // written before overpayments were refundable no `refundable` (derived from the balance they kept).
  order.totals = {
    ...order.totals,
    credited: order.totals.credited ?? 0,
    refundable: order.totals.refundable ?? Math.max(0, -order.totals.balance),
  };
  return order;
}

/**
 * An order waiting to ship (its status's category pending, units left) is in the pending-orders index,
 * with the units it has left; any other is not (its header, rewritten whole, drops the keys).
 */
export function pendingOrderAttributes(order: Order, category: StatusCategory) {
  const pendingUnits = unitsLeftToShip(order.lines);
  return isPendingCategory(category) && pendingUnits > 0
    ? { ...pendingOrderIndexKeys(order), pendingUnits }
    : {};
}

/**
 * The header, written on the version read (or only if absent when creating). `eventType` names the
 * operation's one domain event (order.paid, order.line.cancelled, ...) for the stream projector;
 * `category`, that of the order's status (the pending-orders index).
 */
export function orderPut(
  order: Order,
  readVersion: number | undefined,
  eventType: string,
  category: StatusCategory,
): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...orderKey(order.id),
        ...shardedOrderIndexKeys(order),
        ...pendingOrderAttributes(order, category),
        entity: 'order',
        eventType,
        ...order,
        allocations: allocationPairs(order.allocations),
      },
      ConditionExpression: readVersion === undefined ? 'attribute_not_exists(PK)' : 'version = :read',
      ExpressionAttributeValues: readVersion === undefined ? undefined : { ':read': readVersion },
    },
  };
}

/** A payment of an order; its order's currency beside it, so the report aggregates can sum it alone. */
export function paymentPut(order: Pick<Order, 'id' | 'currency'>, payment: Payment): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...paymentKey(order.id, { at: payment.recordedAt, id: payment.id }),
        orderId: order.id,
        currency: order.currency,
        ...payment,
      },
    },
  };
}

export function historyPut(entry: HistoryEntry): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...historyKey(entry.orderId, entry), ...entry },
    },
  };
}
