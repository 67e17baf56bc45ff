/**
 * The reorder suggestion's arithmetic (issue 30 §2): the minimum order quantity is a minimum, not a
 * multiple; a pack size rounds up to whole packs; a stock rule's maximum cuts to what fits in whole packs
 * and at least one minimum order, or to nothing; the minimum level raises the order; the lead time comes
 * from the alert rule, else the source, else its vendor, else the settings, and the explanation says
 * which. And the explanation: every figure it lists recomputes the suggestion by hand.
 */
import { describe, expect, it } from 'vitest';
import { ruleApplied } from '../../functions/reports/inventory/rule-applied';
import type { AssessmentInput, SourceWithLead } from '../../shared/domain/alert-assessment';
import { assess } from '../../shared/domain/alert-assessment';
import type { ReorderInput } from '../../shared/domain/reorder';
import { reorderQuantity } from '../../shared/domain/reorder';
import { addDays, daysBetween } from '../../shared/domain/reporting-days';
import type { FactorLike } from '../../shared/domain/seasonal-factors';

// --- builders -------------------------------------------------------------------------------------------

/** Demand of exactly `units` over one day: velocity `units`, factor 1, lead 1, safety 0. */
const order = (units: number, overrides: Partial<ReorderInput> = {}): ReorderInput => ({
  velocity: units,
  factor: 1,
  leadTimeDays: 1,
  safetyDays: 0,
  available: 0,
  openOnWorkOrders: 0,
  minimumOrderQuantity: 1,
  ...overrides,
});

const source = (overrides: Partial<SourceWithLead> = {}): SourceWithLead => ({
  poSourceId: 'pos-1',
  vendorId: 'vendor-1',
  vendorName: 'Northern Pottery',
  unitCost: 350,
  currency: 'GBP',
  minimumOrderQuantity: 1,
  leadTimeDays: 10,
  leadTimeFrom: 'vendor',
  ...overrides,
});

const today = '2026-11-20';
const window = daysBetween(addDays(today, -10), addDays(today, -1));

/** 3 units sold a day for 10 days, in stock throughout: velocity 3. */
const input = (overrides: Partial<AssessmentInput> = {}): AssessmentInput => ({
  today,
  window,
  stock: { onHand: 12, allocated: 0, available: 12 },
  unitsSold: new Map(window.map((day) => [day, 3])),
  onHandAtWindowStart: 50,
  changes: [],
  factors: [],
  condition: { type: 'available_below', quantity: 20 },
  rule: { id: 'rule-low', name: 'Mugs below 20' },
  defaults: { leadTimeDays: 5, safetyDays: 2 },
  sources: [source()],
  openOnWorkOrders: 0,
  ...overrides,
});

// --- the arithmetic -------------------------------------------------------------------------------------

describe('the minimum order quantity is a minimum, not a multiple', () => {
  it('suggests 42 for 41.17 units with a minimum of 12 (it was 48)', () => {
    expect(reorderQuantity(order(41.17, { minimumOrderQuantity: 12 }))).toEqual({
      demand: 41.17,
      shortfall: 41.17,
      needed: 41.17,
      rounded: 42,
      capped: false,
      quantity: 42,
    });
  });

  it('raises a smaller need to the minimum, and orders nothing when nothing is needed', () => {
    expect(reorderQuantity(order(5, { minimumOrderQuantity: 12 })).quantity).toBe(12);
    expect(reorderQuantity(order(5, { minimumOrderQuantity: 12, available: 5 })).quantity).toBe(0);
  });
});

describe('packSize rounds up to whole packs', () => {
  it('orders whole packs: 41.17 in packs of 12 is 48', () => {
    expect(reorderQuantity(order(41.17, { packSize: 12 })).quantity).toBe(48);
  });

  it('orders at least the minimum, in whole packs: the smallest multiple of the pack at or above both', () => {
    // Minimum 50 in packs of 12: 60. Minimum 10 in packs of 6 for 3 units: 12.
    expect(reorderQuantity(order(41.17, { minimumOrderQuantity: 50, packSize: 12 })).quantity).toBe(60);
    expect(reorderQuantity(order(3, { minimumOrderQuantity: 10, packSize: 6 })).quantity).toBe(12);
  });
});

