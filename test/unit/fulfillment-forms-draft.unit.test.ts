import { describe, expect, it } from 'vitest';
import type { FormSettings } from '../../functions/fulfillment/forms/schemas';
import {
  defaultFormSettings,
  documentTypes,
  fieldsOf,
  formProblems,
} from '../../functions/fulfillment/forms/schemas';
import { labelDocument } from '../../functions/fulfillment/labels/label-document';
import { shipNowDraft } from '../../functions/fulfillment/ship-now/draft';
import type { Address } from '../../shared/domain/address';
import type { Order } from '../../shared/domain/order';
import type { Shipment } from '../../shared/domain/shipment';

describe('forms settings', () => {
  it('gives every document type defaults it can print', () => {
    for (const type of documentTypes) {
      const defaults = defaultFormSettings(type);
      expect(formProblems(type, defaults)).toEqual([]);
      expect(defaults.fields).toEqual(fieldsOf[type]);
    }
  });

  it('names each setting a document cannot use', () => {
    const problems = formProblems('pick-list', {
      paperSize: '4x6',
      showPrices: true,
      fields: ['sku', 'cost'],
      footerText: '',
      returnAddress: 'warehouse',
      includePackingSlip: true,
    });
    expect(problems.map((problem) => problem.path)).toEqual([
      'body.paperSize',
      'body.fields[1]',
      'body.includePackingSlip',
      'body.showPrices',
    ]);
  });
});

const line = (overrides: Partial<Order['lines'][number]>) =>
  ({
    itemId: 'A',
    sku: 'SKU-A',
    title: 'Thing',
    quantity: 1,
    unitPrice: 100,
    tax: 0,
    discount: 0,
    status: 'active',
    shippedQuantity: 0,
    ...overrides,
  }) as Order['lines'][number];

