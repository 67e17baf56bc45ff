/** Payments of an order: positive amounts are payments, negative ones refunds. */
import * as z from 'zod/mini';
import { timestampSchema, ulidSchema } from '../http/schemas';
import type { PaymentSums } from './order';

export const paymentMethods = ['card', 'cash', 'bank_transfer', 'paypal', 'store_credit', 'other'] as const;

export const paymentSchema = z.strictObject({
  id: ulidSchema,
  /** Minor units; negative for refunds. */
  amount: z.number(),
  method: z.string(),
  reference: z.optional(z.string()),
  /**
   * A refund made for returned goods (the returns group): which return, and what it covered. What it
   * covered leaves the order's total (credited), so a refund never makes a paid order look unpaid: the
   * amount paid back, and `credited`, the part that reduced what the customer still owed (no money moved;
   * a refund wholly credited has amount 0).
   */
  refund: z.optional(
    z.object({
      returnId: z.string(),
      lines: z.array(
        z.object({ itemId: z.string(), quantity: z.number(), goods: z.number(), tax: z.number() }),
      ),
      shipping: z.number(),
      /** Minor units credited against what was owed; absent on refunds recorded before credits (none). */
      credited: z.optional(z.number()),
    }),
  ),
  paidAt: timestampSchema,
  recordedAt: timestampSchema,
  recordedBy: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export function paymentSums(payments: readonly Payment[]): PaymentSums {
  let paid = 0;
  let refunded = 0;
  let credited = 0;
  for (const payment of payments) {
    if (payment.amount > 0) paid += payment.amount;
    else refunded -= payment.amount;
    if (payment.refund) credited += (payment.refund.credited ?? 0) - payment.amount;
  }
  return { paid, refunded, credited };
}
