import * as z from 'zod/mini';
import { freeText, lineText } from '../../../shared/http/text';
import { addressSchema } from '../../../shared/domain/address';
import { orderIdSchema, orderInputSchema, orderSchema } from '../../../shared/domain/order';
import { maxAmount } from '../../../shared/domain/money';
import { paymentMethods, paymentSchema } from '../../../shared/domain/payment';
import { instantSchema } from '../../../shared/http/instant';

export const orderIdParams = z.strictObject({ id: orderIdSchema });
export const orderItemParams = z.strictObject({
  id: orderIdSchema,
  itemId: z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be an item id')),
});

export const paymentInputSchema = z.strictObject({
  /** Minor units, in the order's currency; negative to pay back an overpayment (at most totals.refundable). */
  amount: z.number().check(
    z.int(),
    z.minimum(-maxAmount, `must be at least -${maxAmount} minor units`),
    z.maximum(maxAmount, `must be at most ${maxAmount} minor units`),
    z.refine((amount) => amount !== 0, 'must not be 0: a payment is positive, a refund negative'),
  ),
  method: z.enum(paymentMethods),
  reference: z.optional(lineText(200)),
  paidAt: z.optional(instantSchema),
});

export const addressUpdateSchema = z.strictObject({
  shipTo: z.optional(addressSchema),
  billTo: z.optional(addressSchema),
  reason: z.optional(freeText(500)),
});

export const lineChangeSchema = z.optional(z.strictObject({ reason: z.optional(freeText(500)) }));

export const orderViewSchema = z.object({ ...orderSchema.def.shape, payments: z.array(paymentSchema) });

export { orderInputSchema };
