/**
 * When an alert rule fires (DESIGN §4, Inventory alerts): `stock.low` once when the rule becomes true
 * for a SKU in a warehouse, `stock.recovered` once when it stops being true; nothing while it stays
 * true or stays false, and no second `stock.low` within the rule's cool-down of the last one (a low
 * that began inside it is announced when the cool-down ends, if it still holds; one that recovers before
 * then recovers silently). No I/O.
 */

export type AlertCondition =
  | { type: 'available_below'; quantity: number }
  | { type: 'cover_below'; leadTimeDays?: number; safetyDays?: number };

export interface ConditionFigures {
  available: number;
  /** null when nothing sells (the stock lasts for ever). */
  daysOfCover: number | null;
  leadTimeDays: number;
  safetyDays: number;
}

export function conditionHolds(condition: AlertCondition, figures: ConditionFigures): boolean {
  if (condition.type === 'available_below') return figures.available < condition.quantity;
  return figures.daysOfCover !== null && figures.daysOfCover < figures.leadTimeDays + figures.safetyDays;
}

export interface AlertStanding {
  state: 'low' | 'ok';
  /** Whether the current low was announced (a low inside the cool-down is not). */
  notified: boolean;
  /** When the current low began. */
  lowSince?: string;
  /** When the last stock.low was published. */
  lastLowEventAt?: string;
}

export type AlertEvent = 'stock.low' | 'stock.recovered';

export interface AlertStep {
  next: AlertStanding;
  event?: AlertEvent;
}

/** The next standing for a rule that holds or not at `now`; undefined when nothing changes (no write). */
export function nextAlertStanding(
  previous: AlertStanding | undefined,
  holds: boolean,
  now: string,
  cooldownHours: number,
): AlertStep | undefined {
  const low = previous?.state === 'low';
  const last = previous?.lastLowEventAt;
  const coolingDown = last !== undefined && Date.parse(now) - Date.parse(last) < cooldownHours * 3_600_000;
  // A low that began inside the cool-down is announced once the cool-down is over, if it still holds.
  if (holds && low && !previous.notified && !coolingDown) {
    return { next: { ...previous, state: 'low', notified: true, lastLowEventAt: now }, event: 'stock.low' };
  }
  if (holds === low) return undefined;
  if (!holds) {
    const next: AlertStanding = { state: 'ok', notified: false, lastLowEventAt: previous?.lastLowEventAt };
    return previous?.notified ? { next, event: 'stock.recovered' } : { next };
  }
  if (coolingDown) return { next: { state: 'low', notified: false, lowSince: now, lastLowEventAt: last } };
  return { next: { state: 'low', notified: true, lowSince: now, lastLowEventAt: now }, event: 'stock.low' };
}
