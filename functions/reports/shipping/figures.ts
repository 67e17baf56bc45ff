/**
 * The shipping reports' figures, as plain functions: an unshipped order's age bucket (whole reporting
 * days since its order date, in the reporting zone), the pending totals by bucket, warehouse and channel,
 * and shipments per day, carrier and warehouse beside the manifests they joined. No I/O.
 */
import type { Day } from '../../../shared/domain/reporting-days';
import { dayCount, reportingDay } from '../../../shared/domain/reporting-days';
import type { ManifestStatus } from '../../../shared/domain/manifest';
import type { TotalsCell } from '../../../shared/shipments/totals';

export { pendingCategories } from '../../../shared/domain/order-status';
export type { PendingCategory } from '../../../shared/domain/order-status';

export const ageBuckets = ['0-1', '2-3', '4-7', '8-14', '15+'] as const;
export type AgeBucket = (typeof ageBuckets)[number];

/** Whole reporting days from the order's day to today (0 on the day it was placed). */
export function ageInDays(orderDate: string, today: Day, timeZone: string): number {
  return Math.max(0, dayCount(reportingDay(orderDate, timeZone), today) - 1);
}

export function ageBucket(days: number): AgeBucket {
  if (days <= 1) return '0-1';
  if (days <= 3) return '2-3';
  if (days <= 7) return '4-7';
  if (days <= 14) return '8-14';
  return '15+';
}

export interface PendingOrder {
  orderId: string;
  orderDate: string;
  channel: string;
  warehouseId: string | null;
  warehouseCode: string | null;
  ageDays: number;
  bucket: AgeBucket;
  unitsUnshipped: number;
}

interface Tally {
  orders: number;
  units: number;
  buckets: Map<AgeBucket, { orders: number; units: number }>;
}

const newTally = (): Tally => ({ orders: 0, units: 0, buckets: new Map() });

function add(tally: Tally, order: PendingOrder) {
  tally.orders += 1;
  tally.units += order.unitsUnshipped;
  const bucket = tally.buckets.get(order.bucket) ?? { orders: 0, units: 0 };
  bucket.orders += 1;
  bucket.units += order.unitsUnshipped;
  tally.buckets.set(order.bucket, bucket);
}

/** Every bucket, in age order, zeros included. */
const bucketsOf = (tally: Tally) =>
  ageBuckets.map((bucket) => ({ bucket, ...(tally.buckets.get(bucket) ?? { orders: 0, units: 0 }) }));

/** Oldest first; among equal dates by order id. */
export const oldestFirst = (a: PendingOrder, b: PendingOrder) =>
  a.orderDate < b.orderDate ? -1 : a.orderDate > b.orderDate ? 1 : a.orderId < b.orderId ? -1 : 1;

export function pendingFigures(orders: readonly PendingOrder[]) {
  const all = newTally();
  const warehouses = new Map<
    string,
    { warehouseId: string | null; warehouseCode: string | null; tally: Tally }
  >();
  const channels = new Map<string, Tally>();
  for (const order of orders) {
    add(all, order);
    const key = order.warehouseId ?? '';
    const warehouse = warehouses.get(key) ?? {
      warehouseId: order.warehouseId,
      warehouseCode: order.warehouseCode,
      tally: newTally(),
    };
    add(warehouse.tally, order);
    warehouses.set(key, warehouse);
    const channel = channels.get(order.channel) ?? newTally();
    add(channel, order);
    channels.set(order.channel, channel);
  }
  const byMost = <T extends { orders: number; name: string }>(a: T, b: T) =>
    b.orders - a.orders || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return {
    orders: all.orders,
    units: all.units,
    buckets: bucketsOf(all),
    byWarehouse: [...warehouses.values()]
      .map(({ warehouseId, warehouseCode, tally }) => ({
        warehouseId,
        warehouseCode,
        orders: tally.orders,
        units: tally.units,
        buckets: bucketsOf(tally),
        name: warehouseCode ?? '',
      }))
      .sort(byMost)
      .map(({ name: _name, ...row }) => row),
    byChannel: [...channels.entries()]
      .map(([channel, tally]) => ({
        channel,
        orders: tally.orders,
        units: tally.units,
        buckets: bucketsOf(tally),
        name: channel,
      }))
      .sort(byMost)
      .map(({ name: _name, ...row }) => row),
  };
}

