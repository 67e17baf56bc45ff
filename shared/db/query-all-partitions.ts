/**
 * Every item of a listing spread over several partitions of one index (the shards of a sharded key family
 * and the partition of the layout before, shared/db/keys/shards.ts), for readers that need all of it (a
 * report summing, alerts): each partition read whole, in parallel, merged in sort-key order as one
 * partition would give them. Listings with pages and cursors use queryMergedPages instead.
 */
import type { Item, PageRequest } from './query';
import { indexKeyNames, queryAll } from './query';

type Partition = Pick<PageRequest, 'index' | 'pk' | 'skPrefix' | 'skBetween'>;

export async function queryAllPartitions(
  partitions: readonly Partition[],
  request: Pick<PageRequest, 'filter' | 'skPrefix' | 'skBetween' | 'ascending'> = {},
): Promise<Item[]> {
  const reads = await Promise.all(
    partitions.map(({ index, pk, skPrefix, skBetween }) =>
      queryAll({ index, pk, skPrefix, skBetween, ...request }),
    ),
  );
  const { skName } = indexKeyNames(partitions[0]?.index);
  const direction = request.ascending === false ? -1 : 1;
  return reads
    .flat()
    .sort(
      (a, b) =>
        direction *
        (String(a[skName]) < String(b[skName]) ? -1 : String(a[skName]) > String(b[skName]) ? 1 : 0),
    );
}
