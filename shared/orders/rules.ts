/** Automation rules as the order writer reads them: in run order on GSI1 (keys in shared/db/keys). */
import { automationRulesByPriority } from '../db/keys';
import { toResource } from '../db/resource';
import type { Filter } from '../db/query';
import { equalsFilter, queryAll } from '../db/query';
import type { AutomationRule, AutomationTrigger } from '../domain/automation';
import { automationRuleSchema } from '../domain/automation';
import { cachedReference, forgetReference } from '../reference/cache';

export const toRule = (item: Record<string, unknown>): AutomationRule =>
  toResource(automationRuleSchema, item);

export interface RuleListing {
  trigger?: AutomationTrigger;
  enabled?: boolean;
}

export function ruleListingFilter(listing: RuleListing): Filter | undefined {
  return equalsFilter({ trigger: listing.trigger, enabled: listing.enabled });
}

/** Every rule matching the listing, in run order (a bounded set). */
export async function allRules(listing: RuleListing = {}): Promise<AutomationRule[]> {
  const items = await queryAll({
    ...automationRulesByPriority(),
    filter: ruleListingFilter(listing),
  });
  return items.map(toRule);
}

/**
 * The enabled rules of a trigger, for an order write to evaluate: reference data, read once per
 * container and kept for at most shared/reference/cache's bound (a changed rule applies within it).
 */
export function rulesForTrigger(trigger: AutomationTrigger): Promise<AutomationRule[]> {
  return cachedReference(`rules:${trigger}`, () => allRules({ trigger, enabled: true }));
}

/** A rule was created, changed or deleted in this container: its writes see the change at once. */
export function forgetRules(): void {
  forgetReference('rules:');
}
