/**
 * Sales channels: how each numbers its orders and lines, who pays whom (marketplaces collect the money,
 * the webshop takes cards, PayPal and bank transfers, wholesale buys on terms), what shipping costs.
 */
import type { Random } from './random';

export type PaymentStyle = 'marketplace' | 'webshop' | 'terms';

export interface Channel {
  code: string;
  weight: number;
  /** Ships only to these countries (undefined: everywhere). */
  countries?: string[];
  payment: PaymentStyle;
  /** Marketplaces hide the customer's email behind a relay address. */
  relayEmail: boolean;
  /** The channel's own order number; `sequence` counts this channel's orders, so ids never repeat. */
  orderId(sequence: number, random: Random): string;
  lineId(index: number, random: Random): string;
  /** Shipping charged, in US cents, for a subtotal in US cents. */
  shipping(subtotalUsd: number, random: Random): number;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

export const channels: readonly Channel[] = [
  {
    code: 'webshop',
    weight: 36,
    payment: 'webshop',
    relayEmail: false,
    orderId: (sequence) => `WS${100_000 + sequence}`,
    lineId: (index) => String(index + 1),
    shipping: (subtotal) => (subtotal >= 7500 ? 0 : 595),
  },
  {
    code: 'amazon',
    weight: 30,
    payment: 'marketplace',
    relayEmail: true,
    orderId: (sequence, random) => `${random.int(111, 114)}-${pad(sequence, 7)}-${random.digits(7)}`,
    lineId: (index, random) => `${random.digits(12)}${pad(index, 2)}`,
    shipping: (_subtotal, random) => (random.chance(0.6) ? 0 : 499),
  },
  {
    code: 'ebay',
    weight: 12,
    payment: 'marketplace',
    relayEmail: true,
    orderId: (sequence, random) => `${random.int(10, 27)}-${pad(sequence, 5)}-${random.digits(5)}`,
    lineId: (index, random) => `${random.digits(10)}${pad(index, 2)}`,
    shipping: (_subtotal, random) => (random.chance(0.4) ? 0 : random.pick([399, 499, 699, 899])),
  },
  {
    code: 'etsy',
    weight: 10,
    payment: 'marketplace',
    relayEmail: false,
    orderId: (sequence, random) => String(2_900_000_000 + sequence * 7 + random.int(0, 6)),
    lineId: (index, random) => `${random.digits(9)}${index}`,
    shipping: (_subtotal, random) => random.pick([450, 600, 850, 1200, 1800]),
  },
  {
    code: 'walmart',
    weight: 5,
    countries: ['US'],
    payment: 'marketplace',
    relayEmail: true,
    orderId: (sequence, random) => `${1_080_000_000_000 + sequence * 10 + random.int(0, 9)}`,
    lineId: (index) => String(index + 1),
    shipping: (subtotal) => (subtotal >= 3500 ? 0 : 599),
  },
  {
    code: 'wholesale',
    weight: 7,
    countries: ['US', 'CA', 'GB', 'DE', 'NL', 'FR'],
    payment: 'terms',
    relayEmail: false,
    orderId: (sequence) => `B2B-${pad(sequence + 1, 5)}`,
    lineId: (index) => `L${index + 1}`,
    shipping: (subtotal) => Math.min(9500, 1500 + Math.round(subtotal * 0.02)),
  },
];

/** Shops that buy wholesale. */
export const retailers = [
  'The Paper Nook',
  'Maple & Co. Gifts',
  'Harbour Lane Home',
  'Little Fox Store',
  'Greenhouse Goods',
  'Corner Studio',
  'Atlas Concept Store',
  'Willow Market',
];
