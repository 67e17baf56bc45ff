/**
 * What the table's layout item says of its keys (docs/scale.md, docs/operations.md Migrations):
 * - `layout: sharded` once `npm run migrate` has moved every key of the layout before sharding. Until
 *   then, readers of a sharded family also read the partition of the layout before (`name: 'legacy'`);
 *   from then on nothing writes or holds those, and reading them is a round trip for nothing.
 * - `layoutVersion: 2` once the second migration (`sharded-keys-2`) has finished: every order waiting to
 *   ship is in the pending-orders index (GSI4), and no shipment totals cell is left in a shard retired
 *   when their count went from 16 to 8 (those partitions are named `retired`). Until then, the
 *   pending-shipments report reads the shards of every pending status, and totals read the retired
 *   shards too. A table that finished only the first migration says `sharded` without it.
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

/** The layout the second migration leaves (and a new table starts with). */
export const currentLayoutVersion = 2;

export interface TableLayout {
  /** No key of the layout before sharding is left. */
  sharded: boolean;
  /** The second migration has finished: the pending-orders index is whole, no retired totals shard holds a cell. */
  current: boolean;
}

const complete = new Set<string>();

export async function tableLayout(): Promise<TableLayout> {
  const table = tableName();
  if (complete.has(table)) return { sharded: true, current: true };
  const layout = await cachedReference('table-layout', async () => {
    const item = await getItem(tableLayoutKey());
    return {
      sharded: item?.layout === shardedLayout,
      current: Number(item?.layoutVersion ?? 0) >= currentLayoutVersion,
    };
  });
  if (layout.sharded && layout.current) complete.add(table);
  return layout;
}

/**
 * The partitions a reader must query: without the legacy ones once the table holds only the sharded
 * layout, and without the retired ones once the second migration has folded them.
 */
export async function partitionsToRead<P extends { name?: string }>(partitions: readonly P[]): Promise<P[]> {
  const old = (partition: P) => partition.name === 'legacy' || partition.name === 'retired';
  if (!partitions.some(old)) return [...partitions];
  const layout = await tableLayout();
  return partitions.filter(
    (partition) =>
      !(partition.name === 'legacy' && layout.sharded) && !(partition.name === 'retired' && layout.current),
  );
}

/** The layout item of a table made new: it never held the layout before sharding nor an unindexed order. */
export function newTableLayoutItem(at = new Date().toISOString()): Record<string, unknown> {
  return {
    ...tableLayoutKey(),
    layout: shardedLayout,
    layoutVersion: currentLayoutVersion,
    migration: 'none (a new table)',
    migratedAt: at,
  };
}
