/**
 * Category mappings and the internal categories met unmapped (keys in shared/db/keys/taxonomy.ts). A
 * mapping's write removes its category's unmapped row in the same transaction.
 */
import { tableName } from '../../../shared/db/client';
import {
  allMappings,
  allUnmapped,
  categoryMappingIndexKeys,
  categoryMappingKey,
  mappingsInStatus,
  mappingsOfChannel,
  mappingsOfChannelInStatus,
  unmappedCategoryKey,
  unmappedOfChannel,
} from '../../../shared/db/keys';
import type { Item, Page } from '../../../shared/db/query';
import { getItem, queryAll, queryPage } from '../../../shared/db/query';
import { toResource } from '../../../shared/db/resource';
import type { TransactItem } from '../../../shared/db/transactions';
import { transactWrite } from '../../../shared/db/transactions';
import { foldedPath } from '../rules/category-path';
import type { CategoryMapping } from './schemas';
import { categoryMappingSchema, mappingRowSchema } from './schemas';

export function mappingItem(mapping: CategoryMapping) {
  const folded = foldedPath(mapping.internalPath);
  return {
    ...categoryMappingKey(mapping.channel, folded),
    ...categoryMappingIndexKeys({ channel: mapping.channel, folded, status: mapping.status }),
    entity: 'taxonomy-mapping',
    ...mapping,
  };
}

export const toMapping = (item: Item) => toResource(categoryMappingSchema, item);

export async function findMapping(
  channel: string,
  internalPath: string,
): Promise<CategoryMapping | undefined> {
  const item = await getItem(categoryMappingKey(channel, foldedPath(internalPath)), true);
  return item ? toMapping(item) : undefined;
}

/** Every mapping to a channel (read whole by apply and preview: a merchant's own category list). */
export async function mappingsToChannel(channel: string): Promise<CategoryMapping[]> {
  return (await queryAll({ ...mappingsOfChannel(channel), consistent: true })).map(toMapping);
}

/** Items: `mapping` (refused when another write came first), `unmapped` (its row removed), and `extra`. */
export async function putMapping(
  mapping: CategoryMapping,
  previous: CategoryMapping | undefined,
  extra: Record<string, TransactItem | undefined>,
): Promise<void> {
  await transactWrite({
    mapping: {
      Put: {
        TableName: tableName(),
        Item: mappingItem(mapping),
        ConditionExpression: previous ? 'version = :version' : 'attribute_not_exists(PK)',
        ...(previous ? { ExpressionAttributeValues: { ':version': previous.version } } : {}),
      },
    },
    unmapped: previous
      ? undefined
      : {
          Delete: {
            TableName: tableName(),
            Key: unmappedCategoryKey(mapping.channel, foldedPath(mapping.internalPath)),
          },
        },
    ...extra,
  });
}

export interface MappingFilters {
  channel?: string;
  prefix?: string;
  status?: 'mapped' | 'unmapped' | 'retired';
}

/** A page of mappings (or unmapped rows) by internal path, from the partition that serves the filters. */
export async function pageOfMappings(
  filters: MappingFilters,
  limit: number,
  cursor?: string,
): Promise<Page<unknown>> {
  const prefix = filters.prefix ? foldedPath(filters.prefix) : '';
  const scope = `taxonomy-mappings:${filters.channel ?? ''}:${prefix}:${filters.status ?? ''}`;
  const { channel, status } = filters;
  const partition =
    status === 'unmapped'
      ? channel
        ? unmappedOfChannel(channel, prefix)
        : allUnmapped(prefix)
      : channel
        ? status
          ? mappingsOfChannelInStatus(channel, status, prefix)
          : mappingsOfChannel(channel, prefix)
        : status
          ? mappingsInStatus(status, prefix)
          : allMappings(prefix);
  const page = await queryPage({ ...partition, limit, cursor, scope });
  return {
    items: page.items.map((item) =>
      toResource(mappingRowSchema, status === 'unmapped' ? { ...item, status: 'unmapped' } : item),
    ),
    nextCursor: page.nextCursor,
  };
}

/**
 * Mappings of every channel by internal path, from just after `after` (a folded path) within `prefix`:
 * the cross-reference reads whole categories from here.
 */
export async function mappingsAfter(
  prefix: string,
  after: string | undefined,
  limit: number,
  cursor?: string,
) {
  return queryPage({
    ...allMappings(prefix),
    // From just after the last category answered (a key condition cannot compare with an empty string).
    ...(after ? { skPrefix: undefined, skBetween: { from: `${after}\uffff`, to: `${prefix}\uffff` } } : {}),
    limit,
    cursor,
    scope: `taxonomy-cross-reference-internal:${prefix}`,
  });
}
