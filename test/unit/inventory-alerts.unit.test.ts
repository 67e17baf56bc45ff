import { describe, expect, it } from 'vitest';
import type { AssessmentInput, SourceWithLead } from '../../shared/domain/alert-assessment';
import { assess, orderedExplanation } from '../../shared/domain/alert-assessment';
import type { ReorderInput, SourceOption } from '../../shared/domain/reorder';
import { chooseSource, daysOfCover, reorderQuantity } from '../../shared/domain/reorder';
import { daysBetween } from '../../shared/domain/reporting-days';
import type { FactorLike, FactorPeriod, FactorScope } from '../../shared/domain/seasonal-factors';
import {
  factorAppliesOn,
  factorOn,
  horizonFactor,
  isoWeekOf,
  scopeCoversSku,
} from '../../shared/domain/seasonal-factors';
import type { AlertStanding } from '../../shared/domain/stock-alerts';
import { conditionHolds, nextAlertStanding } from '../../shared/domain/stock-alerts';
import type { OnHandChange } from '../../shared/domain/velocity';
import { daysInStock, salesVelocity } from '../../shared/domain/velocity';

// --- builders -------------------------------------------------------------------------------------------

const change = (day: string, onHandAfter: number): OnHandChange => ({ day, onHandAfter });

const factor = (
  id: string,
  multiplier: number,
  applies: FactorPeriod,
  scope: FactorScope = {},
): FactorLike => ({ id, multiplier, applies, scope });

const source = (overrides: Partial<SourceWithLead> = {}): SourceWithLead => ({
  poSourceId: 'pos-a',
  vendorId: 'vendor-a',
  vendorName: 'Vendor A',
  unitCost: 500,
  currency: 'EUR',
  minimumOrderQuantity: 1,
  leadTimeDays: 7,
  ...overrides,
});

const reorderInput = (overrides: Partial<ReorderInput> = {}): ReorderInput => ({
  velocity: 1,
  factor: 1,
  leadTimeDays: 7,
  safetyDays: 0,
  available: 0,
  openOnWorkOrders: 0,
  minimumOrderQuantity: 1,
  ...overrides,
});

const hours = (from: string, count: number) => new Date(Date.parse(from) + count * 3_600_000).toISOString();

// The worked example's window: 2026-03-01 … 2026-03-10, ending today.
const exampleWindow = daysBetween('2026-03-01', '2026-03-10');

const assessmentInput = (overrides: Partial<AssessmentInput> = {}): AssessmentInput => ({
  today: '2026-03-10',
  window: exampleWindow,
  stock: { onHand: 20, allocated: 0, available: 20 },
  // No stock on days 1–4; 50 received on day 5, then 5 sold a day on days 5–10 (30 in all).
  unitsSold: new Map(exampleWindow.slice(4).map((day) => [day, 5])),
  onHandAtWindowStart: 0,
  changes: [
    change('2026-03-05', 50),
    change('2026-03-05', 45),
    change('2026-03-06', 40),
    change('2026-03-07', 35),
    change('2026-03-08', 30),
    change('2026-03-09', 25),
    change('2026-03-10', 20),
  ],
  factors: [factor('spring', 1.2, { month: 3 })],
  condition: { type: 'cover_below' },
  defaults: { leadTimeDays: 4, safetyDays: 3 },
  sources: [
    source({ poSourceId: 'pos-cheap', vendorId: 'vendor-cheap', unitCost: 400, minimumOrderQuantity: 12 }),
    source({ poSourceId: 'pos-dear', vendorId: 'vendor-dear', unitCost: 900, leadTimeDays: 2 }),
  ],
  level: { maxLevel: 100, stockRuleId: 'rule-1' },
  openOnWorkOrders: 0,
  ...overrides,
});

// --- velocity -------------------------------------------------------------------------------------------

