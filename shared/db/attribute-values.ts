/**
 * util-dynamodb's conversion between plain values and AttributeValues, with the options of our document
 * client, taken directly for what items hold (strings, safe numbers, booleans, null, arrays, plain
 * objects) and handed to util-dynamodb itself for anything else (sets, binary, bigint, NumberValue, class
 * instances, numbers it refuses). Its own walk tests each value's constructor name against a dozen types
 * and rebuilds maps entry by entry: 1.8 s of the busy day's 44.8 s profile, for every command's items.
 * The results are util-dynamodb's to the letter (test/unit/attribute-values.unit.test.ts compares both).
 */
import type { NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import { convertToAttr, convertToNative } from '@aws-sdk/util-dynamodb';

const marshallOptions = {
  removeUndefinedValues: true,
  convertClassInstanceToMap: false,
  convertTopLevelContainer: true,
} as const;

type AttributeValue = Record<string, unknown>;

/** util-dynamodb's `marshall(value, marshallOptions)` (a top-level container stays wrapped). */
export function toAttributeValue(value: unknown): AttributeValue {
  switch (typeof value) {
    case 'string':
      return { S: value };
    case 'number':
      return Number.isFinite(value) && value <= Number.MAX_SAFE_INTEGER && value >= Number.MIN_SAFE_INTEGER
        ? { N: value.toString() }
        : slowAttribute(value);
    case 'boolean':
      return { BOOL: value };
    case 'object': {
      if (value === null) return { NULL: true };
      if (Array.isArray(value)) {
        const list: AttributeValue[] = [];
        for (const item of value) {
          if (typeof item !== 'function' && item !== undefined) list.push(toAttributeValue(item));
        }
        return { L: list };
      }
      // A plain object; one with a `constructor` of its own, or another prototype, goes the slow way.
      if ((value as { constructor?: unknown }).constructor === Object) {
        const map: Record<string, AttributeValue> = {};
        for (const key in value) {
          const member = (value as Record<string, unknown>)[key];
          if (typeof member !== 'function' && member !== undefined) map[key] = toAttributeValue(member);
        }
        return { M: map };
      }
      return slowAttribute(value);
    }
    default:
      return slowAttribute(value);
  }
}

function slowAttribute(value: unknown): AttributeValue {
  return convertToAttr(value as NativeAttributeValue, marshallOptions) as unknown as AttributeValue;
}

/** util-dynamodb's `unmarshall(value, { convertWithoutMapWrapper: true })`. */
export function toNative(attribute: AttributeValue): unknown {
  // As util-dynamodb: the first member with a value says the type.
  for (const key in attribute) {
    const value = attribute[key];
    if (value === undefined) continue;
    switch (key) {
      case 'S':
        return value;
      case 'N': {
        const number = Number(value);
        return number <= Number.MAX_SAFE_INTEGER && number >= Number.MIN_SAFE_INTEGER
          ? number
          : slowNative(attribute);
      }
      case 'BOOL':
        return Boolean(value);
      case 'NULL':
        return null;
      case 'L':
        return (value as AttributeValue[]).map(toNative);
      case 'M': {
        const map: Record<string, unknown> = {};
        for (const name of Object.keys(value as object))
          map[name] = toNative((value as Record<string, AttributeValue>)[name]!);
        return map;
      }
      default:
        return slowNative(attribute);
    }
  }
  return slowNative(attribute);
}

function slowNative(attribute: AttributeValue): unknown {
  return convertToNative(attribute as never, { convertWithoutMapWrapper: true });
}
