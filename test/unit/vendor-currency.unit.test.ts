import { describe, expect, it } from 'vitest';
import { currencyChangeRefusal, sourceCurrencyRefusal } from '../../functions/vendors/currency';
import { Conflict, ValidationFailed } from '../../shared/errors';

const vendor = { id: '01JD0000000000000000000000', code: 'ACME', currency: 'USD' };

describe('purchase-order sources are priced in their vendor currency', () => {
  it('takes a source in the vendor currency and refuses another, naming both (no conversion)', () => {
    expect(sourceCurrencyRefusal(vendor, 'USD')).toBeUndefined();
    const refusal = sourceCurrencyRefusal(vendor, 'EUR');
    expect(refusal).toBeInstanceOf(ValidationFailed);
    expect(refusal!.message).toContain('Vendor ACME is paid in USD');
    expect(refusal!.message).toContain('in EUR');
    expect(refusal!.errors).toEqual([
      { path: 'body.unitCost.currency', message: "must be the vendor's currency, USD" },
    ]);
  });

  it('lets a vendor change currency only when no source is priced in another', () => {
    const usd = { id: 's1', unitCost: { currency: 'USD' } };
    const eur = { id: 's2', unitCost: { currency: 'EUR' } };
    expect(currencyChangeRefusal(vendor, 'EUR', [])).toBeUndefined();
    expect(currencyChangeRefusal(vendor, 'EUR', [eur])).toBeUndefined();
    const refusal = currencyChangeRefusal(vendor, 'EUR', [usd, eur]);
    expect(refusal).toBeInstanceOf(Conflict);
    expect(refusal!.message).toContain('1 purchase-order source priced in USD');
    expect(refusal!.message).toContain('cannot become EUR');
    expect(refusal!.extensions).toEqual({ poSourceIds: ['s1'] });
  });
});
