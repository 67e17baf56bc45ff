/**
 * What the table's layout item says of its keys (docs/scale.md, docs/operations.md Migrations):
 * - `layout: sharded` once `npm run migrate` has moved every key of the layout before sharding. Until
 *   then, readers of a sharded family also read the partition of the layout before (`name: 'legacy'`);
 *   from then on nothing writes or holds those, and reading them is a round trip for nothing.
 * - `pendingIndex: true` once every order waiting to ship is in the pending-orders index (GSI4): the
 *   service has put them there since that index came, and `npm run migrate` puts those written before.
 *   Until then, the pending-shipments report reads the shards of every pending status instead.
 * A table made new holds nothing from before: its item says both from the start.
 *
 * Read as reference data (shared/reference/cache): a migration finished elsewhere is seen within the
 * cache's bound, and once seen it stays (a table never goes back).
 */
import { tableName } from './client';
import { tableLayoutKey } from './keys/migrations';
import { getItem } from './query';
import { cachedReference } from '../reference/cache';

export const shardedLayout = 'sharded';

export interface TableLayout {
  /** No key of the layout before sharding is left. */
  sharded: boolean;
  /** Every order waiting to ship is in the pending-orders index. */
  pendingIndex: boolean;
}

const complete = new Set<string>();

export async function tableLayout(): Promise<TableLayout> {
  const table = tableName();
  if (complete.has(table)) return { sharded: true, pendingIndex: true };
  const layout = await cachedReference('table-layout', async () => {
    const item = await getItem(tableLayoutKey());
    return { sharded: item?.layout === shardedLayout, pendingIndex: item?.pendingIndex === true };
  });
  if (layout.sharded && layout.pendingIndex) complete.add(table);
  return layout;
}

export async function onlyShardedLayout(): Promise<boolean> {
  return (await tableLayout()).sharded;
}

/** The partitions a reader must query: without the legacy one once the table holds only the sharded layout. */
export async function partitionsToRead<P extends { name?: string }>(partitions: readonly P[]): Promise<P[]> {
  if (!partitions.some((partition) => partition.name === 'legacy')) return [...partitions];
  return (await onlyShardedLayout())
    ? partitions.filter((partition) => partition.name !== 'legacy')
    : [...partitions];
}

/** The layout item of a table made new: it never held the layout before sharding nor an unindexed order. */
export function newTableLayoutItem(at = new Date().toISOString()): Record<string, unknown> {
  return {
    ...tableLayoutKey(),
    layout: shardedLayout,
    pendingIndex: true,
    migration: 'none (a new table)',
    migratedAt: at,
  };
}
