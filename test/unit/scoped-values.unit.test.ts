/**
 * Scoped values (shared/scoped-values.ts): each value set by `run` is seen by the work's asynchronous
 * continuations and nowhere else, independently of the others in the shared storage.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { scopedValue } from '../../shared/scoped-values';

describe('scopedValue', () => {
  it('is seen after awaits inside its run, and unset outside', async () => {
    const request = scopedValue<string>('request');
    expect(request.get()).toBeUndefined();
    const seen = await request.run('a', async () => {
      await sleep(1);
      return request.get();
    });
    expect(seen).toBe('a');
    expect(request.get()).toBeUndefined();
  });

  it('keeps the other values when one is set or unset, and restores it after a nested run', async () => {
    const request = scopedValue<string>('request');
    const deadline = scopedValue<number>('deadline');
    await request.run('outer', () =>
      deadline.run(5, async () => {
        await request.run('inner', async () => {
          await sleep(1);
          expect([request.get(), deadline.get()]).toEqual(['inner', 5]);
        });
        await request.run(undefined, async () => {
          await sleep(1);
          expect([request.get(), deadline.get()]).toEqual([undefined, 5]);
        });
        expect([request.get(), deadline.get()]).toEqual(['outer', 5]);
      }),
    );
  });

  it('never mixes two runs going on at once', async () => {
    const request = scopedValue<number>('request');
    const seen = await Promise.all(
      [1, 2, 3, 4].map((id) =>
        request.run(id, async () => {
          await sleep(5 - id);
          await Promise.resolve();
          return request.get();
        }),
      ),
    );
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it('gives two values of the same name keys of their own', () => {
    const one = scopedValue<string>('same');
    const other = scopedValue<string>('same');
    one.run('one', () => expect(other.get()).toBeUndefined());
  });
});