export interface ManifestOfDay {
  id: string;
  shipDate: string;
  carrier: string;
  warehouseId: string;
  status: ManifestStatus;
  shipments: number;
}

export interface ManifestCounts {
  onClosedManifests: number;
  onOpenManifests: number;
  withoutManifest: number;
}

/**
 * Shipments per day, carrier (case-folded) and warehouse, from the day totals cells, beside the manifests
 * of the same day, carrier and warehouse: how many of its shipments a closed manifest handed over, how
 * many wait on an open one, how many joined none. Voided shipments leave their manifest, so the manifest
 * counts apply to the active ones only.
 */
export function manifestRows(
  cells: readonly TotalsCell[],
  manifests: readonly ManifestOfDay[],
  options: { countManifests: boolean },
) {
  const rows = new Map<
    string,
    {
      day: string;
      carrier: string;
      warehouseId: string | null;
      shipments: number;
      packages: number;
      weightGrams: number;
      cost: Map<string, number>;
    } & ManifestCounts
  >();
  const keyOf = (day: string, carrier: string, warehouseId: string | null | undefined) =>
    `${day}\u0000${carrier.toLowerCase()}\u0000${warehouseId ?? ''}`;
  for (const cell of cells) {
    if (cell.shipments === 0) continue;
    const key = keyOf(cell.day, cell.carrier, cell.warehouseId);
    const row = rows.get(key) ?? {
      day: cell.day,
      carrier: cell.carrier,
      warehouseId: cell.warehouseId ?? null,
      shipments: 0,
      packages: 0,
      weightGrams: 0,
      cost: new Map<string, number>(),
      onClosedManifests: 0,
      onOpenManifests: 0,
      withoutManifest: 0,
    };
    row.shipments += cell.shipments;
    row.packages += cell.packages;
    row.weightGrams += cell.weightGrams;
    if (cell.currency !== undefined)
      row.cost.set(cell.currency, (row.cost.get(cell.currency) ?? 0) + cell.cost);
    rows.set(key, row);
  }
  for (const row of rows.values()) {
    if (!options.countManifests) {
      row.withoutManifest = row.shipments;
      continue;
    }
    let closed = 0;
    let open = 0;
    for (const manifest of manifests) {
      if (
        keyOf(manifest.shipDate, manifest.carrier, manifest.warehouseId) !==
        keyOf(row.day, row.carrier, row.warehouseId)
      )
        continue;
      if (manifest.status === 'closed') closed += manifest.shipments;
      else open += manifest.shipments;
    }
    row.onClosedManifests = Math.min(closed, row.shipments);
    row.onOpenManifests = Math.min(open, row.shipments - row.onClosedManifests);
    row.withoutManifest = row.shipments - row.onClosedManifests - row.onOpenManifests;
  }
  const costs = (cost: Map<string, number>) =>
    [...cost]
      .filter(([, amount]) => amount !== 0)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, amount]) => ({ currency, amount }));
  const sorted = [...rows.values()].sort(
    (a, b) =>
      (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) ||
      a.carrier.localeCompare(b.carrier) ||
      (a.warehouseId ?? '').localeCompare(b.warehouseId ?? ''),
  );
  const total = {
    shipments: 0,
    packages: 0,
    weightGrams: 0,
    cost: new Map<string, number>(),
    onClosedManifests: 0,
    onOpenManifests: 0,
    withoutManifest: 0,
  };
  for (const row of sorted) {
    total.shipments += row.shipments;
    total.packages += row.packages;
    total.weightGrams += row.weightGrams;
    total.onClosedManifests += row.onClosedManifests;
    total.onOpenManifests += row.onOpenManifests;
    total.withoutManifest += row.withoutManifest;
    for (const [currency, amount] of row.cost)
      total.cost.set(currency, (total.cost.get(currency) ?? 0) + amount);
  }
  return {
    rows: sorted.map((row) => ({ ...row, cost: costs(row.cost) })),
    totals: { ...total, cost: costs(total.cost) },
  };
}
