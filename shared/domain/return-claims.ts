/**
 * What an order's returns claim of its shipped units (DESIGN §4: units returned never exceed units
 * shipped, across the order's returns). Pure and light: the shipment writer of every group that ships
 * checks it, without the returns' schemas.
 */
import { Conflict } from '../errors';
import type { OrderLine } from './order';

export interface ReturnClaim {
  state: string;
  lines: ReadonlyArray<{ itemId: string; quantity: number }>;
}

/** Returns whose units count against what shipped: all but declined ones (deleted ones are gone). */
export const claimsUnits = (ret: Pick<ReturnClaim, 'state'>) => ret.state !== 'declined';

/** Units claimed per order line by these returns. */
export function claimedUnits(returns: readonly ReturnClaim[]): Map<string, number> {
  const claimed = new Map<string, number>();
  for (const ret of returns.filter(claimsUnits)) {
    for (const line of ret.lines) claimed.set(line.itemId, (claimed.get(line.itemId) ?? 0) + line.quantity);
  }
  return claimed;
}

/** 409 when shipped quantities would fall below what the order's returns claim. */
export function checkClaimsCovered(
  orderId: string,
  lines: readonly Pick<OrderLine, 'itemId' | 'sku' | 'shippedQuantity'>[],
  claimed: ReadonlyMap<string, number>,
): void {
  const short = lines.flatMap((line) => {
    const claim = claimed.get(line.itemId) ?? 0;
    return claim > line.shippedQuantity
      ? [{ itemId: line.itemId, sku: line.sku, claimedByReturns: claim, shipped: line.shippedQuantity }]
      : [];
  });
  if (short.length > 0) {
    throw new Conflict(
      `Returns of order ${orderId} claim units this would unship: ${short.map((s) => `${s.itemId} (${s.sku}): ${s.claimedByReturns} claimed, ${s.shipped} would stay shipped`).join('; ')}. Decline or delete those returns first.`,
      { lines: short },
    );
  }
}
