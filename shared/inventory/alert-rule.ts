/** Alert rules as stored: what the alerts group writes and the alert evaluation reads. */
import * as z from 'zod/mini';
import { alertRuleKey, allAlertRules } from '../db/keys';
import { getItem, queryAll } from '../db/query';
import { toResource } from '../db/resource';
import { nameSchema, timestampSchema, ulidSchema } from '../http/schemas';
import { recipients } from './alert-settings';
import { skuPatternSchema } from './sku-pattern';
import { distinct } from '../http/distinct';

const days = z.number().check(z.int(), z.minimum(0), z.maximum(365));

/**
 * What a rule covers: SKUs by pattern, the SKUs of a rule list, in some warehouses. At least one is
 * named; a SKU is covered when it matches a pattern or is on the list (either, when both are named; any
 * SKU when neither is), in the named warehouses (every warehouse when none is).
 */
export const alertScopeSchema = z
  .strictObject({
    skuPatterns: z.optional(z.array(skuPatternSchema).check(z.minLength(1), z.maxLength(50), distinct)),
    ruleListId: z.optional(ulidSchema),
    // At most 25: a replace moving every one keeps its counts within one transaction.
    warehouseIds: z.optional(z.array(ulidSchema).check(z.minLength(1), z.maxLength(25), distinct)),
  })
  .check(
    z.refine(
      (scope) =>
        scope.skuPatterns !== undefined || scope.ruleListId !== undefined || scope.warehouseIds !== undefined,
      'must name SKU patterns, a rule list or warehouses (at least one)',
    ),
  );

/**
 * `available_below`: available units under `quantity`. `cover_below`: days of cover under lead time plus
 * safety days; each defaults to the purchase-order source's lead time (then the alert settings') and the
 * alert settings' safety days.
 */
export const alertConditionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('available_below'),
    quantity: z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000)),
  }),
  z.strictObject({
    type: z.literal('cover_below'),
    leadTimeDays: z.optional(days),
    safetyDays: z.optional(days),
  }),
]);

const alertRuleFields = {
  name: nameSchema,
  scope: alertScopeSchema,
  condition: alertConditionSchema,
  enabled: z._default(z.boolean(), true),
  /** Added to the alert settings' recipients for this rule's alerts. */
  recipients: z._default(recipients, () => []),
  /** No second stock.low for the same SKU and warehouse within this many hours of the last. */
  cooldownHours: z._default(z.number().check(z.int(), z.minimum(0), z.maximum(720)), 24),
};

export const alertRuleInputSchema = z.strictObject(alertRuleFields);
export type AlertRuleInput = z.infer<typeof alertRuleInputSchema>;

export const storedAlertRuleSchema = z.object({
  ...alertRuleFields,
  id: ulidSchema,
  version: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type StoredAlertRule = z.infer<typeof storedAlertRuleSchema>;

export { scopeCoversSku as ruleCoversSku } from '../domain/seasonal-factors';

/** Whether a rule applies in a warehouse: it names it, or names none. */
export const ruleAppliesIn = (scope: StoredAlertRule['scope'], warehouseId: string) =>
  scope.warehouseIds === undefined || scope.warehouseIds.includes(warehouseId);

export async function findAlertRule(id: string, consistent = false): Promise<StoredAlertRule | undefined> {
  const item = await getItem(alertRuleKey(id), consistent);
  return item ? toResource(storedAlertRuleSchema, item) : undefined;
}

/** Every alert rule (a bounded set: the alerts group keeps at most 1,000). */
export async function readAlertRules(): Promise<StoredAlertRule[]> {
  return (await queryAll(allAlertRules())).map((item) => toResource(storedAlertRuleSchema, item));
}
