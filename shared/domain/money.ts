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

/**
 * DESIGN §3: any one amount is at most 10^12 minor units and any quantity at most 10^6, so no sum the
 * service derives (500 lines, tax, shipping) comes near 2^53.
 */
export const maxAmount = 1_000_000_000_000;
export const maxQuantity = 1_000_000;

export const minorUnitsSchema = z
  .number()
  .check(
    z.int('must be a whole number of minor units'),
    z.minimum(0),
    z.maximum(maxAmount, `must be at most ${maxAmount} minor units`),
  );

export const moneySchema = z.strictObject({ amount: minorUnitsSchema, currency: currencySchema });
export type Money = z.infer<typeof moneySchema>;

const exponents = new Map<string, number>();
/** Decimals of a currency's minor unit (ISO 4217: USD 2, JPY 0, KWD 3), from Intl; throws for an unknown one. */
export function currencyExponent(currency: string): number {
  let exponent = exponents.get(currency);
  if (exponent === undefined) {
    exponent = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits!;
    exponents.set(currency, exponent);
  }
  return exponent;
}

/**
 * Minor units as people read them in the currency's own units, "81.31 USD" (JPY 0 decimals, BHD 3):
 * exact (digits moved, no float), without grouping, so no locale reads the separator as a decimal point.
 */
export function moneyText(minorUnits: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const digits = Math.abs(minorUnits)
    .toString()
    .padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return `${minorUnits < 0 ? '-' : ''}${whole} ${currency}`;
}
