/** Data access for warehouses, shared by every group that reads them. The inventory group owns their writes. */

import { tableName } from '../db/client';
import { allWarehouses, warehouseIndexKeys, warehouseKey, withoutStorageAttributes } from '../db/keys';
import type { Page } from '../db/query';
import { getItem, getItems, queryPage } from '../db/query';
import type { TransactItem } from '../db/transactions';
import type { Warehouse } from './warehouse';

export function warehouseItem(warehouse: Warehouse): Record<string, unknown> {
  return {
    ...warehouseKey(warehouse.id),
    ...warehouseIndexKeys(warehouse),
    entity: 'warehouse',
    ...warehouse,
  };
}

export function toWarehouse(item: Record<string, unknown>): Warehouse {
  return withoutStorageAttributes(item) as Warehouse;
}

export async function findWarehouse(id: string): Promise<Warehouse | undefined> {
  const item = await getItem(warehouseKey(id));
  return item ? toWarehouse(item) : undefined;
}

export async function findWarehouses(ids: string[]): Promise<Warehouse[]> {
  return (await getItems(ids.map(warehouseKey))).map(toWarehouse);
}

export interface WarehouseFilter {
  active?: boolean;
  acceptsWorkOrders?: boolean;
  acceptsPurchaseOrders?: boolean;
}

/** Warehouses by code, filtered by their flags (the warehouses partition of GSI1). */
export async function listWarehouses(
  filter: WarehouseFilter,
  limit: number,
  cursor?: string,
): Promise<Page<Warehouse>> {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const [field, wanted] of Object.entries(filter)) {
    if (wanted === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = wanted;
    conditions.push(`#${field} = :${field}`);
  }
  const page = await queryPage({
    index: 'GSI1',
    ...allWarehouses(),
    filter: conditions.length > 0 ? { expression: conditions.join(' AND '), names, values } : undefined,
    limit,
    cursor,
    scope: `warehouses:${JSON.stringify(filter)}`,
  });
  return { items: page.items.map(toWarehouse), nextCursor: page.nextCursor };
}

/** Transaction item asserting a warehouse exists and accepts purchase orders. */
export function warehouseAcceptsPurchaseOrdersCheck(id: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: warehouseKey(id),
      ConditionExpression: 'attribute_exists(PK) AND acceptsPurchaseOrders = :yes',
      ExpressionAttributeValues: { ':yes': true },
    },
  };
}
