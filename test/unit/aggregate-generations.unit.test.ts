/**
 * Generations of the aggregate cells: the pointer's decisions, the keys each generation writes (the
 * first keeps the old ones), and the progress display that once stopped a rebuild with
 * `RangeError: Invalid count value`: it takes any count, and never throws at its caller or from its timer.
 */
import { describe, expect, it, vi } from 'vitest';
import { progressBar, progressLine } from '../../infra/local/seed/progress';
import {
  aggregateKey,
  aggregatesOfMonth,
  generationOfCellKey,
  unitsSoldOfSku,
} from '../../shared/db/keys/aggregates';
import { generationState, nextBuild } from '../../shared/domain/aggregate-generations';

describe('the generation pointer', () => {
  it('reads no pointer as generation 0 live, nothing being built', () => {
    expect(generationState(undefined)).toEqual({ live: 0, version: 0 });
    expect(generationState({ live: 3, building: 4, version: 9 })).toEqual({
      live: 3,
      building: 4,
      version: 9,
    });
  });

  it('refuses a pointer it cannot trust rather than reading the wrong cells', () => {
    expect(() => generationState({ live: '1', version: 1 })).toThrow('no valid live');
    expect(() => generationState({ live: 1, version: 1, building: -2 })).toThrow('no valid building');
  });

  it('builds a generation no rebuild has used, naming a half-written one to clear', () => {
    expect(nextBuild({ live: 0, version: 0 })).toEqual({ generation: 1 });
    expect(nextBuild({ live: 1, version: 2 })).toEqual({ generation: 2 });
    // A rebuild died writing 2: the next writes 3 (the dead one may still be writing 2) and clears 2.
    expect(nextBuild({ live: 1, building: 2, version: 3 })).toEqual({ generation: 3, abandoned: 2 });
  });
});

describe('cell keys per generation', () => {
  const cell = { day: '2026-11-05', dimension: 'channel' as const, name: 'webshop', currency: 'USD' };
  const sold = {
    day: '2026-11-05',
    dimension: 'sold' as const,
    name: 'G1#x',
    currency: 'USD',
    warehouseId: 'W',
  };

  it('keeps generation 0 on the keys cells had before generations', () => {
    expect(aggregateKey(cell, 0)).toEqual(aggregateKey(cell));
    expect(aggregateKey(cell).PK).toMatch(/^AGG#channel#2026-11#\d$/);
    expect(aggregateKey(sold).PK).toBe('AGG#sold#G1%23x');
  });

  it('puts a later generation beside it, and the readers’ keys follow', () => {
    const key = aggregateKey(cell, 12);
    expect(key.PK).toBe(aggregateKey(cell).PK.replace('AGG#', 'AGG#G12#'));
    expect(key.SK).toBe(aggregateKey(cell).SK);
    expect(aggregatesOfMonth('channel', '2026-11', 0, { from: '2026-11-01', to: '2026-11-30' }, 12).pk).toBe(
      'AGG#G12#channel#2026-11#0',
    );
    expect(unitsSoldOfSku('G1#x', { from: '2026-11-01', to: '2026-11-30' }, 2).pk).toBe('AGG#G2#sold#G1%23x');
  });

  it('tells every cell’s generation from its partition key, a SKU named like a generation included', () => {
    expect(generationOfCellKey(aggregateKey(cell).PK)).toBe(0);
    expect(generationOfCellKey(aggregateKey(sold).PK)).toBe(0);
    expect(generationOfCellKey(aggregateKey(cell, 12).PK)).toBe(12);
    expect(generationOfCellKey(aggregateKey(sold, 3).PK)).toBe(3);
  });
});

describe('the progress display', () => {
  it('draws any count: zero, past its total, huge, with no total, and ignores counts that are not counts', () => {
    expect(progressLine({ done: 0, total: 0, seconds: 0 })).toContain(`[${'#'.repeat(28)}] 0 / 0 items`);
    // The rebuild's old bar was sized by its first batch (500) and told 13,110 cells.
    expect(progressLine({ done: 13_110, total: 500, seconds: 10 })).toBe(
      `[${'#'.repeat(28)}] 13,110 / 13,110 items  1,311/s  ETA 0s`,
    );
    expect(progressLine({ done: 1e15, total: 2e15, seconds: 1 })).toContain(
      `[${'#'.repeat(14)}${'.'.repeat(14)}]`,
    );
    expect(progressLine({ done: 42, total: undefined, seconds: 2 })).toBe('42 items  21/s');
    expect(progressLine({ done: 5, total: 10, seconds: 0 })).toContain('ETA ?');
  });

  it('grows its total to what was done, and never throws whatever it is told', () => {
    const written: string[] = [];
    const stream = {
      isTTY: false,
      write: (text: string) => written.push(text),
    } as unknown as NodeJS.WriteStream;
    const bar = progressBar(500, stream);
    for (const count of [500, 500, Number.NaN, -3, Infinity, 12_110]) bar.add(count);
    bar.setTotal(-1);
    bar.finish();
    expect(written.at(-1)).toMatch(/^\[#{28}\] 13,110 \/ 13,110 items/);
    const unknown = progressBar(undefined, stream);
    unknown.add(7);
    unknown.setTotal(20);
    unknown.finish();
    expect(written.at(-1)).toMatch(/7 \/ 20 items/);
  });

  it('goes quiet when its stream cannot be written, from its timer too', () => {
    vi.useFakeTimers();
    try {
      const write = vi.fn(() => {
        throw new Error('EPIPE');
      });
      const bar = progressBar(10, { isTTY: true, write } as unknown as NodeJS.WriteStream);
      bar.add(5);
      expect(() => vi.advanceTimersByTime(1000)).not.toThrow();
      expect(write).toHaveBeenCalledTimes(1);
      expect(() => bar.finish()).not.toThrow();
      expect(write).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
