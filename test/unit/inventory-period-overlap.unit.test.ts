import { describe, expect, it } from 'vitest';
import { firstOverlap, isActiveOn, rangesOverlap } from '../../functions/inventory/rule-periods/overlap';

const period = (id: string, from: string, to: string) => ({ id, from, to });

describe('rule period overlap', () => {
  it('treats both ends as inclusive: sharing one day overlaps, adjacent days do not', () => {
    const december = period('a', '2025-12-01', '2025-12-31');
    expect(rangesOverlap(december, period('b', '2025-12-31', '2026-01-06'))).toBe(true);
    expect(rangesOverlap(december, period('b', '2026-01-01', '2026-01-06'))).toBe(false);
    expect(rangesOverlap(december, period('b', '2025-11-01', '2025-11-30'))).toBe(false);
    expect(rangesOverlap(december, period('b', '2025-12-10', '2025-12-11'))).toBe(true);
    expect(rangesOverlap(period('b', '2025-11-01', '2026-02-01'), december)).toBe(true);
    expect(
      rangesOverlap(period('b', '2025-12-05', '2025-12-05'), period('c', '2025-12-05', '2025-12-05')),
    ).toBe(true);
  });

  it('names the earliest overlapping period and ignores the period being replaced', () => {
    const periods = [
      period('late', '2025-06-01', '2025-06-30'),
      period('early', '2025-03-01', '2025-03-31'),
      period('self', '2025-01-01', '2025-01-31'),
    ];
    expect(firstOverlap(period('new', '2025-03-15', '2025-06-15'), periods)?.id).toBe('early');
    expect(firstOverlap(period('self', '2025-01-01', '2025-02-28'), periods)).toBeUndefined();
    expect(firstOverlap(period('self', '2025-01-01', '2025-03-01'), periods)?.id).toBe('early');
    expect(firstOverlap(period('new', '2025-04-01', '2025-05-31'), periods)).toBeUndefined();
  });

  it('is active on every day from its first to its last, inclusive', () => {
    const range = period('a', '2025-12-01', '2025-12-31');
    expect(isActiveOn(range, '2025-12-01')).toBe(true);
    expect(isActiveOn(range, '2025-12-31')).toBe(true);
    expect(isActiveOn(range, '2025-11-30')).toBe(false);
    expect(isActiveOn(range, '2026-01-01')).toBe(false);
  });
});
