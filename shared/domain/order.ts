/**
 * The order aggregate, shared by every group that reads or changes orders (orders, activity,
 * fulfillment, returns, reports): its shape, derived totals and fulfillment state, and the rules of
 * replacing lines. Plain functions; no I/O.
 */
import * as z from 'zod/mini';
import { lineText } from '../http/text';
import { codeSchema, idFormMessage, skuSchema, timestampSchema } from '../http/schemas';
import { addressSchema } from './address';
import { isCountryCode } from './countries';
import { currencySchema, maxAmount, minorUnitsSchema } from './money';
import { instantSchema } from '../http/instant';

/** Channel order ids: what channels send, never a literal path segment beside /v1/orders/{id}. */
export const orderIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const reservedOrderIds = ['statuses', 'column-views', 'automation-rules', 'work-orders', 'shipments'];

export const orderIdSchema = z.string().check(
  z.regex(orderIdPattern, idFormMessage('1 to 64', '. _ -', 'the channel order id')),
  z.refine((id) => !reservedOrderIds.includes(id.toLowerCase()), 'is a reserved word of the interface'),
);

const lineFields = {
  /** The channel's line id, stable across replacements. */
  itemId: z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, idFormMessage('1 to 64', '. _ -'))),
  sku: skuSchema,
  title: lineText(300),
  quantity: z.number().check(z.int(), z.minimum(1), z.maximum(100_000)),
  /** Minor units per unit. */
  unitPrice: minorUnitsSchema,
  /** Minor units for the whole line. */
  tax: z._default(minorUnitsSchema, 0),
  /** Minor units for the whole line, at most quantity × unit price. */
  discount: z._default(minorUnitsSchema, 0),
  /** Grams per unit. */
  weightGrams: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(1_000_000))),
  /** Harmonized System tariff number for customs declarations: 6 to 10 digits, dots allowed ("6109.10"). */
  hsCode: z.optional(z.string().check(z.regex(/^\d{4}\.?\d{2}(\.?\d{2}){0,2}$/, 'must be an HS code'))),
  /** Where the goods were made (ISO 3166-1 alpha-2), for customs declarations. */
  originCountry: z.optional(
    z.string().check(z.refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code')),
  ),
};

/** DESIGN §3: a line's amount is one amount (at most 10^12), and its discount never exceeds it. */
export function lineAmountProblems(line: {
  quantity: number;
  unitPrice: number;
  discount?: number;
}): Array<{ path: 'unitPrice' | 'discount'; message: string }> {
  const amount = line.quantity * line.unitPrice;
  if (amount > maxAmount) {
    return [
      {
        path: 'unitPrice',
        message: `quantity × unit price is ${amount} minor units; a line's amount is at most ${maxAmount}`,
      },
    ];
  }
  if ((line.discount ?? 0) > amount) {
    return [
      {
        path: 'discount',
        message: `the discount (${line.discount}) exceeds the line's amount, quantity × unit price (${amount})`,
      },
    ];
  }
  return [];
}

export const orderLineInputSchema = z.strictObject(lineFields).check(
  z.superRefine((line, context) => {
    for (const problem of lineAmountProblems(line)) {
      context.issues.push({ code: 'custom', message: problem.message, path: [problem.path], input: line });
    }
  }),
);

export const customerSchema = z.strictObject({
  name: lineText(200),
  email: z.optional(z.email()),
  phone: z.optional(z.string().check(z.regex(/^[0-9+() .-]{5,32}$/, 'must be a phone number'))),
});

const tagSchema = lineText(50);
/** Tags are a set: a repeated tag is kept once, in first-seen order. */
const tagsSchema = z.pipe(
  z.array(tagSchema).check(z.maxLength(50)),
  z.transform((tags: string[]) => [...new Set(tags)]),
);
const shippingServiceSchema = lineText(100);
const warehouseIdSchema = z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a ULID'));
const statusIdSchema = z.string().check(z.minLength(1), z.maxLength(64));

/** The channel's fields of an order, as PUT sends them. */
const channelFields = {
  channel: codeSchema,
  /** ISO 8601 with `Z` or an offset; stored in UTC. */
  orderDate: instantSchema,
  customer: customerSchema,
  shipTo: addressSchema,
  billTo: z.optional(addressSchema),
  lines: z.array(orderLineInputSchema).check(
    z.minLength(1),
    z.maxLength(500),
    z.refine(
      (lines) => new Set(lines.map((line) => line.itemId)).size === lines.length,
      'item ids must be unique',
    ),
  ),
  currency: currencySchema,
  /** Minor units charged for shipping. */
  shippingCharge: z._default(minorUnitsSchema, 0),
};

