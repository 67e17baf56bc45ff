/**
 * What the index-key steps share: which of an item's index partition keys are still in the layout before
 * sharding, and the one Update that moves them, conditioned on each still holding the value read.
 */
import { tableName } from '../client';
import type { Item } from '../query';
import type { NamedItem } from '../transactions';

export type IndexKeyName = 'GSI1PK' | 'GSI2PK' | 'GSI3PK';

/** The legacy prefix of each index partition key a family writes (`ORDERS#STATUS#` for an order's GSI1PK). */
export type LegacyPrefixes = Partial<Record<IndexKeyName, string>>;

/** The item's index partition keys that still begin with their family's legacy prefix. */
export function legacyIndexKeys(item: Item, prefixes: LegacyPrefixes): IndexKeyName[] {
  return (Object.entries(prefixes) as Array<[IndexKeyName, string]>)
    .filter(([name, prefix]) => typeof item[name] === 'string' && (item[name] as string).startsWith(prefix))
    .map(([name]) => name);
}

/** Every value is a non-empty string: the fields a sharded key builder needs are there to build it from. */
export function hasText(item: Item, fields: readonly string[]): boolean {
  return fields.every((field) => typeof item[field] === 'string' && item[field] !== '');
}

/**
 * SETs each named index key to its sharded value, conditioned on each holding the legacy value read: a
 * writer that rewrote the item meanwhile (in the sharded layout) makes the condition fail. Sort keys and
 * every other attribute stay as they are (no version moves: the service's version-conditioned writes of
 * the item are not refused by the migration).
 */
export function indexKeysUpdate(
  name: string,
  item: Item,
  moved: readonly IndexKeyName[],
  sharded: Record<IndexKeyName, string> | Partial<Record<IndexKeyName, string>>,
): NamedItem {
  const names: Record<string, string> = {};
  const values: Record<string, string> = {};
  moved.forEach((key, n) => {
    const to = sharded[key];
    if (to === undefined) throw new Error(`No sharded value for ${key} of ${String(item.PK)}`);
    names[`#k${n}`] = key;
    values[`:from${n}`] = item[key] as string;
    values[`:to${n}`] = to;
  });
  return [
    name,
    {
      Update: {
        TableName: tableName(),
        Key: { PK: item.PK, SK: item.SK },
        UpdateExpression: `SET ${moved.map((_, n) => `#k${n} = :to${n}`).join(', ')}`,
        ConditionExpression: moved.map((_, n) => `#k${n} = :from${n}`).join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  ];
}
