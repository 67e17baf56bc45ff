/** Stock movements over a date range, by SKU or by warehouse: what the movements and aging reports read. */
import {
  movementsInWarehousePartitions,
  movementsOfSkuPartitions,
  withoutStorageAttributes,
} from '../db/keys';
import type { MergedPartition } from '../db/merged-pages';
import { queryMergedPages } from '../db/merged-pages';
import type { Page } from '../db/query';
import type { Movement } from '../domain/stock-ledger';

export interface MovementQuery {
  /** Exactly one of sku and warehouseId names the partition; the other, when given, filters. */
  sku?: string;
  warehouseId?: string;
  /** ISO 8601 bounds, inclusive. */
  from: string;
  to: string;
  limit: number;
  cursor?: string;
}

/**
 * Movements in time order, the sort key between the bounds: the SKU's partitions, or the warehouse's on
 * GSI1 (their shards and the layout before, merged by sort key).
 */
export async function listMovements(query: MovementQuery): Promise<Page<Movement>> {
  const bySku = query.sku !== undefined;
  // Sort keys are `<at>#<id>`: everything at the upper bound sorts below `<to>#~`.
  const skBetween = { from: query.from, to: `${query.to}#~` };
  const partitions: MergedPartition[] = (
    bySku ? movementsOfSkuPartitions(query.sku!) : movementsInWarehousePartitions(query.warehouseId!)
  ).map((partition) => ({ ...partition, skBetween }));
  const otherFilter = bySku && query.warehouseId ? query.warehouseId : undefined;
  const page = await queryMergedPages({
    partitions,
    filter: otherFilter
      ? { expression: 'warehouseId = :warehouse', values: { ':warehouse': otherFilter } }
      : undefined,
    limit: query.limit,
    cursor: query.cursor,
    scope: `movements:${JSON.stringify({ ...query, limit: undefined, cursor: undefined })}`,
  });
  return {
    items: page.items.map((item) => withoutStorageAttributes(item) as unknown as Movement),
    nextCursor: page.nextCursor,
  };
}
