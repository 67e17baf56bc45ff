import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { lineAmountProblems } from '../../shared/domain/order';
import { toUtc } from '../../shared/http/instant';
import { replacementDraft } from '../../functions/orders/orders/replacement';

const stored = {
  statusId: 'on-hold',
  warehouseId: '01JZ0000000000000000000000',
  requestedShippingService: 'express',
  tags: ['gift', 'routed'],
  channelTags: ['gift'],
} as unknown as Order;

const body = {
  channel: 'web',
  orderDate: '2026-11-20T09:30:00Z',
  customer: { name: 'Ada' },
  shipTo: { name: 'Ada', line1: '1 Main St', city: 'X', postalCode: '1', country: 'US' },
  lines: [],
  currency: 'USD',
  shippingCharge: 0,
} as never;

describe('replacementDraft', () => {
  it('keeps the back office fields when omitted', () => {
    const draft = replacementDraft('A', body, stored, []);
    expect(draft).toMatchObject({
      statusId: 'on-hold',
      warehouseId: stored.warehouseId,
      requestedShippingService: 'express',
      tags: ['gift', 'routed'],
      channelTags: ['gift'],
    });
  });

  it('replaces the channel tags and keeps the others', () => {
    const draft = replacementDraft('A', { ...(body as object), tags: ['new'] } as never, stored, []);
    expect(draft.tags).toEqual(['new', 'routed']);
    expect(draft.channelTags).toEqual(['new']);
  });

  it('clears on null, and a new order starts awaiting payment', () => {
    const cleared = replacementDraft(
      'A',
      {
        ...(body as object),
        tags: null,
        warehouseId: null,
        requestedShippingService: null,
        statusId: null,
      } as never,
      stored,
      [],
    );
    expect(cleared).toMatchObject({ tags: [], channelTags: [], statusId: 'awaiting-payment' });
    expect('warehouseId' in cleared).toBe(false);
    expect('requestedShippingService' in cleared).toBe(false);
    expect(replacementDraft('A', body, undefined, [])).toMatchObject({
      tags: [],
      statusId: 'awaiting-payment',
    });
  });
});

describe('lineAmountProblems', () => {
  it('bounds the line amount and its discount', () => {
    expect(lineAmountProblems({ quantity: 2, unitPrice: 1e12 })[0]?.path).toBe('unitPrice');
    expect(lineAmountProblems({ quantity: 1, unitPrice: 100, discount: 101 })[0]?.path).toBe('discount');
    expect(lineAmountProblems({ quantity: 1, unitPrice: 100, discount: 100 })).toEqual([]);
  });
});

describe('toUtc', () => {
  it('normalises offsets to Z and keeps Z as sent', () => {
    expect(toUtc('2026-11-20T10:30:00+02:00')).toBe('2026-11-20T08:30:00Z');
    expect(toUtc('2026-11-20T10:30:00.250-01:00')).toBe('2026-11-20T11:30:00.250Z');
    expect(toUtc('2026-11-20T10:30:00Z')).toBe('2026-11-20T10:30:00Z');
  });
});
