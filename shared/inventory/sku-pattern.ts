/**
 * A stock rule's `skuPattern`: an exact SKU, or a prefix followed by `*` (`TSHIRT-*`; `*` alone covers
 * every SKU). SKUs are case-sensitive, as the stock ledger keys them.
 */
import * as z from 'zod/mini';

export const skuPatternSchema = z
  .string()
  .check(
    z.regex(
      /^(?:[A-Za-z0-9][A-Za-z0-9_.\-/]{0,63}|(?:[A-Za-z0-9][A-Za-z0-9_.\-/]{0,62})?\*)$/,
      'must be a SKU, or a SKU prefix followed by * (such as TSHIRT-*)',
    ),
  );

export function skuMatchesPattern(sku: string, pattern: string): boolean {
  return pattern.endsWith('*') ? sku.startsWith(pattern.slice(0, -1)) : sku === pattern;
}

/** Every pattern that matches a SKU: the SKU itself and each of its prefixes followed by `*`. */
export function patternsMatching(sku: string): string[] {
  const prefixes = Array.from({ length: sku.length + 1 }, (_, length) => `${sku.slice(0, length)}*`);
  return [sku, ...prefixes];
}
