/**
 * The warehouses an inventory report covers. The reports of stock as it is (levels, valuation, aging,
 * capacity, low stock) cover live warehouses: a deleted one holds nothing, so naming it is a 404 saying
 * so. The movements report is history and takes a deleted warehouse too (reports/warehouses.ts).
 */
import { NotFound } from '../../../shared/errors';
import { deletedWarehouses } from '../../../shared/warehouses/deleted';
import { unknownWarehouse } from '../warehouses';
import { warehouseRecords } from './read';

async function missingWarehouse(warehouseId: string): Promise<NotFound> {
  const deleted = (await deletedWarehouses()).find(({ id }) => id === warehouseId);
  if (!deleted) return unknownWarehouse(warehouseId);
  return new NotFound(
    `Warehouse ${deleted.code} (${warehouseId}) was deleted at ${deleted.deletedAt} and holds no stock; its movements stay in the movements report.`,
    { warehouseId },
  );
}

/** The live warehouses a report covers, by code; a named warehouse that does not exist now is a 404. */
export async function warehousesOf(warehouseId: string | undefined) {
  const records = await warehouseRecords(warehouseId);
  if (warehouseId !== undefined && records.length === 0) throw await missingWarehouse(warehouseId);
  return records;
}

export const codesOf = (records: Awaited<ReturnType<typeof warehouseRecords>>) =>
  new Map(records.map((record) => [record.warehouse.id, record.warehouse.code]));
