/**
 * What customers buy: distinct SKUs weighted by popularity (seasonal ones peak in November and
 * December), small quantities for consumers and case packs for wholesale, priced in the order's
 * currency with the destination's sales tax and the occasional promotion.
 */
import type { OrderInput } from '../../../shared/domain/order';
import type { Sku } from './skus';
import type { Channel } from './channels';
import type { Random, WeightedPicker } from './random';
import { weighted } from './random';

export type LineInput = OrderInput['lines'][number];

/** Demand multiplier of seasonal SKUs per month (Jan … Dec). */
const seasonalFactor = [0.5, 0.4, 0.4, 0.4, 0.4, 0.4, 0.4, 0.5, 0.7, 1.3, 3, 3.4];

export interface LinePicker {
  /** SKU pickers per month, so seasonal SKUs peak when they should. */
  byMonth: WeightedPicker<Sku>[];
}

export function linePicker(skus: Sku[]): LinePicker {
  return {
    byMonth: seasonalFactor.map((factor) =>
      weighted(skus.map((sku) => [sku, sku.popularity * (sku.seasonal ? factor : 1)] as const)),
    ),
  };
}

const lineCounts = weighted([
  [1, 46],
  [2, 25],
  [3, 13],
  [4, 8],
  [5, 5],
  [6, 3],
] as const);
const consumerQuantities = weighted([
  [1, 72],
  [2, 18],
  [3, 6],
  [4, 3],
  [5, 1],
] as const);

export interface PricedLines {
  lines: LineInput[];
  /** Subtotal in US cents, for the channel's shipping rules. */
  subtotalUsd: number;
}

export function pickLines(
  picker: LinePicker,
  month: number,
  channel: Channel,
  pricing: { currency: string; usdRate: number; taxRate: number; promotion: number },
  random: Random,
): PricedLines {
  const wholesale = channel.payment === 'terms';
  const count = wholesale ? random.int(2, 6) : lineCounts.pick(random);
  const chosen = new Map<string, Sku>();
  for (let attempt = 0; chosen.size < count && attempt < count * 8; attempt++) {
    const sku = picker.byMonth[month]!.pick(random);
    chosen.set(sku.sku, sku);
  }
  let subtotalUsd = 0;
  const lines = [...chosen.values()].map((sku, index): LineInput => {
    const quantity = wholesale ? 6 * random.int(1, 8) : consumerQuantities.pick(random);
    // Wholesale buys at the trade price, about half of retail.
    const unitPrice = wholesale
      ? Math.round(sku.prices[pricing.currency]! * 0.55)
      : sku.prices[pricing.currency]!;
    const gross = quantity * unitPrice;
    const discount = Math.round(gross * pricing.promotion);
    subtotalUsd += Math.round(gross / pricing.usdRate);
    return {
      itemId: channel.lineId(index, random),
      sku: sku.sku,
      title: sku.title,
      quantity,
      unitPrice,
      tax: Math.round((gross - discount) * pricing.taxRate),
      discount,
      weightGrams: sku.weightGrams,
    };
  });
  return { lines, subtotalUsd };
}
