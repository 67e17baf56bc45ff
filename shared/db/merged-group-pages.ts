/**
 * One page of a listing kept in groups read one after another (each warehouse's stock, each day's
 * movements), where each group is itself spread over several partitions merged by sort key (the shards of
 * a sharded key family and the layout before: merged-pages.ts). The cursor names the group and carries
 * the merged cursor within it, scoped to the request like every cursor.
 */
import { decodeCursor, encodeCursor, InvalidCursor } from './cursor';
import type { MergedPartition } from './merged-pages';
import { queryMergedPages } from './merged-pages';
import type { Filter, Item, Page } from './query';

export interface PartitionGroup {
  /** Stable within the request (a warehouse id, a day): the cursor names it. */
  name: string;
  partitions: readonly MergedPartition[];
}

export async function queryGroupPages(request: {
  groups: readonly PartitionGroup[];
  filter?: Filter;
  limit: number;
  cursor?: string;
  scope: string;
  ascending?: boolean;
}): Promise<Page<Item>> {
  const { groups, scope } = request;
  const position = decodeCursor(request.cursor, scope);
  let index = 0;
  let inner: string | undefined;
  if (position) {
    index = groups.findIndex((group) => group.name === position.group);
    if (index < 0 || (position.inner !== undefined && typeof position.inner !== 'string'))
      throw new InvalidCursor();
    inner = position.inner as string | undefined;
  }
  const items: Item[] = [];
  for (; index < groups.length; index += 1) {
    const { name, partitions } = groups[index]!;
    const page = await queryMergedPages({
      partitions,
      filter: request.filter,
      limit: request.limit - items.length,
      cursor: inner,
      scope: `${scope}|${name}`,
      ascending: request.ascending ?? true,
    });
    inner = undefined;
    items.push(...page.items);
    if (page.nextCursor)
      return { items, nextCursor: encodeCursor({ group: name, inner: page.nextCursor }, scope) };
    if (items.length >= request.limit) {
      const next = groups[index + 1];
      return { items, nextCursor: next ? encodeCursor({ group: next.name }, scope) : null };
    }
  }
  return { items, nextCursor: null };
}
