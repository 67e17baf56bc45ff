/** Orders (header, payments, history), custom statuses, column views and automation rules. */
import type { ItemKey } from './item-key';
import { lower } from './item-key';
import { allShards, shardCounts, shardOf } from './shards';

export const orderKey = (id: string): ItemKey => ({ PK: `ORDER#${id}`, SK: 'A#ORDER' });
/** The order itself (header and payments) sorts before its history in the partition. */
export const orderPartition = (id: string) => ({ pk: `ORDER#${id}`, skPrefix: 'A#' });
export const paymentKey = (orderId: string, payment: { at: string; id: string }): ItemKey => ({
  PK: `ORDER#${orderId}`,
  SK: `A#PAYMENT#${payment.at}#${payment.id}`,
});
export const historyKey = (orderId: string, entry: { at: string; id: string }): ItemKey => ({
  PK: `ORDER#${orderId}`,
  SK: `H#${entry.at}#${entry.id}`,
});
export const historyOfOrder = (orderId: string) => ({ pk: `ORDER#${orderId}`, skPrefix: 'H#' });
/**
 * History entries whose `at` lies from `from` to `to` (ISO instants in the stored form, both included;
 * either open): one key range, so a descending Query pages it newest first.
 */
export const historyOfOrderBetween = (orderId: string, range: { from?: string; to?: string }) => ({
  pk: `ORDER#${orderId}`,
  skBetween: {
    from: `H#${range.from ?? ''}`,
    to: range.to === undefined ? 'H#\uffff' : `H#${range.to}#\uffff`,
  },
});
/**
 * A note on an order: an item of its own in the order's partition, after the header and payments
 * (`A#`, all loadOrder reads) and the history (`H#`). Note ids are ULIDs, so notes sort by creation.
 */
export const orderNoteKey = (orderId: string, noteId: string): ItemKey => ({
  PK: `ORDER#${orderId}`,
  SK: `N#${noteId}`,
});
export const notesOfOrder = (orderId: string) => ({ pk: `ORDER#${orderId}`, skPrefix: 'N#' });

export const statusKey = (id: string): ItemKey => ({ PK: `STATUS#${id}`, SK: 'STATUS' });
export const statusNameKey = (name: string): ItemKey => ({
  PK: `STATUS_NAME#${lower(name)}`,
  SK: 'STATUS_NAME',
});
export const statusIndexKeys = (status: { id: string; name: string }) => ({
  GSI1PK: 'STATUSES',
  GSI1SK: `${lower(status.name)}#${status.id}`,
});
export const allStatuses = () => ({ index: 'GSI1' as const, pk: 'STATUSES', skPrefix: '' });

export const columnViewKey = (id: string): ItemKey => ({ PK: `COLVIEW#${id}`, SK: 'COLVIEW' });
export const columnViewIndexKeys = (view: { id: string; name: string; owner: string; shared: boolean }) => ({
  GSI1PK: `COLVIEWS#OWNER#${view.owner}`,
  GSI1SK: `${lower(view.name)}#${view.id}`,
  ...(view.shared ? { GSI2PK: 'COLVIEWS#SHARED', GSI2SK: `${lower(view.name)}#${view.id}` } : {}),
});
export const columnViewsOfOwner = (owner: string) => ({
  index: 'GSI1' as const,
  pk: `COLVIEWS#OWNER#${owner}`,
  skPrefix: '',
});
export const sharedColumnViews = () => ({ index: 'GSI2' as const, pk: 'COLVIEWS#SHARED', skPrefix: '' });
/** How many views an owner keeps (at most 100): moved in the transaction that creates or deletes one. */
export const columnViewCountKey = (owner: string): ItemKey => ({
  PK: `COLVIEWS_COUNT#${owner}`,
  SK: 'COLVIEWS_COUNT',
});

export const automationRuleKey = (id: string): ItemKey => ({ PK: `AUTORULE#${id}`, SK: 'AUTORULE' });
export const automationRuleIndexKeys = (rule: { id: string; priority: number }) => ({
  GSI1PK: 'AUTORULES',
  GSI1SK: `${String(rule.priority).padStart(6, '0')}#${rule.id}`,
});
export const automationRulesByPriority = () => ({ index: 'GSI1' as const, pk: 'AUTORULES', skPrefix: '' });

/*
 * The order indexes (docs/scale.md): every order write would rewrite one status, one day and one channel
 * partition, so each family is spread over `shardCounts.orderIndex` partitions by a hash of the order id,
 * and readers merge the shards by sort key (`<orderDate>#<id>`, unique across shards). The `ORDERS@<n>#…`
 * prefix cannot equal a key of the layout before (`ORDERS#…`, `legacyOrderIndexKeys`), which readers query
 * too until `npm run migrate` has run: each `…Partitions` list below ends with that legacy partition.
 */
