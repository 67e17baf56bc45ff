import * as z from 'zod/mini';
import { lineText } from '../http/text';
import { isCountryCode } from './countries';

const line = lineText(200);

/** Postal addresses: ISO 3166-1 alpha-2 country, at least one street line. */
export const addressSchema = z.strictObject({
  name: z.optional(line),
  company: z.optional(line),
  line1: line,
  line2: z.optional(line),
  city: line,
  region: z.optional(lineText(100, 0)),
  postalCode: z.optional(z.string().check(z.regex(/^[A-Za-z0-9 -]{2,12}$/, 'must be a postal code'))),
  country: z.string().check(z.refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code')),
  phone: z.optional(z.string().check(z.regex(/^[0-9+() .-]{5,32}$/, 'must be a phone number'))),
  email: z.optional(z.email()),
});
export type Address = z.infer<typeof addressSchema>;

/** Postal code shapes of the countries we validate; others only need the generic shape above. */
const postalCodeShapes: Record<string, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/,
  GB: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
  NL: /^\d{4} ?[A-Za-z]{2}$/,
  PL: /^\d{2}-\d{3}$/,
  AU: /^\d{4}$/,
};

/** Countries whose addresses need a postal code. */
const postalCodeRequired = new Set(Object.keys(postalCodeShapes));

/** Problems of an address beyond its schema: the postal code for the countries we know. */
export function addressProblems(address: Address): string[] {
  const shape = postalCodeShapes[address.country];
  if (!address.postalCode)
    return postalCodeRequired.has(address.country) ? ['postalCode: required for this country'] : [];
  if (shape && !shape.test(address.postalCode))
    return [`postalCode: not a valid ${address.country} postal code`];
  return [];
}
