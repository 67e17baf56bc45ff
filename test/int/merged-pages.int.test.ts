/**
 * shared/db/merged-pages.ts against DynamoDB Local: items spread over many partitions of an index come
 * back in one sort order, page after page, each exactly once, with filters and in both directions; a
 * cursor is bound to its listing and a tampered one is a 400's InvalidCursor.
 */
import { describe, expect, it } from 'vitest';
import { batchWrite } from '../../shared/db/batch-write';
import { InvalidCursor } from '../../shared/db/cursor';
import type { MergedPartition } from '../../shared/db/merged-pages';
import { queryMergedPages } from '../../shared/db/merged-pages';
import type { Filter, Item } from '../../shared/db/query';

const SHARDS = 5;
const run = `merge-${Date.now()}`;
/** 137 items over 5 shards and a legacy partition; shard 3 stays empty, the legacy one holds a few. */
const items = Array.from({ length: 137 }, (_, at) => {
  const sort = `2026-11-${String(1 + (at % 28)).padStart(2, '0')}T10:00:${String(at % 60).padStart(2, '0')}.000Z#${String(at).padStart(4, '0')}`;
  const shard = at % 17 === 0 ? 'legacy' : [0, 1, 2, 4][at % 4]!;
  return {
    PK: `${run}#item#${at}`,
    SK: 'ITEM',
    GSI1PK: shard === 'legacy' ? `${run}` : `${run}@${shard}`,
    GSI1SK: sort,
    colour: at % 3 === 0 ? 'red' : 'blue',
  };
});
await batchWrite(items.map((item) => ({ PutRequest: { Item: item } })));

const partitions: MergedPartition[] = [
  ...Array.from({ length: SHARDS }, (_, shard) => ({
    name: String(shard),
    index: 'GSI1' as const,
    pk: `${run}@${shard}`,
  })),
  { name: 'legacy', index: 'GSI1' as const, pk: run },
];

async function readAll(options: {
  limit: number;
  filter?: Filter;
  ascending?: boolean;
  partitions?: MergedPartition[];
}): Promise<{ pages: Item[][] }> {
  const pages: Item[][] = [];
  let cursor: string | undefined;
  do {
    const page = await queryMergedPages({ partitions, scope: 'test', ...options, cursor });
    pages.push(page.items);
    cursor = page.nextCursor ?? undefined;
    expect(pages.length).toBeLessThan(200);
  } while (cursor);
  return { pages };
}

const sorts = (list: Item[]) => list.map((item) => String(item.GSI1SK));

