/**
 * Units of one SKU sold per reporting day, from its `sold` aggregate cells (shared/domain/aggregates.ts):
 * what the inventory alerts read for a SKU's sales velocity. One Query of the SKU's own partition
 * (`AGG#sold#<sku>`, every warehouse and currency of the range), consistent, so a change the consumer
 * has counted shows at once. O(days × warehouses × currencies), never O(orders). The live generation's
 * cells (generations.ts).
 */
import { unitsSoldOfSku } from '../db/keys';
import { queryAll } from '../db/query';
import type { Day } from '../domain/reporting-days';
import { liveGeneration } from './generations';

/**
 * Units of `sku` sold on each day from `days.from` to `days.to` (both included), summed over currencies,
 * on orders assigned to `warehouseId` (`-`: orders with no warehouse) or, without it, in every warehouse.
 * Days without sales (or whose sales were all cancelled) are absent.
 */
export async function readUnitsSold(
  sku: string,
  days: { from: Day; to: Day },
  warehouseId?: string,
): Promise<Map<Day, number>> {
  const cells = await queryAll({ ...unitsSoldOfSku(sku, days, await liveGeneration()), consistent: true });
  const units = new Map<Day, number>();
  for (const cell of cells) {
    if (warehouseId !== undefined && cell.warehouseId !== warehouseId) continue;
    if (typeof cell.units !== 'number') continue;
    const day = String(cell.day);
    units.set(day, (units.get(day) ?? 0) + cell.units);
  }
  for (const [day, sold] of units) if (sold === 0) units.delete(day);
  return units;
}
