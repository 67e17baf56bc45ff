/**
 * The warehouses a report names: every report filtered by a warehouse answers a 404 naming an id that no
 * warehouse has (a filter matching nothing would otherwise answer an empty report, or a blank file).
 */
import { allWarehouses } from '../../shared/db/keys';
import { queryAll } from '../../shared/db/query';
import { NotFound } from '../../shared/errors';

export function unknownWarehouse(warehouseId: string): NotFound {
  return new NotFound(`No warehouse has the id ${warehouseId}.`, { warehouseId });
}

/** Warehouse id → code, every warehouse (a handful). */
export async function warehouseCodes(): Promise<Map<string, string>> {
  const items = await queryAll(allWarehouses());
  return new Map(items.map((item) => [String(item.id), String(item.code)]));
}

/** The 404 when the filter names a warehouse that `codes` (every warehouse) does not hold. */
export function checkWarehouseFilter(
  codes: ReadonlyMap<string, string>,
  warehouseId: string | undefined,
): void {
  if (warehouseId !== undefined && !codes.has(warehouseId)) throw unknownWarehouse(warehouseId);
}

/** Every warehouse's code, once the filter's warehouse is known to exist. */
export async function codesCheckingFilter(warehouseId: string | undefined): Promise<Map<string, string>> {
  const codes = await warehouseCodes();
  checkWarehouseFilter(codes, warehouseId);
  return codes;
}
