/** Money is an integer count of minor units with an ISO 4217 currency; never a float. */
import * as z from 'zod/mini';

const knownCurrencies = new Set(Intl.supportedValuesOf('currency'));

export const currencySchema = z
  .string()
  .check(
    z.refine(
      (code) => /^[A-Z]{3}$/.test(code) && knownCurrencies.has(code),
      'must be an ISO 4217 currency code',
    ),
  );

export const minorUnitsSchema = z.number().check(z.int(), z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER));

export const moneySchema = z.strictObject({ amount: minorUnitsSchema, currency: currencySchema });
export type Money = z.infer<typeof moneySchema>;
