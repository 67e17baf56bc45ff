/**
 * Column views in the single table (keys in shared/db/keys): by owner on GSI1, shared ones on GSI2, and a
 * count per owner moved in the same transaction as each create and delete, so the limit holds under races.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../shared/db/client';
import {
  columnViewCountKey,
  columnViewIndexKeys,
  columnViewKey,
  columnViewsOfOwner,
  sharedColumnViews,
} from '../../../shared/db/keys';
import { fullItems, getItem, queryAll } from '../../../shared/db/query';
import { transactWrite } from '../../../shared/db/transactions';
import { toResource } from '../../../shared/db/resource';
import type { ColumnView } from './schemas';
import { columnViewSchema } from './schemas';

/** DESIGN §4: at most this many views per owner. */
export const maxViewsPerOwner = 100;

const toView = (item: Record<string, unknown>): ColumnView => toResource(columnViewSchema, item);

/** The sort key both indexes order views by (lower-cased name, then id). */
export const viewSortKey = (view: { id: string; name: string }): string =>
  columnViewIndexKeys({ ...view, owner: '', shared: false }).GSI1SK;

export async function findColumnView(id: string): Promise<ColumnView | undefined> {
  const item = await getItem(columnViewKey(id), true);
  return item ? toView(item) : undefined;
}

/** A user's views by name: at most 100, so read whole. */
export async function columnViewsOf(owner: string): Promise<ColumnView[]> {
  return (await queryAll({ ...columnViewsOfOwner(owner) })).map(toView);
}

/** Up to `limit` shared views sorting after `after`, and whether more follow. */
export async function sharedViewsAfter(
  after: string | undefined,
  limit: number,
): Promise<{ views: ColumnView[]; more: boolean }> {
  const { index, pk } = sharedColumnViews();
  const result = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: after ? '#pk = :pk AND #sk > :after' : '#pk = :pk',
      ExpressionAttributeNames: { '#pk': `${index}PK`, ...(after ? { '#sk': `${index}SK` } : {}) },
      ExpressionAttributeValues: { ':pk': pk, ...(after ? { ':after': after } : {}) },
      Limit: limit + 1,
    }),
  );
  const views = (await fullItems(index, result.Items ?? [])).map(toView);
  return {
    views: views.slice(0, limit),
    more: views.length > limit || result.LastEvaluatedKey !== undefined,
  };
}

/** Refused as `viewCount` when the owner already keeps the most views allowed. */
export async function insertColumnView(view: ColumnView): Promise<void> {
  await transactWrite({
    view: {
      Put: {
        TableName: tableName(),
        Item: { ...columnViewKey(view.id), ...columnViewIndexKeys(view), entity: 'column-view', ...view },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    viewCount: {
      Update: {
        TableName: tableName(),
        Key: columnViewCountKey(view.owner),
        UpdateExpression: 'ADD viewCount :one',
        ConditionExpression: 'attribute_not_exists(viewCount) OR viewCount < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': maxViewsPerOwner },
      },
    },
  });
}

/** Refused as `view` when it is already gone. */
export async function deleteColumnView(view: ColumnView): Promise<void> {
  await transactWrite({
    view: {
      Delete: {
        TableName: tableName(),
        Key: columnViewKey(view.id),
        ConditionExpression: 'attribute_exists(PK)',
      },
    },
    viewCount: {
      Update: {
        TableName: tableName(),
        Key: columnViewCountKey(view.owner),
        UpdateExpression: 'ADD viewCount :minusOne',
        ExpressionAttributeValues: { ':minusOne': -1 },
      },
    },
  });
}
