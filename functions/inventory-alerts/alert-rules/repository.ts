/**
 * Alert rules in the single table (keys in shared/db/keys/alerts.ts). A rule's write moves, in its own
 * transaction, the `alertRuleCount` of the rule list and of each warehouse it names (each must exist):
 * neither can be deleted from under a rule. The set is bounded (maxAlertRules): lists read it whole.
 */
import { tableName } from '../../../shared/db/client';
import { alertRuleIndexKeys, alertRuleKey, alertRulesOfList, allAlertRules } from '../../../shared/db/keys';
import { countItems, queryAll } from '../../../shared/db/query';
import { toResource } from '../../../shared/db/resource';
import type { NamedItem } from '../../../shared/db/transactions';
import { transactWrite } from '../../../shared/db/transactions';
import type { StoredAlertRule } from '../../../shared/inventory/alert-rule';
import { storedAlertRuleSchema } from '../../../shared/inventory/alert-rule';
import { alertRuleCountUpdate } from '../../../shared/warehouses/counters';
import { listTargetCount } from '../rule-lists/repository';

export const maxAlertRules = 1_000;

export { findAlertRule, readAlertRules as allRules } from '../../../shared/inventory/alert-rule';

export const alertRuleCount = () => countItems(allAlertRules());

export async function alertRulesTargeting(listId: string): Promise<StoredAlertRule[]> {
  return (await queryAll(alertRulesOfList(listId))).map((item) => toResource(storedAlertRuleSchema, item));
}

function ruleItem(rule: StoredAlertRule) {
  return { ...alertRuleKey(rule.id), ...alertRuleIndexKeys(rule), entity: 'alert-rule', ...rule };
}

/** The counts a rule keeps on what it names: `listCount`, `warehouse:<id>` (each must exist). */
function referenceCounts(
  rule: StoredAlertRule,
  change: 1 | -1,
  skip: { list?: boolean; warehouses?: ReadonlySet<string> } = {},
): NamedItem[] {
  const items: NamedItem[] = [];
  if (rule.scope.ruleListId && !skip.list)
    items.push(['listCount', listTargetCount(rule.scope.ruleListId, 'alertRuleCount', change)]);
  for (const warehouseId of rule.scope.warehouseIds ?? []) {
    if (!skip.warehouses?.has(warehouseId))
      items.push([`warehouse:${warehouseId}`, alertRuleCountUpdate(warehouseId, change)]);
  }
  return items;
}

/** Items: `rule`, `listCount`, `warehouse:<id>` for each warehouse named. */
export async function insertAlertRule(rule: StoredAlertRule): Promise<void> {
  await transactWrite([
    [
      'rule',
      {
        Put: {
          TableName: tableName(),
          Item: ruleItem(rule),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ],
    ...referenceCounts(rule, 1),
  ]);
}

/**
 * Items: `rule` (at the version read), then the counts that move: `old:listCount` / `listCount` when the
 * list changes, `old:warehouse:<id>` / `warehouse:<id>` for warehouses dropped and added.
 */
export async function replaceAlertRule(previous: StoredAlertRule, next: StoredAlertRule): Promise<void> {
  const sameList = previous.scope.ruleListId === next.scope.ruleListId;
  const before = new Set(previous.scope.warehouseIds ?? []);
  const after = new Set(next.scope.warehouseIds ?? []);
  const dropped = referenceCounts(previous, -1, { list: sameList, warehouses: after }).map(
    ([name, item]) => [`old:${name}`, item] as const,
  );
  await transactWrite([
    [
      'rule',
      {
        Put: {
          TableName: tableName(),
          Item: ruleItem(next),
          ConditionExpression: 'version = :read',
          ExpressionAttributeValues: { ':read': previous.version },
        },
      },
    ],
    ...dropped,
    ...referenceCounts(next, 1, { list: sameList, warehouses: before }),
  ]);
}

/**
 * A rule's delete at the version read, with its counts. `keepListCount` when the list is deleted in the
 * same transaction (its count goes with it). Names: `rule:<id>`, `rule:<id>:listCount`, `rule:<id>:warehouse:<wh>`.
 */
export function alertRuleDeleteItems(
  rule: StoredAlertRule,
  options: { keepListCount?: boolean } = {},
): NamedItem[] {
  return [
    [
      'rule',
      {
        Delete: {
          TableName: tableName(),
          Key: alertRuleKey(rule.id),
          ConditionExpression: 'version = :read',
          ExpressionAttributeValues: { ':read': rule.version },
        },
      },
    ],
    ...referenceCounts(rule, -1, { list: options.keepListCount }).map(
      ([name, item]) => [`rule:${rule.id}:${name}`, item] as const,
    ),
  ];
}

export async function deleteAlertRule(rule: StoredAlertRule): Promise<void> {
  await transactWrite(alertRuleDeleteItems(rule));
}

export { removeStandingsOfRule as removeAlertStates } from '../../../shared/alerts/states';
