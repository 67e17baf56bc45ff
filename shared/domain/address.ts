import * as z from 'zod/mini';

const line = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

/** Postal addresses: ISO 3166-1 alpha-2 country, at least one street line. */
export const addressSchema = z.strictObject({
  name: z.optional(line),
  company: z.optional(line),
  line1: line,
  line2: z.optional(line),
  city: line,
  region: z.optional(z.string().check(z.maxLength(100))),
  postalCode: z.optional(z.string().check(z.regex(/^[A-Za-z0-9 -]{2,12}$/, 'must be a postal code'))),
  country: z.string().check(z.regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code')),
  phone: z.optional(z.string().check(z.regex(/^[0-9+() .-]{5,32}$/, 'must be a phone number'))),
  email: z.optional(z.email()),
});
export type Address = z.infer<typeof addressSchema>;