describe('a maximum respects the minimum order and the pack', () => {
  it('cuts to the most whole packs that fit when the room is not a multiple of the pack', () => {
    // Maximum 50, nothing available: 49 needed → 60 in packs of 12 > 50 → 48, and why.
    expect(reorderQuantity(order(49, { packSize: 12, maxLevel: 50 }))).toEqual({
      demand: 49,
      shortfall: 49,
      needed: 49,
      rounded: 60,
      room: 50,
      capped: true,
      capReason:
        "the stock rule's maximum of 50 leaves room for 50: cut to 48, the most that fits in whole packs of 12",
      quantity: 48,
    });
  });

  it('suggests nothing, and says why, when the room is below one minimum order', () => {
    // Maximum 30 with 20 available: room 10 < the minimum of 12.
    const result = reorderQuantity(order(41.17, { minimumOrderQuantity: 12, available: 20, maxLevel: 30 }));
    expect(result).toMatchObject({ room: 10, rounded: 22, capped: true, quantity: 0 });
    expect(result.capReason).toBe(
      "the stock rule's maximum of 30 leaves room for 10, less than the smallest order of 12 units (minimum order 12): nothing is suggested",
    );
  });

  it('suggests nothing when the whole packs that fit are fewer units than the minimum order', () => {
    // Room 11: one pack of 6 fits, below the minimum of 10; room 12: two packs.
    const base = order(30, { minimumOrderQuantity: 10, packSize: 6 });
    expect(reorderQuantity({ ...base, maxLevel: 11 })).toMatchObject({ capped: true, quantity: 0 });
    expect(reorderQuantity({ ...base, maxLevel: 11 }).capReason).toContain(
      'less than the smallest order of 12 units (minimum order 10 in packs of 6)',
    );
    expect(reorderQuantity({ ...base, maxLevel: 12 })).toMatchObject({ capped: true, quantity: 12 });
  });

  it('keeps an order that fits the room exactly', () => {
    expect(reorderQuantity(order(47, { packSize: 12, maxLevel: 48 }))).toMatchObject({
      rounded: 48,
      capped: false,
      quantity: 48,
    });
  });
});

describe("a stock rule's minimum level raises the suggestion", () => {
  it('orders what the minimum level lacks when demand asks for less (nothing sells at all)', () => {
    // Available 10, minimum 30: 20 lacking; demand 0.
    expect(reorderQuantity(order(0, { available: 10, minLevel: 30 }))).toEqual({
      demand: 0,
      shortfall: 0,
      belowMinLevel: 20,
      needed: 20,
      rounded: 20,
      capped: false,
      quantity: 20,
    });
    // Then the minimum order and the pack apply as to any order.
    expect(reorderQuantity(order(0, { available: 10, minLevel: 30, packSize: 12 })).quantity).toBe(24);
  });

  it('leaves the demand in charge when it asks for more than the minimum level lacks', () => {
    expect(reorderQuantity(order(41.17, { available: 10, minLevel: 30 }))).toMatchObject({
      shortfall: 31.17,
      belowMinLevel: 20,
      needed: 31.17,
      quantity: 32,
    });
  });

  it('counts open work orders towards the minimum level', () => {
    expect(
      reorderQuantity(order(0, { available: 10, openOnWorkOrders: 15, minLevel: 30 })).belowMinLevel,
    ).toBe(5);
  });

  it('says in the explanation whether the minimum level is met, and which need ruled', () => {
    const raised = assess(input({ level: { stockRuleId: 'sr-1', minLevel: 100, maxLevel: 200 } }));
    // velocity 3 × (10 + 2) days = 36 − 12 = 24 short; the minimum level lacks 100 − 12 = 88.
    expect(raised.explanation).toMatchObject({
      shortfall: 24,
      minLevel: 100,
      belowMinLevel: 88,
      needed: 88,
      neededFor: 'minimum level',
      suggestedQuantity: 88,
      minLevelMet: true,
    });
    expect(raised.explanation.text).toContain('Minimum level 100 lacks 88. Needed 88: 88.');
    // The maximum wins: room 3 < the minimum order of 10, so nothing, and the minimum level stays unmet.
    const cut = assess(
      input({
        stock: { onHand: 12, allocated: 0, available: 12 },
        sources: [source({ minimumOrderQuantity: 10 })],
        level: { stockRuleId: 'sr-1', minLevel: 15, maxLevel: 15 },
      }),
    );
    expect(cut.explanation).toMatchObject({
      belowMinLevel: 3,
      needed: 24,
      roomUnderMax: 3,
      capped: true,
      suggestedQuantity: 0,
      minLevelMet: false,
    });
    expect(cut.explanation.text).toContain(
      "The stock rule's maximum of 15 leaves room for 3, less than the smallest order of 10 units (minimum order 10): nothing is suggested. The minimum level stays unmet: the maximum wins.",
    );
  });
});

