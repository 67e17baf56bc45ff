/**
 * One alert rule's assessment of one SKU in one warehouse, with every number that made it: velocity,
 * days in stock, seasonal factor, lead time and safety days (and where each came from), days of cover,
 * whether the condition holds, and the reorder suggestion with its vendor. The I/O code reads the inputs
 * (shared/alerts/inputs.ts); this decides. No I/O.
 */
import type { Day } from './reporting-days';
import type { FactorLike } from './seasonal-factors';
import { factorBounds, horizonFactor } from './seasonal-factors';
import { describeSuggestion } from './reorder-explanation';
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

/** The stock rule that applies to the pair today (the most specific of those matching), and its levels. */
export interface StockLevel {
  stockRuleId: string;
  /** The rule's SKU pattern (`MUG-*`, or a SKU). */
  skuPattern?: string;
  /** Absent: the rule covers every warehouse. */
  warehouseId?: string;
  /** Its levels today: the active period's when one applies. */
  minLevel?: number;
  maxLevel: number;
  rulePeriodId?: string;
  rulePeriod?: { name: string; from: Day; to: Day };
  /** How many enabled stock rules match the pair (this one the most specific). */
  matching?: number;
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
  /** The alert rule assessing (named when its own lead time applies). */
  rule?: { id: string; name: string };
  defaults: { leadTimeDays: number; safetyDays: number };
  /** Sources receiving into the warehouse, of active vendors. */
  sources: readonly SourceWithLead[];
  /** The stock rule that applies today (its active period's levels when one applies). */
  level?: StockLevel;
  /** Units on open work orders (work orders apply when created: there are none today). */
  openOnWorkOrders: number;
}

const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

type LeadTimeFrom = 'rule' | 'po-source' | 'vendor' | 'alert settings';

/** Which lead time applies: the alert rule's own, else the chosen source's, else its vendor's, else the settings'. */
function leadTimeOf(input: AssessmentInput, chosen: SourceWithLead | undefined) {
  const ruleLead = input.condition.type === 'cover_below' ? input.condition.leadTimeDays : undefined;
  if (ruleLead !== undefined) {
    return {
      leadTimeDays: ruleLead,
      leadTimeFrom: 'rule' as LeadTimeFrom,
      leadTimeSetBy: { kind: 'rule', id: input.rule?.id ?? null, name: input.rule?.name ?? null },
    };
  }
  if (chosen?.leadTimeDays !== undefined) {
    const from = chosen.leadTimeFrom ?? 'po-source';
    return {
      leadTimeDays: chosen.leadTimeDays,
      leadTimeFrom: from as LeadTimeFrom,
      leadTimeSetBy:
        from === 'vendor'
          ? { kind: from, id: chosen.vendorId, name: chosen.vendorName ?? null }
          : { kind: from, id: chosen.poSourceId, name: null },
    };
  }
  return {
    leadTimeDays: input.defaults.leadTimeDays,
    leadTimeFrom: 'alert settings' as LeadTimeFrom,
    leadTimeSetBy: { kind: 'alert settings', id: null, name: null },
  };
}

const describePattern = (level: StockLevel) =>
  `${level.skuPattern === undefined ? 'its SKU pattern' : level.skuPattern.endsWith('*') ? `prefix ${level.skuPattern}` : `exact SKU ${level.skuPattern}`}, ${level.warehouseId === undefined ? 'every warehouse' : 'this warehouse'}`;

/** Why this stock rule (the most specific: an exact SKU, then the longer prefix, then a warehouse's own), and whose levels. */
function stockRuleOf(level: StockLevel | undefined) {
  if (!level) return null;
  const matching = level.matching ?? 1;
  const which =
    matching <= 1
      ? `the only enabled stock rule matching (${describePattern(level)})`
      : `the most specific of ${matching} enabled stock rules matching (${describePattern(level)})`;
  const period = level.rulePeriod
    ? `; its period ${level.rulePeriod.name} (${level.rulePeriod.from} to ${level.rulePeriod.to}) sets the levels today`
    : '';
  return {
    stockRuleId: level.stockRuleId,
    skuPattern: level.skuPattern ?? null,
    warehouseId: level.warehouseId ?? null,
    rulePeriodId: level.rulePeriodId ?? null,
    rulePeriod: level.rulePeriod ?? null,
    minLevel: level.minLevel ?? null,
    maxLevel: level.maxLevel,
    reason: which + period,
  };
}

