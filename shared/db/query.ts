import type { BatchGetCommandOutput, NativeAttributeValue, QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { decodeCursor, encodeCursor } from './cursor';
import type { ItemKey } from './keys';
import type { IndexName } from './table-definition';
import { tableDefinition } from './table-definition';

export type Item = Record<string, NativeAttributeValue>;

export async function getItem(key: ItemKey, consistent = false): Promise<Item | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: consistent }),
  );
  return result.Item;
}

/**
 * BatchGetItem in chunks of 100, retrying unprocessed keys; answers the items found, in no particular order.
 * A key named twice is read once (DynamoDB refuses a batch that repeats a key).
 */
export async function getItems(requested: ItemKey[], consistent = false): Promise<Item[]> {
  const keys = [...new Map(requested.map((key) => [`${key.PK}\u0000${key.SK}`, key])).values()];
  const found: Item[] = [];
  for (let start = 0; start < keys.length; start += 100) {
    let pending: Record<string, NativeAttributeValue>[] | undefined = keys.slice(start, start + 100);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
      const result: BatchGetCommandOutput = await db().send(
        new BatchGetCommand({
          RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: consistent } },
        }),
      );
      found.push(...(result.Responses?.[tableName()] ?? []));
      pending = result.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return found;
}

/** Whether the index holds whole items; the others hold keys and a few filter attributes (table-definition.ts). */
const projectsAll = (index: IndexName) =>
  tableDefinition.globalIndexes.find((shape) => shape.indexName === index)!.projection.type === 'ALL';

/**
 * The table's items behind items read from an index, in the same order: unchanged when the index projects
 * every attribute, else read by BatchGetItem (100 keys a request, sent together). An item deleted since the
 * index answered is left out.
 */
export async function fullItems(index: IndexName | undefined, items: Item[]): Promise<Item[]> {
  if (!index || projectsAll(index) || items.length === 0) return items;
  const chunks: ItemKey[][] = [];
  for (let start = 0; start < items.length; start += 100) {
    chunks.push(
      items.slice(start, start + 100).map((item) => ({ PK: String(item.PK), SK: String(item.SK) })),
    );
  }
  const found = new Map(
    (await Promise.all(chunks.map((keys) => getItems(keys))))
      .flat()
      .map((item) => [`${item.PK}\u0000${item.SK}`, item]),
  );
  return items.flatMap((item) => found.get(`${item.PK}\u0000${item.SK}`) ?? []);
}

export interface PageRequest {
  index?: IndexName;
  pk: string;
  skPrefix?: string;
  /** Sort keys from `from` to `to`, both included (instead of a prefix). */
  skBetween?: { from: string; to: string };
  /** Sort keys from `from` and/or up to `to`, both included, either side open (merged pages resuming). */
  skRange?: { from?: string; to?: string };
  /** Extra FilterExpression over non-key attributes, with its names and values. */
  filter?: {
    expression: string;
    names?: Record<string, string>;
    values?: Record<string, NativeAttributeValue>;
  };
  limit: number;
  cursor?: string;
  /** Names the listing and its filters; a cursor is only valid for the same scope. */
  scope: string;
  ascending?: boolean;
  /** Strongly consistent read (table partitions only; indexes are eventually consistent). */
  consistent?: boolean;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * One page of a partition (of the table or an index), filled up to `limit` even when a filter drops
 * items: it keeps querying from where DynamoDB stopped, and its cursor resumes after the last item returned.
 */
export async function queryPage(request: PageRequest): Promise<Page<Item>> {
  const { pkName, skName } = indexKeyNames(request.index);
  const items: Item[] = [];
  let startKey = decodeCursor(request.cursor, request.scope);
  let lastReturnedKey: Item | undefined;
  let exhausted = false;
  while (items.length < request.limit && !exhausted) {
    const result = await queryChunk(
      request,
      startKey,
      // Without a filter every item read is returned; ask for one more to know whether a next page exists.
      request.filter ? Math.max(request.limit, 25) : request.limit - items.length + 1,
    );
    for (const item of result.items) {
      if (items.length < request.limit) {
        items.push(item);
        lastReturnedKey = item;
      } else {
        // More matching items remain: the page is full.
        return {
          items: await fullItems(request.index, items),
          nextCursor: encodeCursor(pickKey(lastReturnedKey!, pkName, skName), request.scope),
        };
      }
    }
    startKey = result.lastEvaluatedKey;
    exhausted = !startKey;
  }
  const page = await fullItems(request.index, items);
  if (exhausted || !lastReturnedKey) return { items: page, nextCursor: null };
  return { items: page, nextCursor: encodeCursor(pickKey(lastReturnedKey, pkName, skName), request.scope) };
}

/** The attribute names of a partition's keys: the table's, or the index's. */
export function indexKeyNames(index: IndexName | undefined): { pkName: string; skName: string } {
  return index ? { pkName: `${index}PK`, skName: `${index}SK` } : { pkName: 'PK', skName: 'SK' };
}

/** Which items of a partition a query reads: the partition, a sort-key range and a filter. */
export type PartitionQuery = Pick<
  PageRequest,
  'index' | 'pk' | 'skPrefix' | 'skBetween' | 'skRange' | 'filter' | 'ascending' | 'consistent'
>;

/**
 * One Query request: up to `limit` items read (fewer returned when a filter drops some) from `startKey` on,
 * and where DynamoDB stopped (undefined when the partition's range is exhausted).
 */
export async function queryChunk(
  request: PartitionQuery,
  startKey: Record<string, NativeAttributeValue> | undefined,
  limit: number,
): Promise<{ items: Item[]; lastEvaluatedKey: Record<string, NativeAttributeValue> | undefined }> {
  const { pkName, skName } = indexKeyNames(request.index);
  const names: Record<string, string> = { '#pk': pkName, ...request.filter?.names };
  const values: Record<string, NativeAttributeValue> = { ':pk': request.pk, ...request.filter?.values };
  let keyCondition = '#pk = :pk';
  if (request.skPrefix) {
    names['#sk'] = skName;
    values[':sk'] = request.skPrefix;
    keyCondition += ' AND begins_with(#sk, :sk)';
  } else if (request.skBetween) {
    names['#sk'] = skName;
    values[':skFrom'] = request.skBetween.from;
    values[':skTo'] = request.skBetween.to;
    keyCondition += ' AND #sk BETWEEN :skFrom AND :skTo';
  } else if (request.skRange && (request.skRange.from !== undefined || request.skRange.to !== undefined)) {
    const { from, to } = request.skRange;
    names['#sk'] = skName;
    if (from !== undefined) values[':skFrom'] = from;
    if (to !== undefined) values[':skTo'] = to;
    keyCondition +=
      from !== undefined && to !== undefined
        ? ' AND #sk BETWEEN :skFrom AND :skTo'
        : from !== undefined
          ? ' AND #sk >= :skFrom'
          : ' AND #sk <= :skTo';
  }
  const result: QueryCommandOutput = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: request.index,
      KeyConditionExpression: keyCondition,
      FilterExpression: request.filter?.expression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ExclusiveStartKey: startKey,
      ScanIndexForward: request.ascending ?? true,
      ConsistentRead: request.consistent,
      Limit: limit,
    }),
  );
  return { items: result.Items ?? [], lastEvaluatedKey: result.LastEvaluatedKey };
}

