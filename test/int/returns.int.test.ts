import { describe, expect, it } from 'vitest';
import { stockKey } from '../../shared/db/keys';
import { getItem } from '../../shared/db/query';
import { call } from '../support/call';
import { act, openReturn, orderLine, returnsPath, shippedOrder } from '../support/return-builders';

const order = async (id: string) => (await call({ method: 'GET', path: `/v1/orders/${id}` })).body;

describe('returns: the whole life', () => {
  it('requests, approves, receives (restock and damaged), refunds in part, resends, completes', async () => {
    const { id, warehouseId, total } = await shippedOrder([
      orderLine({ itemId: 'A', sku: 'RET-A', quantity: 2, unitPrice: 1500, tax: 300, discount: 0 }),
      orderLine({ itemId: 'B', sku: 'RET-B', quantity: 1, unitPrice: 2500, tax: 0, discount: 0 }),
      orderLine({ itemId: 'C', sku: 'RET-C', quantity: 1, unitPrice: 1000, tax: 0, discount: 0 }),
    ]);
    const opened = await openReturn(id, [
      { itemId: 'A', quantity: 2, reasonCode: 'size_or_fit', reasonText: 'Too small' },
      { itemId: 'B', quantity: 1, reasonCode: 'damaged' },
    ]);
    expect(opened.status, opened.text).toBe(201);
    expect(opened.body).toMatchObject({
      state: 'requested',
      allowedActions: ['approve', 'decline', 'delete'],
    });
    const rid = opened.body.id;
    const approved = await act(id, rid, 'approve');
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ state: 'approved', allowedActions: ['receive'] });
    const received = await act(id, rid, 'receive', {
      lines: [
        { itemId: 'A', quantity: 2, disposition: 'restock', warehouseId },
        { itemId: 'B', quantity: 1, disposition: 'damaged' },
      ],
    });
    expect(received.status, received.text).toBe(200);
    expect(received.body).toMatchObject({
      state: 'received',
      allowedActions: ['refund', 'resend', 'complete'],
    });
    expect(await getItem(stockKey('RET-A', warehouseId), true)).toMatchObject({ onHand: 10 });
    expect(await getItem(stockKey('RET-B', warehouseId), true)).toMatchObject({ onHand: 9 });

    const refunded = await act(id, rid, 'refund', { lines: [{ itemId: 'A', quantity: 1 }] });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.refunds).toMatchObject([
      { amount: 1650, lines: [{ itemId: 'A', quantity: 1, goods: 1500, tax: 150 }] },
    ]);
    const after = await order(id);
    // 2 × 15.00 + 3.00 tax + 25.00 + 10.00 + 5.00 shipping; one unit of A back: 15.00 and half its tax.
    expect(total).toBe(7300);
    expect(after.totals).toMatchObject({
      total: 7300 - 1650,
      paid: 7300,
      refunded: 1650,
      credited: 1650,
      balance: 0,
    });

    const resent = await act(id, rid, 'resend', {
      warehouseId,
      lines: [{ itemId: 'B', quantity: 1 }],
      trackingNumber: 'RPL123456',
    });
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body).toMatchObject({ state: 'resent', allowedActions: ['refund', 'complete'] });
    expect(await getItem(stockKey('RET-B', warehouseId), true)).toMatchObject({ onHand: 8 });
    const completed = await act(id, rid, 'complete');
    expect(completed.body).toMatchObject({ state: 'completed', allowedActions: [] });
    const listed = await call({ method: 'GET', path: returnsPath(id) });
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0].history.map((entry: { action: string }) => entry.action)).toEqual([
      'request',
      'approve',
      'receive',
      'refund',
      'resend',
      'complete',
    ]);
  });
});
