import type { $ZodIssue, $ZodType, output } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import type { FieldError } from '../errors';
import { ValidationFailed } from '../errors';

const typeNames: Record<string, string> = {
  int: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
};

function describe(issue: $ZodIssue): string {
  // Messages written into the schema (regex and refine checks) say it best.
  if (issue.message && issue.message !== 'Invalid input' && issue.code !== 'invalid_type')
    return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? 'required'
        : `must be ${typeNames[issue.expected] ?? issue.expected}`;
    case 'too_small':
      return issue.origin === 'string'
        ? `must be at least ${issue.minimum} characters`
        : issue.origin === 'array'
          ? `must have at least ${issue.minimum} items`
          : `must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `must be at most ${issue.maximum} characters`
        : issue.origin === 'array'
          ? `must have at most ${issue.maximum} items`
          : `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' ? 'has an invalid format' : `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return 'unknown field';
    default:
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'is invalid';
  }
}

function joinPath(prefix: string, path: PropertyKey[]): string {
  return path.reduce<string>(
    (joined, part) => (typeof part === 'number' ? `${joined}[${part}]` : `${joined}.${String(part)}`),
    prefix,
  );
}

/**
 * One entry per bad field: a value that fails several checks (a date neither YYYY-MM-DD nor a real day)
 * is named once, with the first check it fails (the most basic: its form).
 */
export function toFieldErrors(issues: readonly $ZodIssue[], prefix: string): FieldError[] {
  const all = issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: joinPath(prefix, [...issue.path, key]),
        message: 'unknown field',
      }));
    }
    return [{ path: joinPath(prefix, issue.path), message: describe(issue) }];
  });
  const named = new Set<string>();
  return all.filter((error) => !named.has(error.path) && named.add(error.path));
}

/** Parses one part of a request (`path`, `query`, `body`) or throws a 400 naming every bad field. */
export function parsePart<S extends $ZodType>(schema: S, value: unknown, part: string): output<S> {
  const result = safeParse(schema, value, { reportInput: true });
  if (result.success) return result.data;
  const errors = toFieldErrors(result.error.issues, part);
  throw new ValidationFailed(
    `The request ${part} is invalid: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`,
    errors,
  );
}
