/** Rule periods in the single table (keys in shared/db/keys.ts); each write also moves its rule's lock. */
import { tableName } from '../../../shared/db/client';
import { allRulePeriods, periodsOfRule, rulePeriodIndexKeys, rulePeriodKey } from '../../../shared/db/keys';
import type { Page } from '../../../shared/db/query';
import { getItem, getItems, queryPage } from '../../../shared/db/query';
import { transactWrite } from '../../../shared/db/transactions';
import { toResource } from '../../../shared/db/resource';
import type { RulePeriod } from './schemas';
import { rulePeriodSchema } from './schemas';
import type { StoredRule } from '../stock-rules/repository';
import { rulePeriodsItem } from '../stock-rules/repository';

const toPeriod = (item: Record<string, unknown>) => toResource(rulePeriodSchema, item);

function periodItem(period: RulePeriod) {
  return { ...rulePeriodKey(period.id), ...rulePeriodIndexKeys(period), entity: 'rule-period', ...period };
}

export async function findRulePeriod(id: string, consistent = false): Promise<RulePeriod | undefined> {
  const item = await getItem(rulePeriodKey(id), consistent);
  return item ? toPeriod(item) : undefined;
}

/** A rule's periods by the ids its item lists, strongly consistent (the overlap check needs every one). */
export async function periodsOf(stored: StoredRule): Promise<RulePeriod[]> {
  return (await getItems(stored.periodIds.map(rulePeriodKey), true)).map(toPeriod);
}

export interface RulePeriodListing {
  ruleId?: string;
  activeOn?: string;
}

/** A rule's periods (GSI1) or all periods (GSI2), by start date; the day as a filter. */
export async function listRulePeriods(
  listing: RulePeriodListing,
  limit: number,
  cursor?: string,
): Promise<Page<RulePeriod>> {
  const partition = listing.ruleId ? { ...periodsOfRule(listing.ruleId) } : { ...allRulePeriods() };
  const page = await queryPage({
    ...partition,
    filter: listing.activeOn
      ? {
          expression: '#from <= :day AND #to >= :day',
          names: { '#from': 'from', '#to': 'to' },
          values: { ':day': listing.activeOn },
        }
      : undefined,
    limit,
    cursor,
    scope: `rule-periods:${JSON.stringify(listing)}`,
  });
  return { items: page.items.map(toPeriod), nextCursor: page.nextCursor };
}

/** Items: `period`, `rulePeriods` (its rule's period list and lock). */
export async function insertRulePeriod(period: RulePeriod, stored: StoredRule): Promise<void> {
  await transactWrite({
    period: {
      Put: {
        TableName: tableName(),
        Item: periodItem(period),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    rulePeriods: rulePeriodsItem(stored, [...stored.periodIds, period.id]),
  });
}

/** Items: `period` (at the version read), `rulePeriods` (its rule's lock, the list unchanged). */
export async function replaceRulePeriod(
  previous: RulePeriod,
  next: RulePeriod,
  stored: StoredRule,
): Promise<void> {
  await transactWrite({
    period: {
      Put: {
        TableName: tableName(),
        Item: periodItem(next),
        ConditionExpression: 'version = :read',
        ExpressionAttributeValues: { ':read': previous.version },
      },
    },
    rulePeriods: rulePeriodsItem(stored, stored.periodIds),
  });
}

/** Items: `period` (at the version read), `rulePeriods` (its rule's period list without it). */
export async function deleteRulePeriod(period: RulePeriod, stored: StoredRule): Promise<void> {
  await transactWrite({
    period: {
      Delete: {
        TableName: tableName(),
        Key: rulePeriodKey(period.id),
        ConditionExpression: 'version = :read',
        ExpressionAttributeValues: { ':read': period.version },
      },
    },
    rulePeriods: rulePeriodsItem(
      stored,
      stored.periodIds.filter((id) => id !== period.id),
    ),
  });
}
