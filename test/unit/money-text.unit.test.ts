/** Money in history entries: minor units in the currency's own units (ISO 4217 exponent). */
import { describe, expect, it } from 'vitest';
import { moneyText } from '../../shared/domain/money';

describe('moneyText', () => {
  it('places the decimal point by the currency’s exponent: USD 2, JPY 0, BHD 3', () => {
    expect(moneyText(8131, 'USD')).toBe('81.31 USD');
    expect(moneyText(8131, 'JPY')).toBe('8131 JPY');
    expect(moneyText(8131, 'BHD')).toBe('8.131 BHD');
  });

  it('keeps leading zeros of the fraction and writes amounts below one unit with a 0', () => {
    expect(moneyText(5, 'USD')).toBe('0.05 USD');
    expect(moneyText(0, 'EUR')).toBe('0.00 EUR');
    expect(moneyText(7, 'KWD')).toBe('0.007 KWD');
    expect(moneyText(0, 'JPY')).toBe('0 JPY');
  });

  it('writes negative amounts with a minus sign', () => {
    expect(moneyText(-1944, 'USD')).toBe('-19.44 USD');
  });

  it('is exact at the largest amount the service takes (10^12 minor units), without grouping', () => {
    expect(moneyText(1_000_000_000_000, 'USD')).toBe('10000000000.00 USD');
    expect(moneyText(999_999_999_999, 'GBP')).toBe('9999999999.99 GBP');
  });
});
