import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { customsDeclarationFor } from '../../functions/fulfillment/labels/customs-declaration';
import type { Address } from '../../shared/domain/address';
import type { Order } from '../../shared/domain/order';
import { orderLineInputSchema } from '../../shared/domain/order';
import type { Shipment } from '../../shared/domain/shipment';
import { cn22MaxValue, customsFormFor } from '../../shared/shipments/customs';

const form = (value: bigint, currency = 'USD', exponent = 2, toCountry = 'PL') =>
  customsFormFor({ from: { country: 'US' }, to: { country: toCountry }, value, currency, exponent });

describe('customsFormFor: which declaration a parcel carries', () => {
  it('none when the parcel stays in its customs territory (country codes in any case)', () => {
    expect(form(1_000_000n, 'USD', 2, 'US')).toBeUndefined();
    expect(form(1_000_000n, 'USD', 2, 'PR')).toBeUndefined();
    expect(
      customsFormFor({
        from: { country: 'us' },
        to: { country: 'US' },
        value: 1n,
        currency: 'USD',
        exponent: 2,
      }),
    ).toBeUndefined();
  });

  it('USD: a CN22 only under 400 (USPS), so 399.99 is the last; 400.00 takes a CN23', () => {
    expect(form(0n)).toBe('CN22');
    expect(form(39_999n)).toBe('CN22');
    expect(form(40_000n)).toBe('CN23');
  });

  it('GBP: a CN22 up to and including 270.00 (Royal Mail); 270.01 takes a CN23', () => {
    expect(form(27_000n, 'GBP')).toBe('CN22');
    expect(form(27_001n, 'GBP')).toBe('CN23');
  });

  it('reads the limit in the currency’s own units: JPY has no decimals, EUR its own figure', () => {
    expect(form(60_000n, 'JPY', 0)).toBe('CN22');
    expect(form(60_001n, 'JPY', 0)).toBe('CN23');
    expect(form(35_000n, 'EUR')).toBe('CN22');
    expect(form(35_001n, 'EUR')).toBe('CN23');
  });

  it('keeps every limit at or under 300 SDR at the rates its comment names', () => {
    const sdr = { USD: 1.35, GBP: 1.0, EUR: 1.17, CAD: 1.87, AUD: 2.07, CHF: 1.09, JPY: 200, PLN: 4.95 };
    for (const [currency, max] of Object.entries(cn22MaxValue)) {
      expect(Number(max), currency).toBeLessThanOrEqual(300 * sdr[currency as keyof typeof sdr]);
    }
  });

  it('a CN23 for a currency without a known limit: the form the post takes at any value', () => {
    expect(form(100n, 'SEK')).toBe('CN23');
  });
});

