/**
 * Write sharding of partition keys that every order or stock change would otherwise write (docs/scale.md):
 * a key family takes a shard number from a hash of something each write has anyway (an order id, a SKU,
 * a movement id), and its readers query every shard and merge them by sort key (merged-pages.ts).
 * Sharded keys use a family prefix of their own (`…@<n>#…`), so no key of the layout before sharding can
 * be mistaken for one of them: readers query both layouts until `npm run migrate` has run.
 */

/**
 * Shards per family: enough that the family's hottest shard stays under DynamoDB's limits at 1,000 orders
 * a second (bench keys), and no more: every listing of a family queries each shard (and the partition of
 * the layout before), so a shard more is a query more for every page of every report that lists it.
 */
export const shardCounts = {
  /** ORDERS#STATUS, ORDERS#DAY, ORDERS#CHANNEL: by order id. */
  orderIndex: 8,
  /** WH_STOCK: by SKU. */
  stockByWarehouse: 8,
  /** MOVEMENTS#WH, MOVEMENTS#DAY: by movement id. */
  movementIndex: 8,
  /**
   * MOVEMENTS#SKU, a SKU's movements in the base table: by movement id. A flash-sale SKU takes a movement
   * per shipped line (2 write units in a transaction); four shards take about 2,000 such lines a second.
   */
  skuMovements: 4,
  /**
   * SHIPTOTALS cells: by shipment id. 8 since the keys run put the hottest of 16 at 312 WCU/s (a report
   * read 16 partitions a month); cells written in shards 8–15 before are read as legacy partitions until
   * `npm run migrate` adds them into shard n − 8 (retiredShipmentTotalsShards).
   */
  shipmentTotals: 8,
  /** SHIPMENTS#<month>, SHIPMENTS#CARRIER, SHIPMENTS#WH: by shipment id. */
  shipmentIndex: 4,
  /**
   * PENDING, the pending-orders index (GSI4): by order id. Its entries hold a few small attributes (one
   * write unit each): an order enters on payment and leaves when shipped, about 2.5 entry writes an order.
   */
  pendingOrders: 4,
  /** A warehouse's counters (units on hand, SKUs held, ...): by SKU. */
  warehouseCounters: 8,
} as const;

export type ShardedFamily = keyof typeof shardCounts;

/** The shipment totals shards written before their count was halved: read until migrated. */
export const retiredShipmentTotalsShards = 16;

/** FNV-1a of the text, over its code points: the same text always lands in the same shard. */
export function shardOf(text: string, shards: number): number {
  if (shards <= 1) return 0;
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}

/** 0 … count − 1: every shard a reader of the family must query. */
export function allShards(family: ShardedFamily): number[] {
  return Array.from({ length: shardCounts[family] }, (_, shard) => shard);
}
