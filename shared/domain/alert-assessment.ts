/**
 * One alert rule's assessment of one SKU in one warehouse, with every number that made it: velocity,
 * days in stock, seasonal factor, lead time and safety days (and where each came from), days of cover,
 * whether the condition holds, and the reorder suggestion with its vendor. The I/O code reads the inputs
 * (shared/alerts/inputs.ts); this decides. No I/O.
 */
import type { Day } from './reporting-days';
import type { FactorLike } from './seasonal-factors';
import { horizonFactor } from './seasonal-factors';
import type { AlertCondition } from './stock-alerts';
import { conditionHolds } from './stock-alerts';
import type { SourceOption } from './reorder';
import { chooseSource, daysOfCover, reorderQuantity } from './reorder';
import type { OnHandChange } from './velocity';
import { daysInStock, salesVelocity } from './velocity';

/** A purchase-order source with its lead time as it applies: the source's own, or its vendor's. */
export interface SourceWithLead extends SourceOption {
  leadTimeFrom?: 'po-source' | 'vendor';
}

export interface AssessmentInput {
  today: Day;
  /** The look-back window, oldest first: the complete days before today. */
  window: readonly Day[];
  stock: { onHand: number; allocated: number; available: number };
  /** Units sold on orders assigned to the warehouse, by day of the window. */
  unitsSold: ReadonlyMap<Day, number>;
  onHandAtWindowStart: number;
  /** The window's movements in time order. */
  changes: readonly OnHandChange[];
  /** The factors whose scope covers the SKU. */
  factors: readonly FactorLike[];
  condition: AlertCondition;
  defaults: { leadTimeDays: number; safetyDays: number };
  /** Sources receiving into the warehouse, of active vendors. */
  sources: readonly SourceWithLead[];
  /** The stock rule's maximum today (its active period's when one applies). */
  level?: { maxLevel: number; stockRuleId: string; rulePeriodId?: string };
  /** Units on open work orders (work orders apply when created: there are none today). */
  openOnWorkOrders: number;
}

const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

export function assess(input: AssessmentInput) {
  const unitsSold = input.window.reduce((sum, day) => sum + (input.unitsSold.get(day) ?? 0), 0);
  const inStock = daysInStock(input.window, input.onHandAtWindowStart, input.changes);
  const velocity = salesVelocity(unitsSold, inStock, input.window.length);
  const chosen = chooseSource(input.sources);
  const ruleLead = input.condition.type === 'cover_below' ? input.condition.leadTimeDays : undefined;
  const ruleSafety = input.condition.type === 'cover_below' ? input.condition.safetyDays : undefined;
  const [leadTimeDays, leadTimeFrom] =
    ruleLead !== undefined
      ? [ruleLead, 'rule']
      : chosen?.source.leadTimeDays !== undefined
        ? [chosen.source.leadTimeDays, chosen.source.leadTimeFrom ?? 'po-source']
        : [input.defaults.leadTimeDays, 'alert settings'];
  const [safetyDays, safetyDaysFrom] =
    ruleSafety !== undefined ? [ruleSafety, 'rule'] : [input.defaults.safetyDays, 'alert settings'];
  const horizon = horizonFactor(input.factors, input.today, leadTimeDays + safetyDays);
  const cover = daysOfCover(input.stock.available, velocity.velocity, horizon.factor);
  const holds = conditionHolds(input.condition, {
    available: input.stock.available,
    daysOfCover: cover,
    leadTimeDays,
    safetyDays,
  });
  const minimumOrderQuantity = chosen?.source.minimumOrderQuantity ?? 1;
  const reorder = reorderQuantity({
    velocity: velocity.velocity,
    factor: horizon.factor,
    leadTimeDays,
    safetyDays,
    available: input.stock.available,
    openOnWorkOrders: input.openOnWorkOrders,
    minimumOrderQuantity,
    maxLevel: input.level?.maxLevel,
  });
  return {
    holds,
    suggestedQuantity: reorder.quantity,
    explanation: {
      onHand: input.stock.onHand,
      allocated: input.stock.allocated,
      available: input.stock.available,
      window: { from: input.window[0]!, to: input.window.at(-1)!, days: input.window.length },
      unitsSold,
      daysInStock: inStock,
      velocity: round(velocity.velocity),
      velocityOver: velocity.basis,
      seasonalFactor: round(horizon.factor),
      seasonalFactors: horizon.applied,
      leadTimeDays,
      leadTimeFrom,
      safetyDays,
      safetyDaysFrom,
      daysOfCover: cover,
      condition: input.condition,
      conditionHolds: holds,
      demand: reorder.demand,
      openOnWorkOrders: input.openOnWorkOrders,
      shortfall: reorder.shortfall,
      minimumOrderQuantity,
      roundedToMinimum: reorder.rounded,
      maxLevel: input.level?.maxLevel ?? null,
      stockRuleId: input.level?.stockRuleId ?? null,
      rulePeriodId: input.level?.rulePeriodId ?? null,
      roomUnderMax: reorder.room ?? null,
      capped: reorder.capped,
      suggestedQuantity: reorder.quantity,
      vendor: chosen
        ? {
            vendorId: chosen.source.vendorId,
            vendorName: chosen.source.vendorName ?? null,
            poSourceId: chosen.source.poSourceId,
            unitCost: { amount: chosen.source.unitCost, currency: chosen.source.currency },
            leadTimeDays: chosen.source.leadTimeDays ?? null,
            reason: chosen.reason,
          }
        : null,
    },
  };
}

export type Assessment = ReturnType<typeof assess>;

/** The explanation's fields in the order they read (a stored map comes back in any order). */
const explanationOrder = [
  'onHand',
  'allocated',
  'available',
  'window',
  'unitsSold',
  'daysInStock',
  'velocity',
  'velocityOver',
  'seasonalFactor',
  'seasonalFactors',
  'leadTimeDays',
  'leadTimeFrom',
  'safetyDays',
  'safetyDaysFrom',
  'daysOfCover',
  'condition',
  'conditionHolds',
  'demand',
  'openOnWorkOrders',
  'shortfall',
  'minimumOrderQuantity',
  'roundedToMinimum',
  'maxLevel',
  'stockRuleId',
  'rulePeriodId',
  'roomUnderMax',
  'capped',
  'suggestedQuantity',
  'vendor',
];
const vendorOrder = ['vendorId', 'vendorName', 'poSourceId', 'unitCost', 'leadTimeDays', 'reason'];

function ordered(value: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => rank(a) - rank(b)));
}

/** A stored explanation in reading order (its vendor's fields too). */
export function orderedExplanation(stored: Record<string, unknown>): Record<string, unknown> {
  const explanation = ordered(stored, explanationOrder);
  const vendor = explanation.vendor;
  if (vendor && typeof vendor === 'object')
    explanation.vendor = ordered(vendor as Record<string, unknown>, vendorOrder);
  if (Array.isArray(explanation.seasonalFactors)) {
    explanation.seasonalFactors = (explanation.seasonalFactors as Array<Record<string, unknown>>).map(
      (factor) => ordered(factor, ['id', 'multiplier']),
    );
  }
  const window = explanation.window;
  if (window && typeof window === 'object')
    explanation.window = ordered(window as Record<string, unknown>, ['from', 'to', 'days']);
  return explanation;
}
