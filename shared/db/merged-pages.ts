/**
 * One page of a listing whose items are spread over several partitions of one index (the shards of a
 * sharded key family, plus the key of the layout before sharding until the migration has run): the
 * partitions are read a few items at a time and merged by sort key, so the page is in the same order a
 * single partition would give.
 *
 * The listing's sort keys must be unique across its partitions (they end in the item's id). Then the sort
 * key of the page's last item says where every partition resumes: the cursor holds only that (signed and
 * scoped like every cursor, and small whatever the number of partitions), and the next page reads each
 * partition from it on. An item added later after that point is still listed, as it would be in one
 * partition.
 */
import { decodeCursor, encodeCursor, InvalidCursor } from './cursor';
import type { Filter, Item, Page, PartitionQuery } from './query';
import { fullItems, indexKeyNames, queryChunk } from './query';
import { partitionsToRead } from './table-layout';

export interface MergedPartition extends Pick<PartitionQuery, 'index' | 'pk' | 'skPrefix' | 'skBetween'> {
  /** Names the partition (a shard number, `legacy`): for the caller's bookkeeping and error messages. */
  name: string;
}

export interface MergedPagesRequest {
  /** Partitions of one index (or all of the table), each a sorted run of the listing. */
  partitions: readonly MergedPartition[];
  filter?: Filter;
  limit: number;
  cursor?: string;
  scope: string;
  ascending?: boolean;
}

/** Above every sort key a client can write: the last code point. */
const HIGHEST = '\u{10ffff}';

/**
 * The partition's sort-key range from the frontier on (the frontier itself included: the caller drops it),
 * or undefined when nothing of the partition lies past it.
 */
export function rangeFrom(
  partition: Pick<MergedPartition, 'skPrefix' | 'skBetween'>,
  frontier: string | undefined,
  ascending: boolean,
): Pick<PartitionQuery, 'skPrefix' | 'skBetween' | 'skRange'> | undefined {
  const bounds = partition.skBetween
    ? { from: partition.skBetween.from, to: partition.skBetween.to }
    : partition.skPrefix
      ? { from: partition.skPrefix, to: `${partition.skPrefix}${HIGHEST}` }
      : { from: undefined, to: undefined };
  if (frontier === undefined) {
    return partition.skBetween
      ? { skBetween: partition.skBetween }
      : partition.skPrefix
        ? { skPrefix: partition.skPrefix }
        : {};
  }
  let { from, to } = bounds as { from?: string; to?: string };
  if (ascending) from = from === undefined || frontier > from ? frontier : from;
  else to = to === undefined || frontier < to ? frontier : to;
  if (from !== undefined && to !== undefined && from > to) return undefined;
  return { skRange: { from, to } };
}

function decodeFrontier(request: MergedPagesRequest): string | undefined {
  const decoded = decodeCursor(request.cursor, request.scope);
  if (!decoded) return undefined;
  const frontier = decoded.after;
  if (typeof frontier !== 'string') throw new InvalidCursor();
  return frontier;
}

interface Run {
  /** Items read and not yet taken, in the listing's order. */
  buffer: Item[];
  /** Where the next read starts (DynamoDB's last evaluated key); undefined before the first. */
  next: Record<string, unknown> | undefined;
  exhausted: boolean;
}

export async function queryMergedPages(request: MergedPagesRequest): Promise<Page<Item>> {
  const { limit } = request;
  // A cursor is a sort key, not a position per partition: dropping the legacy one never breaks it.
  const partitions = await partitionsToRead(request.partitions);
  if (partitions.length === 0) return { items: [], nextCursor: null };
  const index = partitions[0]!.index;
  if (partitions.some((partition) => partition.index !== index))
    throw new Error('Merged partitions must belong to one index: their sort keys are compared.');
  const { skName } = indexKeyNames(index);
  const ascending = request.ascending ?? true;
  const frontier = decodeFrontier(request);
  const ranges = partitions.map((partition) => rangeFrom(partition, frontier, ascending));
  const runs: Run[] = ranges.map((range) => ({
    buffer: [],
    next: undefined,
    exhausted: range === undefined,
  }));
  // Each partition is read in small steps: most pages take items from many partitions.
  const step = Math.min(limit + 1, Math.max(5, Math.ceil(limit / partitions.length) + 1));

  /** Reads until every partition that is not exhausted has an item buffered (a filter may drop a whole read). */
  async function refill(): Promise<void> {
    for (;;) {
      const empty = runs
        .map((run, at) => ({ run, at }))
        .filter(({ run }) => run.buffer.length === 0 && !run.exhausted);
      if (empty.length === 0) return;
      await Promise.all(
        empty.map(async ({ run, at }) => {
          const { index: partitionIndex, pk } = partitions[at]!;
          const chunk = await queryChunk(
            { index: partitionIndex, pk, ...ranges[at], filter: request.filter, ascending },
            run.next,
            request.filter ? Math.max(step, 25) : step,
          );
          run.buffer.push(...chunk.items.filter((item) => String(item[skName]) !== frontier));
          run.next = chunk.lastEvaluatedKey;
          run.exhausted = !chunk.lastEvaluatedKey;
        }),
      );
    }
  }

  const taken: Item[] = [];
  while (taken.length < limit) {
    await refill();
    let best = -1;
    for (let at = 0; at < runs.length; at++) {
      const head = runs[at]!.buffer[0];
      if (!head) continue;
      if (best < 0) {
        best = at;
        continue;
      }
      const current = String(runs[best]!.buffer[0]![skName]);
      const candidate = String(head[skName]);
      if (ascending ? candidate < current : candidate > current) best = at;
    }
    if (best < 0) break;
    taken.push(runs[best]!.buffer.shift()!);
  }
  // Whether another page holds anything: every partition still open shows its next item, or ends.
  await refill();
  const more = runs.some((run) => run.buffer.length > 0);
  const items = await fullItems(index, taken);
  if (!more || taken.length === 0) return { items, nextCursor: null };
  return { items, nextCursor: encodeCursor({ after: String(taken.at(-1)![skName]) }, request.scope) };
}
