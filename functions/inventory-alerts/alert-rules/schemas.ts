import * as z from 'zod/mini';
import {
  cursorSchema,
  limitSchema,
  nameSchema,
  queryBoolean,
  skuSchema,
  timestampSchema,
  ulidSchema,
} from '../../../shared/http/schemas';
import { storedAlertRuleSchema } from '../../../shared/inventory/alert-rule';

export { alertRuleInputSchema, storedAlertRuleSchema } from '../../../shared/inventory/alert-rule';
export type { AlertRuleInput, StoredAlertRule } from '../../../shared/inventory/alert-rule';

/** What the rule's list is, as the rule answers it: with its SKUs when one rule is read. */
const targetListSchema = z.object({
  id: ulidSchema,
  name: nameSchema,
  skuCount: z.number(),
  skus: z.optional(z.array(skuSchema)),
});

const explanationSchema = z.record(z.string(), z.unknown());

/** A SKU the rule holds low in a warehouse, with the numbers that made it and the reorder suggestion. */
export const firingAlertSchema = z.object({
  sku: skuSchema,
  warehouseId: ulidSchema,
  lowSince: timestampSchema,
  /** Whether its stock.low was published (not when it came within the cool-down of the last one). */
  notified: z.boolean(),
  suggestedQuantity: z.number(),
  explanation: explanationSchema,
});

export const alertRuleSchema = z.object({
  ...storedAlertRuleSchema.def.shape,
  ruleList: z.optional(targetListSchema),
  /** When one rule is read: where it holds now (the first 50 SKUs low, and how many in all). */
  firing: z.optional(z.object({ count: z.number(), items: z.array(firingAlertSchema), more: z.boolean() })),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const alertRuleIdParams = z.strictObject({ id: ulidSchema });

export const alertRuleListQuery = z.strictObject({
  enabled: queryBoolean,
  /** Rules that apply in this warehouse (rules naming no warehouse apply in all). */
  warehouseId: z.optional(ulidSchema),
  /** Rules that cover this SKU (by pattern, by list, or every SKU). */
  sku: z.optional(skuSchema),
  /** Rules that target this rule list. */
  ruleListId: z.optional(ulidSchema),
  limit: limitSchema,
  cursor: cursorSchema,
});
