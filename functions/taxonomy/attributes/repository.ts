/** Channel attribute definitions in the single table (keys in shared/db/keys/taxonomy.ts). */
import { tableName } from '../../../shared/db/client';
import {
  allAttributeDefinitions,
  attributeDefinitionIndexKeys,
  attributeDefinitionKey,
  attributesOfChannel,
  channelCategoryKey,
} from '../../../shared/db/keys';
import type { ItemKey } from '../../../shared/db/keys';
import type { Page } from '../../../shared/db/query';
import { getItem, getItems, queryAll, queryPage } from '../../../shared/db/query';
import { toResource } from '../../../shared/db/resource';
import type { NamedItems, TransactItem } from '../../../shared/db/transactions';
import { transactWrite } from '../../../shared/db/transactions';
import { foldedPath } from '../rules/category-path';
import type { StoredDefinition } from '../rules/legacy-attributes';
import { currentDefinitions } from '../rules/legacy-attributes';
import type { AttributeDefinition } from './schemas';
import { attributeDefinitionSchema } from './schemas';

export const foldedScopeOf = (definition: Pick<AttributeDefinition, 'scope'>) =>
  definition.scope ? foldedPath(definition.scope.path) : '';

function definitionItem(definition: AttributeDefinition) {
  const foldedScope = foldedScopeOf(definition);
  return {
    ...attributeDefinitionKey(definition.channel, definition.scope?.id, definition.name),
    ...attributeDefinitionIndexKeys({ channel: definition.channel, foldedScope, name: definition.name }),
    entity: 'channel-attribute',
    nameKey: definition.name.toLocaleLowerCase('en'),
    ...definition,
  };
}

const toDefinition = (item: Record<string, unknown>) => toResource(attributeDefinitionSchema, item);

export type StoredAttributeDefinition = StoredDefinition<AttributeDefinition>;

/** A stored item as its definition, marked legacy when it is still under its scope path's key. */
function storedFromItem(item: Record<string, unknown>): StoredAttributeDefinition {
  const definition = toDefinition(item);
  const sortKey = attributeDefinitionKey(definition.channel, definition.scope?.id, definition.name).SK;
  // Written under `<folded scope path>#<lower name>` before scope ids keyed definitions.
  return item.SK === sortKey ? { definition } : { definition, legacySortKey: String(item.SK) };
}

const storedKeyOf = (stored: StoredAttributeDefinition): ItemKey =>
  stored.legacySortKey === undefined
    ? attributeDefinitionKey(stored.definition.channel, stored.definition.scope?.id, stored.definition.name)
    : { PK: attributesOfChannel(stored.definition.channel).pk, SK: stored.legacySortKey };

/** Every definition stored for a channel, legacy ones as they are (bounded: a channel's own list). */
export async function storedDefinitionsOfChannel(
  channel: string,
  consistent = false,
): Promise<StoredAttributeDefinition[]> {
  return (await queryAll({ ...attributesOfChannel(channel), consistent })).map(storedFromItem);
}

/**
 * The current path of each category legacy definitions are scoped to, by its key's partition and id
 * (current categories only: a retired or unknown one leaves the stored path).
 */
async function currentPathsOfLegacyScopes(
  stored: readonly StoredAttributeDefinition[],
): Promise<(definition: AttributeDefinition) => ReadonlyMap<string, string>> {
  const keys = stored
    .filter((entry) => entry.legacySortKey !== undefined && entry.definition.scope)
    .map(({ definition }) => channelCategoryKey(definition.channel, definition.scope!.id));
  const categories = keys.length > 0 ? await getItems(keys) : [];
  const paths = new Map(
    categories
      .filter((item) => item.retired !== true)
      .map((item) => [`${String(item.PK)}\u0000${String(item.id)}`, String(item.path)]),
  );
  return (definition) => {
    const scope = definition.scope;
    const path =
      scope && paths.get(`${channelCategoryKey(definition.channel, scope.id).PK}\u0000${scope.id}`);
    return new Map(scope && path !== undefined ? [[scope.id, path]] : []);
  };
}

/**
 * The definitions that apply on a channel, each as stored (legacy ones read as current: at their category's
 * current path, giving way to one under the id key).
 */
async function currentDefinitionsOfChannel(
  channel: string,
  consistent = false,
): Promise<StoredAttributeDefinition[]> {
  const stored = await storedDefinitionsOfChannel(channel, consistent);
  const pathsOf = await currentPathsOfLegacyScopes(stored);
  const paths = new Map(stored.flatMap(({ definition }) => [...pathsOf(definition)]));
  return currentDefinitions(stored, paths).current;
}

/** Every attribute a channel defines (bounded: a channel's own list of attributes). */
export async function definitionsOfChannel(channel: string): Promise<AttributeDefinition[]> {
  return (await currentDefinitionsOfChannel(channel)).map((stored) => stored.definition);
}