describe('customsDeclarationFor: the declaration from the lines shipped', () => {
  const origin: Address = {
    name: 'Dock 4',
    line1: '200 Dock Rd',
    city: 'Memphis',
    postalCode: '38118',
    country: 'US',
  };
  const returns: Address = { ...origin, name: 'Returns', line1: '9 Return Row' };
  const line = (overrides: Record<string, unknown>) => ({
    quantity: 1,
    unitPrice: 100,
    tax: 0,
    discount: 0,
    status: 'active',
    shippedQuantity: 0,
    ...overrides,
  });
  const order = {
    id: 'O-9',
    currency: 'USD',
    shipTo: { name: 'Jan', line1: 'ul. Długa 5', city: 'Gdańsk', postalCode: '80-827', country: 'PL' },
    lines: [
      line({
        itemId: 'A',
        sku: 'MUG',
        title: 'Mug',
        quantity: 3,
        unitPrice: 1800,
        discount: 900,
        weightGrams: 420,
        hsCode: '6912.00',
        originCountry: 'PT',
      }),
      line({ itemId: 'B', sku: 'CARD', title: 'Card', quantity: 1, unitPrice: 450 }),
    ],
  } as unknown as Order;
  const shipment = {
    shipDate: '2026-11-23',
    weightGrams: 1950,
    lines: [
      { itemId: 'A', sku: 'MUG', quantity: 2 },
      { itemId: 'B', sku: 'CARD', quantity: 1 },
    ],
  } as unknown as Shipment;

  it('lists each line shipped: its value after its discount, weight, HS code and origin when the line has them', () => {
    const declaration = customsDeclarationFor({ order, shipment, shipFrom: origin, returnAddress: returns });
    expect(declaration).toEqual({
      form: 'CN22',
      category: 'Sale of goods',
      currency: 'USD',
      sender: returns,
      recipient: order.shipTo,
      items: [
        {
          description: 'Mug',
          quantity: 2,
          value: 3000n,
          weightGrams: 840,
          hsCode: '6912.00',
          originCountry: 'PT',
        },
        { description: 'Card', quantity: 1, value: 450n },
      ],
      totalValue: 3450n,
      totalWeightGrams: 1950,
      orderReference: 'O-9',
      date: '2026-11-23',
    });
  });

  it('sends from the origin without a return address; a CN23 above the limit; none at home', () => {
    const dear = {
      ...order,
      lines: [line({ itemId: 'A', title: 'Lamp', quantity: 3, unitPrice: 20_000 })],
    } as unknown as Order;
    const declaration = customsDeclarationFor({
      order: dear,
      shipment: { ...shipment, lines: [{ itemId: 'A', sku: 'L', quantity: 3 }] } as unknown as Shipment,
      shipFrom: origin,
    });
    expect(declaration).toMatchObject({ form: 'CN23', sender: origin, totalValue: 60_000n });
    const home = { ...order, shipTo: { ...order.shipTo, country: 'US' } } as unknown as Order;
    expect(customsDeclarationFor({ order: home, shipment, shipFrom: origin })).toBeUndefined();
  });

  it('none inside one customs territory (US → PR, DE → FR); one from Spain to the Canary Islands', () => {
    const to = (shipTo: Partial<Address>) => ({ ...order, shipTo: { ...order.shipTo, ...shipTo } }) as Order;
    expect(
      customsDeclarationFor({
        order: to({ country: 'PR', postalCode: '00901' }),
        shipment,
        shipFrom: origin,
      }),
    ).toBeUndefined();
    const berlin: Address = { line1: 'Str. 1', city: 'Berlin', postalCode: '10115', country: 'DE' };
    expect(
      customsDeclarationFor({
        order: to({ country: 'FR', postalCode: '75001' }),
        shipment,
        shipFrom: berlin,
      }),
    ).toBeUndefined();
    const madrid: Address = { line1: 'Calle 1', city: 'Madrid', postalCode: '28001', country: 'ES' };
    const canaries = to({ country: 'ES', city: 'Las Palmas', postalCode: '35001' });
    expect(customsDeclarationFor({ order: canaries, shipment, shipFrom: madrid })?.form).toBe('CN22');
  });
});

describe('order lines carry what customs asks of a product', () => {
  const input = { itemId: 'A', sku: 'TEE', title: 'T-shirt', quantity: 1, unitPrice: 2400 };

  it('take an HS code (dots allowed) and an origin country', () => {
    for (const hsCode of ['610910', '6109.10', '6109.10.00', '6109100010']) {
      const parsed = z.safeParse(orderLineInputSchema, { ...input, hsCode, originCountry: 'BD' });
      expect(parsed.success, hsCode).toBe(true);
      expect(parsed.data).toMatchObject({ hsCode, originCountry: 'BD' });
    }
  });

  it('refuse what is neither, naming the field', () => {
    for (const [field, value] of [
      ['hsCode', '61'],
      ['hsCode', 'cotton'],
      ['originCountry', 'XX'],
      ['originCountry', 'Bangladesh'],
    ] as const) {
      const parsed = z.safeParse(orderLineInputSchema, { ...input, [field]: value });
      expect(parsed.success, `${field} ${value}`).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual([field]);
    }
  });
});
