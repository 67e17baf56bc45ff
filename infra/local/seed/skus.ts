/**
 * SKUs from the product families: every variant, shuffled by the seed, cut to the count asked for.
 * Each gets a popularity (a long tail, and a few that never sell), a unit cost and a list price per
 * currency, so top and worst sellers, margins and valuation all have something to show.
 */
import { usdRates } from './countries';
import type { Category, Family, Option } from './products';
import { families } from './products';
import type { Random } from './random';

export interface Sku {
  sku: string;
  title: string;
  category: Category;
  seasonal: boolean;
  /** US cents. */
  priceUsd: number;
  /** List price per currency, minor units, ending in 99 like a shop's. */
  prices: Record<string, number>;
  /** Landed cost per unit, US cents. */
  unitCost: number;
  weightGrams: number;
  /** Relative demand; 0 for SKUs that never sell. */
  popularity: number;
}

function variantsOf(family: Family): Option[][] {
  return family.dimensions.reduce<Option[][]>(
    (combinations, dimension) =>
      combinations.flatMap((picked) => dimension.map((option) => [...picked, option])),
    [[]],
  );
}

const shopPrice = (amount: number) => Math.max(99, Math.round(amount / 100) * 100 - 1);

function shuffle<T>(values: T[], random: Random): T[] {
  for (let i = values.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [values[i], values[j]] = [values[j]!, values[i]!];
  }
  return values;
}

export function buildCatalogue(random: Random, count: number): Sku[] {
  const all = families.flatMap((family) => variantsOf(family).map((variant) => ({ family, variant })));
  const chosen = shuffle(all, random).slice(0, count);
  // A long tail: demand falls with rank; the last 4 % never sell (worst sellers with stock).
  const neverSell = Math.floor(chosen.length * 0.04);
  const skus = chosen.map(({ family, variant }, rank): Sku => {
    const priceUsd = family.price + variant.reduce((sum, option) => sum + (option.surcharge ?? 0), 0);
    const weight = variant.reduce((grams, option) => grams * (option.weightFactor ?? 1), family.grams);
    return {
      sku: [family.code, ...variant.map((option) => option.code)].join('-'),
      title: [family.title, ...variant.map((option) => option.name)].join(', '),
      category: family.category,
      seasonal: family.seasonal,
      priceUsd,
      prices: Object.fromEntries(
        Object.entries(usdRates).map(([currency, rate]) => [currency, shopPrice(priceUsd * rate)]),
      ),
      unitCost: Math.round(priceUsd * (0.3 + random.next() * 0.15)),
      weightGrams: Math.round(weight),
      popularity: rank >= chosen.length - neverSell ? 0 : 1 / (rank + 3) ** 0.85,
    };
  });
  return skus.sort((a, b) => (a.sku < b.sku ? -1 : 1));
}