describe('merged pages over shards', () => {
  it.each([7, 50, 136, 137, 200])('reads every item once, in order, with pages of %i', async (limit) => {
    const { pages } = await readAll({ limit });
    const all = pages.flat();
    expect(sorts(all)).toEqual(sorts(items).sort());
    for (const page of pages.slice(0, -1)) expect(page).toHaveLength(limit);
    // No empty last page: a cursor is only given when more items exist.
    expect(pages.at(-1)!.length).toBeGreaterThan(0);
  });

  it('reads every item once, in order, with pages of 1, resuming across every partition', async () => {
    // The first four days: 20 items from every shard and the legacy partition (shard 3 empty), so the
    // one-item pages resume from a cursor at each move between partitions without 137 pages of queries.
    const days = { from: '2026-11-01', to: '2026-11-05' };
    const within = partitions.map((partition) => ({ ...partition, skBetween: days }));
    const expected = sorts(items)
      .filter((sort) => sort >= days.from && sort <= days.to)
      .sort();
    expect(expected).toHaveLength(20);
    const shardsOf = (list: Item[]) => new Set(list.map((item) => String(item.GSI1PK)));
    const inRange = items.filter((item) => expected.includes(item.GSI1SK));
    expect(shardsOf(inRange)).toEqual(new Set([0, 1, 2, 4].map((shard) => `${run}@${shard}`).concat(run)));
    const { pages } = await readAll({ limit: 1, partitions: within });
    expect(sorts(pages.flat())).toEqual(expected);
    for (const page of pages) expect(page).toHaveLength(1);
  });

  it('keeps the cursor small whatever the number of partitions', async () => {
    const many: MergedPartition[] = [
      ...partitions,
      ...Array.from({ length: 40 }, (_, at) => ({
        name: `x${at}`,
        index: 'GSI1' as const,
        pk: `${run}@none${at}`,
      })),
    ];
    const page = await queryMergedPages({ partitions: many, limit: 9, scope: 'test' });
    expect(page.nextCursor!.length).toBeLessThan(200);
    const next = await queryMergedPages({
      partitions: many,
      limit: 9,
      scope: 'test',
      cursor: page.nextCursor!,
    });
    expect(sorts([...page.items, ...next.items])).toEqual(sorts(items).sort().slice(0, 18));
  });

  it('resumes within a sort-key prefix or range in both directions', async () => {
    const within = partitions.map((partition) => ({ ...partition, skPrefix: '2026-11-1' }));
    const expected = sorts(items)
      .filter((sort) => sort.startsWith('2026-11-1'))
      .sort();
    for (const ascending of [true, false]) {
      const read: Item[] = [];
      let cursor: string | undefined;
      do {
        const page = await queryMergedPages({
          partitions: within,
          limit: 6,
          scope: 'test',
          cursor,
          ascending,
        });
        read.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(sorts(read)).toEqual(ascending ? expected : [...expected].reverse());
    }
    const between = partitions.map((partition) => ({
      ...partition,
      skBetween: { from: '2026-11-05', to: '2026-11-09' },
    }));
    const page = await queryMergedPages({ partitions: between, limit: 4, scope: 'test', ascending: false });
    const rest = await queryMergedPages({
      partitions: between,
      limit: 200,
      scope: 'test',
      ascending: false,
      cursor: page.nextCursor!,
    });
    expect(sorts([...page.items, ...rest.items])).toEqual(
      sorts(items)
        .filter((sort) => sort >= '2026-11-05' && sort <= '2026-11-09')
        .sort()
        .reverse(),
    );
  });

  it('reads newest first when descending', async () => {
    const { pages } = await readAll({ limit: 11, ascending: false });
    expect(sorts(pages.flat())).toEqual(sorts(items).sort().reverse());
  });

  it('keeps the order and completeness through a filter', async () => {
    const filter: Filter = { expression: '#c = :c', names: { '#c': 'colour' }, values: { ':c': 'red' } };
    const { pages } = await readAll({ limit: 4, filter });
    const red = items.filter((item) => item.colour === 'red');
    expect(sorts(pages.flat())).toEqual(sorts(red).sort());
  });

  it('answers an empty listing with no cursor', async () => {
    const page = await queryMergedPages({
      partitions: partitions.map((partition) => ({ ...partition, pk: `${partition.pk}-none` })),
      limit: 10,
      scope: 'test',
    });
    expect(page).toEqual({ items: [], nextCursor: null });
  });

  it('refuses a cursor of another listing or one altered', async () => {
    const first = await queryMergedPages({ partitions, limit: 3, scope: 'test' });
    await expect(
      queryMergedPages({ partitions, limit: 3, scope: 'other', cursor: first.nextCursor! }),
    ).rejects.toBeInstanceOf(InvalidCursor);
    const altered = `${first.nextCursor!.slice(0, 10)}x${first.nextCursor!.slice(11)}`;
    await expect(
      queryMergedPages({ partitions, limit: 3, scope: 'test', cursor: altered }),
    ).rejects.toBeInstanceOf(InvalidCursor);
  });

  it('sees an item added behind the cursor in a partition not yet read', async () => {
    const first = await queryMergedPages({ partitions, limit: 5, scope: 'test' });
    const late = {
      PK: `${run}#late`,
      SK: 'ITEM',
      GSI1PK: `${run}@3`,
      GSI1SK: '2026-12-31T00:00:00.000Z#late',
    };
    await batchWrite([{ PutRequest: { Item: late } }]);
    let cursor = first.nextCursor ?? undefined;
    const rest: Item[] = [];
    while (cursor) {
      const page = await queryMergedPages({ partitions, limit: 50, scope: 'test', cursor });
      rest.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    }
    expect(sorts(rest).at(-1)).toBe(late.GSI1SK);
    await batchWrite([{ DeleteRequest: { Key: { PK: late.PK, SK: late.SK } } }]);
  });
});