describe('the lead time: the vendor’s unless a rule sets its own, and the explanation says which', () => {
  it("takes the vendor's lead time through a source that names none, naming the vendor", () => {
    const { explanation } = assess(input());
    expect(explanation).toMatchObject({
      leadTimeDays: 10,
      leadTimeFrom: 'vendor',
      leadTimeSetBy: { kind: 'vendor', id: 'vendor-1', name: 'Northern Pottery' },
      // 3 × (10 + 2) = 36 − 12 = 24.
      demand: 36,
      suggestedQuantity: 24,
    });
    expect(explanation.text).toContain("Lead time 10 days (vendor Northern Pottery's) + safety 2 days");
  });

  it("takes the source's own lead time over its vendor's", () => {
    const { explanation } = assess(
      input({ sources: [source({ leadTimeDays: 4, leadTimeFrom: 'po-source' })] }),
    );
    expect(explanation).toMatchObject({
      leadTimeDays: 4,
      leadTimeFrom: 'po-source',
      leadTimeSetBy: { kind: 'po-source', id: 'pos-1', name: null },
      demand: 18,
    });
  });

  it("takes a cover_below rule's own lead time over the vendor's, naming the rule", () => {
    const { explanation } = assess(
      input({
        condition: { type: 'cover_below', leadTimeDays: 20 },
        rule: { id: 'rule-cover', name: 'Bestsellers under cover' },
      }),
    );
    expect(explanation).toMatchObject({
      leadTimeDays: 20,
      leadTimeFrom: 'rule',
      leadTimeSetBy: { kind: 'rule', id: 'rule-cover', name: 'Bestsellers under cover' },
      // 3 × (20 + 2) = 66 − 12 = 54; the vendor's 10 days still shown on the vendor.
      suggestedQuantity: 54,
      vendor: { leadTimeDays: 10 },
    });
    expect(explanation.text).toContain(
      "Lead time 20 days (alert rule Bestsellers under cover's own, instead of the source's 10 days)",
    );
  });

  it('falls back to the alert settings without a source', () => {
    const { explanation } = assess(input({ sources: [] }));
    expect(explanation).toMatchObject({
      leadTimeDays: 5,
      leadTimeFrom: 'alert settings',
      leadTimeSetBy: { kind: 'alert settings', id: null, name: null },
    });
  });
});

describe('the explanation names each input', () => {
  it('lists each seasonal factor by name, the days it applied, and a day whose product was held at 20', () => {
    const factors: FactorLike[] = [
      {
        id: 'f-bf',
        name: 'Black Friday',
        multiplier: 10,
        applies: { from: '2026-11-27', to: '2026-11-28' },
        scope: {},
      },
      { id: 'f-nov', name: 'November', multiplier: 4, applies: { month: 11 }, scope: {} },
    ];
    // Horizon 2026-11-21 … 2026-12-02 (10 + 2 days): 8 days at 4, 2 days at 10 × 4 = 40 held at 20,
    // 2 days of December at 1: (8 × 4 + 2 × 20 + 2 × 1) / 12 = 6.1666… → 6.167.
    const { explanation } = assess(input({ factors }));
    expect(explanation).toMatchObject({
      horizon: { from: '2026-11-21', to: '2026-12-02', days: 12 },
      seasonalFactor: 6.167,
      // In the order they first apply over the days ahead.
      seasonalFactors: [
        { id: 'f-nov', name: 'November', multiplier: 4, applies: { month: 11 }, days: 10 },
        { id: 'f-bf', name: 'Black Friday', multiplier: 10, days: 2 },
      ],
      seasonalFactorBounds: { min: 0.01, max: 20 },
    });
    expect(explanation.seasonalFactorDays).toEqual(
      expect.arrayContaining([
        { days: 8, factorIds: ['f-nov'], product: 4, factor: 4 },
        { days: 2, factorIds: ['f-bf', 'f-nov'], product: 40, factor: 20 },
        { days: 2, factorIds: [], product: 1, factor: 1 },
      ]),
    );
    expect(explanation.text).toContain('2 days at 20 (Black Friday ×10 × November ×4, product 40 held at 20');
  });

  it('says which stock rule and period set the levels, and why that one', () => {
    const { explanation } = assess(
      input({
        level: {
          stockRuleId: 'sr-mug-blue',
          skuPattern: 'MUG-BLUE',
          warehouseId: 'wh-1',
          minLevel: 40,
          maxLevel: 150,
          rulePeriodId: 'period-bf',
          rulePeriod: { name: 'Black Friday', from: '2026-11-15', to: '2026-11-30' },
          matching: 3,
        },
      }),
    );
    expect(explanation.stockRule).toEqual({
      stockRuleId: 'sr-mug-blue',
      skuPattern: 'MUG-BLUE',
      warehouseId: 'wh-1',
      rulePeriodId: 'period-bf',
      rulePeriod: { name: 'Black Friday', from: '2026-11-15', to: '2026-11-30' },
      minLevel: 40,
      maxLevel: 150,
      reason:
        'the most specific of 3 enabled stock rules matching (exact SKU MUG-BLUE, this warehouse); its period Black Friday (2026-11-15 to 2026-11-30) sets the levels today',
    });
  });
});