describe('daysInStock', () => {
  const days = daysBetween('2026-05-01', '2026-05-05');

  it('does not count stock-out days: the day stock runs out counts, the next does not, restock counts', () => {
    // Day 2 begins with 3 on hand and sells them; day 3 has none all day; day 4 is restocked.
    const changes = [change('2026-05-01', 3), change('2026-05-02', 0), change('2026-05-04', 10)];
    expect(daysInStock(days, 5, changes)).toBe(4);
  });

  it('counts a day where stock arrives and leaves again', () => {
    const changes = [change('2026-05-03', 4), change('2026-05-03', 0)];
    expect(daysInStock(days, 0, changes)).toBe(1);
  });

  it('counts every day when stock never runs out, and none when there never is any', () => {
    expect(daysInStock(days, 2, [])).toBe(5);
    expect(daysInStock(days, 0, [])).toBe(0);
  });
});

describe('salesVelocity', () => {
  it('divides by the days in stock', () => {
    expect(salesVelocity(30, 6, 10)).toEqual({ velocity: 5, basisDays: 6, basis: 'days in stock' });
  });

  it('measures a SKU never in stock over the look-back days', () => {
    expect(salesVelocity(12, 0, 30)).toEqual({ velocity: 0.4, basisDays: 30, basis: 'look-back days' });
    expect(salesVelocity(0, 0, 30)).toEqual({ velocity: 0, basisDays: 30, basis: 'look-back days' });
  });
});

// --- seasonal factors -----------------------------------------------------------------------------------

describe('isoWeekOf', () => {
  it('numbers weeks across year boundaries', () => {
    expect(isoWeekOf('2026-01-01')).toBe(1); // a Thursday
    expect(isoWeekOf('2027-01-01')).toBe(53); // a Friday: week 53 of 2026
    expect(isoWeekOf('2024-12-30')).toBe(1); // a Monday: week 1 of 2025
    expect(isoWeekOf('2024-12-29')).toBe(52); // the Sunday before
    expect(isoWeekOf('2026-12-31')).toBe(53);
  });
});

describe('factorAppliesOn', () => {
  it('applies a month on every day of it and on no other', () => {
    expect(factorAppliesOn({ month: 12 }, '2026-12-01')).toBe(true);
    expect(factorAppliesOn({ month: 12 }, '2026-12-31')).toBe(true);
    expect(factorAppliesOn({ month: 12 }, '2026-11-30')).toBe(false);
    expect(factorAppliesOn({ month: 1 }, '2027-01-01')).toBe(true);
  });

  it('applies an ISO week by its ISO number, across a year boundary', () => {
    expect(factorAppliesOn({ isoWeek: 1 }, '2024-12-30')).toBe(true);
    expect(factorAppliesOn({ isoWeek: 1 }, '2024-12-29')).toBe(false);
    expect(factorAppliesOn({ isoWeek: 53 }, '2027-01-03')).toBe(true);
    expect(factorAppliesOn({ isoWeek: 53 }, '2027-01-04')).toBe(false);
  });

  it('applies a date range at both of its inclusive bounds and not beyond', () => {
    const range = { from: '2026-12-20', to: '2026-12-26' };
    expect(factorAppliesOn(range, '2026-12-19')).toBe(false);
    expect(factorAppliesOn(range, '2026-12-20')).toBe(true);
    expect(factorAppliesOn(range, '2026-12-23')).toBe(true);
    expect(factorAppliesOn(range, '2026-12-26')).toBe(true);
    expect(factorAppliesOn(range, '2026-12-27')).toBe(false);
  });
});

