/** The reference-data cache: the 5-second bound on an injected clock, per table, failures not kept. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  cachedReference,
  forgetReference,
  referenceMaxAgeMs,
  setReferenceClock,
} from '../../shared/reference/cache';

let now = 1_000_000;
setReferenceClock(() => now);
afterEach(() => {
  now += 60_000;
});

/** A reader that answers how many times it was called. */
function counter() {
  let reads = 0;
  return () => Promise.resolve((reads += 1));
}

/** Runs the work with the table named (its key is taken synchronously, as the cache takes it). */
const inTable = <T>(table: string, work: () => T): T => {
  process.env.TABLE_NAME = table;
  return work();
};

describe('cachedReference', () => {
  it('answers from memory for less than the bound, and reads again at the bound', async () => {
    const read = counter();
    await inTable('t1', async () => {
      expect(await cachedReference('rules:order.created', read)).toBe(1);
      now += referenceMaxAgeMs - 1;
      expect(await cachedReference('rules:order.created', read)).toBe(1);
      now += 1;
      expect(await cachedReference('rules:order.created', read)).toBe(2);
    });
  });

  it('keeps each table apart, so tests with their own tables never see each other’s data', async () => {
    const read = counter();
    expect(await inTable('t2', () => cachedReference('warehouse:W', read))).toBe(1);
    expect(await inTable('t3', () => cachedReference('warehouse:W', read))).toBe(2);
    expect(await inTable('t2', () => cachedReference('warehouse:W', read))).toBe(1);
  });

  it('drops an entry, or every entry under a prefix ending in a colon, at once', async () => {
    const read = counter();
    await inTable('t4', async () => {
      await cachedReference('rules:order.created', read);
      await cachedReference('rules:order.paid', read);
      await cachedReference('status:S1', read);
      forgetReference('rules:');
      expect(await cachedReference('rules:order.created', read)).toBe(4);
      expect(await cachedReference('rules:order.paid', read)).toBe(5);
      expect(await cachedReference('status:S1', read)).toBe(3);
      forgetReference('status:S1');
      expect(await cachedReference('status:S1', read)).toBe(6);
    });
  });

  it('does not keep a failed read, nor a value it is told not to keep', async () => {
    await inTable('t5', async () => {
      await expect(cachedReference('warehouse:X', () => Promise.reject(new Error('down')))).rejects.toThrow(
        'down',
      );
      expect(await cachedReference('warehouse:X', () => Promise.resolve('read again'))).toBe('read again');
      const absent = counter();
      await cachedReference('status:gone', absent, () => false);
      expect(await cachedReference('status:gone', absent, () => false)).toBe(2);
    });
  });
});
