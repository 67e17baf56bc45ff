/**
 * Rule lists in the single table (keys in shared/db/keys/alerts.ts): a header item (name, SKU count,
 * how many alert rules and seasonal factors target it) and one item per SKU, so a 10,000-SKU list has no
 * item near 400 KB and two additions to one list never conflict. SKU items are written in chunks, each
 * chunk in one transaction with the header's count, conditioned on room under the limit.
 */
import { batchWrite } from '../../../shared/db/batch-write';
import { tableName } from '../../../shared/db/client';
import {
  ruleListKey,
  ruleListNameKey,
  ruleListSkuIndexKeys,
  ruleListSkuKey,
  skusOfRuleList,
} from '../../../shared/db/keys';
import { getItem, getItems, queryAll } from '../../../shared/db/query';
import type { NamedItem, TransactItem } from '../../../shared/db/transactions';
import {
  conditionalDelete,
  conditionalUpdate,
  maxTransactionItems,
  transactWrite,
} from '../../../shared/db/transactions';
import { ConditionFailed, TransactionCancelled } from '../../../shared/db/errors';
import { inParallel } from '../../../shared/db/parallel';
import { withoutRequestGuard } from '../../../shared/db/request-guard';
import { toResource } from '../../../shared/db/resource';
import type { RuleList, RuleListHeader } from './schemas';
import { maxListSkus, ruleListHeaderSchema } from './schemas';

export interface StoredRuleList {
  header: RuleListHeader;
  /** Alert rules and seasonal factors that target the list (their writes move these counts). */
  alertRuleCount: number;
  seasonalFactorCount: number;
}

const count = (value: unknown) => (typeof value === 'number' ? value : 0);

function toStored(item: Record<string, unknown>): StoredRuleList {
  return {
    header: toResource(ruleListHeaderSchema, item),
    alertRuleCount: count(item.alertRuleCount),
    seasonalFactorCount: count(item.seasonalFactorCount),
  };
}

export async function findRuleList(id: string, consistent = false): Promise<StoredRuleList | undefined> {
  const item = await getItem(ruleListKey(id), consistent);
  return item ? toStored(item) : undefined;
}

export async function findRuleLists(ids: readonly string[]): Promise<StoredRuleList[]> {
  return (await getItems(ids.map(ruleListKey), true)).map(toStored);
}

/** Every SKU of a list, in code-point order (the partition's own order). */
export async function skusOf(listId: string): Promise<string[]> {
  const items = await queryAll({ ...skusOfRuleList(listId), consistent: true });
  return items.map((item) => String(item.sku));
}

export async function withSkus(header: RuleListHeader): Promise<RuleList> {
  return { ...header, skus: await skusOf(header.id) };
}

/**
 * Past this many SKUs asked about, reading the whole list (a Query of at most 10,000 small items, a page
 * or two) is cheaper than looking each up (a BatchGetItem per 100).
 */
const wholeListReadFrom = 1_000;

/** Which of these SKUs the list holds now. */
export async function skusOnList(listId: string, skus: readonly string[]): Promise<Set<string>> {
  if (skus.length >= wholeListReadFrom) {
    const asked = new Set(skus);
    return new Set((await skusOf(listId)).filter((sku) => asked.has(sku)));
  }
  const items = await getItems(
    skus.map((sku) => ruleListSkuKey(listId, sku)),
    true,
  );
  return new Set(items.map((item) => String(item.sku)));
}

/** Chunks that fit one transaction beside the header's update. */
export function skuChunks<T>(values: readonly T[]): T[][] {
  const size = maxTransactionItems - 2;
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += size) out.push(values.slice(start, start + size));
  return out;
}

/**
 * A SKU item marked with the addition that put it (`addedBy`), so that addition can tell its own items
 * from another's: a put sent again finds its own item and passes, and an addition that failed takes
 * back only what it put.
 */
function skuPut(listId: string, sku: string, addition: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...ruleListSkuKey(listId, sku),
        ...ruleListSkuIndexKeys(listId, sku),
        listId,
        sku,
        addedBy: addition,
      },
      ConditionExpression: 'attribute_not_exists(PK) OR addedBy = :addition',
      ExpressionAttributeValues: { ':addition': addition },
    },
  };
}

/** The id of the list that holds this name (case and accents folded), if one does. */
export async function listIdNamed(name: string): Promise<string | undefined> {
  const item = await getItem(ruleListNameKey(name), true);
  return item ? String(item.listId) : undefined;
}

/** Lets the name a deleted list holds go (refused when it moved to another list meanwhile). */
export function ruleListNameRelease(header: Pick<RuleListHeader, 'id' | 'name'>): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: ruleListNameKey(header.name),
      ConditionExpression: 'listId = :id',
      ExpressionAttributeValues: { ':id': header.id },
    },
  };
}

/**
 * A new list: its SKU items first (unseen until the header exists: the id is new), then the header with
 * their count, which is the request's one visible change and carries its idempotency guard, with the
 * list's name claimed in the same transaction (refused as `name` when another list holds it).
 */
