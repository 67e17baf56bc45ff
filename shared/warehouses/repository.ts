/** Data access for warehouses, shared by every group that reads them. The inventory group owns their writes. */

import { allWarehouses, defaultWarehouseKey, warehouseIndexKeys, warehouseKey } from '../db/keys';
import type { Page } from '../db/query';
import { equalsFilter, getItem, getItems, queryPage } from '../db/query';
import { toResource } from '../db/resource';
import { cachedReference, forgetReference } from '../reference/cache';
import type { StockCounters } from './stock-summary';
import type { Warehouse } from './warehouse';
import { warehouseSchema } from './warehouse';

/**
 * Counters other writers keep for the warehouse; absent means 0. Never part of the resource. As read from
 * the warehouse item: the rule counts, and the stock and source counters from before the counter shards
 * (counter-shards.ts sums the shards in).
 */
export interface WarehouseCounters extends StockCounters {
  /** Stock rules naming this warehouse (kept by the inventory group's rule writes). */
  stockRuleCount: number;
  /** Stock records with units on hand or allocated (kept by the stock ledger). */
  stockRecordsInUse: number;
  /** Purchase-order sources receiving into this warehouse (kept by the vendors group's source writes). */
  poSourceCount: number;
  /** Alert rules naming this warehouse (kept by the inventory-alerts group's rule writes). */
  alertRuleCount: number;
}

export interface WarehouseRecord {
  warehouse: Warehouse;
  counters: WarehouseCounters;
}

export function warehouseItem(warehouse: Warehouse): Record<string, unknown> {
  return {
    ...warehouseKey(warehouse.id),
    ...warehouseIndexKeys(warehouse),
    entity: 'warehouse',
    ...warehouse,
  };
}

/** The resource fields only: keys, counters and anything else stored beside them stay in the table. */
export function toWarehouse(item: Record<string, unknown>): Warehouse {
  return toResource(warehouseSchema, item);
}

const counter = (value: unknown) => (typeof value === 'number' ? value : 0);

export function toWarehouseRecord(item: Record<string, unknown>): WarehouseRecord {
  return {
    warehouse: toWarehouse(item),
    counters: {
      unitsOnHand: counter(item.unitsOnHand),
      skusHeld: counter(item.skusHeld),
      skusBackordered: counter(item.skusBackordered),
      stockRuleCount: counter(item.stockRuleCount),
      stockRecordsInUse: counter(item.stockRecordsInUse),
      poSourceCount: counter(item.poSourceCount),
      alertRuleCount: counter(item.alertRuleCount),
    },
  };
}

/** Which of these warehouses exist, read strongly (for writes that must not touch a missing one). */
export async function existingWarehouseIds(ids: Iterable<string>): Promise<Set<string>> {
  const items = await getItems([...new Set(ids)].map(warehouseKey), true);
  return new Set(items.map((item) => String(item.id)));
}

/**
 * A warehouse as reference data for writes elsewhere (an order's, a label's): read once per container
 * and kept for at most shared/reference/cache's bound. Writes that must see the warehouse as it is now
 * read findWarehouseRecord consistently, or condition on the item.
 */
export function findWarehouse(id: string): Promise<Warehouse | undefined> {
  return cachedReference(`warehouse:${id}`, async () => (await findWarehouseRecord(id))?.warehouse);
}

/**
 * Warehouses changed in this container (one, and with it maybe the default pointer and the warehouse
 * that was the default): its next reads see them at once.
 */
export function forgetWarehouses(): void {
  forgetReference('warehouse:');
  forgetReference('default-warehouse');
}

/** The warehouse with its counters; `consistent` for reads that a conditional write follows. */
export async function findWarehouseRecord(
  id: string,
  consistent = false,
): Promise<WarehouseRecord | undefined> {
  const item = await getItem(warehouseKey(id), consistent);
  return item ? toWarehouseRecord(item) : undefined;
}

/** Id of the default warehouse (the pointer item the inventory group keeps); undefined before the first. */
export async function findDefaultWarehouseId(consistent = false): Promise<string | undefined> {
  const read = async () => {
    const pointer = await getItem(defaultWarehouseKey(), consistent);
    return typeof pointer?.warehouseId === 'string' ? pointer.warehouseId : undefined;
  };
  // Read as reference data (cached) unless the caller writes on what it reads.
  return consistent ? read() : cachedReference('default-warehouse', read);
}

export interface WarehouseFilter {
  active?: boolean;
  acceptsWorkOrders?: boolean;
  acceptsPurchaseOrders?: boolean;
}

/** Warehouses by code with their counters, filtered by their flags (the warehouses partition of GSI1). */
export async function listWarehouseRecords(
  filter: WarehouseFilter,
  limit: number,
  cursor?: string,
): Promise<Page<WarehouseRecord>> {
  const page = await queryPage({
    ...allWarehouses(),
    filter: equalsFilter({ ...filter }),
    limit,
    cursor,
    scope: `warehouses:${JSON.stringify(filter)}`,
  });
  return { items: page.items.map(toWarehouseRecord), nextCursor: page.nextCursor };
}

/** Warehouses by code, filtered by their flags. */
export async function listWarehouses(
  filter: WarehouseFilter,
  limit: number,
  cursor?: string,
): Promise<Page<Warehouse>> {
  const page = await listWarehouseRecords(filter, limit, cursor);
  return { items: page.items.map((record) => record.warehouse), nextCursor: page.nextCursor };
}
