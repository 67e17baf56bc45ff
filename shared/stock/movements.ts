/** Stock movements over a date range, by SKU or by warehouse: what the movements and aging reports read. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { decodeCursor, encodeCursor } from '../db/cursor';
import { movementsInWarehouse, movementsOfSku, withoutStorageAttributes } from '../db/keys';
import type { Page } from '../db/query';
import type { Movement } from '../domain/stock-ledger';

export interface MovementQuery {
  /** Exactly one of sku and warehouseId names the partition; the other, when given, filters. */
  sku?: string;
  warehouseId?: string;
  /** ISO 8601 bounds, inclusive. */
  from: string;
  to: string;
  limit: number;
  cursor?: string;
}

/** Movements in time order: Query the SKU's partition, or the warehouse's on GSI1, with the sort key between the bounds. */
export async function listMovements(query: MovementQuery): Promise<Page<Movement>> {
  const bySku = query.sku !== undefined;
  const partition = bySku ? movementsOfSku(query.sku!) : movementsInWarehouse(query.warehouseId!);
  const scope = `movements:${JSON.stringify({ ...query, limit: undefined, cursor: undefined })}`;
  const index = 'index' in partition ? (partition.index as string) : undefined;
  const keyNames = index ? { '#pk': `${index}PK`, '#sk': `${index}SK` } : { '#pk': 'PK', '#sk': 'SK' };
  const otherFilter = bySku && query.warehouseId ? query.warehouseId : undefined;
  const items: Movement[] = [];
  let start = decodeCursor(query.cursor, scope);
  let last: Record<string, unknown> | undefined;
  do {
    const result: QueryCommandOutput = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index,
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        FilterExpression: otherFilter ? 'warehouseId = :warehouse' : undefined,
        ExpressionAttributeNames: keyNames,
        ExpressionAttributeValues: {
          ':pk': partition.pk,
          ':from': query.from,
          // Sort keys are `<at>#<id>`: everything at the upper bound sorts below `<to>#~`.
          ':to': `${query.to}#~`,
          ...(otherFilter ? { ':warehouse': otherFilter } : {}),
        },
        ExclusiveStartKey: start,
        Limit: query.limit,
      }),
    );
    for (const item of result.Items ?? []) {
      if (items.length === query.limit) break;
      items.push(withoutStorageAttributes(item) as unknown as Movement);
      last = item;
    }
    start = result.LastEvaluatedKey;
  } while (start && items.length < query.limit);
  const more = start !== undefined && last !== undefined;
  const cursorKey = last && {
    PK: last.PK,
    SK: last.SK,
    ...(bySku ? {} : { GSI1PK: last.GSI1PK, GSI1SK: last.GSI1SK }),
  };
  return { items, nextCursor: more ? encodeCursor(cursorKey, scope) : null };
}