describe('scopeCoversSku', () => {
  const none = new Set<string>();

  it('covers every SKU when neither patterns nor a list are named', () => {
    expect(scopeCoversSku({}, 'ANY-1', none)).toBe(true);
    expect(scopeCoversSku({ skuPatterns: [] }, 'ANY-1', none)).toBe(true);
  });

  it('covers the SKUs matching a pattern', () => {
    const scope = { skuPatterns: ['TSHIRT-*'] };
    expect(scopeCoversSku(scope, 'TSHIRT-RED-M', none)).toBe(true);
    expect(scopeCoversSku(scope, 'MUG-1', none)).toBe(false);
    expect(scopeCoversSku(scope, 'tshirt-red-m', none)).toBe(false);
  });

  it('covers the SKUs of a list through the set of lists holding the SKU', () => {
    const scope = { ruleListId: 'list-1' };
    expect(scopeCoversSku(scope, 'MUG-1', new Set(['list-1']))).toBe(true);
    expect(scopeCoversSku(scope, 'MUG-1', new Set(['list-2']))).toBe(false);
    expect(scopeCoversSku(scope, 'MUG-1', none)).toBe(false);
    // Either a pattern or the list, when both are named.
    expect(scopeCoversSku({ skuPatterns: ['TSHIRT-*'], ruleListId: 'list-1' }, 'TSHIRT-1', none)).toBe(true);
  });

  it('treats SKUs named like Object.prototype members as plain SKUs', () => {
    for (const sku of ['constructor', '__proto__']) {
      expect(scopeCoversSku({}, sku, none)).toBe(true);
      expect(scopeCoversSku({ skuPatterns: ['TSHIRT-*'] }, sku, none)).toBe(false);
      expect(scopeCoversSku({ skuPatterns: [sku] }, sku, none)).toBe(true);
      expect(scopeCoversSku({ ruleListId: 'list-1' }, sku, none)).toBe(false);
      expect(scopeCoversSku({ ruleListId: 'list-1' }, sku, new Set(['list-1']))).toBe(true);
    }
    expect(scopeCoversSku({ ruleListId: 'constructor' }, 'MUG-1', none)).toBe(false);
    expect(scopeCoversSku({ ruleListId: '__proto__' }, 'MUG-1', none)).toBe(false);
  });
});

describe('factorOn', () => {
  const december = factor('december', 1.5, { month: 12 });
  const christmas = factor('christmas', 2, { from: '2026-12-21', to: '2026-12-27' });

  it('multiplies overlapping factors', () => {
    expect(factorOn([december, christmas], '2026-12-24')).toBe(3);
    expect(factorOn([december, christmas], '2026-12-10')).toBe(1.5);
  });

  it('is 1 with no factor applying', () => {
    expect(factorOn([], '2026-12-24')).toBe(1);
    expect(factorOn([december, christmas], '2026-11-24')).toBe(1);
  });
});

describe('horizonFactor', () => {
  const december = factor('december', 2, { month: 12 });
  const june = factor('june', 3, { month: 6 });

  it('averages the days after today across a month boundary and lists the factors applied', () => {
    // Days after 2026-11-27: 11-28, 11-29, 11-30 (factor 1), 12-01, 12-02 (factor 2): (3×1 + 2×2)/5 = 1.4.
    const result = horizonFactor([december, june], '2026-11-27', 5);
    expect(result.factor).toBeCloseTo(1.4, 10);
    expect(result.applied).toEqual([
      { id: 'december', name: null, multiplier: 2, applies: { month: 12 }, days: 2 },
    ]);
  });

  it('does not count today itself', () => {
    // Days after 2026-11-28: 11-29, 11-30 (factor 1), 12-01, 12-02, 12-03 (factor 2): (2×1 + 3×2)/5 = 1.6.
    expect(horizonFactor([december], '2026-11-28', 5).factor).toBeCloseTo(1.6, 10);
    // Today (11-30) outside December, tomorrow inside: a one-day horizon is December's.
    expect(horizonFactor([december], '2026-11-30', 1).factor).toBe(2);
  });

  it('is 1 with nothing applied when no factor falls on the horizon, and takes at least one day', () => {
    expect(horizonFactor([december], '2026-03-01', 10)).toMatchObject({ factor: 1, applied: [] });
    expect(horizonFactor([december], '2026-11-30', 0)).toMatchObject({
      factor: 2,
      applied: [{ id: 'december', multiplier: 2, days: 1 }],
    });
  });
});

// --- reorder --------------------------------------------------------------------------------------------

