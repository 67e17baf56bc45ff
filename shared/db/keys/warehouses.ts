/** Warehouses, their code markers and the default-warehouse pointer. */
import type { ItemKey } from './item-key';
import { lower } from './item-key';

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
