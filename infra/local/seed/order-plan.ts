/**
 * When things happen to one order: payments by the channel's customs, a hold now and then, shipping
 * after payment (or on terms for wholesale), sometimes in two parcels, and unpaid bank transfers
 * cancelled after two weeks. Only what has happened by `now` is planned.
 */
import type { Payment } from '../../../shared/domain/payment';
import type { Channel } from './channels';
import type { Random } from './random';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

export interface PlannedPayment {
  at: number;
  amount: number;
  method: Payment['method'];
  reference?: string;
  paidAt: number;
  actor: string;
}

export interface OrderPlan {
  payments: PlannedPayment[];
  /** Routed by hand (international): the warehouse is assigned just before the first shipment. */
  assignAt?: number;
  hold?: { at: number; releaseAt?: number };
  /** Parcels: the time and how many of the lines (from the first) each one completes. */
  shipments: Array<{ at: number; linesUpTo: number }>;
  cancelAt?: number;
}

const staff = ['maria.k', 'tom.b', 'li.w', 'sam.o'];

/** Two hours to pack at least, usually within a day, longer in the December rush. */
function handling(random: Random, from: number): number {
  const december = new Date(from).getUTCMonth() === 11 ? 1.4 : 1;
  return from + 2 * hour + Math.round(Math.min(6 * day, -Math.log(1 - random.next()) * 20 * hour * december));
}

function paymentsOf(
  channel: Channel,
  total: number,
  createdAt: number,
  orderDate: number,
  random: Random,
): PlannedPayment[] {
  if (total <= 0) return [];
  const integration = `integration:${channel.code}`;
  switch (channel.payment) {
    case 'marketplace':
      return [
        {
          at: createdAt + random.int(1, 5) * 1000,
          amount: total,
          method: 'other',
          reference: `${channel.code} payout ${random.digits(8)}`,
          paidAt: orderDate,
          actor: integration,
        },
      ];
    case 'terms': {
      // A deposit on order, the balance on 30-day terms.
      const deposit = Math.round(total * 0.3);
      const depositAt = createdAt + random.int(4, 48) * hour;
      const balanceAt = createdAt + random.int(28, 45) * day;
      const clerk = random.pick(staff);
      return [
        { at: depositAt, amount: deposit, method: 'bank_transfer', paidAt: depositAt - hour, actor: clerk },
        {
          at: balanceAt,
          amount: total - deposit,
          method: 'bank_transfer',
          paidAt: balanceAt - hour,
          actor: clerk,
        },
      ];
    }
    case 'webshop': {
      const roll = random.next();
      const captured = createdAt + random.int(2, 20) * 1000;
      if (roll < 0.62) {
        const reference = `ch_${random.digits(14)}`;
        return [
          { at: captured, amount: total, method: 'card', reference, paidAt: orderDate, actor: integration },
        ];
      }
      if (roll < 0.84) {
        const reference = `PAYID-${random.digits(12)}`;
        return [
          { at: captured, amount: total, method: 'paypal', reference, paidAt: orderDate, actor: integration },
        ];
      }
      if (roll < 0.88) {
        // Store credit first, the rest by card.
        const credit = Math.min(total - 1, random.pick([500, 1000, 1500, 2500]));
        return [
          { at: captured, amount: credit, method: 'store_credit', paidAt: orderDate, actor: integration },
          {
            at: captured + 1000,
            amount: total - credit,
            method: 'card',
            paidAt: orderDate,
            actor: integration,
          },
        ];
      }
      // Bank transfer: arrives within days, sometimes in two parts, sometimes never.
      const clerk = random.pick(staff);
      if (random.chance(0.12)) return [];
      const arrives = createdAt + day + Math.round(Math.min(6 * day, -Math.log(1 - random.next()) * 2 * day));
      const reference = `SEPA ${random.digits(10)}`;
      if (random.chance(0.15)) {
        const first = Math.round(total * (0.5 + random.next() * 0.4));
        return [
          {
            at: arrives,
            amount: first,
            method: 'bank_transfer',
            reference,
            paidAt: arrives - hour,
            actor: clerk,
          },
          {
            at: arrives + random.int(2, 6) * day,
            amount: total - first,
            method: 'bank_transfer',
            paidAt: arrives,
            actor: clerk,
          },
        ];
      }
      return [
        {
          at: arrives,
          amount: total,
          method: 'bank_transfer',
          reference,
          paidAt: arrives - hour,
          actor: clerk,
        },
      ];
    }
  }
}

export function planOrder(input: {
  channel: Channel;
  total: number;
  lineCount: number;
  orderDate: number;
  createdAt: number;
  now: number;
  routedByHand: boolean;
  random: Random;
}): OrderPlan {
  const { channel, total, lineCount, orderDate, createdAt, now, random } = input;
  const payments = paymentsOf(channel, total, createdAt, orderDate, random);
  const plan: OrderPlan = { payments: payments.filter((payment) => payment.at <= now), shipments: [] };
  const paidInFull = payments.length > 0 ? payments[payments.length - 1]!.at : undefined;
  // Wholesale ships on terms; everyone else once paid in full.
  const readyAt = channel.payment === 'terms' ? createdAt + random.int(4, 28) * hour : paidInFull;
  if (readyAt === undefined) {
    const cancelAt = createdAt + 14 * day + random.int(0, 8) * hour;
    if (cancelAt <= now) plan.cancelAt = cancelAt;
    return plan;
  }
  if (readyAt > now) return plan;
  let shipFrom = readyAt;
  if (random.chance(0.015)) {
    // Held for a fraud or address check, released a day or three later.
    const at = readyAt + random.int(5, 60) * minute;
    const releaseAt = at + random.int(20, 72) * hour;
    if (at > now) return plan;
    plan.hold = releaseAt <= now ? { at, releaseAt } : { at };
    if (releaseAt > now) return plan;
    shipFrom = releaseAt;
  }
  const firstAt = handling(random, shipFrom);
  if (input.routedByHand) {
    const assignAt = Math.max(shipFrom, firstAt - random.int(5, 90) * minute);
    if (assignAt <= now) plan.assignAt = assignAt;
  }
  if (firstAt > now) return plan;
  if (lineCount >= 2 && random.chance(0.05)) {
    // Part of it was not on the shelf: it follows in a second parcel.
    plan.shipments.push({ at: firstAt, linesUpTo: random.int(1, lineCount - 1) });
    const secondAt = firstAt + random.int(2, 10) * day;
    if (secondAt <= now) plan.shipments.push({ at: secondAt, linesUpTo: lineCount });
  } else {
    plan.shipments.push({ at: firstAt, linesUpTo: lineCount });
  }
  return plan;
}