const orderShard = (orderId: string) => shardOf(orderId, shardCounts.orderIndex);
/** The index keys every write of an order header carries (the order writer's, the seed's). */
export const shardedOrderIndexKeys = (order: {
  id: string;
  statusId: string;
  orderDate: string;
  channel: string;
}) => {
  const shard = orderShard(order.id);
  const sort = `${order.orderDate}#${order.id}`;
  return {
    GSI1PK: `ORDERS@${shard}#STATUS#${order.statusId}`,
    GSI1SK: sort,
    GSI2PK: `ORDERS@${shard}#DAY#${order.orderDate.slice(0, 10)}`,
    GSI2SK: sort,
    GSI3PK: `ORDERS@${shard}#CHANNEL#${order.channel}`,
    GSI3SK: sort,
  };
};
/**
 * The index keys of the layout before sharding. Nothing writes them any more: headers written before
 * carry them until `npm run migrate` rewrites them, and tests build such headers with them.
 */
export const legacyOrderIndexKeys = (order: {
  id: string;
  statusId: string;
  orderDate: string;
  channel: string;
}) => ({
  GSI1PK: `ORDERS#STATUS#${order.statusId}`,
  GSI1SK: `${order.orderDate}#${order.id}`,
  GSI2PK: `ORDERS#DAY#${order.orderDate.slice(0, 10)}`,
  GSI2SK: `${order.orderDate}#${order.id}`,
  GSI3PK: `ORDERS#CHANNEL#${order.channel}`,
  GSI3SK: `${order.orderDate}#${order.id}`,
});
/**
 * The pending-orders index (GSI4, sparse; the pending-shipments report): an order in a status of a
 * pending category (open, on hold) with units left to ship carries these keys and `pendingUnits`, in one
 * of `shardCounts.pendingOrders` partitions by its id, oldest first. The index holds only what the
 * report needs (its projection), so an order's entry is one write unit, and the report reads 4
 * partitions instead of every shard of every pending status.
 */
export const pendingOrderIndexKeys = (order: { id: string; orderDate: string }) => ({
  GSI4PK: `PENDING@${shardOf(order.id, shardCounts.pendingOrders)}`,
  GSI4SK: `${order.orderDate}#${order.id}`,
});
export const pendingOrderPartitions = () =>
  allShards('pendingOrders').map((shard) => ({
    name: String(shard),
    index: 'GSI4' as const,
    pk: `PENDING@${shard}`,
  }));
/**
 * Every partition (shards, then the legacy one) listing the orders in a status, oldest first by order
 * date: status moves and deletes, the pending-shipments report.
 */
export const ordersInStatusPartitions = (statusId: string) => [
  ...allShards('orderIndex').map((shard) => ({
    name: String(shard),
    index: 'GSI1' as const,
    pk: `ORDERS@${shard}#STATUS#${statusId}`,
  })),
  { name: 'legacy', index: 'GSI1' as const, pk: `ORDERS#STATUS#${statusId}` },
];
/**
 * Every partition of the orders dated on a UTC day (sales detailed), from the index sort key `from` (an
 * instant, or an order's own key to resume at it) and before the instant `before`: a reporting day in
 * another zone spans two UTC days, so two of these lists.
 */
export const ordersOfUtcDayPartitions = (day: string, range: { from: string; before: string }) => {
  // `<instant>#<id>` sorts after `<instant>`: an order dated exactly `before` is left out.
  const skBetween = { from: range.from, to: range.before };
  return [
    ...allShards('orderIndex').map((shard) => ({
      name: String(shard),
      index: 'GSI2' as const,
      pk: `ORDERS@${shard}#DAY#${day}`,
      skBetween,
    })),
    { name: 'legacy', index: 'GSI2' as const, pk: `ORDERS#DAY#${day}`, skBetween },
  ];
};
/**
 * Every partition of the orders from a channel (its code exactly as orders carry it): read only to learn
 * whether a channel has any order (taxonomy), kept because the index entry is small and written once
 * per order (docs/scale.md).
 */
export const ordersFromChannelPartitions = (channel: string) => [
  ...allShards('orderIndex').map((shard) => ({
    name: String(shard),
    index: 'GSI3' as const,
    pk: `ORDERS@${shard}#CHANNEL#${channel}`,
  })),
  { name: 'legacy', index: 'GSI3' as const, pk: `ORDERS#CHANNEL#${channel}` },
];
