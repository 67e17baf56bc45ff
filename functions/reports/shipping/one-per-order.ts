/**
 * An order read from several index partitions at once can be listed twice: one that moved between two
 * of the statuses read, or whose index keys moved from the legacy partition to its shard meanwhile
 * (`npm run migrate`, or any write of it). The report counts each order once, as its newest version.
 */
export function onePerOrder<T extends { order: { id: string; version: number } }>(
  entries: readonly T[],
): T[] {
  const newest = new Map<string, T>();
  for (const entry of entries) {
    const kept = newest.get(entry.order.id);
    if (!kept || entry.order.version > kept.order.version) newest.set(entry.order.id, entry);
  }
  return [...newest.values()];
}
