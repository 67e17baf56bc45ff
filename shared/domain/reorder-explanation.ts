/**
 * The reorder suggestion's explanation in words: one line a merchandiser reads and recomputes by hand,
 * from the same figures the explanation lists (shared/domain/alert-assessment.ts). No I/O.
 */
import type { Day } from './reporting-days';

/** The explanation's figures the line reads. */
export interface ExplanationFigures {
  available: number;
  window: { from: Day; to: Day; days: number };
  unitsSold: number;
  daysInStock: number;
  velocity: number;
  velocityOver: 'days in stock' | 'look-back days';
  horizon: { from: Day; to: Day; days: number };
  seasonalFactor: number;
  seasonalFactors: ReadonlyArray<{ id: string; name: string | null; multiplier: number }>;
  seasonalFactorDays: ReadonlyArray<{
    days: number;
    factorIds: readonly string[];
    product: number;
    factor: number;
  }>;
  seasonalFactorBounds: { min: number; max: number };
  leadTimeDays: number;
  leadTimeSetBy: { kind: string; id: string | null; name: string | null };
  safetyDays: number;
  safetyDaysFrom: string;
  demand: number;
  openOnWorkOrders: number;
  shortfall: number;
  minLevel: number | null;
  belowMinLevel: number | null;
  needed: number;
  minimumOrderQuantity: number;
  packSize: number;
  roundedToMinimum: number;
  maxLevel: number | null;
  stockRule: { reason: string } | null;
  roomUnderMax: number | null;
  capped: boolean;
  capReason: string | null;
  suggestedQuantity: number;
  minLevelMet: boolean | null;
  vendor: { vendorId: string; vendorName: string | null; leadTimeDays: number | null; reason: string } | null;
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const safetyFrom = (from: string) => (from === 'rule' ? "the alert rule's own" : from);
const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

function leadTimeSetBy(figures: ExplanationFigures): string {
  const setBy = figures.leadTimeSetBy;
  switch (setBy.kind) {
    case 'rule': {
      const instead =
        figures.vendor?.leadTimeDays != null
          ? `, instead of the source's ${days(figures.vendor.leadTimeDays)}`
          : '';
      return `alert rule ${setBy.name ?? setBy.id ?? ''}'s own${instead}`;
    }
    case 'po-source':
      return `purchase-order source ${setBy.id}'s own`;
    case 'vendor':
      return `vendor ${setBy.name ?? setBy.id}'s`;
    default:
      return 'alert settings, no source';
  }
}

function seasonalPart(figures: ExplanationFigures): string {
  const { horizon, seasonalFactor, seasonalFactorBounds: bounds } = figures;
  const span = `${horizon.from} to ${horizon.to} (${days(horizon.days)})`;
  if (figures.seasonalFactors.length === 0) return `Seasonal factor 1: no factor applies ${span}`;
  const names = new Map(figures.seasonalFactors.map((factor) => [factor.id, factor]));
  const groups = figures.seasonalFactorDays.map((group) => {
    const named = group.factorIds
      .map((id) => {
        const factor = names.get(id);
        return `${factor?.name ?? id} ×${factor?.multiplier ?? '?'}`;
      })
      .join(' × ');
    const held =
      group.product === group.factor
        ? ''
        : `, product ${group.product} held at ${group.factor} (each day within ${bounds.min}–${bounds.max})`;
    return `${days(group.days)} at ${group.factor}${named ? ` (${named}${held})` : ' (no factor)'}`;
  });
  return `Seasonal factor ${seasonalFactor}: mean over ${span} of ${groups.join(', ')}`;
}

function orderPart(figures: ExplanationFigures): string {
  if (figures.needed === 0) return 'Nothing needed';
  const rules = [
    figures.minimumOrderQuantity > 1 ? `at least the minimum order of ${figures.minimumOrderQuantity}` : '',
    figures.packSize > 1 ? `in packs of ${figures.packSize}` : '',
  ].filter(Boolean);
  return `Needed ${figures.needed}${rules.length > 0 ? `; ${rules.join(', ')}` : ''}: ${figures.roundedToMinimum}`;
}

/** The explanation in one line of sentences, every figure as listed. */
export function describeSuggestion(figures: ExplanationFigures): string {
  const velocityOver =
    figures.velocityOver === 'days in stock'
      ? `${days(figures.daysInStock)} in stock`
      : `${days(figures.window.days)} looked back (never in stock)`;
  const horizonDays = figures.leadTimeDays + figures.safetyDays;
  const parts = [
    `Velocity ${figures.velocity}/day: ${figures.unitsSold} sold ÷ ${velocityOver}, ${figures.window.from} to ${figures.window.to}`,
    seasonalPart(figures),
    `Lead time ${days(figures.leadTimeDays)} (${leadTimeSetBy(figures)}) + safety ${days(figures.safetyDays)} (${safetyFrom(figures.safetyDaysFrom)})`,
    `Demand ${figures.velocity} × ${figures.seasonalFactor} × ${horizonDays} = ${figures.demand}, − ${figures.available} available${
      figures.openOnWorkOrders > 0 ? ` − ${figures.openOnWorkOrders} on work orders` : ''
    } = shortfall ${figures.shortfall}`,
  ];
  if (figures.stockRule) parts.push(`Stock rule: ${figures.stockRule.reason}`);
  if (figures.minLevel !== null)
    parts.push(`Minimum level ${figures.minLevel} lacks ${figures.belowMinLevel ?? 0}`);
  parts.push(orderPart(figures));
  // A cut order says why in its own words (they name the maximum); else the room is stated.
  if (figures.capped && figures.capReason) parts.push(sentence(figures.capReason));
  else if (figures.maxLevel !== null)
    parts.push(`Maximum ${figures.maxLevel} leaves room for ${figures.roomUnderMax ?? 0}`);
  if (figures.minLevelMet === false) parts.push('The minimum level stays unmet: the maximum wins');
  parts.push(
    `Suggest ${figures.suggestedQuantity}${
      figures.vendor
        ? ` from ${figures.vendor.vendorName ?? figures.vendor.vendorId} (${figures.vendor.reason})`
        : ' (no purchase-order source receives this SKU into this warehouse)'
    }`,
  );
  return `${parts.join('. ')}.`;
}
