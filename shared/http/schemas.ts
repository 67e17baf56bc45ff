/** Small zod/mini building blocks every catalogue reuses. */
import * as z from 'zod/mini';
import { lineText } from './text';

export const ulidSchema = z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a ULID'));

/**
 * The message of an id, code or SKU form: which characters, and that the first is a letter or digit.
 * The first character is named because `_x_` or `__proto__` is made only of allowed characters and is
 * refused for starting with one. No id starts with punctuation, so none reads as a hidden file (`.x`),
 * a command-line option (`-x`) or an internal name (`__proto__`); names that only look internal,
 * `constructor` or `toString`, are ids like any other.
 */
export function idFormMessage(lengths: string, punctuation: string, what?: string): string {
  const named = what ? ` (${what})` : '';
  return `must be ${lengths} characters, letters, digits and ${punctuation}, starting with a letter or digit${named}`;
}

/** Codes are short, human-typed identifiers (vendor and warehouse codes). */
export const codeSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/, idFormMessage('1 to 32', '_ . -')));

/**
 * A SKU is the merchant's own name for an item and may start with an underscore (`__proto__` is a SKU
 * like any other, DESIGN §3); it never starts with `.`, `-` or `/`.
 */
export const skuSchema = z
  .string()
  .check(
    z.regex(
      /^[A-Za-z0-9_][A-Za-z0-9_.\-/]{0,63}$/,
      'must be 1 to 64 characters, letters, digits and _ . - /, starting with a letter, digit or _',
    ),
  );

export const nameSchema = lineText(200);

/**
 * An integer query parameter: decimal digits only. Number() would also read `0x10`, `2e1`, ` 5`, `+5`
 * and `5.0`, and an empty value as 0; those are 400s naming the field. A leading zero (`05`) is refused
 * too, so every value has one spelling. The digits are read by a transform at the head of the pipe so
 * that the OpenAPI document shows the integer, its bounds and (declared again inside, where the
 * document reads it) its default.
 */
export function queryInteger(min: number, max: number, defaultValue: number) {
  const message = `must be a whole number from ${min} to ${max} in decimal digits only (no sign, spaces, decimal point, exponent or leading zero)`;
  const integer = z.pipe(
    z.transform((value: unknown, context): number | undefined => {
      if (typeof value === 'string' && decimalDigits.test(value)) return Number(value);
      context.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }),
    z._default(z.int().check(z.minimum(min), z.maximum(max)), defaultValue),
  );
  return z._default(integer, defaultValue);
}

const decimalDigits = /^(0|[1-9][0-9]{0,15})$/;

export const limitSchema = queryInteger(1, 200, 50);

export const cursorSchema = z.optional(z.string().check(z.minLength(1), z.maxLength(2048)));

/** Query booleans are the words true and false, nothing else. */
export const queryBoolean = z.optional(
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((value) => value === 'true'),
  ),
);

/** `?ids=a,b` → ['a', 'b'] (API Gateway joins repeated names with commas too). */
export function idListQuery(item: z.ZodMiniString<string>, max: number) {
  return z.pipe(
    z.pipe(
      z.string(),
      z.transform((value) =>
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ),
    z.array(item).check(z.minLength(1), z.maxLength(max)),
  );
}

export const timestampSchema = z.iso.datetime();

export function pageOf<T extends z.ZodMiniType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });
}
