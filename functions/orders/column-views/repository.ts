/** Column views in the single table: by owner on GSI1, shared ones on GSI2 (keys in shared/db/keys.ts). */
import { tableName } from '../../../shared/db/client';
import {
  columnViewIndexKeys,
  columnViewKey,
  columnViewsOfOwner,
  sharedColumnViews,
} from '../../../shared/db/keys';
import { getItem, queryAll } from '../../../shared/db/query';
import { conditionalDelete, conditionalPut } from '../../../shared/db/transactions';
import type { ColumnView } from './schemas';
import { columnViewSchema } from './schemas';
import { toResource } from '../../../shared/db/resource';

const toView = (item: Record<string, unknown>): ColumnView => toResource(columnViewSchema, item);

export async function findColumnView(id: string): Promise<ColumnView | undefined> {
  const item = await getItem(columnViewKey(id), true);
  return item ? toView(item) : undefined;
}

/** A user's views by name (a bounded set per user). */
export async function columnViewsOf(owner: string): Promise<ColumnView[]> {
  return (await queryAll({ ...columnViewsOfOwner(owner) })).map(toView);
}

/** Shared views by name. */
export async function sharedViews(): Promise<ColumnView[]> {
  return (await queryAll({ ...sharedColumnViews() })).map(toView);
}

export async function insertColumnView(view: ColumnView): Promise<void> {
  await conditionalPut({
    TableName: tableName(),
    Item: { ...columnViewKey(view.id), ...columnViewIndexKeys(view), entity: 'column-view', ...view },
    ConditionExpression: 'attribute_not_exists(PK)',
  });
}

/** ConditionFailed when it is already gone. */
export async function deleteColumnView(id: string): Promise<void> {
  await conditionalDelete({
    TableName: tableName(),
    Key: columnViewKey(id),
    ConditionExpression: 'attribute_exists(PK)',
  });
}