describe('reorderQuantity', () => {
  it('raises the shortfall to the minimum order quantity, a minimum and not a multiple', () => {
    // demand 1 × 1 × 7 = 7, nothing available: shortfall 7; MOQ 5 leaves 7, MOQ 10 raises it to 10.
    expect(reorderQuantity(reorderInput({ minimumOrderQuantity: 5 }))).toEqual({
      demand: 7,
      shortfall: 7,
      needed: 7,
      rounded: 7,
      capped: false,
      quantity: 7,
    });
    expect(reorderQuantity(reorderInput({ minimumOrderQuantity: 10 })).quantity).toBe(10);
  });

  it('never suggests a negative quantity when more is available than the demand', () => {
    const result = reorderQuantity(reorderInput({ available: 50 }));
    expect(result.shortfall).toBe(0);
    expect(result.rounded).toBe(0);
    expect(result.quantity).toBe(0);
  });

  it('does not buy an extra minimum order for float noise', () => {
    const result = reorderQuantity(reorderInput({ velocity: 2.0000000001, leadTimeDays: 1 }));
    expect(result.demand).toBe(2);
    expect(result.quantity).toBe(2);
  });

  it('caps under the maximum, and suggests nothing when one minimum order does not fit', () => {
    // maxLevel 40, available 25 → room 15; demand 40 → shortfall 15.
    const base = reorderInput({ velocity: 4, leadTimeDays: 10, available: 25, maxLevel: 40 });
    // MOQ 10 is met by 15 itself: within the room.
    expect(reorderQuantity({ ...base, minimumOrderQuantity: 10 })).toEqual({
      demand: 40,
      shortfall: 15,
      needed: 15,
      rounded: 15,
      room: 15,
      capped: false,
      quantity: 15,
    });
    // MOQ 20 raises it to 20 > 15, and no order of at least 20 fits: nothing, and why.
    expect(reorderQuantity({ ...base, minimumOrderQuantity: 20 })).toEqual({
      demand: 40,
      shortfall: 15,
      needed: 15,
      rounded: 20,
      room: 15,
      capped: true,
      capReason:
        "the stock rule's maximum of 40 leaves room for 15, less than the smallest order of 20 units (minimum order 20): nothing is suggested",
      quantity: 0,
    });
  });

  it('subtracts units on open work orders from the shortfall and the room', () => {
    const result = reorderQuantity(
      reorderInput({ velocity: 4, leadTimeDays: 10, available: 10, openOnWorkOrders: 12, maxLevel: 40 }),
    );
    // shortfall 40 − 10 − 12 = 18; room 40 − 10 − 12 = 18.
    expect(result).toEqual({
      demand: 40,
      shortfall: 18,
      needed: 18,
      rounded: 18,
      room: 18,
      capped: false,
      quantity: 18,
    });
  });

  it('treats a minimum order quantity below 1 as 1', () => {
    expect(reorderQuantity(reorderInput({ minimumOrderQuantity: 0 })).quantity).toBe(7);
  });
});

describe('daysOfCover', () => {
  it('is null when nothing sells', () => {
    expect(daysOfCover(20, 0, 1.2)).toBeNull();
    expect(daysOfCover(20, 5, 0)).toBeNull();
  });

  it('divides available by daily demand, rounded to 2 places', () => {
    expect(daysOfCover(20, 5, 1.2)).toBe(3.33);
    expect(daysOfCover(20, 3, 1)).toBe(6.67);
    expect(daysOfCover(0, 3, 1)).toBe(0);
  });
});

describe('chooseSource', () => {
  const option = (poSourceId: string, unitCost: number, leadTimeDays?: number): SourceOption => ({
    poSourceId,
    vendorId: `vendor-${poSourceId}`,
    unitCost,
    currency: 'EUR',
    minimumOrderQuantity: 1,
    leadTimeDays,
  });

  it('is undefined with no sources', () => {
    expect(chooseSource([])).toBeUndefined();
  });

  it('names the only source as such', () => {
    const only = option('a', 900, 3);
    expect(chooseSource([only])).toEqual({
      source: only,
      reason: 'the only purchase-order source receiving into this warehouse',
    });
  });

  it('chooses the lowest unit cost', () => {
    const chosen = chooseSource([option('a', 900, 1), option('b', 400, 30), option('c', 500, 2)]);
    expect(chosen?.source.poSourceId).toBe('b');
    expect(chosen?.reason).toBe('lowest unit cost of 3 sources receiving into this warehouse');
  });

  it('breaks a cost tie by shorter lead time, an unknown lead time last', () => {
    const chosen = chooseSource([
      option('a', 400),
      option('b', 400, 9),
      option('c', 400, 4),
      option('d', 800, 1),
    ]);
    expect(chosen?.source.poSourceId).toBe('c');
    expect(chosen?.reason).toBe(
      'lowest unit cost of 4 sources, shared with 2 others; shortest lead time among them',
    );
  });

  it('breaks a tie of cost and lead time by id', () => {
    const tie = chooseSource([option('z', 400, 5), option('m', 400, 5)]);
    expect(tie?.source.poSourceId).toBe('m');
    expect(tie?.reason).toBe(
      'lowest unit cost of 2 sources, shared with 1 other; same lead time too: the first by source id',
    );
    expect(chooseSource([option('z', 400), option('m', 400)])?.source.poSourceId).toBe('m');
  });
});

