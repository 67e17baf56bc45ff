/** The warehouses an inventory report covers. */
import { unknownWarehouse } from '../warehouses';
import { warehouseRecords } from './read';

/** The warehouses a report covers, by code; a named warehouse that does not exist is a 404. */
export async function warehousesOf(warehouseId: string | undefined) {
  const records = await warehouseRecords(warehouseId);
  if (warehouseId !== undefined && records.length === 0) throw unknownWarehouse(warehouseId);
  return records;
}

export const codesOf = (records: Awaited<ReturnType<typeof warehouseRecords>>) =>
  new Map(records.map((record) => [record.warehouse.id, record.warehouse.code]));

/** Warehouse id → code, read once for a report that reads many pages. */
export const warehouseCodesFor = async (warehouseId: string | undefined) =>
  codesOf(await warehousesOf(warehouseId));
