import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { patternsMatching, skuMatchesPattern, skuPatternSchema } from '../../shared/inventory/sku-pattern';

describe('stock rule SKU patterns', () => {
  it('match an exact SKU only by equality, case-sensitively', () => {
    expect(skuMatchesPattern('TSHIRT-RED-L', 'TSHIRT-RED-L')).toBe(true);
    expect(skuMatchesPattern('TSHIRT-RED-LX', 'TSHIRT-RED-L')).toBe(false);
    expect(skuMatchesPattern('tshirt-red-l', 'TSHIRT-RED-L')).toBe(false);
  });

  it('match by prefix when they end in *, and * alone matches every SKU', () => {
    expect(skuMatchesPattern('TSHIRT-RED-L', 'TSHIRT-*')).toBe(true);
    expect(skuMatchesPattern('TSHIRT-', 'TSHIRT-*')).toBe(true);
    expect(skuMatchesPattern('TSHIRTS', 'TSHIRT-*')).toBe(false);
    expect(skuMatchesPattern('MUG', 'TSHIRT-*')).toBe(false);
    expect(skuMatchesPattern('ANYTHING', '*')).toBe(true);
  });

  it('list exactly the patterns that can match a SKU, which the list filter relies on', () => {
    expect(patternsMatching('AB')).toEqual(['AB', '*', 'A*', 'AB*']);
    const sku = 'TSHIRT-RED-L';
    const candidates = [
      'TSHIRT-RED-L',
      'TSHIRT-*',
      'T*',
      '*',
      'TSHIRT-RED-L*',
      'TSHIRT-RED-X',
      'SHIRT-*',
      'TSHIRT-RED-LX*',
    ];
    for (const pattern of candidates) {
      expect(patternsMatching(sku).includes(pattern), pattern).toBe(skuMatchesPattern(sku, pattern));
    }
    // 64-character SKUs give 66 patterns: within DynamoDB's 100 operands of IN.
    expect(patternsMatching('S'.repeat(64))).toHaveLength(66);
  });

  it('accept SKUs and prefix patterns, and refuse a * anywhere but at the end', () => {
    for (const valid of [
      'TSHIRT-RED-L',
      'TSHIRT-*',
      '*',
      'a/b_c.d-*',
      'X'.repeat(64),
      `${'X'.repeat(63)}*`,
    ]) {
      expect(safeParse(skuPatternSchema, valid).success, valid).toBe(true);
    }
    for (const invalid of [
      '',
      '*SHIRT',
      'A*B',
      'A**',
      '-A',
      'has space',
      'X'.repeat(65),
      `${'X'.repeat(64)}*`,
    ]) {
      expect(safeParse(skuPatternSchema, invalid).success, invalid).toBe(false);
    }
  });
});