// --- recomputing by hand --------------------------------------------------------------------------------

/** A small seeded generator, so a failing case can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const chance = (p: number) => next() < p;
  return { int, pick, chance };
}

function randomInput(seed: number): AssessmentInput {
  const random = generator(seed);
  const lookBack = random.int(1, 45);
  const days = daysBetween(addDays(today, -lookBack), addDays(today, -1));
  const onHand = random.int(0, 80);
  const allocated = random.chance(0.3) ? random.int(0, onHand) : 0;
  const changes = days
    .filter(() => random.chance(0.2))
    .map((day) => ({ day, onHandAfter: random.chance(0.3) ? 0 : random.int(1, 60) }));
  const periods = [
    { month: random.int(11, 12) },
    { isoWeek: random.int(47, 52) },
    { from: addDays(today, random.int(0, 10)), to: addDays(today, random.int(10, 30)) },
  ];
  const factors: FactorLike[] = Array.from({ length: random.int(0, 4) }, (_, index) => ({
    id: `f${index}`,
    name: `Factor ${index}`,
    multiplier: random.pick([0.01, 0.3, 0.75, 1.1, 1.25, 1.5, 2, 3.7, 20]),
    applies: random.pick(periods),
    scope: {},
  }));
  const maxLevel = random.int(0, 300);
  return {
    today,
    window: days,
    stock: { onHand, allocated, available: onHand - allocated },
    unitsSold: new Map(days.map((day) => [day, random.chance(0.3) ? 0 : random.int(0, 17)])),
    onHandAtWindowStart: random.int(0, 60),
    changes,
    factors,
    condition: random.chance(0.5)
      ? { type: 'available_below', quantity: random.int(1, 50) }
      : {
          type: 'cover_below',
          ...(random.chance(0.5) ? { leadTimeDays: random.int(0, 40) } : {}),
          ...(random.chance(0.5) ? { safetyDays: random.int(0, 14) } : {}),
        },
    rule: { id: 'rule', name: 'Rule' },
    defaults: { leadTimeDays: random.int(0, 30), safetyDays: random.int(0, 10) },
    sources: Array.from({ length: random.int(0, 3) }, (_, index) =>
      source({
        poSourceId: `pos-${index}`,
        vendorId: `vendor-${index}`,
        unitCost: random.int(100, 400),
        minimumOrderQuantity: random.pick([1, 1, 6, 12, 25, 48, 100]),
        ...(random.chance(0.5) ? { packSize: random.pick([1, 4, 6, 12, 24]) } : {}),
        leadTimeDays: random.int(0, 30),
        leadTimeFrom: random.pick(['vendor', 'po-source'] as const),
      }),
    ),
    ...(random.chance(0.7)
      ? { level: { stockRuleId: 'sr', minLevel: random.int(0, maxLevel), maxLevel } }
      : {}),
    openOnWorkOrders: 0,
  };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The suggestion as a merchandiser works it from the explanation's figures alone, by the documented
 * rule (docs/data-model.md, Inventory alerts), with no code of the service.
 */
