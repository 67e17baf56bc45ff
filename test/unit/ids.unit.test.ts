import { decodeTime, encodeTime } from 'ulid';
import { describe, expect, it } from 'vitest';
import { newId } from '../../shared/ids';
import { ulidSchema } from '../../shared/http/schemas';
import { safeParse } from 'zod/v4/core';

describe('newId', () => {
  it('makes ULIDs that sort by creation, also within one millisecond', () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    expect(ids.every((id) => safeParse(ulidSchema, id).success)).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('encodes the time in the first ten characters as the ULID reference implementation does', () => {
    const time = Date.UTC(2030, 0, 1, 12, 34, 56, 789);
    expect(newId(time).slice(0, 10)).toBe(encodeTime(time, 10));
    expect(decodeTime(newId(time + 1))).toBe(time + 1);
  });
});
