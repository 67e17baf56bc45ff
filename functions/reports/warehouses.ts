/**
 * The warehouses a report names: every report filtered by a warehouse answers a 404 naming an id that no
 * warehouse has (a filter matching nothing would otherwise answer an empty report, or a blank file). A
 * deleted warehouse is known: its orders, shipments and movements are history the reports still show.
 */
import { allWarehouses } from '../../shared/db/keys';
import { queryAll } from '../../shared/db/query';
import { NotFound } from '../../shared/errors';
import { cachedReference, forgetReference } from '../../shared/reference/cache';
import { deletedWarehouses } from '../../shared/warehouses/deleted';

export function unknownWarehouse(warehouseId: string): NotFound {
  return new NotFound(`No warehouse has the id ${warehouseId}.`, { warehouseId });
}

const codesName = 'warehouse:codes';

async function readWarehouseCodes(): Promise<Map<string, string>> {
  const [live, deleted] = await Promise.all([queryAll(allWarehouses()), deletedWarehouses()]);
  return new Map([
    ...deleted.map(({ id, code }): [string, string] => [id, code]),
    ...live.map((item): [string, string] => [String(item.id), String(item.code)]),
  ]);
}

/**
 * Warehouse id → code, every warehouse there is or was (a handful): reference data, kept per container
 * for at most the cache's bound (a code edited elsewhere shows within it); `warehouse:` entries are
 * dropped by this container's own warehouse changes (forgetWarehouses).
 */
export function warehouseCodes(): Promise<Map<string, string>> {
  return cachedReference(codesName, readWarehouseCodes);
}

/** The 404 when the filter names a warehouse that `codes` (every warehouse there is or was) does not hold. */
export function checkWarehouseFilter(
  codes: ReadonlyMap<string, string>,
  warehouseId: string | undefined,
): void {
  if (warehouseId !== undefined && !codes.has(warehouseId)) throw unknownWarehouse(warehouseId);
}

/** Every warehouse's code, once the filter's warehouse is known to exist or to have existed. */
export async function codesCheckingFilter(warehouseId: string | undefined): Promise<Map<string, string>> {
  let codes = await warehouseCodes();
  if (warehouseId !== undefined && !codes.has(warehouseId)) {
    // Maybe a warehouse created elsewhere moments ago: read afresh before answering 404.
    forgetReference(codesName);
    codes = await warehouseCodes();
  }
  checkWarehouseFilter(codes, warehouseId);
  return codes;
}
