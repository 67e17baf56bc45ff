/**
 * What the shipping reports read, on known keys only: unshipped orders by status (the index of each
 * status of the pending categories, built-in and custom), shipment totals cells and manifests of the
 * range's months and one page of shipments.
 */
import {
  pendingOrderPartitions,
  manifestKey,
  manifestsOfMonth,
  ordersInStatusPartitions,
} from '../../../shared/db/keys';
import { queryEveryPartition } from '../../../shared/db/every-partition';
import { monthsOf } from '../../../shared/db/month-pages';
import type { Item } from '../../../shared/db/query';
import { getItems, queryAll, queryProjected } from '../../../shared/db/query';
import { toResource } from '../../../shared/db/resource';
import type { Manifest } from '../../../shared/domain/manifest';
import { manifestSchema } from '../../../shared/domain/manifest';
import { unitsLeftToShip } from '../../../shared/domain/order';
import { tableLayout } from '../../../shared/db/table-layout';
import type { OrderStatus } from '../../../shared/domain/order-status';
import { builtInStatuses } from '../../../shared/domain/order-status';
import { orderFromItem } from '../../../shared/orders/repository';
import { customStatuses, resolveStatuses } from '../../../shared/orders/statuses';
import type { PendingCategory } from './figures';
import { onePerOrder } from './one-per-order';

/** The statuses of the pending categories (or of one), built-in and custom. */
export async function pendingStatuses(categories: readonly PendingCategory[]): Promise<OrderStatus[]> {
  const custom = await customStatuses();
  return [...builtInStatuses, ...custom].filter((status) =>
    (categories as readonly string[]).includes(status.category),
  );
}

/** What the pending-shipments report shows of an order waiting to ship. */
export interface PendingEntry {
  id: string;
  channel: string;
  orderDate: string;
  statusId: string;
  status: OrderStatus;
  warehouseId?: string;
  currency: string;
  total: number;
  unitsUnshipped: number;
}

/**
 * Orders in the statuses, each once: every partition of each status's index (its shards and the legacy
 * one), all read in parallel. Before the pending-orders index holds every such order.
 */
export async function ordersInStatuses(statuses: readonly OrderStatus[]): Promise<PendingEntry[]> {
  const pages = await Promise.all(
    statuses.map(async (status) =>
      (await queryEveryPartition(ordersInStatusPartitions(status.id))).map((item: Item) => ({
        order: orderFromItem(item),
        status,
      })),
    ),
  );
  return onePerOrder(pages.flat()).map(({ order, status }) => ({
    id: order.id,
    channel: order.channel,
    orderDate: order.orderDate,
    statusId: order.statusId,
    status,
    ...(order.warehouseId === undefined ? {} : { warehouseId: order.warehouseId }),
    currency: order.currency,
    total: order.totals.total,
    unitsUnshipped: unitsLeftToShip(order.lines),
  }));
}

/**
 * Orders of the pending-orders index (every order waiting to ship, with its units left) whose status is
 * one of `statuses`: its 4 partitions, read at once. An entry's status missing from them is another
 * category's, or a custom status created elsewhere moments ago: the latter is read (resolveStatuses).
 */
export async function ordersOfPendingIndex(statuses: readonly OrderStatus[]): Promise<PendingEntry[]> {
  // The index holds what the report shows: its entries as they are, no order header behind them.
  const entries = (await Promise.all(pendingOrderPartitions().map(queryProjected))).flat();
  const known = new Map(statuses.map((status) => [status.id, status]));
  const unknown = entries.map((item) => String(item.statusId)).filter((id) => !known.has(id));
  const resolved = unknown.length > 0 ? await resolveStatuses(unknown) : new Map<string, OrderStatus>();
  const categories = new Set(statuses.map((status) => status.category));
  return entries.flatMap((item): PendingEntry[] => {
    const statusId = String(item.statusId);
    const status = known.get(statusId) ?? resolved.get(statusId);
    if (!status || !categories.has(status.category)) return [];
    return [
      {
        id: String(item.id),
        channel: String(item.channel),
        orderDate: String(item.orderDate),
        statusId,
        status,
        ...(typeof item.warehouseId === 'string' ? { warehouseId: item.warehouseId } : {}),
        currency: String(item.currency),
        total: Number((item.totals as { total: number }).total),
        unitsUnshipped: Number(item.pendingUnits),
      },
    ];
  });
}

/** Orders waiting to ship in the statuses (all of some pending categories), each once. */
export async function pendingOrdersIn(statuses: readonly OrderStatus[]): Promise<PendingEntry[]> {
  return (await tableLayout()).current ? ordersOfPendingIndex(statuses) : ordersInStatuses(statuses);
}

/** The manifests of the months a range of days covers. */
export async function manifestsOfRange(range: { from: string; to: string }): Promise<Manifest[]> {
  const months = await Promise.all(
    monthsOf(range.from, range.to).map((month) => queryAll(manifestsOfMonth(month))),
  );
  return months
    .flat()
    .map((item) => toResource(manifestSchema, item))
    .filter((manifest) => manifest.shipDate >= range.from && manifest.shipDate <= range.to);
}

/** Manifests by id (those a page of shipments names). */
export async function manifestsById(ids: Iterable<string>): Promise<Map<string, Manifest>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const items = await getItems(unique.map(manifestKey));
  return new Map(items.map((item) => [String(item.id), toResource(manifestSchema, item)]));
}