describe('ship-now draft', () => {
  const order = {
    id: 'O-1',
    channel: 'webshop',
    statusId: 'awaiting-shipment',
    fulfillmentState: 'partially_shipped',
    shipTo: { line1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US' },
    lines: [
      line({ itemId: 'A', quantity: 3, shippedQuantity: 1, weightGrams: 250 }),
      line({ itemId: 'B', quantity: 2, shippedQuantity: 2, weightGrams: 999 }),
      line({ itemId: 'C', quantity: 1, status: 'cancelled' }),
      line({ itemId: 'D', quantity: 4 }),
    ],
  } as unknown as Order;

  it('lists only units still to ship, weighs what it can and names the lines without a weight', () => {
    const draft = shipNowDraft(order, undefined, undefined);
    expect(draft.lines.map((l) => [l.itemId, l.quantity])).toEqual([
      ['A', 2],
      ['D', 4],
    ]);
    expect(draft.suggestedPackage).toEqual({ weightGrams: 500, linesWithoutWeight: ['D'] });
    expect(draft.shipFrom).toBeNull();
    expect(draft.lastUsed).toBeNull();
    expect(draft.requestedShippingService).toBeNull();
  });
});

describe('labelDocument: what the label shows, from the order, shipment, warehouse and forms settings', () => {
  const origin: Address = {
    name: 'Dock 4',
    line1: '200 Dock Rd',
    city: 'Memphis',
    postalCode: '38118',
    country: 'US',
  };
  const returns: Address = {
    name: 'Returns',
    line1: '9 Return Row',
    city: 'Memphis',
    postalCode: '38116',
    country: 'US',
  };
  const billTo: Address = {
    name: 'Accounts',
    line1: '1 Ledger Ln',
    city: 'Boston',
    postalCode: '02108',
    country: 'US',
  };
  const order = {
    id: 'O-7',
    currency: 'USD',
    orderDate: '2026-11-20T09:30:00.000Z',
    shipTo: { name: 'Zoë', line1: '5 Elm St', city: 'Boston', postalCode: '02108', country: 'US' },
    billTo,
    lines: [
      line({
        itemId: 'A',
        sku: 'SKU-A',
        title: 'Mug',
        quantity: 3,
        unitPrice: 1250,
        discount: 300,
        weightGrams: 400,
      }),
      line({ itemId: 'B', sku: 'SKU-B', title: 'Spoon', quantity: 1, unitPrice: 300 }),
    ],
    totals: {
      subtotal: 4050,
      shipping: 500,
      tax: 405,
      discount: 300,
      total: 4655,
      paid: 4655,
      refunded: 0,
      credited: 0,
      balance: 0,
      refundable: 0,
    },
  } as unknown as Order;
  const shipment = {
    carrier: 'UPS',
    service: 'Ground',
    trackingNumber: '1Z999AA10123456784',
    shipDate: '2026-11-23',
    weightGrams: 1500,
    packages: 2,
    lines: [
      { itemId: 'A', sku: 'SKU-A', quantity: 2 },
      { itemId: 'B', sku: 'SKU-B', quantity: 1 },
    ],
  } as unknown as Shipment;
  const settings = (type: 'label' | 'packing-slip', overrides: Partial<FormSettings> = {}): FormSettings => ({
    ...defaultFormSettings(type),
    ...overrides,
  });
  const document = (
    label: Partial<FormSettings> = {},
    packingSlip: Partial<FormSettings> = {},
    /** The warehouse's return address; null when it has none. */
    returnAddress: Address | null = returns,
    labelFormat?: 'pdf_4x6' | 'pdf_letter',
  ) =>
    labelDocument({
      order,
      shipment,
      shipFrom: origin,
      returnAddress: returnAddress ?? undefined,
      label: settings('label', label),
      packingSlip: settings('packing-slip', packingSlip),
      ...(labelFormat ? { labelFormat } : {}),
    });

  it('by default prints every field, with the return address as FROM, and no packing slip', () => {
    expect(document()).toEqual({
      format: '4x6',
      shipFrom: returns,
      shipTo: order.shipTo,
      carrier: 'UPS',
      service: 'Ground',
      trackingNumber: '1Z999AA10123456784',
      orderReference: 'O-7',
      shipDate: '2026-11-23',
      weightGrams: 1500,
      packages: 2,
      fields: ['orderReference', 'weight', 'shipDate', 'packageCount', 'returnAddress'],
    });
  });

  it('prints the origin address when the warehouse has no return address', () => {
    expect(document({}, {}, null).shipFrom).toBe(origin);
  });

  it("leaves the return address off with returnAddress 'none' or its field not listed: FROM is the origin", () => {
    for (const label of [
      { returnAddress: 'none' as const },
      { fields: ['orderReference', 'weight', 'shipDate', 'packageCount'] },
    ]) {
      const made = document(label);
      expect(made.shipFrom).toBe(origin);
      expect(made.fields).toEqual(['orderReference', 'weight', 'shipDate', 'packageCount']);
    }
  });

  it('passes the listed fields on, leaving out any the label does not have', () => {
    expect(document({ fields: ['weight', 'sku', 'packageCount'], paperSize: 'letter' })).toMatchObject({
      format: 'letter',
      shipFrom: origin,
      fields: ['weight', 'packageCount'],
    });
  });

  it('gives the packing slip its fields, the order date, the bill-to, each line’s unit weight, price and discount share, and the order’s charges', () => {
    const made = document(
      { includePackingSlip: true },
      {
        paperSize: 'a4',
        showPrices: true,
        footerText: 'Thanks!',
        fields: ['orderDate', 'billTo', 'weight', 'cost'],
      },
    );
    expect(made.packingSlip).toEqual({
      paperSize: 'a4',
      showPrices: true,
      footerText: 'Thanks!',
      fields: ['orderDate', 'billTo', 'weight'],
      orderDate: '2026-11-20T09:30:00.000Z',
      billTo,
      charges: { currency: 'USD', ...order.totals },
      // Two of the mug's three units ship: two thirds of its discount, and the slip says it is part.
      partOfOrder: true,
      lines: [
        {
          sku: 'SKU-A',
          title: 'Mug',
          quantity: 2,
          unitPrice: { amount: 1250, currency: 'USD' },
          discount: 200,
          weightGrams: 400,
        },
        {
          sku: 'SKU-B',
          title: 'Spoon',
          quantity: 1,
          unitPrice: { amount: 300, currency: 'USD' },
          discount: 0,
        },
      ],
    });
    const withoutBillTo = labelDocument({
      order: { ...order, billTo: undefined },
      shipment,
      shipFrom: origin,
      label: settings('label', { includePackingSlip: true }),
      packingSlip: settings('packing-slip'),
    });
    expect(withoutBillTo.packingSlip).not.toHaveProperty('billTo');
    expect(withoutBillTo.packingSlip?.fields).toEqual([
      'orderReference',
      'orderDate',
      'shipTo',
      'billTo',
      'sku',
      'title',
      'quantity',
      'weight',
      'discount',
      'tax',
    ]);
  });

  it('takes the print’s labelFormat over the form’s paper size, and passes the footer text on', () => {
    expect(document({ paperSize: '4x6' }).format).toBe('4x6');
    expect(document({ paperSize: '4x6' }, {}, returns, 'pdf_letter').format).toBe('letter');
    expect(document({ paperSize: 'letter' }, {}, returns, 'pdf_4x6').format).toBe('4x6');
    expect(document({ footerText: 'Fragile: glass' }).footerText).toBe('Fragile: glass');
    expect(document({ footerText: '  ' })).not.toHaveProperty('footerText');
  });

  it('adds a customs declaration only when the parcel leaves the warehouse’s country', () => {
    expect(document()).not.toHaveProperty('customs');
    const abroad = labelDocument({
      order: { ...order, shipTo: { ...order.shipTo, country: 'CA', postalCode: 'K1A 0B1' } },
      shipment,
      shipFrom: origin,
      returnAddress: returns,
      label: settings('label'),
      packingSlip: settings('packing-slip'),
    });
    expect(abroad.customs).toMatchObject({ form: 'CN22', sender: returns, totalValue: 2600n });
  });

  it('gives a parcel its share of a line’s discount after the units earlier parcels carried', () => {
    // A line of 2 mugs at 10.00 with 0.05 off, shipped 1 + 1: the parcels carry 0.02 and 0.03, not 0.03 twice.
    const parcelAfter = (shippedQuantity: number) =>
      labelDocument({
        order: {
          ...order,
          shipTo: { ...order.shipTo, country: 'CA', postalCode: 'K1A 0B1' },
          lines: [line({ itemId: 'A', quantity: 2, unitPrice: 1000, discount: 5, shippedQuantity })],
        },
        shipment: { ...shipment, lines: [{ itemId: 'A', sku: 'SKU-A', quantity: 1 }] },
        shipFrom: origin,
        label: settings('label', { includePackingSlip: true }),
        packingSlip: settings('packing-slip'),
      });
    const [first, second] = [parcelAfter(0), parcelAfter(1)];
    expect(first.packingSlip?.lines[0]?.discount).toBe(2);
    expect(second.packingSlip?.lines[0]?.discount).toBe(3);
    expect(first.customs?.items[0]?.value).toBe(998n);
    expect(second.customs?.items[0]?.value).toBe(997n);
  });
});
