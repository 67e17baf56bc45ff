/**
 * Readers that need every item of a sharded key family, or only whether it holds one, rather than a page
 * of it (merged-pages.ts): every partition is read at once, so the answer costs the round trips of the
 * largest partition, not of all of them together.
 */
import type { Filter, Item, PartitionQuery } from './query';
import { countItems, indexKeyNames, queryAll, queryChunk } from './query';
import { partitionsToRead } from './table-layout';

type Partition = Pick<PartitionQuery, 'index' | 'pk' | 'skPrefix' | 'skBetween'> & { name?: string };

/** Every item of the partitions (one index), read in parallel, in sort-key order as one partition would be. */
export async function queryEveryPartition(
  partitions: readonly Partition[],
  filter?: Filter,
): Promise<Item[]> {
  const read = await Promise.all(
    (await partitionsToRead(partitions)).map(({ index, pk, skPrefix, skBetween }) =>
      queryAll({ index, pk, skPrefix, skBetween, filter }),
    ),
  );
  const { skName } = indexKeyNames(partitions[0]?.index);
  const bySortKey = (a: Item, b: Item) => {
    const [left, right] = [String(a[skName]), String(b[skName])];
    return left < right ? -1 : left > right ? 1 : 0;
  };
  return read.flat().sort(bySortKey);
}

/** Whether any of the partitions holds an item: one Query of one item each, all at once. */
export async function anyItemIn(partitions: readonly Partition[]): Promise<boolean> {
  const firsts = await Promise.all(
    (await partitionsToRead(partitions)).map(({ index, pk, skPrefix, skBetween }) =>
      queryChunk({ index, pk, skPrefix, skBetween }, undefined, 1),
    ),
  );
  return firsts.some((first) => first.items.length > 0);
}

/** How many items the partitions hold together, counted by DynamoDB without reading them back. */
export async function countEveryPartition(
  partitions: readonly Pick<Partition, 'index' | 'pk' | 'skPrefix' | 'name'>[],
): Promise<number> {
  const counts = await Promise.all(
    (await partitionsToRead(partitions)).map(({ index, pk, skPrefix }) =>
      countItems({ index, pk, skPrefix }),
    ),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}
