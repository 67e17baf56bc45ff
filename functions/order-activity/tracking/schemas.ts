import * as z from 'zod/mini';
import { moneySchema, maxQuantity } from '../../../shared/domain/money';
import { orderIdSchema } from '../../../shared/domain/order';
import {
  carrierSchema,
  daySchema,
  serviceSchema,
  shipmentSchema,
  trackingNumberSchema,
} from '../../../shared/domain/shipment';
import { cursorSchema, limitSchema, ulidSchema } from '../../../shared/http/schemas';

export const orderParams = z.strictObject({ orderId: orderIdSchema });
export const orderShipmentParams = z.strictObject({ orderId: orderIdSchema, shipmentId: ulidSchema });
export const trackingListQuery = z.strictObject({ limit: limitSchema, cursor: cursorSchema });

const lineSchema = z.strictObject({
  itemId: z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be an item id')),
  quantity: z.number().check(z.int(), z.minimum(1), z.maximum(maxQuantity)),
});

/** Tomorrow (UTC) is the latest ship date: a day ahead covers every time zone, later is a typo. */
function latestShipDate(now = new Date()): string {
  return new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A tracking number entered by hand for an order shipped outside the system: a manual shipment. */
export const manualShipmentInput = z.strictObject({
  carrier: carrierSchema,
  service: serviceSchema,
  trackingNumber: trackingNumberSchema,
  /** Defaults to today (UTC). */
  shipDate: z.optional(
    daySchema.check(z.refine((day) => day <= latestShipDate(), 'must not be later than tomorrow')),
  ),
  /** Which lines and how many units; by default every unshipped unit of the active lines. */
  lines: z.optional(
    z.array(lineSchema).check(
      z.minLength(1),
      z.maxLength(500),
      z.refine(
        (lines) => new Set(lines.map((line) => line.itemId)).size === lines.length,
        'each item id at most once',
      ),
    ),
  ),
  packages: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(1000)), 1),
  /** Grams; by default the lines' unit weights times the units shipped. */
  weightGrams: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(10_000_000))),
  /** What shipping cost the merchant. */
  cost: z.optional(moneySchema),
});

export { shipmentSchema };
