/** The inventory reports' queries and answers (interface §4.1). Data only. */
import * as z from 'zod/mini';
import { earliestReportDay, latestReportDay } from '../../../shared/domain/reporting-days';
import { daySchema } from '../../../shared/domain/shipment';
import { agingBuckets } from '../../../shared/domain/stock-valuation';
import { movementTypes } from '../../../shared/domain/stock-ledger';
import { cursorSchema, limitSchema, queryBoolean, skuSchema, ulidSchema } from '../../../shared/http/schemas';
import { responseSchema } from '../../../shared/http/response-schema';

const reportDay = daySchema.check(
  z.refine(
    (day) => day >= earliestReportDay && day <= latestReportDay,
    `must be from ${earliestReportDay} to ${latestReportDay}`,
  ),
);
/** A SKU prefix: what a SKU may hold, at least one character. */
const skuPrefix = skuSchema;

export const lowStockQuery = z.strictObject({
  warehouseId: z.optional(ulidSchema),
  vendorId: z.optional(ulidSchema),
  ruleId: z.optional(ulidSchema),
});

export const stockLevelsQuery = z.strictObject({
  warehouseId: z.optional(ulidSchema),
  /** SKUs starting with this. */
  sku: z.optional(skuPrefix),
  /** `true`: only records with units on hand. */
  inStock: queryBoolean,
  /** `true`: only records whose allocations exceed what is on hand. */
  backordered: queryBoolean,
  limit: limitSchema,
  cursor: cursorSchema,
});

export const movementsReportQuery = z.strictObject({
  from: z.optional(reportDay),
  to: z.optional(reportDay),
  /** One SKU's movements (exact SKU). */
  sku: z.optional(skuSchema),
  warehouseId: z.optional(ulidSchema),
  type: z.optional(z.enum(movementTypes)),
  limit: limitSchema,
  cursor: cursorSchema,
});

export const valuationQuery = z.strictObject({
  warehouseId: z.optional(ulidSchema),
  /** SKUs starting with this. */
  sku: z.optional(skuPrefix),
  /** The value at the end of this reporting day, replayed from the ledger; now when absent. */
  asOf: z.optional(reportDay),
});

export const agingQuery = z.strictObject({
  warehouseId: z.optional(ulidSchema),
  sku: z.optional(skuPrefix),
});

export const warehouseCapacityQuery = z.strictObject({ warehouseId: z.optional(ulidSchema) });

const count = z.number();
const money = responseSchema(() => z.object({ amount: z.number(), currency: z.string() }));
const warehouseRef = () => ({ warehouseId: z.string(), warehouseCode: z.string() });

export const lowStockAnswer = responseSchema(() =>
  z.object({
    timeZone: z.string(),
    generatedAt: z.string(),
    /** The alert settings: while off, the standings are not moved and this report shows them as they were left. */
    alertsEnabled: z.boolean(),
    items: z.array(
      z.object({
        sku: z.string(),
        ...warehouseRef(),
        onHand: count,
        available: count,
        /** Units a day over the look-back window (days in stock). */
        velocity: z.number(),
        daysOfCover: z.nullable(z.number()),
        suggestedQuantity: count,
        /** The lead time the suggestion used, and where it came from (`rule`, `po-source`, `vendor`, `alert settings`). */
        leadTimeDays: z.nullable(z.number()),
        leadTimeFrom: z.nullable(z.string()),
        vendor: z.nullable(
          z.object({
            vendorId: z.string(),
            vendorName: z.nullable(z.string()),
            poSourceId: z.string(),
            unitCost: money(),
            leadTimeDays: z.nullable(z.number()),
          }),
        ),
        rules: z.array(
          z.object({
            ruleId: z.string(),
            ruleName: z.string(),
            suggestedQuantity: count,
            leadTimeDays: z.nullable(z.number()),
          }),
        ),
        /** The rule whose figures the row shows, and why. */
        appliedRule: z.object({ ruleId: z.string(), ruleName: z.string(), reason: z.string() }),
        lowSince: z.nullable(z.string()),
        /** When the figures were last assessed (each stock change and the daily run). */
        assessedAt: z.string(),
        explanation: z.record(z.string(), z.unknown()),
      }),
    ),
  }),
);

const stockLevel = responseSchema(() =>
  z.object({
    sku: z.string(),
    ...warehouseRef(),
    onHand: count,
    allocated: count,
    available: count,
    backordered: count,
    averageUnitCost: z.number(),
    /** On hand × average unit cost. */
    value: z.number(),
    currency: z.string(),
    updatedAt: z.string(),
  }),
);
export const stockLevelsAnswer = responseSchema(() =>
  z.object({ items: z.array(stockLevel()), nextCursor: z.nullable(z.string()) }),
);

export const movementsReportAnswer = responseSchema(() =>
  z.object({
    from: daySchema,
    to: daySchema,
    timeZone: z.string(),
    currency: z.string(),
    items: z.array(
      z.object({
        id: z.string(),
        at: z.string(),
        day: daySchema,
        sku: z.string(),
        ...warehouseRef(),
        type: z.enum(movementTypes),
        quantity: z.number(),
        allocatedChange: z.number(),
        unitCost: z.nullable(z.number()),
        reference: z.nullable(z.string()),
        onHandAfter: count,
        availableAfter: count,
      }),
    ),
    nextCursor: z.nullable(z.string()),
  }),
);

const layer = responseSchema(() =>
  z.object({ receivedAt: z.string(), quantity: count, unitCost: z.number() }),
);
const valueTotals = () => ({ onHand: count, averageValue: z.number(), fifoValue: z.number() });

export const valuationAnswer = responseSchema(() =>
  z.object({
    /** The day valued (its end), or null for now. */
    asOf: z.nullable(daySchema),
    timeZone: z.string(),
    currency: z.string(),
    warehouses: z.array(
      z.object({
        ...warehouseRef(),
        ...valueTotals(),
        items: z.array(
          z.object({
            sku: z.string(),
            ...valueTotals(),
            averageUnitCost: z.number(),
            layers: z.array(layer()),
          }),
        ),
      }),
    ),
    total: z.object(valueTotals()),
  }),
);

const aged = responseSchema(() =>
  z.array(z.object({ bucket: z.enum(agingBuckets), units: count, value: z.number() })),
);
export const agingAnswer = responseSchema(() =>
  z.object({
    today: daySchema,
    timeZone: z.string(),
    currency: z.string(),
    warehouses: z.array(
      z.object({
        ...warehouseRef(),
        onHand: count,
        buckets: aged(),
        items: z.array(z.object({ sku: z.string(), onHand: count, buckets: aged() })),
      }),
    ),
  }),
);

export const warehouseCapacityAnswer = responseSchema(() =>
  z.object({
    today: daySchema,
    timeZone: z.string(),
    warehouses: z.array(
      z.object({
        ...warehouseRef(),
        name: z.string(),
        active: z.boolean(),
        capacity: z.nullable(z.number()),
        unitsOnHand: count,
        skusHeld: count,
        /** unitsOnHand / capacity (1 = full); null without a capacity. */
        capacityUsed: z.nullable(z.number()),
        /** Units on hand at the end of each of the last 30 reporting days, oldest first (today: now). */
        trend: z.array(
          z.object({ day: daySchema, unitsOnHand: count, capacityUsed: z.nullable(z.number()) }),
        ),
      }),
    ),
  }),
);