/** ExclusiveStartKey for an index needs the table key and the index key of the item. */
export function pickKey(item: Item, pkName: string, skName: string): Item {
  const key: Item = { PK: item.PK, SK: item.SK };
  key[pkName] = item[pkName];
  key[skName] = item[skName];
  return key;
}

/** Every item of a partition (bounded partitions only: a vendor's sources, the warehouses). */
export async function queryAll(request: Omit<PageRequest, 'limit' | 'cursor' | 'scope'>): Promise<Item[]> {
  const all: Item[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryPage({ ...request, limit: 200, cursor, scope: 'internal' });
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

/**
 * Every entry of an index partition as the index holds it (its projection, no table read behind it), in
 * pages as large as DynamoDB gives (1 MB): for an index made to answer a reader on its own.
 */
export async function queryProjected(
  request: Pick<PartitionQuery, 'index' | 'pk' | 'skPrefix'>,
): Promise<Item[]> {
  const all: Item[] = [];
  let startKey: Record<string, NativeAttributeValue> | undefined;
  do {
    const chunk = await queryChunk(request, startKey, 10_000);
    all.push(...chunk.items);
    startKey = chunk.lastEvaluatedKey;
  } while (startKey);
  return all;
}

export type Filter = NonNullable<PageRequest['filter']>;

/** `#a = :a AND #b = :b` over the fields given a value (undefined ones are left out); undefined when none. */
export function equalsFilter(fields: Record<string, unknown>): Filter | undefined {
  const present = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (present.length === 0) return undefined;
  return {
    expression: present.map(([field]) => `#${field} = :${field}`).join(' AND '),
    names: Object.fromEntries(present.map(([field]) => [`#${field}`, field])),
    values: Object.fromEntries(present.map(([field, value]) => [`:${field}`, value])),
  };
}

/** Both filters must hold; either may be absent. */
export function allOf(...filters: Array<Filter | undefined>): Filter | undefined {
  const present = filters.filter((filter): filter is Filter => filter !== undefined);
  if (present.length === 0) return undefined;
  return {
    expression: present.map((filter) => `(${filter.expression})`).join(' AND '),
    names: Object.assign({}, ...present.map((filter) => filter.names)),
    values: Object.assign({}, ...present.map((filter) => filter.values)),
  };
}

/** How many items a partition (of the table or an index) holds, counted by DynamoDB without reading them back. */
export async function countItems(request: {
  index?: IndexName;
  pk: string;
  skPrefix?: string;
}): Promise<number> {
  const pkName = request.index ? `${request.index}PK` : 'PK';
  const skName = request.index ? `${request.index}SK` : 'SK';
  let count = 0;
  let start: Record<string, NativeAttributeValue> | undefined;
  do {
    const result: QueryCommandOutput = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: request.index,
        KeyConditionExpression: request.skPrefix ? '#pk = :pk AND begins_with(#sk, :sk)' : '#pk = :pk',
        ExpressionAttributeNames: request.skPrefix ? { '#pk': pkName, '#sk': skName } : { '#pk': pkName },
        ExpressionAttributeValues: request.skPrefix
          ? { ':pk': request.pk, ':sk': request.skPrefix }
          : { ':pk': request.pk },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += result.Count ?? 0;
    start = result.LastEvaluatedKey;
  } while (start);
  return count;
}
