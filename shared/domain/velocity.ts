/**
 * Sales velocity (DESIGN §4, Inventory alerts): units sold over the look-back days divided by the days
 * the SKU was in stock in that window; a day with zero on hand all day does not count. No I/O.
 */
import type { Day } from './reporting-days';

export interface OnHandChange {
  /** The reporting day of the movement. */
  day: Day;
  /** Units on hand right after it. */
  onHandAfter: number;
}

/**
 * Days of the window with stock on hand at some moment: on hand at the day's start, or after one of
 * its movements. `changes` are the window's movements in time order; `onHandAtStart` is on hand when
 * the window began.
 */
export function daysInStock(
  days: readonly Day[],
  onHandAtStart: number,
  changes: readonly OnHandChange[],
): number {
  let onHand = onHandAtStart;
  let next = 0;
  let count = 0;
  for (const day of days) {
    let stocked = onHand > 0;
    while (next < changes.length && changes[next]!.day <= day) {
      onHand = changes[next]!.onHandAfter;
      if (changes[next]!.day === day && onHand > 0) stocked = true;
      next += 1;
    }
    if (stocked) count += 1;
  }
  return count;
}

export interface Velocity {
  /** Units a day. */
  velocity: number;
  /** The days divided by. */
  basisDays: number;
  basis: 'days in stock' | 'look-back days';
}

/**
 * Units a day. A SKU that was in stock on no day of the window (but may have sold, as backorders) is
 * measured over the whole window instead, so demand without stock still shows.
 */
export function salesVelocity(unitsSold: number, inStockDays: number, lookBackDays: number): Velocity {
  if (inStockDays > 0)
    return { velocity: unitsSold / inStockDays, basisDays: inStockDays, basis: 'days in stock' };
  return { velocity: unitsSold / lookBackDays, basisDays: lookBackDays, basis: 'look-back days' };
}
