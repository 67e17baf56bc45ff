/**
 * Whether the table holds only the sharded key layout (docs/scale.md). Its layout item says so once
 * `npm run migrate` has finished, or from the start for a table made new (nothing to migrate). Until
 * then, readers of a sharded family also read the partition of the layout before (`name: 'legacy'`);
 * from then on nothing writes or holds those, and reading them is a round trip for nothing.
 *
 * Read as reference data (shared/reference/cache): a migration finished elsewhere is seen within the
 * cache's bound, and once seen it stays (a table never goes back to the old layout).
 */
import { tableName } from './client';
import { tableLayoutKey } from './keys/migrations';
import { getItem } from './query';
import { cachedReference } from '../reference/cache';

export const shardedLayout = 'sharded';

const shardedTables = new Set<string>();

export async function onlyShardedLayout(): Promise<boolean> {
  const table = tableName();
  if (shardedTables.has(table)) return true;
  const sharded = await cachedReference(
    'table-layout',
    async () => (await getItem(tableLayoutKey()))?.layout === shardedLayout,
  );
  if (sharded) shardedTables.add(table);
  return sharded;
}

/** The partitions a reader must query: without the legacy one once the table holds only the sharded layout. */
export async function partitionsToRead<P extends { name?: string }>(partitions: readonly P[]): Promise<P[]> {
  if (!partitions.some((partition) => partition.name === 'legacy')) return [...partitions];
  return (await onlyShardedLayout())
    ? partitions.filter((partition) => partition.name !== 'legacy')
    : [...partitions];
}

/** The layout item of a table made new: it never held the old layout. */
export function newTableLayoutItem(at = new Date().toISOString()): Record<string, unknown> {
  return { ...tableLayoutKey(), layout: shardedLayout, migration: 'none (a new table)', migratedAt: at };
}
