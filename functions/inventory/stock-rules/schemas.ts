import * as z from 'zod/mini';
import {
  cursorSchema,
  limitSchema,
  queryBoolean,
  skuSchema,
  timestampSchema,
  ulidSchema,
} from '../../../shared/http/schemas';
import { skuPatternSchema } from '../../../shared/inventory/sku-pattern';

/** A stock level in units. */
export const levelSchema = z.number().check(z.int(), z.minimum(0), z.maximum(1_000_000_000));

/** minLevel ≤ maxLevel, reported on maxLevel. */
export const levelsInOrder = z.refine<{ minLevel: number; maxLevel: number }>(
  (levels) => levels.minLevel <= levels.maxLevel,
  {
    message: 'must be at least minLevel',
    path: ['maxLevel'],
  },
);

const stockRuleFields = {
  skuPattern: skuPatternSchema,
  /** Absent: the rule applies in every warehouse. */
  warehouseId: z.optional(ulidSchema),
  minLevel: levelSchema,
  maxLevel: levelSchema,
  enabled: z._default(z.boolean(), true),
};

/** What a client sends to create or replace a stock rule. */
export const stockRuleInputSchema = z.strictObject(stockRuleFields).check(levelsInOrder);
export type StockRuleInput = z.infer<typeof stockRuleInputSchema>;

export const stockRuleSchema = z.object({
  ...stockRuleFields,
  id: ulidSchema,
  version: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type StockRule = z.infer<typeof stockRuleSchema>;

export const stockRuleIdParams = z.strictObject({ id: ulidSchema });

export const stockRuleListQuery = z.strictObject({
  /** Rules naming this warehouse (rules for every warehouse have none). */
  warehouseId: z.optional(ulidSchema),
  /** Rules whose pattern matches this SKU. */
  sku: z.optional(skuSchema),
  enabled: queryBoolean,
  limit: limitSchema,
  cursor: cursorSchema,
});
