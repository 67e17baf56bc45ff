import { decodeTime, encodeTime } from 'ulid';
import { describe, expect, it } from 'vitest';
import { newId } from '../../shared/ids';
import { orderIdSchema } from '../../shared/domain/order';
import { trackingNumberSchema } from '../../shared/domain/shipment';
import { codeSchema, skuSchema, ulidSchema } from '../../shared/http/schemas';
import { parsePart } from '../../shared/http/validation';
import { safeParse } from 'zod/v4/core';
import type { $ZodType } from 'zod/v4/core';

describe('newId', () => {
  it('makes ULIDs that sort by creation, also within one millisecond', () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    expect(ids.every((id) => safeParse(ulidSchema, id).success)).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('draws fresh random bits for each new millisecond, across refills of its random pool (256 ids each)', () => {
    const start = Date.UTC(2027, 0, 1);
    const randomParts = Array.from({ length: 1000 }, (_, ms) => newId(start + ms).slice(10));
    expect(new Set(randomParts).size).toBe(randomParts.length);
  });

  it('encodes the time in the first ten characters as the ULID reference implementation does', () => {
    const time = Date.UTC(2030, 0, 1, 12, 34, 56, 789);
    expect(newId(time).slice(0, 10)).toBe(encodeTime(time, 10));
    expect(decodeTime(newId(time + 1))).toBe(time + 1);
  });
});

describe('client-named ids, codes and SKUs', () => {
  const forms: Record<string, $ZodType> = {
    'order id': orderIdSchema,
    code: codeSchema,
    'tracking number': trackingNumberSchema,
  };

  /** The message a refused value gets, or undefined when the value is accepted. */
  const refusal = (schema: $ZodType, value: string) => {
    try {
      parsePart(schema, value, 'id');
      return undefined;
    } catch (error) {
      return (error as { errors: Array<{ message: string }> }).errors[0]!.message;
    }
  };

  it('refuses `_x_` and `__proto__` saying what they break: an id starts with a letter or digit', () => {
    for (const [what, schema] of Object.entries(forms)) {
      for (const value of ['_x_', '__proto__', '.hidden', '-option']) {
        expect(refusal(schema, value), `${what} ${value}`).toMatch(/starting with a letter or digit/);
      }
    }
    expect(refusal(orderIdSchema, '__proto__')).toBe(
      'must be 1 to 64 characters, letters, digits and . _ -, starting with a letter or digit (the channel order id)',
    );
  });

  it('takes a SKU starting with an underscore (`__proto__` is a SKU like any other), never with . - or /', () => {
    for (const value of ['__proto__', '_x_', 'constructor'])
      expect(refusal(skuSchema, value), value).toBeUndefined();
    for (const value of ['.hidden', '-option', '/path']) {
      expect(refusal(skuSchema, value), value).toMatch(/starting with a letter, digit or _/);
    }
  });

  it('takes names that only look internal as ids like any other', () => {
    for (const [what, schema] of Object.entries(forms)) {
      for (const value of ['constructor', 'toString', 'hasOwnProperty', 'x__proto__', 'A_x_']) {
        expect(refusal(schema, value), `${what} ${value}`).toBeUndefined();
      }
    }
  });
});
