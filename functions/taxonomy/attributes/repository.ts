/** Channel attribute definitions in the single table (keys in shared/db/keys/taxonomy.ts). */
import { tableName } from '../../../shared/db/client';
import {
  allAttributeDefinitions,
  attributeDefinitionIndexKeys,
  attributeDefinitionKey,
  attributesOfChannel,
} from '../../../shared/db/keys';
import type { Page } from '../../../shared/db/query';
import { getItem, queryAll, queryPage } from '../../../shared/db/query';
import { toResource } from '../../../shared/db/resource';
import type { NamedItems, TransactItem } from '../../../shared/db/transactions';
import { transactWrite } from '../../../shared/db/transactions';
import { foldedPath } from '../rules/category-path';
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

/** The definition of a channel, scope (a channel category's id; undefined for every category) and name. */
export async function findDefinition(
  channel: string,
  scopeId: string | undefined,
  name: string,
): Promise<AttributeDefinition | undefined> {
  const item = await getItem(attributeDefinitionKey(channel, scopeId, name), true);
  return item ? toDefinition(item) : undefined;
}

/** Every attribute a channel defines (bounded: a channel's own list of attributes). */
export async function definitionsOfChannel(channel: string): Promise<AttributeDefinition[]> {
  return (await queryAll(attributesOfChannel(channel))).map(toDefinition);
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
  return { items: page.items.map(toDefinition), nextCursor: page.nextCursor };
}

/**
 * Creates or replaces a definition: `previous` is the version read (undefined to create), so a write
 * that raced another is refused as `definition`. `extra` rides in the same transaction.
 */
export async function putDefinition(
  definition: AttributeDefinition,
  previous: AttributeDefinition | undefined,
  extra: Record<string, TransactItem | undefined> = {},
): Promise<void> {
  const items: NamedItems = {
    definition: {
      Put: {
        TableName: tableName(),
        Item: definitionItem(definition),
        ConditionExpression: previous ? 'version = :version' : 'attribute_not_exists(PK)',
        ...(previous ? { ExpressionAttributeValues: { ':version': previous.version } } : {}),
      },
    },
    ...extra,
  };
  await transactWrite(items);
}
