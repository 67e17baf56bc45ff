/**
 * A vendor's purchase-order sources are priced in the vendor's currency. There are no exchange rates,
 * so nothing is converted: a source in another currency is refused, and so is a vendor currency change
 * that would leave sources in the old one.
 */
import { Conflict, ValidationFailed } from '../../shared/errors';

interface VendorCurrency {
  id: string;
  code: string;
  currency: string;
}

/** A new source's unit cost must be in its vendor's currency. */
export function sourceCurrencyRefusal(
  vendor: VendorCurrency,
  unitCostCurrency: string,
): ValidationFailed | undefined {
  if (unitCostCurrency === vendor.currency) return undefined;
  return new ValidationFailed(
    `Vendor ${vendor.code} is paid in ${vendor.currency}; this source's unit cost is in ${unitCostCurrency}. Costs are not converted: give the unit cost in ${vendor.currency}.`,
    [{ path: 'body.unitCost.currency', message: `must be the vendor's currency, ${vendor.currency}` }],
  );
}

/** A vendor's currency may change only while none of its sources is priced in another one. */
export function currencyChangeRefusal(
  vendor: VendorCurrency,
  nextCurrency: string,
  sources: ReadonlyArray<{ id: string; unitCost: { currency: string } }>,
): Conflict | undefined {
  const priced = sources.filter((source) => source.unitCost.currency !== nextCurrency);
  if (priced.length === 0) return undefined;
  const currencies = [...new Set(priced.map((source) => source.unitCost.currency))].sort();
  return new Conflict(
    `Vendor ${vendor.code} has ${priced.length} purchase-order ${priced.length === 1 ? 'source' : 'sources'} priced in ${currencies.join(', ')}; its currency cannot become ${nextCurrency} while they exist (costs are not converted). Delete them first (GET /v1/vendors/po-sources?vendorId=${vendor.id}).`,
    { poSourceIds: priced.map((source) => source.id) },
  );
}
