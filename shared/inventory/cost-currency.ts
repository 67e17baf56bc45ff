/**
 * The currency stock is costed in. Unit costs on stock records and movements are minor units without a
 * currency of their own (one merchant, one books currency): the inventory reports name this one beside
 * every value. CDK context `inventoryCurrency` deployed (INVENTORY_CURRENCY), USD when absent.
 */
import { safeParse } from 'zod/v4/core';
import { currencySchema } from '../domain/money';

export const defaultInventoryCurrency = 'USD';

export const isCurrencyCode = (code: string) => safeParse(currencySchema, code).success;

export function inventoryCurrency(): string {
  const configured = process.env.INVENTORY_CURRENCY;
  if (configured === undefined || configured === '') return defaultInventoryCurrency;
  if (!isCurrencyCode(configured))
    throw new Error(`INVENTORY_CURRENCY must be an ISO 4217 code: ${configured}`);
  return configured;
}
