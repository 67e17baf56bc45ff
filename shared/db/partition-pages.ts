/**
 * One page of items kept in several partitions read one after another (a report over every warehouse's
 * stock, the movements of each day of a range): the cursor names the partition and the position within
 * it, scoped to the request so it cannot be replayed against another. The month pages are the same idea
 * over months (month-pages.ts).
 */
import { decodeCursor, encodeCursor, InvalidCursor } from './cursor';
import type { Filter, Item, Page, PageRequest } from './query';
import { queryPage } from './query';

export interface NamedPartition extends Pick<PageRequest, 'index' | 'pk' | 'skPrefix' | 'skBetween'> {
  /** Stable within the request (a warehouse id, a day): the cursor names it. */
  name: string;
}

export async function queryPartitionPages(request: {
  partitions: readonly NamedPartition[];
  filter?: Filter;
  limit: number;
  cursor?: string;
  scope: string;
  ascending?: boolean;
}): Promise<Page<Item>> {
  const { partitions, scope } = request;
  const position = decodeCursor(request.cursor, scope);
  let index = 0;
  let inner: string | undefined;
  if (position) {
    index = partitions.findIndex((partition) => partition.name === position.partition);
    if (index < 0 || (position.inner !== undefined && typeof position.inner !== 'string'))
      throw new InvalidCursor();
    inner = position.inner as string | undefined;
  }
  const items: Item[] = [];
  for (; index < partitions.length; index += 1) {
    const { name, ...partition } = partitions[index]!;
    const page = await queryPage({
      ...partition,
      filter: request.filter,
      limit: request.limit - items.length,
      cursor: inner,
      scope: `${scope}|${name}`,
      ascending: request.ascending ?? true,
    });
    inner = undefined;
    items.push(...page.items);
    if (page.nextCursor)
      return { items, nextCursor: encodeCursor({ partition: name, inner: page.nextCursor }, scope) };
    if (items.length >= request.limit) {
      const next = partitions[index + 1];
      return { items, nextCursor: next ? encodeCursor({ partition: next.name }, scope) : null };
    }
  }
  return { items, nextCursor: null };
}
