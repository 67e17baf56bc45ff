/**
 * Seasonal factors in the single table (keys in shared/db/keys/alerts.ts). A factor that targets a rule
 * list moves the list's `seasonalFactorCount` in its own transaction, so a list is never deleted from under
 * a factor. The set is bounded (maxSeasonalFactors): lists read it whole and filter in code.
 */
import { tableName } from '../../../shared/db/client';
import {
  allSeasonalFactors,
  seasonalFactorIndexKeys,
  seasonalFactorKey,
  seasonalFactorsOfList,
} from '../../../shared/db/keys';
import { countItems, getItem, queryAll } from '../../../shared/db/query';
import { toResource } from '../../../shared/db/resource';
import type { NamedItem, TransactItem } from '../../../shared/db/transactions';
import { transactWrite } from '../../../shared/db/transactions';
import { listTargetCount } from '../rule-lists/repository';
import type { SeasonalFactor } from './schemas';
import { seasonalFactorSchema } from './schemas';

export const maxSeasonalFactors = 1_000;

const toFactor = (item: Record<string, unknown>) => toResource(seasonalFactorSchema, item);

export async function findSeasonalFactor(
  id: string,
  consistent = false,
): Promise<SeasonalFactor | undefined> {
  const item = await getItem(seasonalFactorKey(id), consistent);
  return item ? toFactor(item) : undefined;
}

export async function allFactors(): Promise<SeasonalFactor[]> {
  return (await queryAll(allSeasonalFactors())).map(toFactor);
}

export const seasonalFactorCount = () => countItems(allSeasonalFactors());

export async function seasonalFactorsTargeting(listId: string): Promise<SeasonalFactor[]> {
  return (await queryAll(seasonalFactorsOfList(listId))).map(toFactor);
}

function factorItem(factor: SeasonalFactor) {
  return {
    ...seasonalFactorKey(factor.id),
    ...seasonalFactorIndexKeys(factor),
    entity: 'seasonal-factor',
    ...factor,
  };
}

/** Items: `factor`, `listCount` (when it targets a list). */
export async function insertSeasonalFactor(factor: SeasonalFactor): Promise<void> {
  await transactWrite({
    factor: {
      Put: {
        TableName: tableName(),
        Item: factorItem(factor),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    listCount: factor.scope.ruleListId
      ? listTargetCount(factor.scope.ruleListId, 'seasonalFactorCount', 1)
      : undefined,
  });
}

/** Items: `factor` (at the version read), `oldListCount` and `newListCount` when the list it targets changes. */
export async function replaceSeasonalFactor(previous: SeasonalFactor, next: SeasonalFactor): Promise<void> {
  const moves = previous.scope.ruleListId !== next.scope.ruleListId;
  await transactWrite({
    factor: {
      Put: {
        TableName: tableName(),
        Item: factorItem(next),
        ConditionExpression: 'version = :read',
        ExpressionAttributeValues: { ':read': previous.version },
      },
    },
    oldListCount:
      moves && previous.scope.ruleListId
        ? listTargetCount(previous.scope.ruleListId, 'seasonalFactorCount', -1)
        : undefined,
    newListCount:
      moves && next.scope.ruleListId
        ? listTargetCount(next.scope.ruleListId, 'seasonalFactorCount', 1)
        : undefined,
  });
}

export function seasonalFactorDeleteItem(factor: SeasonalFactor): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: seasonalFactorKey(factor.id),
      ConditionExpression: 'version = :read',
      ExpressionAttributeValues: { ':read': factor.version },
    },
  };
}

/** Items: `factor` (at the version read), `listCount` (when it targets a list). */
export async function deleteSeasonalFactor(factor: SeasonalFactor): Promise<void> {
  const items: NamedItem[] = [['factor', seasonalFactorDeleteItem(factor)]];
  if (factor.scope.ruleListId)
    items.push(['listCount', listTargetCount(factor.scope.ruleListId, 'seasonalFactorCount', -1)]);
  await transactWrite(items);
}
