/** Payments of an order: positive amounts are payments, negative ones refunds. */
import * as z from 'zod/mini';
import { Conflict } from '../errors';
import { timestampSchema, ulidSchema } from '../http/schemas';
import { moneyText } from './money';
import type { PaymentSums, Totals } from './order';

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

/**
 * A payment staff record on an order (DESIGN §4): a positive amount never overpays (at most the balance
 * due); a negative one pays back an overpayment, such as a line cancelled after it was paid, at most
 * what the customer paid beyond the total (`refundable`). Refunds for returned goods go through the
 * return instead. 409 otherwise, naming the limit.
 */
export function checkStaffPayment(
  amount: number,
  totals: Pick<Totals, 'balance' | 'refundable'>,
  currency: string,
): 'payment' | 'refund' {
  if (amount > 0) {
    const due = Math.max(0, totals.balance);
    if (amount > due) {
      throw new Conflict(
        `A payment of ${moneyText(amount, currency)} would overpay the order: the balance due is ${moneyText(due, currency)}.`,
        { balance: due, currency },
      );
    }
    return 'payment';
  }
  if (-amount > totals.refundable) {
    throw new Conflict(
      `A refund of ${moneyText(-amount, currency)} would pay back more than the customer overpaid: ${moneyText(totals.refundable, currency)} is refundable without a return.`,
      { refundable: totals.refundable, currency },
    );
  }
  return 'refund';
}
