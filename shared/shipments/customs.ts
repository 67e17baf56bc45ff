/**
 * Customs declarations (UPU CN22 / CN23) for a label to another country: which form, and its contents
 * from the lines shipped. Pure and light (no pdf-lib); customs-pdf.ts draws it.
 */
import type { LabelAddressBlock } from '../render/label-address-block';
import type { CustomsPlace } from './customs-territory';
import { needsCustoms } from './customs-territory';

export type CustomsForm = 'CN22' | 'CN23';

/**
 * The highest value a CN22 may declare, per currency, in major units and inclusive; above it the parcel
 * needs a CN23. Where the post publishes its own limit, that limit:
 * - USD 399.99: USPS takes PS Form 2976 (its CN22) only for contents valued under USD 400 (USPS
 *   International Mail Manual, 123.61 "Customs Forms Required"); USD 400.00 needs PS Form 2976-A (CN23).
 * - GBP 270.00: Royal Mail's CN22 covers items up to and including GBP 270 (Royal Mail's guidance on
 *   customs forms for sending abroad); above it a CN23.
 * The others are the UPU's CN22 limit of 300 SDR (UPU Convention Regulations, form CN 22) in the
 * currency, at 2025 rates (1 SDR ≈ 1.17 EUR, 1.87 CAD, 2.07 AUD, 1.09 CHF, 200 JPY, 4.95 PLN) rounded
 * down to a round figure: 351 → 350 EUR, 561 → 550 CAD, 621 → 600 AUD, 327 → 320 CHF, 60,000 JPY,
 * 1,485 → 1,450 PLN, so a CN22 is never issued above the limit. A currency missing here gets a CN23,
 * which the post accepts at any value: the safe side, never a refused parcel.
 */
export const cn22MaxValue: Readonly<Record<string, `${number}`>> = {
  USD: '399.99',
  GBP: '270.00',
  EUR: '350',
  CAD: '550',
  AUD: '600',
  CHF: '320',
  JPY: '60000',
  PLN: '1450',
};

/** "399.99" in minor units of a currency with `exponent` decimals: 39999n. */
function minorUnitsOf(major: string, exponent: number): bigint {
  const [whole = '0', fraction = ''] = major.split('.');
  if (fraction.length > exponent) throw new RangeError(`${major} has more than ${exponent} decimals`);
  return BigInt(whole + fraction.padEnd(exponent, '0'));
}

/**
 * No form when the parcel stays in its customs territory (customs-territory.ts); a CN22 up to the
 * currency's highest CN22 value, a CN23 above it (or when that value is unknown). `exponent` is the
 * currency's decimals (minor units).
 */
export function customsFormFor(input: {
  from: CustomsPlace;
  to: CustomsPlace;
  /** The declared value in minor units. */
  value: bigint;
  currency: string;
  exponent: number;
}): CustomsForm | undefined {
  if (!needsCustoms(input.from, input.to)) return undefined;
  const max = cn22MaxValue[input.currency];
  if (max === undefined) return 'CN23';
  return input.value <= minorUnitsOf(max, input.exponent) ? 'CN22' : 'CN23';
}

export interface CustomsItem {
  description: string;
  quantity: number;
  /** What the customer paid for these units (after the line's discount, before tax), minor units. */
  value: bigint;
  /** Net weight of these units, when the order line has a unit weight. */
  weightGrams?: number;
  /** Harmonized System tariff number, when the order line has one. */
  hsCode?: string;
  /** ISO 3166-1 alpha-2 country the goods were made in, when the order line has one. */
  originCountry?: string;
}

export interface CustomsDeclaration {
  form: CustomsForm;
  /** Orders are sales: the one category the back office declares. */
  category: 'Sale of goods';
  currency: string;
  /** The warehouse's return address (or its origin): where the post sends back what customs refuses. */
  sender: LabelAddressBlock;
  recipient: LabelAddressBlock;
  items: CustomsItem[];
  /** Σ of the items' values. */
  totalValue: bigint;
  /** The parcels as weighed for the label (gross). */
  totalWeightGrams: number;
  /** The order: the invoice a CN23 refers to. */
  orderReference: string;
  /** YYYY-MM-DD: the date beside the signature. */
  date: string;
}
