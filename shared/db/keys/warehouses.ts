/** Warehouses, their code markers and the default-warehouse pointer. */
import type { ItemKey } from './item-key';
import { lower } from './item-key';
import { allShards, shardCounts, shardOf } from './shards';

export const warehouseKey = (id: string): ItemKey => ({ PK: `WAREHOUSE#${id}`, SK: 'WAREHOUSE' });
export const warehouseIndexKeys = (warehouse: { code: string }) => ({
  GSI1PK: 'WAREHOUSES',
  GSI1SK: `CODE#${lower(warehouse.code)}`,
});
export const allWarehouses = () => ({ index: 'GSI1' as const, pk: 'WAREHOUSES', skPrefix: 'CODE#' });

export const warehouseCodeKey = (code: string): ItemKey => ({
  PK: `WAREHOUSE_CODE#${lower(code)}`,
  SK: 'WAREHOUSE_CODE',
});
/** Names the one default warehouse; every change of default goes through it, so there is exactly one. */
export const defaultWarehouseKey = (): ItemKey => ({ PK: 'WAREHOUSE_DEFAULT', SK: 'WAREHOUSE_DEFAULT' });
/**
 * What is left of a deleted warehouse (its id, code and name), so reports of its orders and shipments still
 * know it. A separate key: the warehouse key's `attribute_exists` conditions keep meaning "exists now".
 */
export const deletedWarehouseKey = (id: string): ItemKey => ({
  PK: `WAREHOUSE_DELETED#${id}`,
  SK: 'WAREHOUSE_DELETED',
});
export const deletedWarehouseIndexKeys = (id: string) => ({
  GSI1PK: 'WAREHOUSES_DELETED',
  GSI1SK: `ID#${id}`,
});
export const allDeletedWarehouses = () => ({
  index: 'GSI1' as const,
  pk: 'WAREHOUSES_DELETED',
  skPrefix: 'ID#',
});

/**
 * A warehouse's counters (units on hand, SKUs held, stock records in use, SKUs backordered, purchase-order
 * sources), kept off the warehouse item so it (and `GSI1:WAREHOUSES`) changes only when staff edit it:
 * `shardCounts.warehouseCounters` items, each write adding to the shard of its SKU (a purchase-order
 * source: of its SKU too), summed on read with the counters the warehouse item still holds from the
 * layout before (moved here by `npm run migrate`). Attributes keep the counters' names.
 */
export const warehouseCounterKey = (warehouseId: string, shard: number): ItemKey => ({
  PK: `WHCOUNT@${shard}#${warehouseId}`,
  SK: 'WHCOUNT',
});
/** The counter shard a write about this SKU adds to. */
export const warehouseCounterShard = (sku: string) => shardOf(sku, shardCounts.warehouseCounters);
/** Every counter item of a warehouse: read together (BatchGetItem) and summed. */
export const allWarehouseCounterKeys = (warehouseId: string): ItemKey[] =>
  allShards('warehouseCounters').map((shard) => warehouseCounterKey(warehouseId, shard));
