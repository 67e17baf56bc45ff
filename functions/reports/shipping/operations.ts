/** The shipping reports: read on known keys (read.ts), figured by pure functions (figures.ts). */
import type { output } from 'zod/v4/core';
import { reportingTimeZone } from '../../../shared/aggregates/time-zone';
import { reportingDay } from '../../../shared/domain/reporting-days';
import type { Shipment } from '../../../shared/domain/shipment';
import type { Implementations } from '../../../shared/http/catalogue';
import { listShipments, totalsCells } from '../../../shared/shipments/queries';
import { matchesFilters } from '../../../shared/shipments/totals';
import { reportRange } from '../operations';
import type { shippingRoutes } from './routes';
import type { PendingCategory, PendingOrder } from './figures';
import {
  ageBucket,
  ageInDays,
  manifestRows,
  oldestFirst,
  pendingCategories,
  pendingFigures,
} from './figures';
import { codesCheckingFilter } from '../warehouses';
import { manifestsById, manifestsOfRange, pendingOrdersIn, pendingStatuses } from './read';
import type { pendingShipmentsQuery, shippedManifestDetailQuery, shippedManifestQuery } from './schemas';

type Routes = typeof shippingRoutes;
type ShippingOperations = Pick<
  Implementations<Routes>,
  'getPendingShipments' | 'getShippedManifest' | 'getShippedManifestDetail'
>;

/** Every pending order the query selects, oldest first, with the figures over them. */
export async function pendingShipments(query: output<typeof pendingShipmentsQuery>) {
  const timeZone = reportingTimeZone();
  const generatedAt = new Date();
  const today = reportingDay(generatedAt, timeZone);
  const categories: PendingCategory[] = query.statusCategory
    ? [query.statusCategory]
    : [...pendingCategories];
  const [statuses, codes] = await Promise.all([
    pendingStatuses(categories),
    codesCheckingFilter(query.warehouseId),
  ]);
  const orders = (await pendingOrdersIn(statuses))
    .filter((order) => query.channel === undefined || order.channel === query.channel)
    .filter((order) => query.warehouseId === undefined || order.warehouseId === query.warehouseId)
    .map((order) => {
      const ageDays = ageInDays(order.orderDate, today, timeZone);
      return {
        orderId: order.id,
        channel: order.channel,
        orderDate: order.orderDate,
        day: reportingDay(order.orderDate, timeZone),
        ageDays,
        bucket: ageBucket(ageDays),
        statusId: order.statusId,
        statusCategory: order.status.category as PendingCategory,
        warehouseId: order.warehouseId ?? null,
        warehouseCode: order.warehouseId ? (codes.get(order.warehouseId) ?? null) : null,
        unitsUnshipped: order.unitsUnshipped,
        total: order.total,
        currency: order.currency,
      };
    })
    .filter((order) => order.unitsUnshipped > 0)
    .sort((a: PendingOrder, b: PendingOrder) => oldestFirst(a, b));
  return { today, timeZone, generatedAt: generatedAt.toISOString(), orders, figures: pendingFigures(orders) };
}

function shipmentFilters(query: output<typeof shippedManifestQuery>) {
  const range = reportRange(query, reportingTimeZone());
  return {
    range,
    filters: {
      from: range.from,
      to: range.to,
      ...(query.carrier === undefined ? {} : { carrier: query.carrier }),
      ...(query.warehouseId === undefined ? {} : { warehouseId: query.warehouseId }),
      status: query.status,
    },
  };
}

export async function shippedManifest(query: output<typeof shippedManifestQuery>) {
  const { range, filters } = shipmentFilters(query);
  const [{ cells }, manifests, codes] = await Promise.all([
    totalsCells(range),
    manifestsOfRange(range),
    codesCheckingFilter(query.warehouseId),
  ]);
  const selected = cells.filter((cell) => matchesFilters(cell, filters));
  const figures = manifestRows(selected, manifests, { countManifests: query.status === 'active' });
  const codeOf = (id: string | null) => (id === null ? null : (codes.get(id) ?? null));
  return {
    ...range,
    rows: figures.rows.map((row) => ({ ...row, warehouseCode: codeOf(row.warehouseId) })),
    totals: figures.totals,
    manifests: manifests
      .filter(
        (manifest) =>
          (filters.carrier === undefined ||
            manifest.carrier.toLowerCase() === filters.carrier.toLowerCase()) &&
          (filters.warehouseId === undefined || manifest.warehouseId === filters.warehouseId),
      )
      .map((manifest) => ({
        id: manifest.id,
        day: manifest.shipDate,
        carrier: manifest.carrier,
        warehouseId: manifest.warehouseId,
        warehouseCode: manifest.warehouseCode,
        status: manifest.status,
        shipments: manifest.shipments,
        closedAt: manifest.closedAt ?? null,
        pickupReference: manifest.pickupReference ?? null,
      })),
  };
}

/** One page of the detail: shipments oldest first, each with its manifest's state. */
export async function shippedManifestDetail(query: output<typeof shippedManifestDetailQuery>) {
  const { range, filters } = shipmentFilters(query);
  const codes = await codesCheckingFilter(query.warehouseId);
  const page = await listShipments({ filters, limit: query.limit, cursor: query.cursor, descending: false });
  const manifests = await manifestsById(
    page.items.flatMap((shipment) => (shipment.manifestId ? [shipment.manifestId] : [])),
  );
  const row = (shipment: Shipment) => ({
    shipmentId: shipment.id,
    orderId: shipment.orderId,
    shipDate: shipment.shipDate,
    carrier: shipment.carrier,
    service: shipment.service,
    trackingNumber: shipment.trackingNumber,
    source: shipment.source,
    status: shipment.status,
    warehouseId: shipment.warehouseId ?? null,
    warehouseCode: shipment.warehouseId ? (codes.get(shipment.warehouseId) ?? null) : null,
    packages: shipment.packages,
    weightGrams: shipment.weightGrams,
    cost: shipment.cost?.amount ?? null,
    currency: shipment.cost?.currency ?? null,
    manifestId: shipment.manifestId ?? null,
    manifestStatus: shipment.manifestId ? (manifests.get(shipment.manifestId)?.status ?? null) : null,
  });
  return { ...range, items: page.items.map(row), nextCursor: page.nextCursor };
}

export const shippingOperations: ShippingOperations = {
  async getPendingShipments({ query }) {
    const { orders, figures, ...report } = await pendingShipments(query);
    return { body: { ...report, ...figures, oldest: orders.slice(0, query.limit) } };
  },
  async getShippedManifest({ query }) {
    return { body: await shippedManifest(query) };
  },
  async getShippedManifestDetail({ query }) {
    return { body: await shippedManifestDetail(query) };
  },
};
