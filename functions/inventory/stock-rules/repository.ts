/**
 * Stock rules in the single table (keys in shared/db/keys.ts). Beside its fields the rule item keeps
 * the ids of its periods and a `periodsVersion` lock: every period write sets both, conditioned on the
 * version read, so period changes of one rule are serialized and always see each other.
 */
import { tableName } from '../../../shared/db/client';
import {
  allStockRules,
  rulePeriodKey,
  stockRuleIndexKeys,
  stockRuleKey,
  stockRuleUniqueKey,
  warehouseKey,
} from '../../../shared/db/keys';
import type { Page } from '../../../shared/db/query';
import { allOf, equalsFilter, getItem, queryPage } from '../../../shared/db/query';
import type { TransactItem } from '../../../shared/db/transactions';
import { transactWrite } from '../../../shared/db/transactions';
import { toResource } from '../../../shared/db/resource';
import { patternsMatching } from '../../../shared/inventory/sku-pattern';
import type { StockRule } from './schemas';
import { stockRuleSchema } from './schemas';
import { setFields } from '../update-expression';

export interface StoredRule {
  rule: StockRule;
  periodIds: string[];
  periodsVersion: number;
}

function toStoredRule(item: Record<string, unknown>): StoredRule {
  return {
    rule: toResource(stockRuleSchema, item),
    periodIds: Array.isArray(item.periodIds) ? (item.periodIds as string[]) : [],
    periodsVersion: typeof item.periodsVersion === 'number' ? item.periodsVersion : 0,
  };
}

export async function findStockRule(id: string, consistent = false): Promise<StoredRule | undefined> {
  const item = await getItem(stockRuleKey(id), consistent);
  return item ? toStoredRule(item) : undefined;
}

/** The rule that holds a (pattern, warehouse) pair, read strongly before a write that claims it. */
export async function stockRuleIdWithKey(rule: { skuPattern: string; warehouseId?: string }) {
  const marker = await getItem(stockRuleUniqueKey(rule), true);
  return typeof marker?.stockRuleId === 'string' ? marker.stockRuleId : undefined;
}

export interface StockRuleListing {
  warehouseId?: string;
  sku?: string;
  enabled?: boolean;
}

/** Rules by pattern (GSI1); warehouse, SKU (as the patterns that can match it) and enabled as filters. */
export async function listStockRules(
  listing: StockRuleListing,
  limit: number,
  cursor?: string,
): Promise<Page<StockRule>> {
  const patterns = listing.sku === undefined ? undefined : patternsMatching(listing.sku);
  const matchingPatterns = patterns && {
    expression: `#skuPattern IN (${patterns.map((_, index) => `:pattern${index}`).join(', ')})`,
    names: { '#skuPattern': 'skuPattern' },
    values: Object.fromEntries(patterns.map((pattern, index) => [`:pattern${index}`, pattern])),
  };
  const page = await queryPage({
    ...allStockRules(),
    filter: allOf(
      equalsFilter({ warehouseId: listing.warehouseId, enabled: listing.enabled }),
      matchingPatterns,
    ),
    limit,
    cursor,
    scope: `stock-rules:${JSON.stringify(listing)}`,
  });
  return { items: page.items.map((item) => toStoredRule(item).rule), nextCursor: page.nextCursor };
}

/** Counts the rules naming a warehouse, which must exist (and cannot go while the count is above 0). */
function warehouseRuleCount(warehouseId: string, change: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: warehouseKey(warehouseId),
      UpdateExpression: 'ADD stockRuleCount :change',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':change': change },
    },
  };
}