export function assess(input: AssessmentInput) {
  const unitsSold = input.window.reduce((sum, day) => sum + (input.unitsSold.get(day) ?? 0), 0);
  const inStock = daysInStock(input.window, input.onHandAtWindowStart, input.changes);
  const measured = salesVelocity(unitsSold, inStock, input.window.length);
  const chosen = chooseSource(input.sources);
  const lead = leadTimeOf(input, chosen?.source);
  const { leadTimeDays } = lead;
  const ruleSafety = input.condition.type === 'cover_below' ? input.condition.safetyDays : undefined;
  const [safetyDays, safetyDaysFrom] =
    ruleSafety !== undefined ? [ruleSafety, 'rule'] : [input.defaults.safetyDays, 'alert settings'];
  const horizon = horizonFactor(input.factors, input.today, leadTimeDays + safetyDays);
  // The figures go on as shown (3 places), so a person recomputes the same demand, cover and order.
  const velocity = round(measured.velocity);
  const seasonalFactor = round(horizon.factor);
  const cover = daysOfCover(input.stock.available, velocity, seasonalFactor);
  const holds = conditionHolds(input.condition, {
    available: input.stock.available,
    daysOfCover: cover,
    leadTimeDays,
    safetyDays,
  });
  const minimumOrderQuantity = chosen?.source.minimumOrderQuantity ?? 1;
  const packSize = chosen?.source.packSize ?? 1;
  const reorder = reorderQuantity({
    velocity,
    factor: seasonalFactor,
    leadTimeDays,
    safetyDays,
    available: input.stock.available,
    openOnWorkOrders: input.openOnWorkOrders,
    minimumOrderQuantity,
    packSize,
    minLevel: input.level?.minLevel,
    maxLevel: input.level?.maxLevel,
  });
  const belowMinLevel = reorder.belowMinLevel ?? 0;
  const explanation = {
    onHand: input.stock.onHand,
    allocated: input.stock.allocated,
    available: input.stock.available,
    window: { from: input.window[0]!, to: input.window.at(-1)!, days: input.window.length },
    unitsSold,
    daysInStock: inStock,
    velocity,
    velocityOver: measured.basis,
    horizon: horizon.horizon,
    seasonalFactor,
    seasonalFactors: horizon.applied,
    seasonalFactorDays: horizon.days,
    seasonalFactorBounds: { ...factorBounds },
    leadTimeDays,
    leadTimeFrom: lead.leadTimeFrom,
    leadTimeSetBy: lead.leadTimeSetBy,
    safetyDays,
    safetyDaysFrom,
    daysOfCover: cover,
    condition: input.condition,
    conditionHolds: holds,
    demand: reorder.demand,
    openOnWorkOrders: input.openOnWorkOrders,
    shortfall: reorder.shortfall,
    minLevel: input.level?.minLevel ?? null,
    belowMinLevel: reorder.belowMinLevel ?? null,
    needed: reorder.needed,
    neededFor:
      reorder.needed === 0 ? 'nothing' : belowMinLevel > reorder.shortfall ? 'minimum level' : 'demand',
    minimumOrderQuantity,
    packSize,
    roundedToMinimum: reorder.rounded,
    maxLevel: input.level?.maxLevel ?? null,
    stockRuleId: input.level?.stockRuleId ?? null,
    rulePeriodId: input.level?.rulePeriodId ?? null,
    stockRule: stockRuleOf(input.level),
    roomUnderMax: reorder.room ?? null,
    capped: reorder.capped,
    capReason: reorder.capReason ?? null,
    suggestedQuantity: reorder.quantity,
    minLevelMet:
      input.level?.minLevel === undefined
        ? null
        : input.stock.available + input.openOnWorkOrders + reorder.quantity >= input.level.minLevel,
    vendor: chosen
      ? {
          vendorId: chosen.source.vendorId,
          vendorName: chosen.source.vendorName ?? null,
          poSourceId: chosen.source.poSourceId,
          unitCost: { amount: chosen.source.unitCost, currency: chosen.source.currency },
          leadTimeDays: chosen.source.leadTimeDays ?? null,
          minimumOrderQuantity,
          packSize,
          reason: chosen.reason,
        }
      : null,
  };
  return {
    holds,
    suggestedQuantity: reorder.quantity,
    explanation: { ...explanation, text: describeSuggestion(explanation) },
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
  'horizon',
  'seasonalFactor',
  'seasonalFactors',
  'seasonalFactorDays',
  'seasonalFactorBounds',
  'leadTimeDays',
  'leadTimeFrom',
  'leadTimeSetBy',
  'safetyDays',
  'safetyDaysFrom',
  'daysOfCover',
  'condition',
  'conditionHolds',
  'demand',
  'openOnWorkOrders',
  'shortfall',
  'minLevel',
  'belowMinLevel',
  'needed',
  'neededFor',
  'minimumOrderQuantity',
  'packSize',
  'roundedToMinimum',
  'maxLevel',
  'stockRuleId',
  'rulePeriodId',
  'stockRule',
  'roomUnderMax',
  'capped',
  'capReason',
  'suggestedQuantity',
  'minLevelMet',
  'vendor',
  'text',
];
const vendorOrder = [
  'vendorId',
  'vendorName',
  'poSourceId',
  'unitCost',
  'leadTimeDays',
  'minimumOrderQuantity',
  'packSize',
  'reason',
];
const nestedOrders: Record<string, readonly string[]> = {
  vendor: vendorOrder,
  window: ['from', 'to', 'days'],
  horizon: ['from', 'to', 'days'],
  seasonalFactorBounds: ['min', 'max'],
  leadTimeSetBy: ['kind', 'id', 'name'],
  stockRule: [
    'stockRuleId',
    'skuPattern',
    'warehouseId',
    'rulePeriodId',
    'rulePeriod',
    'minLevel',
    'maxLevel',
    'reason',
  ],
};
const listOrders: Record<string, readonly string[]> = {
  seasonalFactors: ['id', 'name', 'multiplier', 'applies', 'days'],
  seasonalFactorDays: ['days', 'factorIds', 'product', 'factor'],
};

function ordered(value: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => rank(a) - rank(b)));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored explanation in reading order (its nested objects' fields too). */
export function orderedExplanation(stored: Record<string, unknown>): Record<string, unknown> {
  const explanation = ordered(stored, explanationOrder);
  for (const [field, order] of Object.entries(nestedOrders)) {
    const value = explanation[field];
    if (isObject(value)) explanation[field] = ordered(value, order);
  }
  for (const [field, order] of Object.entries(listOrders)) {
    const value = explanation[field];
    if (Array.isArray(value))
      explanation[field] = value.map((entry) => (isObject(entry) ? ordered(entry, order) : entry));
  }
  if (Array.isArray(explanation.seasonalFactors)) {
    for (const factor of explanation.seasonalFactors as unknown[]) {
      if (isObject(factor) && isObject(factor.applies))
        factor.applies = ordered(factor.applies, ['month', 'isoWeek', 'from', 'to']);
    }
  }
  const rulePeriod = isObject(explanation.stockRule) ? explanation.stockRule.rulePeriod : undefined;
  if (isObject(rulePeriod))
    (explanation.stockRule as Record<string, unknown>).rulePeriod = ordered(rulePeriod, [
      'name',
      'from',
      'to',
    ]);
  return explanation;
}
