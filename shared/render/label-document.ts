/**
 * What a label print is made of: the label, its packing slip and its customs pages. Types only, in
 * a file of their own, so the renderers (label-pdf, packing-slip, customs-pdf) and the code that
 * builds a label all import them from here rather than from one another.
 */
import type { CustomsDeclaration } from '../shipments/customs';
import type { OrderCharges } from '../shipments/slip-charges';
import type { LabelAddressBlock } from './label-address-block';

export interface PackingSlipLine {
  sku: string;
  title: string;
  quantity: number;
  /** Minor units (DESIGN §3). */
  unitPrice?: { amount: number; currency: string };
  /**
   * The order line's discount for the units in this parcel, in minor units: the line's Total is then
   * what the customer paid for them.
   */
  discount?: number;
  /** Grams per unit, when the order line has a weight. */
  weightGrams?: number;
}

/** The fields a packing slip may show (the `packing-slip` forms settings' `fields`). */
export type PackingSlipField =
  | 'orderReference'
  | 'orderDate'
  | 'shipTo'
  | 'billTo'
  | 'sku'
  | 'title'
  | 'quantity'
  | 'weight'
  | 'discount'
  | 'tax';

/** Present when the forms settings ask for a packing slip. */
export interface PackingSlip {
  paperSize: 'letter' | 'a4';
  showPrices: boolean;
  footerText?: string;
  /** The fields it shows, as the forms settings list them; absent, every field. */
  fields?: readonly PackingSlipField[];
  /** The order's date, an ISO 8601 instant (shown as its UTC day). */
  orderDate?: string;
  billTo?: LabelAddressBlock;
  lines: PackingSlipLine[];
  /**
   * What the order charged (its totals), printed under the lines when prices are shown. Absent, the
   * slip sums its lines per currency.
   */
  charges?: OrderCharges;
  /** The parcel carries only part of the order: the charges are the whole order's, and it says so. */
  partOfOrder?: boolean;
}

/**
 * The label's optional fields (the `label` forms settings' `fields`). Ship-to, carrier and service, and
 * the barcode with its tracking number print always: carriers require them.
 */
export type LabelField = 'orderReference' | 'weight' | 'shipDate' | 'packageCount' | 'returnAddress';

export interface LabelDocument {
  /** A 4×6 inch thermal label (288 × 432 pt), or that label on a US letter page. */
  format: '4x6' | 'letter';
  /**
   * The FROM block: printed in full when `returnAddress` is among the fields, else only its name and
   * locality (see drawShipFrom). The packing slip prints it in full.
   */
  shipFrom: LabelAddressBlock;
  shipTo: LabelAddressBlock;
  carrier: string;
  service: string;
  trackingNumber: string;
  orderReference: string;
  /** YYYY-MM-DD */
  shipDate: string;
  weightGrams: number;
  /** One label page per package: "1 of 2", "2 of 2". */
  packages: number;
  /**
   * Each package's own tracking number and weight, one per package: its page shows them (barcode and
   * weight). Absent, every page shows trackingNumber and weightGrams.
   */
  parcels?: ReadonlyArray<{ trackingNumber: string; weightGrams: number }>;
  /** The optional fields it prints, as the forms settings list them; absent, every one. */
  fields?: readonly LabelField[];
  /** The label form's footer text, printed at the foot of every label page. */
  footerText?: string;
  /** Present for a parcel to another country: its pages follow the label pages. */
  customs?: CustomsDeclaration;
  packingSlip?: PackingSlip;
}
