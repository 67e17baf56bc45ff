/**
 * Channel attribute definitions stored before scope ids keyed them: their sort key is their scope's folded
 * path (`<folded path>#<lower name>`), and their scope path is the one they were written with (loads did
 * not move them then). They carry their scope's id, so they read as current ones: each takes its
 * category's current path, and one whose category and name a definition under the id key already holds
 * (a replace that missed it wrote that one) gives way to it. Pure: reads and the load's re-keying share it.
 */
import type { ChannelCategory } from '../schemas';

export interface KeyedDefinition {
  id: string;
  name: string;
  scope?: ChannelCategory;
  updatedAt: string;
}

/** A definition as stored: `legacySortKey` when it is still under its scope path's key. */
export interface StoredDefinition<T extends KeyedDefinition> {
  definition: T;
  legacySortKey?: string;
}

export interface CurrentDefinitions<T extends KeyedDefinition> {
  /** One per scope category id and name: a definition under the id key before a legacy one, else the latest. */
  current: Array<StoredDefinition<T>>;
  /** Legacy definitions another one of the same category and name stands before (kept, never read). */
  shadowed: Array<StoredDefinition<T>>;
}

const identity = (definition: KeyedDefinition) =>
  `${definition.scope?.id ?? ''}\u0000${definition.name.toLocaleLowerCase('en')}`;

const precedes = <T extends KeyedDefinition>(a: StoredDefinition<T>, b: StoredDefinition<T>) => {
  if ((a.legacySortKey === undefined) !== (b.legacySortKey === undefined))
    return a.legacySortKey === undefined;
  if (a.definition.updatedAt !== b.definition.updatedAt)
    return a.definition.updatedAt > b.definition.updatedAt;
  return a.definition.id > b.definition.id;
};

/**
 * The definitions that apply, in stored order, a legacy one at its category's current path
 * (`currentPaths` by category id; a category it lacks keeps the stored path).
 */
export function currentDefinitions<T extends KeyedDefinition>(
  stored: ReadonlyArray<StoredDefinition<T>>,
  currentPaths: ReadonlyMap<string, string> = new Map(),
): CurrentDefinitions<T> {
  const chosen = new Map<string, StoredDefinition<T>>();
  for (const entry of stored) {
    const key = identity(entry.definition);
    const other = chosen.get(key);
    if (!other || precedes(entry, other)) chosen.set(key, entry);
  }
  const winners = new Set(chosen.values());
  const current: Array<StoredDefinition<T>> = [];
  const shadowed: Array<StoredDefinition<T>> = [];
  for (const entry of stored) {
    if (!winners.has(entry)) {
      shadowed.push(entry);
      continue;
    }
    const scope = entry.definition.scope;
    const path = scope && entry.legacySortKey !== undefined ? currentPaths.get(scope.id) : undefined;
    current.push(
      path === undefined || path === scope?.path
        ? entry
        : { ...entry, definition: { ...entry.definition, scope: { id: scope!.id, path } } },
    );
  }
  return { current, shadowed };
}