function markerPut(rule: StockRule): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...stockRuleUniqueKey(rule), stockRuleId: rule.id },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Items: `rule`, `uniqueMarker`, `warehouseRuleCount` (when it names a warehouse). */
export async function insertStockRule(rule: StockRule): Promise<void> {
  await transactWrite({
    rule: {
      Put: {
        TableName: tableName(),
        Item: {
          ...stockRuleKey(rule.id),
          ...stockRuleIndexKeys(rule),
          entity: 'stock-rule',
          ...rule,
          periodIds: [],
          periodsVersion: 0,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    uniqueMarker: markerPut(rule),
    warehouseRuleCount: rule.warehouseId ? warehouseRuleCount(rule.warehouseId, 1) : undefined,
  });
}

/**
 * The fields at the version read (the period list stays), moving marker and counts with the key.
 * Items: `rule`, then `newUniqueMarker` and `oldUniqueMarker` when the key changes, and
 * `oldWarehouseRuleCount` and `newWarehouseRuleCount` when the warehouse does.
 */
export async function replaceStockRule(previous: StockRule, next: StockRule): Promise<void> {
  const update = setFields({
    skuPattern: next.skuPattern,
    warehouseId: next.warehouseId,
    minLevel: next.minLevel,
    maxLevel: next.maxLevel,
    enabled: next.enabled,
    version: next.version,
    updatedAt: next.updatedAt,
    ...stockRuleIndexKeys(next),
  });
  const oldKey = stockRuleUniqueKey(previous);
  const newKey = stockRuleUniqueKey(next);
  const keyMoves = oldKey.PK !== newKey.PK;
  const warehouseMoves = previous.warehouseId !== next.warehouseId;
  await transactWrite({
    rule: {
      Update: {
        TableName: tableName(),
        Key: stockRuleKey(next.id),
        ...update,
        ConditionExpression: 'attribute_exists(PK) AND #version = :read',
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':read': previous.version },
      },
    },
    newUniqueMarker: keyMoves ? markerPut(next) : undefined,
    oldUniqueMarker: keyMoves ? { Delete: { TableName: tableName(), Key: oldKey } } : undefined,
    oldWarehouseRuleCount:
      warehouseMoves && previous.warehouseId ? warehouseRuleCount(previous.warehouseId, -1) : undefined,
    newWarehouseRuleCount:
      warehouseMoves && next.warehouseId ? warehouseRuleCount(next.warehouseId, 1) : undefined,
  });
}

/** Sets the rule's period list and bumps its lock, only if no other period write came first. */
export function rulePeriodsItem(stored: StoredRule, periodIds: string[]): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: stockRuleKey(stored.rule.id),
      UpdateExpression: 'SET periodIds = :ids, periodsVersion = :next',
      ConditionExpression: 'periodsVersion = :read',
      ExpressionAttributeValues: {
        ':ids': periodIds,
        ':next': stored.periodsVersion + 1,
        ':read': stored.periodsVersion,
      },
    },
  };
}

/** How many items deleting the rule with its periods writes. */
export function ruleDeleteItemCount(stored: StoredRule): number {
  return 2 + (stored.rule.warehouseId ? 1 : 0) + stored.periodIds.length;
}

/**
 * Rule, marker, warehouse count and every period, all or none, at the rule and period versions read.
 * Items: `rule`, `uniqueMarker`, `period:<id>` for each period, `warehouseRuleCount` (when it names one).
 */
export async function deleteStockRuleWithPeriods(stored: StoredRule): Promise<void> {
  const { rule } = stored;
  const items: Array<readonly [string, TransactItem]> = [
    [
      'rule',
      {
        Delete: {
          TableName: tableName(),
          Key: stockRuleKey(rule.id),
          ConditionExpression: 'version = :read AND periodsVersion = :periods',
          ExpressionAttributeValues: { ':read': rule.version, ':periods': stored.periodsVersion },
        },
      },
    ],
    ['uniqueMarker', { Delete: { TableName: tableName(), Key: stockRuleUniqueKey(rule) } }],
    ...stored.periodIds.map(
      (id) => [`period:${id}`, { Delete: { TableName: tableName(), Key: rulePeriodKey(id) } }] as const,
    ),
  ];
  if (rule.warehouseId) items.push(['warehouseRuleCount', warehouseRuleCount(rule.warehouseId, -1)]);
  await transactWrite(items);
}
