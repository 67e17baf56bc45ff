/**
 * What a packing slip says the customer was charged: each line after its discount, then the order's own
 * figures (goods, discount, tax, shipping, total, paid) exactly as the order holds them. Pure and light
 * (no pdf-lib): the fulfillment group builds the slip with it, the renderer prints it.
 */
import { shareOf } from '../domain/refunds';

/** The order's money in minor units of its currency (Order['totals'] and the currency beside them). */
export interface OrderCharges {
  currency: string;
  /** Goods at list price: Σ quantity × unit price of the active lines. */
  subtotal: number;
  discount: number;
  tax: number;
  shipping: number;
  /** Taken out of the total by refunds for returned goods. */
  credited: number;
  total: number;
  paid: number;
  refunded: number;
  /** What the customer still owes (negative: owed to them). */
  balance: number;
}

export interface LineCharge {
  /** Units shipped × unit price. */
  gross: bigint;
  /** The line's discount for the units shipped. */
  discount: bigint;
  /** What the customer paid for these units before tax. */
  net: bigint;
}

/**
 * The charge for `shipped` units of an order line, after `shippedBefore` units went in earlier parcels.
 * The order keeps one discount for the whole line, split over its units cumulatively as refunds split
 * it (refunds.ts): the parcels before this one carried floor(d × before / q), so this one carries
 * floor(d × (before + shipped) / q) − that. However the line ships, its parcels' discounts add up to
 * exactly the line's; the whole line in one parcel carries the whole discount.
 */
export function lineCharge(
  line: { quantity: number; unitPrice: number; discount: number },
  shipped: number,
  shippedBefore = 0,
): LineCharge {
  const whole = (units: number) => Number.isSafeInteger(units) && units >= 0;
  if (!whole(shipped) || !whole(shippedBefore) || shippedBefore + shipped > line.quantity) {
    throw new RangeError(
      `units shipped must be 0 to the line's ${line.quantity} in all: ${shippedBefore} before, ${shipped} now`,
    );
  }
  const gross = BigInt(line.unitPrice) * BigInt(shipped);
  const discount = BigInt(
    shareOf(line.discount, shippedBefore + shipped, line.quantity) -
      shareOf(line.discount, shippedBefore, line.quantity),
  );
  return { gross, discount, net: gross - discount };
}

export interface ChargeRow {
  label: string;
  /** Minor units; a deduction is negative. */
  amount: bigint;
  /** The total: printed bold under a rule. */
  total?: boolean;
}

/**
 * The summary under the slip's lines, from the order's figures. With the discount shown it is its own
 * row under the goods at list price; hidden, the goods are given after it. With the tax hidden, the total
 * still includes it (it is what was charged) and says so. Refunds and what is still owed show only when
 * there are any.
 */
export function chargeRows(charges: OrderCharges, show: { discount: boolean; tax: boolean }): ChargeRow[] {
  const big = (amount: number) => BigInt(amount);
  const rows: ChargeRow[] = [];
  if (show.discount) {
    rows.push({ label: 'Items before discounts', amount: big(charges.subtotal) });
    if (charges.discount !== 0) rows.push({ label: 'Discount', amount: -big(charges.discount) });
  } else {
    rows.push({ label: 'Items after discounts', amount: big(charges.subtotal) - big(charges.discount) });
  }
  if (show.tax) rows.push({ label: 'Tax', amount: big(charges.tax) });
  rows.push({ label: 'Shipping', amount: big(charges.shipping) });
  if (charges.credited !== 0) rows.push({ label: 'Returned goods', amount: -big(charges.credited) });
  const taxInside = !show.tax && charges.tax !== 0;
  rows.push({ label: taxInside ? 'Total (tax included)' : 'Total', amount: big(charges.total), total: true });
  rows.push({ label: 'Paid', amount: big(charges.paid) });
  if (charges.refunded !== 0) rows.push({ label: 'Refunded', amount: -big(charges.refunded) });
  if (charges.balance > 0) rows.push({ label: 'Balance due', amount: big(charges.balance) });
  return rows;
}
