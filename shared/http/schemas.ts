/** Small zod/mini building blocks every catalogue reuses. */
import * as z from 'zod/mini';
import { lineText } from './text';

export const ulidSchema = z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a ULID'));

/** Codes are short, human-typed identifiers (vendor and warehouse codes). */
export const codeSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/, 'must be 1 to 32 letters, digits, _ . -'));

export const skuSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_.\-/]{0,63}$/, 'must be 1 to 64 letters, digits, _ . - /'));

export const nameSchema = lineText(200);

export const limitSchema = z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50);

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
