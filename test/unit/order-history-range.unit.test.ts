import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { historyListQuery } from '../../functions/order-activity/histories/schemas';
import { rangeBound, rangeProblem } from '../../functions/order-activity/histories/range';
import { historyOfOrderBetween } from '../../shared/db/keys';

describe('history range bounds', () => {
  it('turns a date into the first or the last millisecond of that UTC day', () => {
    expect(rangeBound('2026-11-20', 'start')).toBe('2026-11-20T00:00:00.000Z');
    expect(rangeBound('2026-11-20', 'end')).toBe('2026-11-20T23:59:59.999Z');
    expect(rangeBound('2028-02-29', 'end')).toBe('2028-02-29T23:59:59.999Z');
    expect(rangeBound('2026-12-31', 'end')).toBe('2026-12-31T23:59:59.999Z');
  });

  it('keeps an instant as the stored form of an entry time: UTC, milliseconds', () => {
    expect(rangeBound('2026-11-20T09:30:00Z', 'start')).toBe('2026-11-20T09:30:00.000Z');
    expect(rangeBound('2026-11-20T09:30Z', 'end')).toBe('2026-11-20T09:30:00.000Z');
    expect(rangeBound('2026-11-20T10:30:00+02:00', 'start')).toBe('2026-11-20T08:30:00.000Z');
    expect(rangeBound('2026-11-20T00:30:00-05:30', 'end')).toBe('2026-11-20T06:00:00.000Z');
    expect(rangeBound('2026-11-20T09:30:00.5Z', 'start')).toBe('2026-11-20T09:30:00.500Z');
    // Entries are timed to the millisecond: finer digits are dropped.
    expect(rangeBound('2026-11-20T09:30:00.123456789Z', 'end')).toBe('2026-11-20T09:30:00.123Z');
    expect(rangeBound('2026-12-31T23:30:00-01:00', 'start')).toBe('2027-01-01T00:30:00.000Z');
  });

  it('refuses what is not a real date or instant', () => {
    for (const bad of [
      '',
      'yesterday',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-1-5',
      '20261120',
      '2026-11-20T24:00:00Z',
      '2026-11-20T09:60:00Z',
      '2026-11-20T09:30:61Z',
      '2026-11-20T09:30:00',
      '2026-11-20T09:30:00+2:00',
      '2026-11-20T09:30:00+24:00',
      '2026-11-20 09:30:00Z',
      '2026-11-20T09:30:00.Z',
      '0000-01-01T00:30:00+01:00',
    ]) {
      expect(rangeBound(bad, 'start'), bad).toBeUndefined();
    }
    // Years below 100 are years, not 1900 + year.
    expect(rangeBound('0099-01-01', 'start')).toBe('0099-01-01T00:00:00.000Z');
  });

  it('finds a range whose from is after its to', () => {
    expect(rangeProblem({ from: '2026-11-21T00:00:00.000Z', to: '2026-11-20T23:59:59.999Z' })).toBeDefined();
    expect(
      rangeProblem({ from: '2026-11-20T00:00:00.000Z', to: '2026-11-20T23:59:59.999Z' }),
    ).toBeUndefined();
    expect(rangeProblem({ from: '2026-11-20T00:00:00.000Z' })).toBeUndefined();
    expect(rangeProblem({ to: '2026-11-20T00:00:00.000Z' })).toBeUndefined();
    expect(rangeProblem({})).toBeUndefined();
  });

  it('the query schema normalises both bounds and refuses from after to', () => {
    const parsed = safeParse(historyListQuery, { from: '2026-11-20', to: '2026-11-20' });
    expect(parsed.success && parsed.data).toEqual({
      limit: 50,
      from: '2026-11-20T00:00:00.000Z',
      to: '2026-11-20T23:59:59.999Z',
    });
    const reversed = safeParse(historyListQuery, { from: '2026-11-21', to: '2026-11-20T23:00:00Z' });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues.map((issue) => issue.path)).toEqual([['from']]);
    expect(safeParse(historyListQuery, { to: '2026-02-30' }).success).toBe(false);
  });
});

describe('history key range', () => {
  const inRange = (range: { from?: string; to?: string }, at: string) => {
    const { skBetween } = historyOfOrderBetween('A1', range);
    const sk = `H#${at}#01JD0000000000000000000000`;
    return sk >= skBetween.from && sk <= skBetween.to;
  };

  it('includes entries exactly at either bound and nothing outside', () => {
    const range = { from: '2026-11-20T00:00:00.000Z', to: '2026-11-20T23:59:59.999Z' };
    expect(inRange(range, '2026-11-20T00:00:00.000Z')).toBe(true);
    expect(inRange(range, '2026-11-20T23:59:59.999Z')).toBe(true);
    expect(inRange(range, '2026-11-19T23:59:59.999Z')).toBe(false);
    expect(inRange(range, '2026-11-21T00:00:00.000Z')).toBe(false);
    expect(inRange({}, '2026-11-21T00:00:00.000Z')).toBe(true);
    expect(inRange({ to: '2026-11-20T23:59:59.999Z' }, '2026-11-21T00:00:00.000Z')).toBe(false);
  });

  it('never reaches the notes that follow the history in the partition', () => {
    const { skBetween } = historyOfOrderBetween('A1', {});
    expect('N#01JD0000000000000000000000' > skBetween.to).toBe(true);
    expect('A#ORDER' < skBetween.from).toBe(true);
  });
});
