/**
 * What the shipping reports read, on known keys only: unshipped orders by status (the index of each
 * status of the pending categories, built-in and custom), shipment totals cells and manifests of the
 * range's months and one page of shipments.
 */
import {
  manifestKey,
  manifestsOfMonth,
  ordersInStatusPartitions,
} from '../../../shared/db/keys';
import { queryEveryPartition } from '../../../shared/db/every-partition';
import { monthsOf } from '../../../shared/db/month-pages';
import type { Item } from '../../../shared/db/query';
import { getItems, queryAll } from '../../../shared/db/query';
import { toResource } from '../../../shared/db/resource';
import type { Manifest } from '../../../shared/domain/manifest';
import { manifestSchema } from '../../../shared/domain/manifest';
import type { Order } from '../../../shared/domain/order';
import type { OrderStatus } from '../../../shared/domain/order-status';
import { builtInStatuses } from '../../../shared/domain/order-status';
import { orderFromItem } from '../../../shared/orders/repository';
import { customStatuses } from '../../../shared/orders/statuses';
import type { PendingCategory } from './figures';
import { onePerOrder } from './one-per-order';

/** The statuses of the pending categories (or of one), built-in and custom. */
export async function pendingStatuses(categories: readonly PendingCategory[]): Promise<OrderStatus[]> {
  const custom = await customStatuses();
  return [...builtInStatuses, ...custom].filter((status) =>
    (categories as readonly string[]).includes(status.category),
  );
}

/**
 * Orders in the statuses, each once: every partition of each status's index (its shards and the legacy
 * one), all read in parallel.
 */
export async function ordersInStatuses(
  statuses: readonly OrderStatus[],
): Promise<Array<{ order: Order; status: OrderStatus }>> {
  const pages = await Promise.all(
    statuses.map(async (status) =>
      (await queryEveryPartition(ordersInStatusPartitions(status.id))).map((item: Item) => ({
        order: orderFromItem(item),
        status,
      })),
    ),
  );
  return onePerOrder(pages.flat());
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
