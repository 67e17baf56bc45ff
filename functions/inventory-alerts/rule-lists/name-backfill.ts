/**
 * Name markers for rule lists made before names were unique (an operator's command, never a request:
 * it scans the table). Each list without one gets its marker, oldest first, so a new list can no longer
 * take a name an older list holds; two older lists whose names fold to one are reported, the older one
 * keeping the name, for a person to rename the other.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ruleListNameKey } from '../../../shared/db/keys';

export interface NameBackfill {
  /** Markers written now. */
  written: number;
  /** Lists that held their marker already. */
  already: number;
  /** Lists whose name another (older) list holds. */
  duplicates: Array<{ listId: string; name: string; heldBy: string }>;
}

interface ListHeader {
  id: string;
  name: string;
  createdAt: string;
}

async function listHeaders(client: DynamoDBDocumentClient, table: string): Promise<ListHeader[]> {
  const headers: ListHeader[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: table,
        FilterExpression: 'begins_with(PK, :lists) AND SK = :header',
        ExpressionAttributeValues: { ':lists': 'RULELIST#', ':header': 'RULELIST' },
        ProjectionExpression: 'id, #name, createdAt',
        ExpressionAttributeNames: { '#name': 'name' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? [])
      headers.push({ id: String(item.id), name: String(item.name), createdAt: String(item.createdAt) });
    start = page.LastEvaluatedKey;
  } while (start);
  // Oldest first: the list that had a name first keeps it (ids are ULIDs, so they break ties in time).
  return headers.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export async function backfillRuleListNames(
  client: DynamoDBDocumentClient,
  table: string,
): Promise<NameBackfill> {
  const result: NameBackfill = { written: 0, already: 0, duplicates: [] };
  for (const header of await listHeaders(client, table)) {
    const key = ruleListNameKey(header.name);
    try {
      await client.send(
        new PutCommand({
          TableName: table,
          Item: { ...key, listId: header.id },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      result.written += 1;
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      const marker = await client.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }));
      const heldBy = String(marker.Item?.listId);
      if (heldBy === header.id) result.already += 1;
      else result.duplicates.push({ listId: header.id, name: header.name, heldBy });
    }
  }
  return result;
}
