/**
 * Deleted warehouses: the inventory group's delete leaves the id, code and name behind (never removed), so
 * reports of the orders and shipments a warehouse had still know it. Live warehouses never read these.
 */
import { allDeletedWarehouses, deletedWarehouseIndexKeys, deletedWarehouseKey } from '../db/keys';
import { queryAll } from '../db/query';
import type { Warehouse } from './warehouse';

export interface DeletedWarehouse {
  id: string;
  code: string;
  name: string;
  deletedAt: string;
}

export function deletedWarehouseItem(
  warehouse: Pick<Warehouse, 'id' | 'code' | 'name'>,
  deletedAt: string,
): Record<string, unknown> {
  const { id, code, name } = warehouse;
  return { ...deletedWarehouseKey(id), ...deletedWarehouseIndexKeys(id), id, code, name, deletedAt };
}

/** Every deleted warehouse (few: a warehouse closes rarely). */
export async function deletedWarehouses(): Promise<DeletedWarehouse[]> {
  const items = await queryAll(allDeletedWarehouses());
  return items.map((item) => ({
    id: String(item.id),
    code: String(item.code),
    name: String(item.name),
    deletedAt: String(item.deletedAt),
  }));
}