/**
 * The definition of a channel, scope (a channel category's id; undefined for every category) and name,
 * a legacy one included.
 */
export async function findDefinition(
  channel: string,
  scopeId: string | undefined,
  name: string,
): Promise<StoredAttributeDefinition | undefined> {
  const item = await getItem(attributeDefinitionKey(channel, scopeId, name), true);
  if (item) return { definition: toDefinition(item) };
  if (scopeId === undefined) return undefined; // every-category keys did not change
  const folded = name.toLocaleLowerCase('en');
  const legacy = (await storedDefinitionsOfChannel(channel, true)).filter(
    (stored) =>
      stored.legacySortKey !== undefined &&
      stored.definition.scope?.id === scopeId &&
      stored.definition.name.toLocaleLowerCase('en') === folded,
  );
  return currentDefinitions(legacy).current[0];
}

/** A page of every channel's definitions, by channel, scope and name; `name` matches case-insensitively. */
export async function pageOfDefinitions(
  filters: { name?: string; required?: boolean },
  limit: number,
  cursor: string | undefined,
): Promise<Page<AttributeDefinition>> {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (filters.name !== undefined) {
    conditions.push('#nameKey = :nameKey');
    names['#nameKey'] = 'nameKey';
    values[':nameKey'] = filters.name.toLocaleLowerCase('en');
  }
  if (filters.required !== undefined) {
    conditions.push('#required = :required');
    names['#required'] = 'required';
    values[':required'] = filters.required;
  }
  const page = await queryPage({
    ...allAttributeDefinitions(),
    ...(conditions.length > 0 ? { filter: { expression: conditions.join(' AND '), names, values } } : {}),
    limit,
    cursor,
    scope: `taxonomy-attributes:${JSON.stringify(filters)}`,
  });
  return { items: await readAsCurrent(page.items.map(storedFromItem)), nextCursor: page.nextCursor };
}

/**
 * A page's definitions with legacy ones read as current: at their category's current path, and left out
 * when a definition under the id key holds their category and name (that one is on a page too).
 */
async function readAsCurrent(stored: StoredAttributeDefinition[]): Promise<AttributeDefinition[]> {
  const legacy = stored.filter((entry) => entry.legacySortKey !== undefined);
  if (legacy.length === 0) return stored.map((entry) => entry.definition);
  const [pathsOf, holders] = await Promise.all([
    currentPathsOfLegacyScopes(legacy),
    getItems(
      legacy.map(({ definition }) =>
        attributeDefinitionKey(definition.channel, definition.scope?.id, definition.name),
      ),
    ),
  ]);
  const held = new Set(holders.map((item) => `${String(item.PK)}\u0000${String(item.SK)}`));
  return stored.flatMap((entry) => {
    if (entry.legacySortKey === undefined) return [entry.definition];
    const { definition } = entry;
    const key = attributeDefinitionKey(definition.channel, definition.scope?.id, definition.name);
    if (held.has(`${key.PK}\u0000${key.SK}`)) return [];
    return currentDefinitions([entry], pathsOf(definition)).current.map((current) => current.definition);
  });
}

/**
 * Creates or replaces a definition: `previous` is the one read (undefined to create), so a write that raced
 * another is refused as `definition`. A legacy `previous` is replaced in place: put under the id key, and
 * its path-keyed item deleted in the same transaction while it is still the version read (else refused as
 * `legacyDefinition`). `extra` rides in the same transaction.
 */
export async function putDefinition(
  definition: AttributeDefinition,
  previous: StoredAttributeDefinition | undefined,
  extra: Record<string, TransactItem | undefined> = {},
): Promise<void> {
  const replacesLegacy = previous?.legacySortKey !== undefined;
  const items: NamedItems = {
    definition: {
      Put: {
        TableName: tableName(),
        Item: definitionItem(definition),
        ConditionExpression: previous && !replacesLegacy ? 'version = :version' : 'attribute_not_exists(PK)',
        ...(previous && !replacesLegacy
          ? { ExpressionAttributeValues: { ':version': previous.definition.version } }
          : {}),
      },
    },
    legacyDefinition:
      previous && replacesLegacy
        ? {
            Delete: {
              TableName: tableName(),
              Key: storedKeyOf(previous),
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': previous.definition.version },
            },
          }
        : undefined,
    ...extra,
  };
  await transactWrite(items);
}

/**
 * Moves a legacy definition, unchanged, to its id key: refused as `definition` when one is there already,
 * as `legacyDefinition` when the legacy item changed or went since it was read.
 */
export async function rekeyDefinition(legacy: StoredAttributeDefinition): Promise<void> {
  await transactWrite({
    definition: {
      Put: {
        TableName: tableName(),
        Item: definitionItem(legacy.definition),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    legacyDefinition: {
      Delete: {
        TableName: tableName(),
        Key: storedKeyOf(legacy),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': legacy.definition.version },
      },
    },
  });
}
