/** The shipping reports' queries and answers (interface §4.1). Data only. */
import * as z from 'zod/mini';
import { currencySchema } from '../../../shared/domain/money';
import { carrierSchema, daySchema, shipmentStatuses } from '../../../shared/domain/shipment';
import { earliestReportDay, latestReportDay } from '../../../shared/domain/reporting-days';
import { codeSchema, cursorSchema, limitSchema, ulidSchema } from '../../../shared/http/schemas';
import { ageBuckets, pendingCategories } from './figures';
import { responseSchema } from '../../../shared/http/response-schema';

const reportDay = daySchema.check(
  z.refine(
    (day) => day >= earliestReportDay && day <= latestReportDay,
    `must be from ${earliestReportDay} to ${latestReportDay}`,
  ),
);

export const pendingShipmentsQuery = z.strictObject({
  warehouseId: z.optional(ulidSchema),
  channel: z.optional(codeSchema),
  /** `open` (awaiting shipment, backordered and custom statuses of that category) or `on_hold`. */
  statusCategory: z.optional(z.enum(pendingCategories)),
  /** How many of the oldest orders to list (1–200, default 50). */
  limit: limitSchema,
});

const manifestFilters = {
  from: z.optional(reportDay),
  to: z.optional(reportDay),
  carrier: z.optional(carrierSchema),
  warehouseId: z.optional(ulidSchema),
  /** Active shipments by default; `voided` lists the voided ones. */
  status: z._default(z.enum(shipmentStatuses), 'active'),
};

export const shippedManifestQuery = z.strictObject(manifestFilters);
export const shippedManifestDetailQuery = z.strictObject({
  ...manifestFilters,
  limit: limitSchema,
  cursor: cursorSchema,
});

const count = z.number();
const bucketCounts = responseSchema(() =>
  z.array(z.object({ bucket: z.enum(ageBuckets), orders: count, units: count })),
);
const money = responseSchema(() => z.object({ currency: currencySchema, amount: z.number() }));

export const pendingOrderSchema = responseSchema(() =>
  z.object({
    /** The order's id: the channel's own order number. */
    orderId: z.string(),
    channel: z.string(),
    orderDate: z.string(),
    /** The order's day in the reporting zone. */
    day: daySchema,
    ageDays: count,
    bucket: z.enum(ageBuckets),
    statusId: z.string(),
    statusCategory: z.enum(pendingCategories),
    warehouseId: z.nullable(z.string()),
    warehouseCode: z.nullable(z.string()),
    /** Active units not shipped yet. */
    unitsUnshipped: count,
    total: z.number(),
    currency: z.string(),
  }),
);

export const pendingShipmentsAnswer = responseSchema(() =>
  z.object({
    today: daySchema,
    timeZone: z.string(),
    generatedAt: z.string(),
    orders: count,
    units: count,
    buckets: bucketCounts(),
    byWarehouse: z.array(
      z.object({
        warehouseId: z.nullable(z.string()),
        warehouseCode: z.nullable(z.string()),
        orders: count,
        units: count,
        buckets: bucketCounts(),
      }),
    ),
    byChannel: z.array(
      z.object({ channel: z.string(), orders: count, units: count, buckets: bucketCounts() }),
    ),
    /** The oldest pending orders first, at most `limit`. */
    oldest: z.array(pendingOrderSchema()),
  }),
);

const manifestCounts = () => ({
  /** Shipments on a closed manifest (handed to the carrier). */
  onClosedManifests: count,
  /** Shipments on a manifest still open (or closing). */
  onOpenManifests: count,
  /** Shipments on no manifest (manual ones, or labels of carriers without manifests). */
  withoutManifest: count,
});

export const shippedManifestAnswer = responseSchema(() =>
  z.object({
    from: daySchema,
    to: daySchema,
    timeZone: z.string(),
    rows: z.array(
      z.object({
        day: daySchema,
        carrier: z.string(),
        warehouseId: z.nullable(z.string()),
        warehouseCode: z.nullable(z.string()),
        shipments: count,
        packages: count,
        weightGrams: count,
        cost: z.array(money()),
        ...manifestCounts(),
      }),
    ),
    totals: z.object({
      shipments: count,
      packages: count,
      weightGrams: count,
      cost: z.array(money()),
      ...manifestCounts(),
    }),
    manifests: z.array(
      z.object({
        id: z.string(),
        day: daySchema,
        carrier: z.string(),
        warehouseId: z.string(),
        warehouseCode: z.string(),
        status: z.enum(['open', 'closing', 'closed']),
        shipments: count,
        closedAt: z.nullable(z.string()),
        pickupReference: z.nullable(z.string()),
      }),
    ),
  }),
);

export const shippedShipmentSchema = responseSchema(() =>
  z.object({
    shipmentId: z.string(),
    orderId: z.string(),
    shipDate: daySchema,
    carrier: z.string(),
    service: z.string(),
    trackingNumber: z.string(),
    source: z.string(),
    status: z.string(),
    warehouseId: z.nullable(z.string()),
    warehouseCode: z.nullable(z.string()),
    packages: count,
    weightGrams: count,
    cost: z.nullable(z.number()),
    currency: z.nullable(z.string()),
    manifestId: z.nullable(z.string()),
    manifestStatus: z.nullable(z.enum(['open', 'closing', 'closed'])),
  }),
);

export const shippedManifestDetailAnswer = responseSchema(() =>
  z.object({
    from: daySchema,
    to: daySchema,
    timeZone: z.string(),
    items: z.array(shippedShipmentSchema()),
    nextCursor: z.nullable(z.string()),
  }),
);
