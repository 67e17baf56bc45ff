/**
 * Customs declarations (UPU CN22 / CN23) for a label to another country: which form, and its contents
 * from the lines shipped. Pure and light (no pdf-lib); customs-pdf.ts draws it.
 */
import type { LabelAddressBlock } from './label-pdf';

export type CustomsForm = 'CN22' | 'CN23';

/**
 * The UPU's postal value limit for a CN22 is 300 SDR; above it the parcel needs a CN23. The SDR floats
 * against every currency, so the limit is kept per currency as a round figure at or just under 300 SDR
 * (rates of 2025: 1 SDR ≈ 1.35 USD, 1.17 EUR, 1.00 GBP, 1.87 CAD, 2.07 AUD, 1.09 CHF, 200 JPY, 4.95 PLN)
 * in major units: rounded down, so a CN22 is never issued above the limit. A currency missing here
 * gets a CN23, which the post accepts at any value: the safe side, never a refused parcel.
 */
export const cn22LimitMajorUnits: Readonly<Record<string, number>> = {
  USD: 400,
  EUR: 350,
  GBP: 300,
  CAD: 550,
  AUD: 600,
  CHF: 320,
  JPY: 60_000,
  PLN: 1_450,
};

/**
 * No form when the parcel stays in its country; a CN22 up to the postal value limit, a CN23 above it
 * (or when the currency's limit is unknown). `exponent` is the currency's decimals (minor units).
 */
export function customsFormFor(input: {
  fromCountry: string;
  toCountry: string;
  /** The declared value in minor units. */
  value: bigint;
  currency: string;
  exponent: number;
}): CustomsForm | undefined {
  if (input.fromCountry.toUpperCase() === input.toCountry.toUpperCase()) return undefined;
  const limit = cn22LimitMajorUnits[input.currency];
  if (limit === undefined) return 'CN23';
  return input.value <= BigInt(limit) * 10n ** BigInt(input.exponent) ? 'CN22' : 'CN23';
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
