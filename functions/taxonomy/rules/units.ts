/**
 * Units of measure a mapping converts between: mass, length and volume, each against one base unit.
 * Ounces are avoirdupois and fluid ounces US customary, as Google and Shopify read them.
 */

export type Dimension = 'mass' | 'length' | 'volume';

interface UnitOfMeasure {
  dimension: Dimension;
  /** How many base units (g, m, ml) one of this unit is. */
  inBase: number;
}

const units = new Map<string, UnitOfMeasure>([
  ['g', { dimension: 'mass', inBase: 1 }],
  ['kg', { dimension: 'mass', inBase: 1000 }],
  ['lb', { dimension: 'mass', inBase: 453.59237 }],
  ['oz', { dimension: 'mass', inBase: 28.349523125 }],
  ['mm', { dimension: 'length', inBase: 0.001 }],
  ['cm', { dimension: 'length', inBase: 0.01 }],
  ['m', { dimension: 'length', inBase: 1 }],
  ['in', { dimension: 'length', inBase: 0.0254 }],
  ['ft', { dimension: 'length', inBase: 0.3048 }],
  ['ml', { dimension: 'volume', inBase: 1 }],
  ['l', { dimension: 'volume', inBase: 1000 }],
  ['fl oz', { dimension: 'volume', inBase: 29.5735295625 }],
]);

export const unitNames = [...units.keys()] as [string, ...string[]];

export const isUnit = (name: string) => units.has(name);

export function dimensionOf(unit: string): Dimension | undefined {
  return units.get(unit)?.dimension;
}

/** Six decimals: enough for any catalogue figure, and no float noise (1 lb is 0.453592 kg). */
const rounded = (value: number) => Math.round(value * 1e6) / 1e6;

/** `value` in `from` expressed in `to`, or undefined when the units are not of one dimension. */
export function convert(value: number, from: string, to: string): number | undefined {
  const source = units.get(from);
  const target = units.get(to);
  if (!source || !target || source.dimension !== target.dimension) return undefined;
  if (from === to) return value;
  return rounded((value * source.inBase) / target.inBase);
}
