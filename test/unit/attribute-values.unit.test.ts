/**
 * shared/db/attribute-values.ts answers what util-dynamodb's marshall and unmarshall answer (with the
 * document client's options), for the values items hold, the odd ones util-dynamodb takes its own way,
 * the ones it refuses (the same error), and a few thousand random nested values.
 */
import { NumberValue } from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { toAttributeValue, toNative } from '../../shared/db/attribute-values';

const options = {
  removeUndefinedValues: true,
  convertClassInstanceToMap: false,
  convertTopLevelContainer: true,
};

function outcome(work: () => unknown): { value: unknown } | { error: string } {
  try {
    return { value: work() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const expectSameMarshall = (value: unknown) =>
  expect(outcome(() => toAttributeValue(value))).toStrictEqual(
    outcome(() => marshall(value as never, options)),
  );

const expectSameUnmarshall = (attribute: Record<string, unknown>) =>
  expect(outcome(() => toNative(attribute))).toStrictEqual(
    outcome(() => unmarshall(attribute as never, { convertWithoutMapWrapper: true })),
  );

class Money {
  constructor(readonly amount = 1) {}
}

const odd: unknown[] = [
  '',
  'Łucja Żółć · דוד כהן · 数字 · 🙂',
  0,
  -0,
  1.5,
  -42,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER - 2,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  1e-7,
  true,
  false,
  null,
  [],
  {},
  [1, undefined, 'a', null, () => 1, [2, [3]]],
  { a: 1, skipped: undefined, fn: () => 1, nested: { b: [true, { c: null }] } },
  { constructor: 'data' },
  { toString: 'x', valueOf: 'y', hasOwnProperty: 'z' },
  JSON.parse('{"__proto__": {"polluted": true}, "kept": 1}'),
  Object.assign(Object.create(null), { bare: 1 }),
  new Set(['a', 'b']),
  new Set([1, 2]),
  new Set<string>(),
  new Map<string, unknown>([['k', 1]]),
  new Uint8Array([1, 2, 3]),
  Buffer.from('bytes'),
  BigInt('123456789012345678901234567890'),
  NumberValue.from('123456789012345678901234567890.5'),
  new Money(),
  new Date(0),
  Symbol('s'),
  undefined,
];

const attributes: Array<Record<string, unknown>> = [
  { S: '' },
  { N: '12' },
  { N: '-0.5' },
  { N: '9007199254740993' },
  { N: '1e400' },
  { N: 'not a number' },
  { BOOL: false },
  { NULL: true },
  { L: [{ S: 'a' }, { N: '1' }, { M: { x: { NULL: true } } }] },
  { M: {} },
  JSON.parse('{"M": {"__proto__": {"M": {"polluted": {"BOOL": true}}}, "kept": {"S": "k"}}}'),
  JSON.parse('{"M": {"constructor": {"S": "data"}}}'),
  { SS: ['a', 'b'] },
  { NS: ['1', '2.5'] },
  { B: new Uint8Array([1]) },
  { BS: [new Uint8Array([1])] },
  { S: undefined, N: '3' },
  { X: 'unknown' },
  {},
];

/** A random value of what items hold: strings, numbers, booleans, null, lists and maps, nested. */
function randomValue(depth: number, random: () => number): unknown {
  const pick = Math.floor(random() * (depth > 3 ? 5 : 7));
  switch (pick) {
    case 0:
      return String.fromCharCode(
        ...Array.from({ length: Math.floor(random() * 6) }, () => 32 + Math.floor(random() * 500)),
      );
    case 1:
      return random() < 0.5 ? Math.floor((random() - 0.5) * 1e6) : (random() - 0.5) * 1e3;
    case 2:
      return random() < 0.5;
    case 3:
      return null;
    case 4:
      return random() < 0.2 ? undefined : 'x';
    case 5:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(depth + 1, random));
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, (_, index) => [
          `k${index}`,
          randomValue(depth + 1, random),
        ]),
      );
  }
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('attribute values', () => {
  it('marshalls as util-dynamodb does, odd values and refusals included', () => {
    for (const value of odd) expectSameMarshall(value);
  });

  it('unmarshalls as util-dynamodb does, odd values and refusals included', () => {
    for (const attribute of attributes) expectSameUnmarshall(attribute);
  });

  it('agrees on thousands of random nested values, there and back', () => {
    const random = seeded(7);
    for (let i = 0; i < 3000; i++) {
      const value = randomValue(0, random);
      if (value === undefined) continue;
      expectSameMarshall(value);
      const attribute = marshall(value as never, options) as unknown as Record<string, unknown>;
      expectSameUnmarshall(JSON.parse(JSON.stringify(attribute)) as Record<string, unknown>);
    }
  });
});
