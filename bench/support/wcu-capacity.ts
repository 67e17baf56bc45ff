/**
 * Write units as DynamoDB counts them, from an item's images before and after a write: item size by the
 * documented rules (CapacityUnitCalculations), one unit per started KB, and an index write only when the
 * item's index entry (table keys, index keys and the projected attributes) appears, disappears, moves or
 * changes. Used to price the same recorded writes under another projection than the table has.
 */
import type { IndexProjection } from '../../shared/db/table-definition';
import { tableDefinition } from '../../shared/db/table-definition';

type Item = Record<string, unknown>;

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** A number's size: one byte per two significant digits (leading and trailing zeroes trimmed), plus one. */
function numberBytes(value: number | bigint): number {
  const digits = String(value)
    .replace(/^-/, '')
    .replace(/e[+-]?\d+$/i, '')
    .replace('.', '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}

function valueBytes(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number' || typeof value === 'bigint') return numberBytes(value);
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) {
    return [...(value as Set<unknown>)].reduce<number>((sum, member) => sum + valueBytes(member), 0);
  }
  // Lists and maps: 3 bytes however full, and 1 byte for each element.
  if (Array.isArray(value))
    return 3 + value.reduce<number>((sum, element) => sum + 1 + valueBytes(element), 0);
  if (typeof value === 'object') {
    return (
      3 +
      Object.entries(value as Item).reduce<number>(
        (sum, [name, element]) => sum + 1 + utf8(name) + valueBytes(element),
        0,
      )
    );
  }
  throw new Error(`no DynamoDB size for ${typeof value}`);
}

/** The item's size in bytes: each attribute's name and value. */
export function itemBytes(item: Item): number {
  return Object.entries(item).reduce((sum, [name, value]) => sum + utf8(name) + valueBytes(value), 0);
}

/** Write units of a write of that many bytes: one per started KB, at least one. */
export const writeUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

export interface IndexShape {
  indexName: string;
  partitionKey: string;
  sortKey: string;
  projection: IndexProjection;
}

/** The item as the index holds it, or undefined when it lacks the index's keys (a sparse index). */
export function indexEntry(item: Item | undefined, index: IndexShape): Item | undefined {
  if (!item || item[index.partitionKey] === undefined || item[index.sortKey] === undefined) return undefined;
  const kept = new Set<string>([
    tableDefinition.partitionKey,
    tableDefinition.sortKey,
    index.partitionKey,
    index.sortKey,
  ]);
  if (index.projection.type === 'ALL') return item;
  if (index.projection.type === 'INCLUDE') for (const name of index.projection.attributes) kept.add(name);
  return Object.fromEntries(Object.entries(item).filter(([name]) => kept.has(name)));
}

const sameEntry = (a: Item, b: Item) =>
  JSON.stringify(
    Object.entries(a).sort(([x], [y]) => x.localeCompare(y)),
    stableValue,
  ) ===
  JSON.stringify(
    Object.entries(b).sort(([x], [y]) => x.localeCompare(y)),
    stableValue,
  );

/** Sets and maps compared by content, whatever their insertion order. */
function stableValue(_key: string, value: unknown) {
  if (value instanceof Set) return [...(value as Set<unknown>)].map(String).sort();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value as Item).sort(([a], [b]) => a.localeCompare(b)));
  }
  return value;
}

/**
 * What one write of an item costs one index: nothing when the item is in it neither before nor after, or
 * its entry is unchanged; one write when it enters, leaves or changes in place (the larger entry); two
 * when its index key moves (a delete of the old entry, a put of the new). Twice that in a transaction.
 */
export function indexWriteUnits(
  before: Item | undefined,
  after: Item | undefined,
  index: IndexShape,
  transactional: boolean,
): number {
  const was = indexEntry(before, index);
  const is = indexEntry(after, index);
  let units = 0;
  if (was && is) {
    const moved =
      was[index.partitionKey] !== is[index.partitionKey] || was[index.sortKey] !== is[index.sortKey];
    if (moved) units = writeUnits(itemBytes(was)) + writeUnits(itemBytes(is));
    else if (!sameEntry(was, is)) units = writeUnits(Math.max(itemBytes(was), itemBytes(is)));
  } else if (was) units = writeUnits(itemBytes(was));
  else if (is) units = writeUnits(itemBytes(is));
  return units * (transactional ? 2 : 1);
}