// --- alert standing -------------------------------------------------------------------------------------

describe('conditionHolds', () => {
  const figures = { available: 20, daysOfCover: 3.33, leadTimeDays: 7, safetyDays: 3 };

  it('holds available_below while available is strictly below the quantity', () => {
    expect(conditionHolds({ type: 'available_below', quantity: 21 }, figures)).toBe(true);
    expect(conditionHolds({ type: 'available_below', quantity: 20 }, figures)).toBe(false);
    expect(conditionHolds({ type: 'available_below', quantity: 10 }, figures)).toBe(false);
  });

  it('holds cover_below while cover is strictly below lead time plus safety days', () => {
    expect(conditionHolds({ type: 'cover_below' }, figures)).toBe(true);
    expect(conditionHolds({ type: 'cover_below' }, { ...figures, daysOfCover: 10 })).toBe(false);
    expect(conditionHolds({ type: 'cover_below' }, { ...figures, daysOfCover: 9.99 })).toBe(true);
  });

  it('never holds cover_below when cover is null (nothing sells)', () => {
    expect(conditionHolds({ type: 'cover_below' }, { ...figures, available: 0, daysOfCover: null })).toBe(
      false,
    );
  });
});

describe('nextAlertStanding', () => {
  const t0 = '2026-03-01T08:00:00.000Z';

  it('walks a sequence of checks with a 24-hour cool-down', () => {
    const cooldown = 24;
    // Nothing stood and nothing holds: no write.
    expect(nextAlertStanding(undefined, false, t0, cooldown)).toBeUndefined();

    // Crossing: stock.low, announced.
    const low1 = nextAlertStanding(undefined, true, t0, cooldown);
    expect(low1).toEqual({
      next: { state: 'low', notified: true, lowSince: t0, lastLowEventAt: t0 },
      event: 'stock.low',
    });

    // Still holding: no write.
    expect(nextAlertStanding(low1!.next, true, hours(t0, 1), cooldown)).toBeUndefined();

    // Recovering: stock.recovered.
    const ok1 = nextAlertStanding(low1!.next, false, hours(t0, 2), cooldown);
    expect(ok1).toEqual({
      next: { state: 'ok', notified: false, lastLowEventAt: t0 },
      event: 'stock.recovered',
    });

    // Still fine: no write.
    expect(nextAlertStanding(ok1!.next, false, hours(t0, 3), cooldown)).toBeUndefined();

    // Low again within the cool-down: low, not announced, no event.
    const low2 = nextAlertStanding(ok1!.next, true, hours(t0, 23), cooldown);
    expect(low2).toEqual({
      next: { state: 'low', notified: false, lowSince: hours(t0, 23), lastLowEventAt: t0 },
    });

    // Its recovery is silent too.
    const ok2 = nextAlertStanding(low2!.next, false, hours(t0, 24), cooldown);
    expect(ok2).toEqual({ next: { state: 'ok', notified: false, lastLowEventAt: t0 } });

    // Low again once the cool-down (from the last stock.low) has passed: stock.low.
    const low3 = nextAlertStanding(ok2!.next, true, hours(t0, 25), cooldown);
    expect(low3).toEqual({
      next: { state: 'low', notified: true, lowSince: hours(t0, 25), lastLowEventAt: hours(t0, 25) },
      event: 'stock.low',
    });
  });

  it('ends the cool-down exactly at its length', () => {
    const ok: AlertStanding = { state: 'ok', notified: false, lastLowEventAt: t0 };
    expect(nextAlertStanding(ok, true, hours(t0, 24), 24)?.event).toBe('stock.low');
    expect(nextAlertStanding(ok, true, hours(t0, 23.99), 24)?.event).toBeUndefined();
  });

  it('fires on every crossing with a cool-down of 0', () => {
    let standing: AlertStanding | undefined;
    const events: Array<string | undefined> = [];
    for (let i = 0; i < 6; i++) {
      const step = nextAlertStanding(standing, i % 2 === 0, hours(t0, i / 60), 0);
      expect(step).toBeDefined();
      events.push(step!.event);
      standing = step!.next;
    }
    expect(events).toEqual([
      'stock.low',
      'stock.recovered',
      'stock.low',
      'stock.recovered',
      'stock.low',
      'stock.recovered',
    ]);
  });
});

