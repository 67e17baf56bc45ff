/**
 * Seasonal factors (DESIGN §4, Inventory alerts): a multiplier of sales velocity (base 1.0) for a month,
 * an ISO week or a range of dates, for every SKU, some SKU patterns or a rule list's SKUs. Decision:
 * factors that overlap on a day for one SKU multiply (a December factor of 1.5 and a Christmas-week
 * factor of 2 make 3 in that week), so each factor says one thing and none hides another; a day's product
 * stays within 0.01–20, the bounds of one factor. No I/O.
 */
import type { Day } from './reporting-days';
import { addDays } from './reporting-days';
import { skuMatchesPattern } from '../inventory/sku-pattern';

export type FactorPeriod = { month: number } | { isoWeek: number } | { from: Day; to: Day };

export interface FactorScope {
  /** Neither patterns nor a list: every SKU. */
  skuPatterns?: readonly string[];
  ruleListId?: string;
}

export interface FactorLike {
  id: string;
  /** The factor's name, as people know it ("Christmas week"). */
  name?: string;
  multiplier: number;
  applies: FactorPeriod;
  scope: FactorScope;
}

/** The ISO 8601 week number of a day (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeekOf(day: Day): number {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thursday = new Date(date.getTime() + (3 - weekday) * 86_400_000);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
}

export function factorAppliesOn(period: FactorPeriod, day: Day): boolean {
  if ('month' in period) return Number(day.slice(5, 7)) === period.month;
  if ('isoWeek' in period) return isoWeekOf(day) === period.isoWeek;
  return period.from <= day && day <= period.to;
}

/**
 * Whether a scope of SKU patterns and a rule list (a factor's, an alert rule's) covers a SKU: a matching
 * pattern or the list (either, when both are named), or any SKU when neither is. `listsHoldingSku` are
 * the ids of the rule lists that hold it.
 */
export function scopeCoversSku(
  scope: FactorScope,
  sku: string,
  listsHoldingSku: ReadonlySet<string>,
): boolean {
  const patterns = scope.skuPatterns ?? [];
  if (patterns.length === 0 && scope.ruleListId === undefined) return true;
  if (patterns.some((pattern) => skuMatchesPattern(sku, pattern))) return true;
  return scope.ruleListId !== undefined && listsHoldingSku.has(scope.ruleListId);
}

/** The bounds of one day's combined factor: those of a single factor, however many overlap. */
export const factorBounds = { min: 0.01, max: 20 } as const;

/**
 * The factor of one day: the product of the multipliers of the factors that apply on it (1 when none),
 * held within factorBounds, so stacked factors can never make demand run away.
 */
export function factorOn(factors: readonly FactorLike[], day: Day): number {
  const product = factors.reduce(
    (value, factor) => (factorAppliesOn(factor.applies, day) ? value * factor.multiplier : value),
    1,
  );
  return Math.min(factorBounds.max, Math.max(factorBounds.min, product));
}

export interface HorizonFactor {
  /** The mean of the daily factors over the days ahead. */
  factor: number;
  /** The days ahead: the day after today through `days` days later. */
  horizon: { from: Day; to: Day; days: number };
  /** The factors that applied on at least one of those days, by id, with their name, period and days. */
  applied: Array<{
    id: string;
    name: string | null;
    multiplier: number;
    applies: FactorPeriod;
    days: number;
  }>;
  /**
   * The days ahead grouped by the factors that apply on them: each group's product of multipliers, and
   * the factor it counts as (the product held within factorBounds). factor = Σ days × factor ÷ horizon days.
   */
  days: Array<{ days: number; factorIds: string[]; product: number; factor: number }>;
}

const sixPlaces = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The factor of the days ahead: the mean of each day's factor from the day after `today`, over `days`
 * days (at least one), so demand over the horizon is velocity × factor × days.
 */
export function horizonFactor(factors: readonly FactorLike[], today: Day, days: number): HorizonFactor {
  const length = Math.max(1, days);
  const applied = new Map<string, { factor: FactorLike; days: number }>();
  const groups = new Map<string, HorizonFactor['days'][number]>();
  for (let offset = 1; offset <= length; offset++) {
    const day = addDays(today, offset);
    const dayFactor = factorOn(factors, day);
    const onDay = factors.filter((factor) => factorAppliesOn(factor.applies, day));
    for (const factor of onDay) {
      const seen = applied.get(factor.id) ?? { factor, days: 0 };
      seen.days += 1;
      applied.set(factor.id, seen);
    }
    const ids = onDay.map((factor) => factor.id);
    const key = ids.join('\u0000');
    const group = groups.get(key) ?? {
      days: 0,
      factorIds: ids,
      product: sixPlaces(onDay.reduce((product, factor) => product * factor.multiplier, 1)),
      factor: sixPlaces(dayFactor),
    };
    group.days += 1;
    groups.set(key, group);
  }
  // From the groups as listed, so the mean recomputes from what the explanation shows.
  const weighted = [...groups.values()].reduce((total, group) => total + group.days * group.factor, 0);
  return {
    factor: weighted / length,
    horizon: { from: addDays(today, 1), to: addDays(today, length), days: length },
    applied: [...applied.values()].map(({ factor, days: count }) => ({
      id: factor.id,
      name: factor.name ?? null,
      multiplier: factor.multiplier,
      applies: factor.applies,
      days: count,
    })),
    days: [...groups.values()],
  };
}