/**
 * The body of `PUT /v1/orders/{id}`. The back office's fields (status, warehouse, shipping service,
 * tags staff or rules added) are kept on a replace when omitted and cleared only by `null` (DESIGN §3),
 * so a channel re-sync never undoes staff work, rules or stock allocation.
 */
export const orderInputSchema = z.strictObject({
  ...channelFields,
  requestedShippingService: z.optional(z.nullable(shippingServiceSchema)),
  warehouseId: z.optional(z.nullable(warehouseIdSchema)),
  /** The channel's tags; tags that rules or staff added stay unless `null` clears every tag. */
  tags: z.optional(z.nullable(tagsSchema)),
  /** A built-in or custom status id; new orders start awaiting payment; `null` goes back to that. */
  statusId: z.optional(z.nullable(statusIdSchema)),
});
export type OrderInput = z.infer<typeof orderInputSchema>;

export const lineStatuses = ['active', 'cancelled'] as const;
export const fulfillmentStates = ['unshipped', 'partially_shipped', 'shipped', 'cancelled'] as const;
export type FulfillmentState = (typeof fulfillmentStates)[number];

export const orderLineSchema = z.object({
  ...lineFields,
  status: z.enum(lineStatuses),
  shippedQuantity: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const totalsSchema = z.object({
  subtotal: z.number(),
  shipping: z.number(),
  tax: z.number(),
  discount: z.number(),
  /** Goods, shipping and tax less discounts, less what refunds for returned goods credited. */
  total: z.number(),
  paid: z.number(),
  refunded: z.number(),
  /**
   * What refunds for returned goods took out of the total (DESIGN §4, money of an order): what they paid
   * back, and on an order still owing, what they credited against what was owed (no money moved).
   */
  credited: z.number(),
  /** total − (paid − refunded): what the customer still owes (negative: owed to the customer). */
  balance: z.number(),
  /**
   * What the customer paid beyond the total (−balance when negative, else 0): what a negative payment
   * may pay back without a return, such as the price of a line cancelled after it was paid.
   */
  refundable: z.number(),
});
export type Totals = z.infer<typeof totalsSchema>;

export const orderSchema = z.object({
  ...channelFields,
  orderDate: timestampSchema,
  requestedShippingService: z.optional(shippingServiceSchema),
  warehouseId: z.optional(warehouseIdSchema),
  tags: z.array(z.string()),
  /** The tags the channel sent last; the others were added by rules or staff and survive a re-sync. */
  channelTags: z.optional(z.array(z.string())),
  id: orderIdSchema,
  lines: z.array(orderLineSchema),
  statusId: z.string(),
  totals: totalsSchema,
  fulfillmentState: z.enum(fulfillmentStates),
  /** Units allocated per SKU in the assigned warehouse (what the stock ledger holds for this order). */
  allocations: z.record(z.string(), z.number()),
  version: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Order = z.infer<typeof orderSchema>;

/** Sum of payments (positive) and refunds (negative payments) recorded so far. */
export interface PaymentSums {
  paid: number;
  refunded: number;
  /**
   * The value of returned goods that refunds covered (credited out of the total): the part of `refunded`
   * that paid them back, and what they credited against what was still owed.
   */
  credited: number;
}

export function deriveTotals(order: Pick<Order, 'lines' | 'shippingCharge'>, payments: PaymentSums): Totals {
  const active = order.lines.filter((line) => line.status === 'active');
  const subtotal = active.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const tax = active.reduce((sum, line) => sum + line.tax, 0);
  const discount = active.reduce((sum, line) => sum + line.discount, 0);
  const shipping = active.length > 0 ? order.shippingCharge : 0;
  const total = Math.max(0, subtotal + shipping + tax - discount - payments.credited);
  const balance = total - (payments.paid - payments.refunded);
  return {
    subtotal,
    shipping,
    tax,
    discount,
    total,
    paid: payments.paid,
    refunded: payments.refunded,
    credited: payments.credited,
    balance,
    refundable: Math.max(0, -balance),
  };
}

/** Units of the active lines not shipped yet: what a pending order still has to send. */
export function unitsLeftToShip(
  lines: readonly Pick<OrderLine, 'status' | 'quantity' | 'shippedQuantity'>[],
): number {
  return lines
    .filter((line) => line.status === 'active')
    .reduce((sum, line) => sum + Math.max(0, line.quantity - line.shippedQuantity), 0);
}

export function fulfillmentStateOf(lines: readonly OrderLine[]): FulfillmentState {
  const active = lines.filter((line) => line.status === 'active');
  if (active.length === 0) return 'cancelled';
  const shipped = active.filter((line) => line.shippedQuantity >= line.quantity).length;
  if (shipped === active.length) return 'shipped';
  if (active.some((line) => line.shippedQuantity > 0)) return 'partially_shipped';
  return 'unshipped';
}

export interface LineConflict {
  itemId: string;
  reason: string;
}

/**
 * Lines of a replacement, keeping what the service owns (status, shipped quantity) from the lines it
 * replaces. A shipped line cannot go below what shipped, nor disappear.
 */
export function replaceLines(
  previous: readonly OrderLine[],
  next: OrderInput['lines'],
): { lines: OrderLine[]; conflicts: LineConflict[] } {
  const before = new Map(previous.map((line) => [line.itemId, line]));
  const conflicts: LineConflict[] = [];
  const lines = next.map((input): OrderLine => {
    const old = before.get(input.itemId);
    const shippedQuantity = old?.shippedQuantity ?? 0;
    if (input.quantity < shippedQuantity) {
      conflicts.push({
        itemId: input.itemId,
        reason: `${shippedQuantity} already shipped; quantity cannot go below it`,
      });
    }
    return {
      ...input,
      tax: input.tax ?? 0,
      discount: input.discount ?? 0,
      status: old?.status ?? 'active',
      shippedQuantity,
    };
  });
  for (const old of previous) {
    if (old.shippedQuantity > 0 && !next.some((line) => line.itemId === old.itemId)) {
      conflicts.push({
        itemId: old.itemId,
        reason: `${old.shippedQuantity} already shipped; the line cannot be removed`,
      });
    }
  }
  return { lines, conflicts };
}

/** Units per SKU. SKUs are client data: a null-prototype record, so `constructor` is a SKU like any other. */
export type Allocations = Record<string, number>;

const has = (record: Allocations, sku: string) => Object.prototype.hasOwnProperty.call(record, sku);
const unitsOf = (record: Allocations, sku: string) => (has(record, sku) ? record[sku]! : 0);

/** Units the order should hold in its warehouse, per SKU: the unshipped units of active lines. */
export function allocationTarget(lines: readonly OrderLine[], holdsStock: boolean): Allocations {
  const target: Allocations = Object.create(null) as Allocations;
  if (!holdsStock) return target;
  for (const line of lines) {
    if (line.status !== 'active') continue;
    const unshipped = line.quantity - line.shippedQuantity;
    if (unshipped > 0) target[line.sku] = unitsOf(target, line.sku) + unshipped;
  }
  return target;
}

export interface AllocationChange {
  sku: string;
  warehouseId: string;
  type: 'allocation' | 'release';
  quantity: number;
}

/** What the stock ledger must allocate and release to go from one allocation to another. */
export function allocationChanges(
  before: { warehouseId?: string; allocations: Allocations },
  after: { warehouseId?: string; allocations: Allocations },
): AllocationChange[] {
  const changes: AllocationChange[] = [];
  const sameWarehouse = before.warehouseId === after.warehouseId;
  if (before.warehouseId) {
    for (const [sku, held] of Object.entries(before.allocations)) {
      const kept = sameWarehouse ? Math.min(held, unitsOf(after.allocations, sku)) : 0;
      if (held > kept)
        changes.push({ sku, warehouseId: before.warehouseId, type: 'release', quantity: held - kept });
    }
  }
  if (after.warehouseId) {
    for (const [sku, wanted] of Object.entries(after.allocations)) {
      const held = sameWarehouse ? unitsOf(before.allocations, sku) : 0;
      if (wanted > held)
        changes.push({ sku, warehouseId: after.warehouseId, type: 'allocation', quantity: wanted - held });
    }
  }
  return changes;
}
