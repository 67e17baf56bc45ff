import { describe, expect, it } from 'vitest';
import {
  defaultFormSettings,
  documentTypes,
  fieldsOf,
  formProblems,
} from '../../functions/fulfillment/forms/schemas';
import { shipNowDraft } from '../../functions/fulfillment/ship-now/draft';
import type { Order } from '../../shared/domain/order';

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
