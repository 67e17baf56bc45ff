/** The stock ledger: stock records, staged stock changes and movements. */
import type { ItemKey } from './item-key';
import { allShards, shardCounts, shardOf } from './shards';

export const stockKey = (sku: string, warehouseId: string): ItemKey => ({
  PK: `STOCK#${sku}`,
  SK: `WH#${warehouseId}`,
});
export const stockIndexKeys = (record: { sku: string; warehouseId: string }) => ({
  GSI1PK: `WH_STOCK#${record.warehouseId}`,
  GSI1SK: `SKU#${record.sku}`,
});
export const stockOfSku = (sku: string) => ({ pk: `STOCK#${sku}`, skPrefix: 'WH#' });
export const stockInWarehouse = (warehouseId: string) => ({
  index: 'GSI1' as const,
  pk: `WH_STOCK#${warehouseId}`,
  skPrefix: 'SKU#',
});

/*
 * Stock slots (shared/domain/stock-slots.ts): a record with slots hands part of its units to `count` slot
 * items, each in a partition key of its own (DynamoDB's limits are per partition key), so allocations
 * and releases write one small slot item instead of the record. The key starts `STOCK#` (the ledger's
 * access and the alerts' stream filter take it) but no query of `STOCK#<sku>` meets it: the key differs.
 */
export const stockSlotKey = (sku: string, warehouseId: string, slot: number): ItemKey => ({
  PK: `STOCK#${sku}#WH#${warehouseId}#SLOT#${slot}`,
  SK: `SLOT#${slot}`,
});
/** Every slot of a record with `count` slots, slot 0 first. */
export const stockSlotKeys = (sku: string, warehouseId: string, count: number): ItemKey[] =>
  Array.from({ length: count }, (_, slot) => stockSlotKey(sku, warehouseId, slot));
/** The slot an order's allocations and releases go to first: a hash of the order, stable for its life. */
export const homeStockSlot = (reference: { type: string; id: string } | undefined, count: number): number =>
  reference ? shardOf(`${reference.type}#${reference.id}`, count) : 0;

/** A stock change too large for one transaction: staged on its records, then confirmed or abandoned here. */
export const stockChangeKey = (id: string): ItemKey => ({ PK: `STOCKCHANGE#${id}`, SK: 'STOCKCHANGE' });

/** A movement's item: in the shard of its SKU's movements that a hash of its id picks (`MOVEMENTS@<n>#SKU#<sku>`). */
export const movementKey = (movement: { sku: string; at: string; id: string }): ItemKey => ({
  PK: `MOVEMENTS@${shardOf(movement.id, shardCounts.skuMovements)}#SKU#${movement.sku}`,
  SK: `${movement.at}#${movement.id}`,
});
export const movementIndexKeys = (movement: { warehouseId: string; at: string; id: string }) => ({
  GSI1PK: `MOVEMENTS#WH#${movement.warehouseId}`,
  GSI1SK: `${movement.at}#${movement.id}`,
  GSI2PK: `MOVEMENTS#DAY#${movement.at.slice(0, 10)}`,
  GSI2SK: `${movement.at}#${movement.id}`,
});
/** Every partition of a SKU's movements: its shards and the partition of the layout before sharding. */
export const movementsOfSkuPartitions = (sku: string) => [
  ...allShards('skuMovements').map((shard) => ({ name: String(shard), pk: `MOVEMENTS@${shard}#SKU#${sku}` })),
  { name: 'legacy', pk: legacyMovementsOfSku(sku) },
];
/** A SKU's movements in the layout before sharding (until `npm run migrate` has moved them). */
export const legacyMovementsOfSku = (sku: string) => `MOVEMENTS#SKU#${sku}`;
export const movementsInWarehouse = (warehouseId: string) => ({
  index: 'GSI1' as const,
  pk: `MOVEMENTS#WH#${warehouseId}`,
});

/*
 * Sharded stock and movement indexes (docs/scale.md): `WH_STOCK@<n>#<wh>` by a hash of the SKU,
 * `MOVEMENTS@<n>#WH#<wh>` and `MOVEMENTS@<n>#DAY#<day>` by a hash of the movement id. Readers merge the
 * shards and the partition of the layout before (until `npm run migrate` has run) with queryMergedPages.
 */
export const shardedStockIndexKeys = (record: { sku: string; warehouseId: string }) => ({
  GSI1PK: `WH_STOCK@${shardOf(record.sku, shardCounts.stockByWarehouse)}#${record.warehouseId}`,
  GSI1SK: `SKU#${record.sku}`,
});
/** Every partition listing a warehouse's stock records by SKU. */
export const stockInWarehousePartitions = (warehouseId: string) => [
  ...allShards('stockByWarehouse').map((shard) => ({
    name: String(shard),
    index: 'GSI1' as const,
    pk: `WH_STOCK@${shard}#${warehouseId}`,
    skPrefix: 'SKU#',
  })),
  { name: 'legacy', ...stockInWarehouse(warehouseId) },
];
export const shardedMovementIndexKeys = (movement: { warehouseId: string; at: string; id: string }) => {
  const shard = shardOf(movement.id, shardCounts.movementIndex);
  return {
    GSI1PK: `MOVEMENTS@${shard}#WH#${movement.warehouseId}`,
    GSI1SK: `${movement.at}#${movement.id}`,
    GSI2PK: `MOVEMENTS@${shard}#DAY#${movement.at.slice(0, 10)}`,
    GSI2SK: `${movement.at}#${movement.id}`,
  };
};
/** Every partition listing a warehouse's movements by time. */
export const movementsInWarehousePartitions = (warehouseId: string) => [
  ...allShards('movementIndex').map((shard) => ({
    name: String(shard),
    index: 'GSI1' as const,
    pk: `MOVEMENTS@${shard}#WH#${warehouseId}`,
  })),
  { name: 'legacy', ...movementsInWarehouse(warehouseId) },
];
/** Every partition listing a UTC day's movements (all warehouses) by time. */
export const movementsOfUtcDayPartitions = (day: string) => [
  ...allShards('movementIndex').map((shard) => ({
    name: String(shard),
    index: 'GSI2' as const,
    pk: `MOVEMENTS@${shard}#DAY#${day}`,
  })),
  { name: 'legacy', index: 'GSI2' as const, pk: `MOVEMENTS#DAY#${day}` },
];
