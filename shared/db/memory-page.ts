/**
 * A page of a bounded set read whole and filtered in code (alert rules, seasonal factors: filters a key
 * condition cannot express, such as "covers this SKU"): items in sort-key order, and a signed cursor that
 * resumes after the last sort key answered.
 */
import { decodeCursor, encodeCursor } from './cursor';
import type { Page } from './query';

export function pageInMemory<T>(
  items: readonly T[],
  sortKeyOf: (item: T) => string,
  request: { limit: number; cursor?: string; scope: string },
): Page<T> {
  const after = decodeCursor(request.cursor, request.scope)?.after;
  const sorted = [...items].sort((a, b) =>
    sortKeyOf(a) < sortKeyOf(b) ? -1 : sortKeyOf(a) > sortKeyOf(b) ? 1 : 0,
  );
  const rest = typeof after === 'string' ? sorted.filter((item) => sortKeyOf(item) > after) : sorted;
  const page = rest.slice(0, request.limit);
  const more = rest.length > page.length;
  return {
    items: page,
    nextCursor: more ? encodeCursor({ after: sortKeyOf(page.at(-1)!) }, request.scope) : null,
  };
}