// --- assessment -----------------------------------------------------------------------------------------

describe('assess', () => {
  it('works the example through with every number explained', () => {
    // Window 2026-03-01 … 2026-03-10 (10 days); in stock on days 5–10 (6 days); 30 units sold.
    // velocity = 30 / 6 = 5 a day.
    // Lead time 7 from the cheapest po source (pos-cheap, MOQ 12); safety 3 from the alert settings.
    // Horizon 7 + 3 = 10 days after 2026-03-10 (03-11 … 03-20), all in March: factor 1.2.
    // demand = 5 × 1.2 × 10 = 60; shortfall = 60 − 20 available − 0 open = 40;
    // 40 is at least the minimum order of 12 (a minimum, not a multiple): 40; room = 100 − 20 − 0 = 80 ≥ 40
    // → suggestion 40. daysOfCover = 20 / (5 × 1.2) = 3.33 < 10 → cover_below holds.
    const result = assess(assessmentInput());
    expect(result.holds).toBe(true);
    expect(result.suggestedQuantity).toBe(40);
    const { text, ...figures } = result.explanation;
    expect(figures).toEqual({
      onHand: 20,
      allocated: 0,
      available: 20,
      window: { from: '2026-03-01', to: '2026-03-10', days: 10 },
      unitsSold: 30,
      daysInStock: 6,
      velocity: 5,
      velocityOver: 'days in stock',
      horizon: { from: '2026-03-11', to: '2026-03-20', days: 10 },
      seasonalFactor: 1.2,
      seasonalFactors: [{ id: 'spring', name: null, multiplier: 1.2, applies: { month: 3 }, days: 10 }],
      seasonalFactorDays: [{ days: 10, factorIds: ['spring'], product: 1.2, factor: 1.2 }],
      seasonalFactorBounds: { min: 0.01, max: 20 },
      leadTimeDays: 7,
      leadTimeFrom: 'po-source',
      leadTimeSetBy: { kind: 'po-source', id: 'pos-cheap', name: null },
      safetyDays: 3,
      safetyDaysFrom: 'alert settings',
      daysOfCover: 3.33,
      condition: { type: 'cover_below' },
      conditionHolds: true,
      demand: 60,
      openOnWorkOrders: 0,
      shortfall: 40,
      minLevel: null,
      belowMinLevel: null,
      needed: 40,
      neededFor: 'demand',
      minimumOrderQuantity: 12,
      packSize: 1,
      roundedToMinimum: 40,
      maxLevel: 100,
      stockRuleId: 'rule-1',
      rulePeriodId: null,
      stockRule: {
        stockRuleId: 'rule-1',
        skuPattern: null,
        warehouseId: null,
        rulePeriodId: null,
        rulePeriod: null,
        minLevel: null,
        maxLevel: 100,
        reason: 'the only enabled stock rule matching (its SKU pattern, every warehouse)',
      },
      roomUnderMax: 80,
      capped: false,
      capReason: null,
      suggestedQuantity: 40,
      minLevelMet: null,
      vendor: {
        vendorId: 'vendor-cheap',
        vendorName: 'Vendor A',
        poSourceId: 'pos-cheap',
        unitCost: { amount: 400, currency: 'EUR' },
        leadTimeDays: 7,
        minimumOrderQuantity: 12,
        packSize: 1,
        reason: 'lowest unit cost of 2 sources receiving into this warehouse',
      },
    });
    expect(text).toBe(
      'Velocity 5/day: 30 sold ÷ 6 days in stock, 2026-03-01 to 2026-03-10. ' +
        'Seasonal factor 1.2: mean over 2026-03-11 to 2026-03-20 (10 days) of 10 days at 1.2 (spring ×1.2). ' +
        "Lead time 7 days (purchase-order source pos-cheap's own) + safety 3 days (alert settings). " +
        'Demand 5 × 1.2 × 10 = 60, − 20 available = shortfall 40. ' +
        'Stock rule: the only enabled stock rule matching (its SKU pattern, every warehouse). ' +
        'Needed 40; at least the minimum order of 12: 40. Maximum 100 leaves room for 80. ' +
        'Suggest 40 from Vendor A (lowest unit cost of 2 sources receiving into this warehouse).',
    );
  });

  it('checks available_below against available, with the same suggestion', () => {
    const result = assess(assessmentInput({ condition: { type: 'available_below', quantity: 10 } }));
    // 20 < 10 is false.
    expect(result.holds).toBe(false);
    expect(result.explanation.conditionHolds).toBe(false);
    expect(result.explanation.leadTimeFrom).toBe('po-source');
    expect(result.suggestedQuantity).toBe(40);
  });

  it("lets a cover_below rule's own lead time and safety days win", () => {
    // Horizon 2 + 1 = 3 days: demand 5 × 1.2 × 3 = 18 ≤ 20 available → nothing to order;
    // cover 3.33 is not below 3.
    const result = assess(
      assessmentInput({ condition: { type: 'cover_below', leadTimeDays: 2, safetyDays: 1 } }),
    );
    expect(result.explanation).toMatchObject({
      leadTimeDays: 2,
      leadTimeFrom: 'rule',
      safetyDays: 1,
      safetyDaysFrom: 'rule',
      demand: 18,
      shortfall: 0,
      daysOfCover: 3.33,
      conditionHolds: false,
    });
    expect(result.holds).toBe(false);
    expect(result.suggestedQuantity).toBe(0);
  });

  it('takes the lead time from the vendor when the source says so', () => {
    const result = assess(
      assessmentInput({ sources: [source({ leadTimeFrom: 'vendor', minimumOrderQuantity: 12 })] }),
    );
    expect(result.explanation.leadTimeFrom).toBe('vendor');
    expect(result.explanation.vendor?.reason).toBe(
      'the only purchase-order source receiving into this warehouse',
    );
  });

  it('falls back to MOQ 1 and the alert settings without a source', () => {
    // Default lead 7 + safety 3: demand 60, shortfall 40, MOQ 1 → 40.
    const result = assess(assessmentInput({ sources: [], defaults: { leadTimeDays: 7, safetyDays: 3 } }));
    expect(result.explanation).toMatchObject({
      leadTimeDays: 7,
      leadTimeFrom: 'alert settings',
      safetyDaysFrom: 'alert settings',
      minimumOrderQuantity: 1,
      demand: 60,
      roundedToMinimum: 40,
      vendor: null,
    });
    expect(result.suggestedQuantity).toBe(40);
  });

  it('measures a SKU never in stock over the whole window, and caps under the maximum', () => {
    // 30 sold as backorders over 10 days without stock: velocity 3; demand 3 × 1.2 × 10 = 36;
    // nothing available, 40 open → shortfall 0; room 50 − 0 − 40 = 10.
    const result = assess(
      assessmentInput({
        stock: { onHand: 0, allocated: 0, available: 0 },
        changes: [],
        unitsSold: new Map([[exampleWindow[0]!, 30]]),
        openOnWorkOrders: 40,
        level: { maxLevel: 50, stockRuleId: 'rule-1', rulePeriodId: 'period-1' },
      }),
    );
    expect(result.explanation).toMatchObject({
      daysInStock: 0,
      velocity: 3,
      velocityOver: 'look-back days',
      demand: 36,
      shortfall: 0,
      roomUnderMax: 10,
      rulePeriodId: 'period-1',
      daysOfCover: 0,
      conditionHolds: true,
    });
    expect(result.suggestedQuantity).toBe(0);
  });
});

