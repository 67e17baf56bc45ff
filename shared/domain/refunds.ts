/**
 * Refund arithmetic (DESIGN §4): returned units at the price the customer paid for them, their tax when
 * asked, shipping as asked. On an order the customer still owes money for, that value first reduces
 * what is owed (credited: no money moves) and only the rest is paid back, never more than paid less
 * refunded. No I/O.
 *
 * A line's money is split over its units with the remainder placed deterministically: n units of a line
 * of Q units are worth floor(money × n / Q), and k more units after r already refunded are worth
 * floor(money × (r + k) / Q) − floor(money × r / Q). However a line is refunded, in one refund or many,
 * its units add up to exactly its money, and the last unit carries what rounding left over.
 */
import { Conflict } from '../errors';
import type { OrderLine } from './order';
import { deriveTotals } from './order';
import type { Payment } from './payment';
import { paymentSums } from './payment';

/** What the customer paid for a line's goods: its price times its quantity, less its discount. */
const lineGoods = (line: OrderLine) => line.unitPrice * line.quantity - line.discount;

/** floor(money × units / quantity), exact for any amount the service accepts (BigInt underneath). */
export function shareOf(money: number, units: number, quantity: number): number {
  if (quantity <= 0 || units <= 0) return 0;
  const product = BigInt(money) * BigInt(units);
  const whole = product / BigInt(quantity);
  // BigInt division truncates toward zero; a negative share (a discount above the price) floors down.
  return Number(product < 0n && whole * BigInt(quantity) !== product ? whole - 1n : whole);
}

/** Units, goods and tax of each order line already refunded, and shipping, from the order's payments. */
export function refundedSoFar(payments: readonly Payment[]) {
  const units = new Map<string, number>();
  let shipping = 0;
  for (const payment of payments) {
    if (!payment.refund) continue;
    shipping += payment.refund.shipping;
    for (const line of payment.refund.lines)
      units.set(line.itemId, (units.get(line.itemId) ?? 0) + line.quantity);
  }
  return { units, shipping };
}

export interface RefundAsked {
  lines: ReadonlyArray<{ itemId: string; quantity: number }>;
  /** Refund the lines' tax share too (default true). */
  includeTax: boolean;
  /** Minor units of the order's shipping charge to refund. */
  shipping: number;
}

export interface RefundAmounts {
  lines: Array<{ itemId: string; quantity: number; goods: number; tax: number }>;
  shipping: number;
  /** Minor units, positive: the value of what the refund covers (its lines and shipping), credited + refunded. */
  total: number;
  /** The part of `total` that reduced what the customer still owed: no money moves. */
  credited: number;
  /** The part of `total` paid back to the customer. */
  refunded: number;
}

/** What an order's money stands at, as its totals say. */
export interface MoneyStanding {
  /** total − (paid − refunded): positive while the customer owes money. */
  balance: number;
  paid: number;
  refunded: number;
}

/**
 * How a refund of `value` splits (DESIGN §4, returns): it first reduces what the customer still owes (a
 * credit), and only the rest is paid back, up to what was paid less refunded. 409 beyond that.
 */
export function splitRefund(value: number, standing: MoneyStanding): { credited: number; refunded: number } {
  const owed = Math.max(0, standing.balance);
  const credited = Math.min(value, owed);
  const refunded = value - credited;
  const refundable = standing.paid - standing.refunded;
  if (refunded > refundable) {
    throw new Conflict(
      `A refund of ${value} (${credited} of it credited against what is owed) would pay back ${refunded}, more than the customer paid less what was refunded (${refundable}).`,
      { amount: value, credited, refundable },
    );
  }
  return { credited, refunded };
}

/**
 * The amounts of a refund, checked against the order: shipping within what is left of its charge, the
 * value split into what is credited against what is owed and what is paid back (splitRefund).
 * Quantities are the caller's to check against its return.
 */
export function refundAmounts(
  orderLines: readonly OrderLine[],
  shippingCharge: number,
  payments: readonly Payment[],
  asked: RefundAsked,
): RefundAmounts {
  const before = refundedSoFar(payments);
  const lines = asked.lines.map((wanted) => {
    const line = orderLines.find((candidate) => candidate.itemId === wanted.itemId);
    if (!line) throw new Conflict(`The order has no line ${wanted.itemId}.`);
    const done = before.units.get(line.itemId) ?? 0;
    if (done + wanted.quantity > line.quantity) {
      throw new Conflict(
        `Line ${line.itemId} (${line.sku}) has ${line.quantity - done} unit(s) left to refund, not ${wanted.quantity}.`,
        { itemId: line.itemId, refundable: line.quantity - done },
      );
    }
    const share = (money: number) =>
      shareOf(money, done + wanted.quantity, line.quantity) - shareOf(money, done, line.quantity);
    return {
      itemId: line.itemId,
      quantity: wanted.quantity,
      goods: share(lineGoods(line)),
      tax: asked.includeTax ? share(line.tax) : 0,
    };
  });
  const shippingLeft = shippingCharge - before.shipping;
  if (asked.shipping > shippingLeft) {
    throw new Conflict(
      `At most ${shippingLeft} of the order's shipping charge is left to refund, not ${asked.shipping}.`,
      { shippingRefundable: shippingLeft },
    );
  }
  const total = lines.reduce((sum, line) => sum + line.goods + line.tax, 0) + asked.shipping;
  if (total <= 0) throw new Conflict('These lines and this shipping come to nothing to refund.');
  const standing = deriveTotals({ lines: [...orderLines], shippingCharge }, paymentSums(payments));
  return { lines, shipping: asked.shipping, total, ...splitRefund(total, standing) };
}
