/** The warehouse an order ships from: its own, else the default one (draft, rates and print agree). */
import { findDefaultWarehouseId, findWarehouse } from '../../../shared/warehouses/repository';
import type { Warehouse } from '../../../shared/warehouses/warehouse';

export async function shipFromWarehouse(warehouseId: string | undefined): Promise<Warehouse | undefined> {
  const id = warehouseId ?? (await findDefaultWarehouseId());
  return id === undefined ? undefined : findWarehouse(id);
}
