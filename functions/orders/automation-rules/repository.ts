/** Automation rules in the single table, in priority order on GSI1 (keys in shared/db/keys.ts). */
import { tableName } from '../../../shared/db/client';
import {
  automationRuleIndexKeys,
  automationRuleKey,
  automationRulesByPriority,
  warehouseKey,
} from '../../../shared/db/keys';
import type { Page } from '../../../shared/db/query';
import { getItem, queryPage } from '../../../shared/db/query';
import type { TransactItem } from '../../../shared/db/transactions';
import { conditionalUpdate, transactWrite } from '../../../shared/db/transactions';
import type { AutomationAction, AutomationRule } from '../../../shared/domain/automation';
import type { RuleListing } from '../../../shared/orders/rules';
import { forgetRules, ruleListingFilter, toRule } from '../../../shared/orders/rules';

export async function findRule(id: string): Promise<AutomationRule | undefined> {
  const item = await getItem(automationRuleKey(id), true);
  return item ? toRule(item) : undefined;
}

/** Rules in run order (priority, then id), trigger and enabled as filters. */
export async function listRules(
  listing: RuleListing,
  limit: number,
  cursor?: string,
): Promise<Page<AutomationRule>> {
  const page = await queryPage({
    ...automationRulesByPriority(),
    filter: ruleListingFilter(listing),
    limit,
    cursor,
    scope: `automation-rules:${JSON.stringify(listing)}`,
  });
  return { items: page.items.map(toRule), nextCursor: page.nextCursor };
}

export function warehouseExistsCheck(warehouseId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: warehouseKey(warehouseId),
      ConditionExpression: 'attribute_exists(PK)',
    },
  };
}

/** The rule, with checks (named by the caller) that what its actions name still exists. */
export async function insertRule(
  rule: AutomationRule,
  checks: ReadonlyArray<readonly [string, TransactItem]>,
): Promise<void> {
  await transactWrite([
    [
      'rule',
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...automationRuleKey(rule.id),
            ...automationRuleIndexKeys(rule),
            entity: 'automation-rule',
            ...rule,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ],
    ...checks,
  ]);
  forgetRules();
}

/** New actions for a rule at the version read; ConditionFailed when it changed meanwhile. */
export async function replaceRuleActions(
  rule: AutomationRule,
  actions: AutomationAction[],
  at: string,
): Promise<AutomationRule> {
  await conditionalUpdate({
    TableName: tableName(),
    Key: automationRuleKey(rule.id),
    UpdateExpression: 'SET actions = :actions, version = :next, updatedAt = :at',
    ConditionExpression: 'version = :read',
    ExpressionAttributeValues: {
      ':actions': actions,
      ':next': rule.version + 1,
      ':read': rule.version,
      ':at': at,
    },
  });
  forgetRules();
  return { ...rule, actions, version: rule.version + 1, updatedAt: at };
}
