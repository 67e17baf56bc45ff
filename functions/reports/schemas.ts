/** The sales reports' queries and answers (interface §4.1). Data only. */
import * as z from 'zod/mini';
import { currencySchema } from '../../shared/domain/money';
import type { StatusCategory } from '../../shared/domain/order-status';
import { statusCategories } from '../../shared/domain/order-status';
import { paymentMethods } from '../../shared/domain/payment';
import { earliestReportDay, latestReportDay } from '../../shared/domain/reporting-days';
import { daySchema } from '../../shared/domain/shipment';
import {
  codeSchema,
  cursorSchema,
  limitSchema,
  queryInteger,
  skuSchema,
  ulidSchema,
} from '../../shared/http/schemas';
import { responseSchema } from '../../shared/http/response-schema';

/** The status categories an order with active lines can be in (a cancelled order has none). */
const soldStatusCategories = [
  'open',
  'on_hold',
  'awaiting_payment',
  'shipped',
] as const satisfies readonly StatusCategory[];

/** A report day: a real date within the years reports can reach (`earliestReportDay`…`latestReportDay`). */
const reportDay = daySchema.check(
  z.refine(
    (day) => day >= earliestReportDay && day <= latestReportDay,
    `must be from ${earliestReportDay} to ${latestReportDay}`,
  ),
);

/** A range of reporting days; the operation defaults it to the 30 days up to today, at most 366. */
const range = {
  from: z.optional(reportDay),
  to: z.optional(reportDay),
};

export const salesRangeQuery = z.strictObject({
  ...range,
  channel: z.optional(codeSchema),
  currency: z.optional(currencySchema),
});

export const detailedQuery = z.strictObject({
  ...range,
  channel: z.optional(codeSchema),
  sku: z.optional(skuSchema),
  warehouseId: z.optional(ulidSchema),
  /** Cancelled orders have no active line, so they are never in this report. */
  statusCategory: z.optional(z.enum(soldStatusCategories)),
  currency: z.optional(currencySchema),
  limit: limitSchema,
  cursor: cursorSchema,
});

export const paymentsQuery = z.strictObject({
  ...range,
  method: z.optional(z.enum(paymentMethods)),
  currency: z.optional(currencySchema),
});

export const sellersQuery = z.strictObject({
  ...range,
  by: z._default(z.enum(['units', 'revenue']), 'units'),
  /** The currency revenue ranks in: required with `by=revenue`, a filter otherwise. */
  currency: z.optional(currencySchema),
  limit: queryInteger(1, 200, 10),
});

export const dashboardQuery = z.strictObject({ currency: z.optional(currencySchema) });

const count = z.number();
const minorUnits = z.number();

const rangeAnswer = () => ({
  from: daySchema,
  to: daySchema,
  /** The reporting time zone the days are in. */
  timeZone: z.string(),
});

const salesMoney = responseSchema(() =>
  z.object({
    currency: z.string(),
    orders: count,
    units: count,
    gross: minorUnits,
    discounts: minorUnits,
    tax: minorUnits,
    shipping: minorUnits,
    refunds: minorUnits,
    net: minorUnits,
    averageOrderValue: minorUnits,
  }),
);
const salesFigures = () => ({ orders: count, units: count, money: z.array(salesMoney()) });

export const summaryAnswer = responseSchema(() =>
  z.object({
    ...rangeAnswer(),
    channels: z.array(z.object({ channel: z.string(), ...salesFigures() })),
    total: z.object(salesFigures()),
  }),
);

export const dailyAnswer = responseSchema(() =>
  z.object({
    ...rangeAnswer(),
    days: z.array(z.object({ day: daySchema, ...salesFigures() })),
  }),
);

export const detailedAnswer = responseSchema(() =>
  z.object({
    ...rangeAnswer(),
    items: z.array(
      z.object({
        orderId: z.string(),
        orderDate: z.string(),
        day: daySchema,
        channel: z.string(),
        statusId: z.string(),
        statusCategory: z.enum(statusCategories),
        warehouseId: z.nullable(z.string()),
        itemId: z.string(),
        sku: z.string(),
        title: z.string(),
        quantity: count,
        unitPrice: minorUnits,
        discount: minorUnits,
        tax: minorUnits,
        lineTotal: minorUnits,
        currency: z.string(),
      }),
    ),
    nextCursor: z.nullable(z.string()),
  }),
);

const paymentFigures = () => ({
  currency: z.string(),
  payments: count,
  collected: minorUnits,
  refunds: count,
  refunded: minorUnits,
  net: minorUnits,
});
const methodRow = responseSchema(() => z.object({ method: z.string(), ...paymentFigures() }));

export const paymentsAnswer = responseSchema(() =>
  z.object({
    ...rangeAnswer(),
    days: z.array(z.object({ day: daySchema, methods: z.array(methodRow()) })),
    methods: z.array(methodRow()),
    total: z.array(z.object(paymentFigures())),
  }),
);

export const sellersAnswer = responseSchema(() =>
  z.object({
    ...rangeAnswer(),
    by: z.enum(['units', 'revenue']),
    items: z.array(
      z.object({
        rank: count,
        sku: z.string(),
        orders: count,
        units: count,
        revenue: z.array(z.object({ currency: z.string(), amount: minorUnits })),
        /** Worst sellers: units on hand over every warehouse. */
        onHand: z.optional(count),
      }),
    ),
  }),
);

const comparison = () => ({
  value: z.number(),
  previous: z.number(),
  change: z.number(),
  changePercent: z.nullable(z.number()),
});
const comparisonSchema = responseSchema(() => z.object(comparison()));
const moneyComparison = responseSchema(() => z.object({ currency: z.string(), ...comparison() }));
const daysAnswer = responseSchema(() => z.object({ from: daySchema, to: daySchema }));

export const dashboardAnswer = responseSchema(() =>
  z.object({
    today: daySchema,
    timeZone: z.string(),
    periods: z.array(
      z.object({
        period: z.enum(['today', 'last7Days', 'last30Days']),
        from: daySchema,
        to: daySchema,
        previous: daysAnswer(),
        orders: comparisonSchema(),
        units: comparisonSchema(),
        /** Of the period's orders, those with active units not shipped yet. */
        awaitingShipment: comparisonSchema(),
        /** Net sales. */
        revenue: z.array(moneyComparison()),
        averageOrderValue: z.array(moneyComparison()),
      }),
    ),
  }),
);

export const trendAnswer = responseSchema(() =>
  z.object({
    ...rangeAnswer(),
    previous: daysAnswer(),
    days: z.array(
      z.object({
        day: daySchema,
        previousDay: daySchema,
        orders: comparisonSchema(),
        units: comparisonSchema(),
        revenue: z.array(moneyComparison()),
      }),
    ),
  }),
);