describe('orderedExplanation', () => {
  it('answers a stored explanation, whose map came back in any order, in the order assess writes it', () => {
    const { explanation } = assess(assessmentInput());
    const shuffled: Record<string, unknown> = Object.fromEntries(Object.entries(explanation).reverse());
    shuffled.vendor = Object.fromEntries(Object.entries(explanation.vendor!).reverse());
    shuffled.seasonalFactors = explanation.seasonalFactors.map((applied) =>
      Object.fromEntries(Object.entries(applied).reverse()),
    );
    shuffled.stockRule = Object.fromEntries(Object.entries(explanation.stockRule!).reverse());
    const answered = orderedExplanation(shuffled);
    expect(Object.keys(answered)).toEqual(Object.keys(explanation));
    expect(Object.keys(answered.vendor as object)).toEqual(Object.keys(explanation.vendor!));
    expect(answered).toEqual(explanation);
    for (const applied of answered.seasonalFactors as object[])
      expect(Object.keys(applied)).toEqual(['id', 'name', 'multiplier', 'applies', 'days']);
  });
});

describe('after review', () => {
  it('announces a low that began inside the cool-down once the cool-down is over, if it still holds', () => {
    const at = '2026-03-01T00:00:00.000Z';
    const first = nextAlertStanding(undefined, true, at, 24)!;
    const recovered = nextAlertStanding(first.next, false, hours(at, 1), 24)!;
    const quiet = nextAlertStanding(recovered.next, true, hours(at, 2), 24)!;
    expect(quiet.event).toBeUndefined();
    expect(nextAlertStanding(quiet.next, true, hours(at, 12), 24)).toBeUndefined();
    const announced = nextAlertStanding(quiet.next, true, hours(at, 24), 24)!;
    expect(announced).toEqual({
      next: { state: 'low', notified: true, lowSince: hours(at, 2), lastLowEventAt: hours(at, 24) },
      event: 'stock.low',
    });
    expect(nextAlertStanding(announced.next, false, hours(at, 25), 24)?.event).toBe('stock.recovered');
  });

  it('holds a day’s combined factor within 0.01 to 20, however many factors stack', () => {
    const stacked = Array.from({ length: 300 }, (_, index) => factor(`f${index}`, 20, { month: 3 }));
    expect(factorOn(stacked, '2026-03-05')).toBe(20);
    const shrinking = Array.from({ length: 300 }, (_, index) => factor(`g${index}`, 0.01, { month: 3 }));
    expect(factorOn(shrinking, '2026-03-05')).toBe(0.01);
  });

  it('never suggests more than 1,000,000 units, with or without a stock rule', () => {
    const huge = reorderQuantity(
      reorderInput({ velocity: 1e9, factor: 20, minimumOrderQuantity: 7, maxLevel: undefined }),
    );
    expect(huge).toMatchObject({ capped: true, quantity: 1_000_000 });
    expect(Number.isSafeInteger(huge.quantity)).toBe(true);
    // In packs of 7: the most whole packs under the limit.
    expect(
      reorderQuantity(reorderInput({ velocity: 1e9, factor: 20, packSize: 7, maxLevel: undefined })),
    ).toMatchObject({ capped: true, quantity: 999_999 });
  });

  it('does not compare costs across currencies: the cheapest of each competes on lead time', () => {
    const option = (
      poSourceId: string,
      unitCost: number,
      currency: string,
      leadTimeDays: number,
    ): SourceOption => ({
      poSourceId,
      vendorId: `vendor-${poSourceId}`,
      unitCost,
      currency,
      minimumOrderQuantity: 1,
      leadTimeDays,
    });
    const chosen = chooseSource([
      option('yen', 1500, 'JPY', 20),
      option('usd', 1200, 'USD', 9),
      option('usd-dear', 1900, 'USD', 2),
    ]);
    expect(chosen?.source.poSourceId).toBe('usd');
    expect(chosen?.reason).toBe(
      '3 sources in 2 currencies, whose costs are not compared: of the cheapest in each currency, the shortest lead time',
    );
  });
});