export async function insertRuleList(header: RuleListHeader, skus: readonly string[]): Promise<void> {
  await withoutRequestGuard(() =>
    batchWrite(
      skus.map((sku) => ({
        PutRequest: {
          Item: {
            ...ruleListSkuKey(header.id, sku),
            ...ruleListSkuIndexKeys(header.id, sku),
            listId: header.id,
            sku,
          },
        },
      })),
    ),
  );
  await transactWrite({
    header: {
      Put: {
        TableName: tableName(),
        Item: { ...ruleListKey(header.id), entity: 'rule-list', ...header },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    name: {
      Put: {
        TableName: tableName(),
        Item: { ...ruleListNameKey(header.name), listId: header.id },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  });
}

/**
 * Room on the list for this many SKUs, taken on the header's count before they are written, so chunks of
 * one addition written side by side never meet on the header (a transaction holding it would make them
 * conflict). Refused (ConditionFailed) when the list is gone or the room is not there.
 */
export async function reserveRoom(listId: string, skus: number, at: string): Promise<void> {
  await conditionalUpdate({
    TableName: tableName(),
    Key: ruleListKey(listId),
    UpdateExpression: 'ADD skuCount :added SET updatedAt = :at',
    ConditionExpression: 'attribute_exists(PK) AND skuCount <= :room',
    ExpressionAttributeValues: { ':added': skus, ':at': at, ':room': maxListSkus - skus },
  });
}

/** Gives back room reserved for SKUs that were not added (or were taken away again). */
export async function releaseRoom(listId: string, skus: number, at: string): Promise<void> {
  await conditionalUpdate({
    TableName: tableName(),
    Key: ruleListKey(listId),
    UpdateExpression: 'ADD skuCount :released SET updatedAt = :at',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':released': -skus, ':at': at },
  });
}

/**
 * Puts SKUs the list did not hold, up to 100 in one transaction, each on its own condition: a SKU another
 * request put meanwhile is refused by name, left out, and the rest sent again. Answers the SKUs this call
 * put. One call per hundred SKUs instead of one per SKU (a 10,000-SKU addition is 100 calls, not 10,000).
 */
export async function addSkus(listId: string, skus: readonly string[], addition: string): Promise<string[]> {
  let pending = [...skus];
  while (pending.length > 0) {
    try {
      await transactWrite(
        pending.map((sku, index) => [`sku:${index}`, skuPut(listId, sku, addition)] as const),
      );
      return pending;
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      const refused = new Set(error.refusedNames());
      if (refused.size === 0) throw error;
      pending = pending.filter((_, index) => !refused.has(`sku:${index}`));
    }
  }
  return [];
}

/** Takes SKUs this request added off the list again (the count is given back by releaseRoom). */
export async function takeBackSkus(listId: string, skus: readonly string[]): Promise<void> {
  await batchWrite(skus.map((sku) => ({ DeleteRequest: { Key: ruleListSkuKey(listId, sku) } })));
}

/**
 * Takes back SKUs whose put got no answer: each only if this addition put it (a write that never
 * landed leaves another addition's item, or none, which stay as they are).
 */
export async function takeBackOwnSkus(
  listId: string,
  skus: readonly string[],
  addition: string,
): Promise<void> {
  await inParallel(skus, 8, async (sku) => {
    try {
      await conditionalDelete({
        TableName: tableName(),
        Key: ruleListSkuKey(listId, sku),
        ConditionExpression: 'addedBy = :addition',
        ExpressionAttributeValues: { ':addition': addition },
      });
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
    }
  });
}

/** Removes SKUs the list held (read just before), moving the header's count with them. */
export async function removeSkus(listId: string, skus: readonly string[], at: string): Promise<void> {
  const items: NamedItem[] = skus.map((sku, index) => [
    `sku:${index}`,
    {
      Delete: {
        TableName: tableName(),
        Key: ruleListSkuKey(listId, sku),
        ConditionExpression: 'attribute_exists(PK)',
      },
    },
  ]);
  items.push([
    'header',
    {
      Update: {
        TableName: tableName(),
        Key: ruleListKey(listId),
        UpdateExpression: 'ADD skuCount :removed SET updatedAt = :at',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':removed': -skus.length, ':at': at },
      },
    },
  ]);
  await transactWrite(items);
}

/**
 * The header delete of a list that nothing targets: a rule or factor that started targeting it meanwhile
 * refuses the delete, so nothing is left pointing at a deleted list.
 */
export function ruleListDelete(listId: string): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: ruleListKey(listId),
      ConditionExpression:
        'attribute_exists(PK) AND (attribute_not_exists(alertRuleCount) OR alertRuleCount = :none) AND (attribute_not_exists(seasonalFactorCount) OR seasonalFactorCount = :none)',
      ExpressionAttributeValues: { ':none': 0 },
    },
  };
}

/** A target's count on the list it names: the list must exist (a rule or factor never names a missing one). */
export function listTargetCount(
  listId: string,
  counter: 'alertRuleCount' | 'seasonalFactorCount',
  change: number,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: ruleListKey(listId),
      UpdateExpression: `ADD ${counter} :change`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':change': change },
    },
  };
}

/** After a list's header is gone: its SKU items, unreachable by then, removed in batches. */
export async function removeListItems(listId: string): Promise<void> {
  const items = await queryAll(skusOfRuleList(listId));
  await batchWrite(items.map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })));
}
