import * as z from 'zod/mini';
import { maxAmount, maxQuantity } from '../../../shared/domain/money';
import { orderIdSchema } from '../../../shared/domain/order';
import { paymentMethods } from '../../../shared/domain/payment';
import {
  declineReasonCodes,
  dispositions,
  returnActions,
  returnReasonCodes,
  returnSchema,
} from '../../../shared/domain/returns';
import { carrierSchema, trackingNumberSchema } from '../../../shared/domain/shipment';
import { cursorSchema, limitSchema, ulidSchema } from '../../../shared/http/schemas';
import { freeText, lineText } from '../../../shared/http/text';

export const orderReturnsParams = z.strictObject({ order_id: orderIdSchema });
export const orderReturnParams = z.strictObject({ order_id: orderIdSchema, return_id: ulidSchema });
export const returnListQuery = z.strictObject({ limit: limitSchema, cursor: cursorSchema });

const itemIdSchema = z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be an item id'));
const unitsSchema = z.number().check(z.int(), z.minimum(1), z.maximum(maxQuantity));

/** Each item id at most once in a list of lines. */
function distinctItems<T extends { itemId: string }>(lines: readonly T[]): boolean {
  return new Set(lines.map((line) => line.itemId)).size === lines.length;
}

export const returnRequestSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        itemId: itemIdSchema,
        quantity: unitsSchema,
        reasonCode: z.enum(returnReasonCodes),
        reasonText: z.optional(freeText(500)),
      }),
    )
    .check(z.minLength(1), z.maxLength(500), z.refine(distinctItems, 'each item id at most once')),
  /** The customer's words. */
  note: z.optional(freeText(2000)),
});

export const declineSchema = z.strictObject({
  reasonCode: z.enum(declineReasonCodes),
  /** Shown to the customer. */
  note: z.optional(freeText(500)),
});

export const receiveSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        itemId: itemIdSchema,
        quantity: unitsSchema,
        disposition: z.enum(dispositions),
        /** Where restocked units go: an active warehouse. */
        warehouseId: z.optional(ulidSchema),
      }),
    )
    .check(z.minLength(1), z.maxLength(1000)),
});

export const refundSchema = z
  .strictObject({
    /** Returned lines and units to pay back, at the price paid for them. */
    lines: z
      .array(z.strictObject({ itemId: itemIdSchema, quantity: unitsSchema }))
      .check(z.maxLength(500), z.refine(distinctItems, 'each item id at most once')),
    /** Pay back the lines' tax too. */
    includeTax: z._default(z.boolean(), true),
    /** Minor units of the order's shipping charge to pay back. */
    shipping: z._default(
      z
        .number()
        .check(z.int(), z.minimum(0), z.maximum(maxAmount, `must be at most ${maxAmount} minor units`)),
      0,
    ),
    method: z._default(z.enum(paymentMethods), 'card'),
    reference: z.optional(lineText(200)),
  })
  .check(
    z.refine((refund) => refund.lines.length > 0 || refund.shipping > 0, {
      message: 'name the lines to refund, or shipping, or both',
      path: ['lines'],
    }),
  );

export const resendSchema = z.strictObject({
  /** The warehouse the replacement ships from. */
  warehouseId: ulidSchema,
  /** Which returned lines and units to replace; by default every unit of the return. */
  lines: z.optional(
    z
      .array(z.strictObject({ itemId: itemIdSchema, quantity: unitsSchema }))
      .check(z.minLength(1), z.maxLength(500), z.refine(distinctItems, 'each item id at most once')),
  ),
  carrier: z.optional(carrierSchema),
  trackingNumber: z.optional(trackingNumberSchema),
});

export const returnAnswerSchema = z.object({
  ...returnSchema.def.shape,
  allowedActions: z.array(z.enum(returnActions)),
});
export const returnPageSchema = z.object({
  items: z.array(returnAnswerSchema),
  nextCursor: z.nullable(z.string()),
});
