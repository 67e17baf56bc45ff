/**
 * Reference data (warehouses, settings, custom statuses, automation rules, carrier settings) as write
 * paths read it: once per container, kept for at most `referenceMaxAgeMs` (DESIGN §2, Peak), so no item
 * is read by every write. A change made elsewhere applies to writes within that bound; a change made
 * through its owning operation in this container drops the entry at once (forgetReference).
 *
 * Entries are keyed by table (tests each have their own) and by a name the reader chooses
 * (`warehouse:<id>`, `rules:<trigger>`). A failed read is not kept.
 */
import { tableName } from '../db/client';

/** How long a read of reference data may be answered from memory. */
export const referenceMaxAgeMs = 5_000;

interface Entry {
  readAt: number;
  value: Promise<unknown>;
}

const entries = new Map<string, Entry>();
let clock: () => number = () => Date.now();

const entryKey = (name: string) => `${tableName()}\u0000${name}`;

/**
 * The value kept under `name` if younger than the bound, else what `read` answers, then kept unless
 * `keep` says not (an absence worth asking again: a status created moments ago).
 */
export function cachedReference<T>(
  name: string,
  read: () => Promise<T>,
  keep: (value: T) => boolean = () => true,
): Promise<T> {
  const key = entryKey(name);
  const now = clock();
  const kept = entries.get(key);
  if (kept && now - kept.readAt < referenceMaxAgeMs) return kept.value as Promise<T>;
  const value = read();
  const entry = { readAt: now, value };
  entries.set(key, entry);
  const drop = () => {
    if (entries.get(key) === entry) entries.delete(key);
  };
  value.then((answer) => (keep(answer) ? undefined : drop()), drop);
  return value;
}

/** Keeps a value this container just wrote under `name`, as if read now. */
export function keepReference<T>(name: string, value: T): void {
  entries.set(entryKey(name), { readAt: clock(), value: Promise.resolve(value) });
}

/** Drops the entries named `name`, or starting with it when it ends in `:` (every `rules:` entry). */
export function forgetReference(name: string): void {
  const key = entryKey(name);
  for (const kept of [...entries.keys()]) {
    if (kept === key || (name.endsWith(':') && kept.startsWith(key))) entries.delete(kept);
  }
}

/** For tests: the clock the bound is measured on (undefined: the real one). */
export function setReferenceClock(now: (() => number) | undefined): void {
  clock = now ?? (() => Date.now());
}