function byHand(e: ReturnType<typeof assess>['explanation']) {
  const velocity = round3(e.unitsSold / (e.velocityOver === 'days in stock' ? e.daysInStock : e.window.days));
  const horizonDays = Math.max(1, e.leadTimeDays + e.safetyDays);
  const clamped = e.seasonalFactorDays.map((group) =>
    Math.min(e.seasonalFactorBounds.max, Math.max(e.seasonalFactorBounds.min, group.product)),
  );
  const factor = round3(
    e.seasonalFactorDays.reduce((sum, group, index) => sum + group.days * clamped[index]!, 0) / horizonDays,
  );
  const demand = round3(velocity * factor * (e.leadTimeDays + e.safetyDays));
  const shortfall = round3(Math.max(0, demand - e.available - e.openOnWorkOrders));
  const belowMin = e.minLevel === null ? 0 : Math.max(0, e.minLevel - e.available - e.openOnWorkOrders);
  const needed = Math.max(shortfall, belowMin);
  const moq = e.minimumOrderQuantity;
  const pack = e.packSize;
  const rounded = needed === 0 ? 0 : Math.ceil(Math.max(Math.ceil(needed), moq) / pack) * pack;
  const room = Math.min(1_000_000, Math.max(0, (e.maxLevel ?? Infinity) - e.available - e.openOnWorkOrders));
  let quantity = rounded;
  if (rounded > room) {
    const fits = Math.floor(room / pack) * pack;
    quantity = fits >= moq ? fits : 0;
  }
  return { velocity, horizonDays, clamped, factor, demand, shortfall, needed, rounded, quantity };
}

describe('the explanation recomputes by hand', () => {
  it('gives, from its listed values alone, every figure it states and the suggestion, over 2,000 random cases', () => {
    let nonZero = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      const result = assess(randomInput(seed));
      const e = result.explanation;
      const hand = byHand(e);
      const where = `seed ${seed}: ${e.text}`;
      expect(hand.velocity, where).toBe(e.velocity);
      expect(e.horizon.days, where).toBe(hand.horizonDays);
      expect(
        e.seasonalFactorDays.reduce((sum, group) => sum + group.days, 0),
        where,
      ).toBe(hand.horizonDays);
      expect(
        e.seasonalFactorDays.map((group) => group.factor),
        where,
      ).toEqual(hand.clamped);
      expect(hand.factor, where).toBe(e.seasonalFactor);
      expect(hand.demand, where).toBe(e.demand);
      expect(hand.shortfall, where).toBe(e.shortfall);
      expect(hand.needed, where).toBe(e.needed);
      expect(hand.rounded, where).toBe(e.roundedToMinimum);
      expect(hand.quantity, where).toBe(e.suggestedQuantity);
      expect(result.suggestedQuantity, where).toBe(e.suggestedQuantity);
      // The line of words states the same figures.
      expect(e.text, where).toContain(`Velocity ${e.velocity}/day: ${e.unitsSold} sold`);
      expect(e.text, where).toContain(
        `Demand ${e.velocity} × ${e.seasonalFactor} × ${e.leadTimeDays + e.safetyDays} = ${e.demand}`,
      );
      expect(e.text, where).toContain(`Suggest ${e.suggestedQuantity}`);
      if (e.suggestedQuantity > 0) nonZero += 1;
    }
    // The cases exercise real orders, not only zeros.
    expect(nonZero).toBeGreaterThan(500);
  });
});

// --- which rule a low-stock row shows -------------------------------------------------------------------

describe('ruleApplied', () => {
  const standing = (ruleName: string, suggestedQuantity: number) => ({
    ruleId: `id-${ruleName}`,
    ruleName,
    suggestedQuantity,
  });

  it('names the only rule as such', () => {
    expect(ruleApplied([standing('Mugs', 12)])).toEqual({
      standing: standing('Mugs', 12),
      reason: 'the only alert rule holding this SKU low here',
    });
  });

  it('shows the rule that suggests the most, saying what the others suggest', () => {
    const chosen = ruleApplied([standing('Mugs low', 24), standing('Bestsellers', 60), standing('All', 0)]);
    expect(chosen.standing.ruleName).toBe('Bestsellers');
    expect(chosen.reason).toBe(
      'the largest suggestion (60) of the 3 alert rules holding this SKU low here; the others suggest: Mugs low 24, All 0',
    );
  });

  it('breaks a tie by rule name, and says so', () => {
    const chosen = ruleApplied([standing('Zebra', 40), standing('Alpha', 40)]);
    expect(chosen.standing.ruleName).toBe('Alpha');
    expect(chosen.reason).toContain('shared with Zebra: the first by name');
  });
});
