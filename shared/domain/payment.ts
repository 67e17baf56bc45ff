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
  paidAt: timestampSchema,
  recordedAt: timestampSchema,
  recordedBy: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export function paymentSums(payments: readonly Payment[]): PaymentSums {
  let paid = 0;
  let refunded = 0;
  for (const payment of payments) {
    if (payment.amount > 0) paid += payment.amount;
    else refunded -= payment.amount;
  }
  return { paid, refunded };
}
