/**
 * One page of a listing whose items are spread over several partitions of one index (the shards of a
 * sharded key family, plus the key of the layout before sharding until the migration has run): the
 * partitions are read a few items at a time and merged by sort key, so the page is in the same order a
 * single partition would give. The cursor keeps where each partition stands (after the last item taken
 * from it, or from its start) and the sort key of the last item of the page, scoped to the request and
 * signed like every cursor. A partition read to its end is read again on the next page, so an item added
 * to it later after the page's last item is still listed, as it would be in one partition.
 */
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { decodeCursor, encodeCursor, InvalidCursor } from './cursor';
import type { Filter, Item, Page, PartitionQuery } from './query';
import { fullItems, indexKeyNames, pickKey, queryChunk } from './query';

type Key = Record<string, NativeAttributeValue>;

export interface MergedPartition extends Pick<PartitionQuery, 'index' | 'pk' | 'skPrefix' | 'skBetween'> {
  /** Stable within the listing (a shard number, `legacy`): the cursor names it. */
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

/** Where a partition stands: nothing taken from it yet, or after an item (its key). */
type Position = { kind: 'start' } | { kind: 'after'; key: Key };

const START = 'start';
/** The cursor's entry for the sort key of the page's last item (partition names never start with `~`). */
const FRONTIER = '~';

function decodeCursorState(request: MergedPagesRequest): { positions: Position[]; frontier?: string } {
  const decoded = decodeCursor(request.cursor, request.scope);
  if (!decoded) return { positions: request.partitions.map(() => ({ kind: 'start' })) };
  const frontier = decoded[FRONTIER];
  if (typeof frontier !== 'string') throw new InvalidCursor();
  return { positions: request.partitions.map(({ name }) => decodePosition(decoded[name])), frontier };
}

function decodePosition(value: unknown): Position {
  if (value === START) return { kind: 'start' };
  if (typeof value !== 'string') throw new InvalidCursor();
  let key: unknown;
  try {
    key = JSON.parse(value);
  } catch {
    throw new InvalidCursor();
  }
  if (
    typeof key !== 'object' ||
    key === null ||
    Array.isArray(key) ||
    !Object.values(key).every((part) => typeof part === 'string' || typeof part === 'number')
  )
    throw new InvalidCursor();
  return { kind: 'after', key: key as Key };
}

interface Run {
  position: Position;
  /** Items read and not yet taken, in the listing's order. */
  buffer: Item[];
  /** Where the next read starts; undefined once the partition's range is read to its end. */
  next: Key | undefined;
  exhausted: boolean;
}

export async function queryMergedPages(request: MergedPagesRequest): Promise<Page<Item>> {
  const { partitions, limit } = request;
  if (partitions.length === 0) return { items: [], nextCursor: null };
  const index = partitions[0]!.index;
  if (partitions.some((partition) => partition.index !== index))
    throw new Error('Merged partitions must belong to one index: their sort keys are compared.');
  const { pkName, skName } = indexKeyNames(index);
  const ascending = request.ascending ?? true;
  if (partitions.some((partition) => partition.name.startsWith(FRONTIER)))
    throw new Error(`A merged partition's name may not start with ${FRONTIER}.`);
  const state = decodeCursorState(request);
  const runs: Run[] = state.positions.map((position) => ({
    position,
    buffer: [],
    next: position.kind === 'after' ? position.key : undefined,
    exhausted: false,
  }));
  /** Whether an item sorts after the previous page's last item (a partition read from its start skips the rest). */
  const afterFrontier = (item: Item) =>
    state.frontier === undefined ||
    (ascending ? String(item[skName]) > state.frontier : String(item[skName]) < state.frontier);
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
          const { name: _name, ...partition } = partitions[at]!;
          const chunk = await queryChunk(
            { ...partition, filter: request.filter, ascending },
            run.next,
            request.filter ? Math.max(step, 25) : step,
          );
          run.buffer.push(
            ...(run.position.kind === 'start' ? chunk.items.filter(afterFrontier) : chunk.items),
          );
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
    const item = runs[best]!.buffer.shift()!;
    runs[best]!.position = { kind: 'after', key: pickKey(item, pkName, skName) };
    taken.push(item);
  }
  // Whether another page holds anything: every partition still open shows its next item, or ends.
  await refill();
  const more = runs.some((run) => run.buffer.length > 0);
  const items = await fullItems(index, taken);
  if (!more) return { items, nextCursor: null };
  const positions: Record<string, string> = Object.fromEntries(
    runs.map((run, at): [string, string] => [
      partitions[at]!.name,
      run.position.kind === 'after' ? JSON.stringify(run.position.key) : START,
    ]),
  );
  positions[FRONTIER] = String(taken.at(-1)?.[skName] ?? state.frontier ?? '');
  return { items, nextCursor: encodeCursor(positions, request.scope) };
}
