import { describe, expect, it } from 'vitest';
import { historyOfOrder, stockKey } from '../../shared/db/keys';
import { getItem, queryAll } from '../../shared/db/query';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { stock } from '../support/order-builders';
import { recordReplacement } from '../../shared/shipments/commit';
import { tableSnapshot } from '../support/table-snapshot';
import { act, openReturn, orderLine, returnsPath, shippedOrder } from '../support/return-builders';

const order = async (id: string) => (await call({ method: 'GET', path: `/v1/orders/${id}` })).body;
const paymentHistory = async (id: string) =>
  (await queryAll(historyOfOrder(id)))
    .filter((entry) => entry.kind === 'payment')
    .map((entry) => entry.summary as string);

/** An order shipped and received back in full, paid only `paid` of its total; the return's id. */
async function returnedPartPaid(
  lines: Array<Record<string, unknown>>,
  paid: number,
  options: { shippingCharge: number },
) {
  const shipped = await shippedOrder(lines, { ...options, pay: false });
  const payment = await call({
    method: 'POST',
    path: `/v1/orders/${shipped.id}/payments`,
    body: { amount: paid, method: 'card' },
  });
  expect(payment.status, payment.text).toBe(201);
  const returned = lines.map((line) => ({
    itemId: line.itemId,
    quantity: line.quantity,
    reasonCode: 'defective',
  }));
  const rid = (await openReturn(shipped.id, returned)).body.id as string;
  await act(shipped.id, rid, 'approve');
  const received = await act(shipped.id, rid, 'receive', {
    lines: returned.map(({ itemId, quantity }) => ({ itemId, quantity, disposition: 'damaged' })),
  });
  expect(received.status, received.text).toBe(200);
  return { ...shipped, rid };
}

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

describe('returns: what may be returned', () => {
  it('never returns more than shipped across the order’s returns; a declined or deleted return frees its units', async () => {
    const { id } = await shippedOrder([orderLine({ itemId: 'A', sku: 'RQ-A', quantity: 3 })]);
    const first = await openReturn(id, [{ itemId: 'A', quantity: 2, reasonCode: 'defective' }]);
    expect(first.status, first.text).toBe(201);
    const over = await openReturn(id, [{ itemId: 'A', quantity: 2, reasonCode: 'defective' }]);
    expect(over.status).toBe(409);
    expect(over.body.lines).toEqual([{ itemId: 'A', sku: 'RQ-A', requested: 2, returnable: 1 }]);
    // Declined: its two units can be returned again.
    const declined = await act(id, first.body.id, 'decline', {
      reasonCode: 'outside_return_window',
      note: 'Sorry',
    });
    expect(declined.body).toMatchObject({ state: 'declined', allowedActions: ['delete'] });
    const again = await openReturn(id, [{ itemId: 'A', quantity: 3, reasonCode: 'defective' }]);
    expect(again.status, again.text).toBe(201);
    // Deleted while requested: its units are free again too.
    const gone = await call({
      method: 'DELETE',
      path: `${returnsPath(id)}/${again.body.id}`,
      role: 'manager',
    });
    expect(gone.status).toBe(204);
    expect((await openReturn(id, [{ itemId: 'A', quantity: 3, reasonCode: 'other' }])).status).toBe(201);
  });

  it('keeps a shipment from being taken back from under a return, until the return is declined', async () => {
    const { id } = await shippedOrder([orderLine({ itemId: 'A', sku: 'RQ-E', quantity: 2 })]);
    const rid = (await openReturn(id, [{ itemId: 'A', quantity: 1, reasonCode: 'defective' }])).body.id;
    const shipmentId = (await call({ method: 'GET', path: `/v1/orders/${id}/tracking` })).body.items[0].id;
    const remove = () =>
      call({ method: 'DELETE', path: `/v1/orders/${id}/tracking/${shipmentId}`, role: 'manager' });
    const refused = await remove();
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.lines).toEqual([{ itemId: 'A', sku: 'RQ-E', claimedByReturns: 1, shipped: 0 }]);
    expect((await order(id)).lines[0].shippedQuantity).toBe(2);
    await act(id, rid, 'decline', { reasonCode: 'not_eligible' });
    expect((await remove()).status).toBe(204);
    // Nothing shipped any more: no new return.
    expect((await openReturn(id, [{ itemId: 'A', quantity: 1, reasonCode: 'other' }])).status).toBe(409);
  });

  it('refuses an order with nothing shipped (409), unknown lines (400), unknown orders (404)', async () => {
    const { id } = await shippedOrder([orderLine({ itemId: 'A', sku: 'RQ-B', quantity: 1 })], {
      ship: false,
    });
    const nothing = await openReturn(id, [{ itemId: 'A', quantity: 1, reasonCode: 'other' }]);
    expect(nothing.status).toBe(409);
    expect(nothing.body.detail).toContain('Nothing of order');
    const shipped = await shippedOrder([orderLine({ itemId: 'A', sku: 'RQ-C', quantity: 1 })]);
    const unknown = await openReturn(shipped.id, [{ itemId: 'Z', quantity: 1, reasonCode: 'other' }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { path: 'body.lines[0].itemId', message: `order ${shipped.id} has no line Z` },
    ]);
    expect(
      (await openReturn('NO-SUCH-ORDER', [{ itemId: 'A', quantity: 1, reasonCode: 'other' }])).status,
    ).toBe(404);
    expect((await call({ method: 'GET', path: returnsPath('NO-SUCH-ORDER') })).status).toBe(404);
    expect((await act(shipped.id, '01ARZ3NDEKTSV4RRFFQ69G5FAV', 'approve')).status).toBe(404);
  });

  it('answers 409 with the state and the allowed actions to every action the state does not allow', async () => {
    const { id } = await shippedOrder([orderLine({ itemId: 'A', sku: 'RQ-D', quantity: 1 })]);
    const rid = (await openReturn(id, [{ itemId: 'A', quantity: 1, reasonCode: 'other' }])).body.id;
    for (const action of ['receive', 'refund', 'resend', 'complete']) {
      const refused = await act(
        id,
        rid,
        action,
        action === 'receive'
          ? { lines: [{ itemId: 'A', quantity: 1, disposition: 'damaged' }] }
          : action === 'refund'
            ? { lines: [{ itemId: 'A', quantity: 1 }] }
            : action === 'resend'
              ? { warehouseId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }
              : undefined,
      );
      expect(refused.status, `${action}: ${refused.text}`).toBe(action === 'resend' ? 400 : 409);
      if (refused.status === 409) {
        expect(refused.body).toMatchObject({
          state: 'requested',
          allowedActions: ['approve', 'decline', 'delete'],
        });
      }
    }
    await act(id, rid, 'approve');
    const deleted = await call({ method: 'DELETE', path: `${returnsPath(id)}/${rid}`, role: 'manager' });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toMatchObject({ state: 'approved', allowedActions: ['receive'] });
  });
});

describe('returns: receiving and refunding', () => {
  it('receives in several partial receipts, restocking each unit once at its SKU’s average cost', async () => {
    const { id, warehouseId } = await shippedOrder([orderLine({ itemId: 'A', sku: 'RR-A', quantity: 4 })]);
    const rid = (await openReturn(id, [{ itemId: 'A', quantity: 4, reasonCode: 'defective' }])).body.id;
    await act(id, rid, 'approve');
    const part = await act(id, rid, 'receive', {
      lines: [{ itemId: 'A', quantity: 1, disposition: 'restock', warehouseId }],
    });
    expect(part.body).toMatchObject({ state: 'approved', allowedActions: ['receive'] });
    expect(part.body.lines[0].received).toEqual({ restock: 1, damaged: 0, missing: 0 });
    expect(part.body.receipts[0].lines[0]).toMatchObject({ unitCost: 100 });
    const rest = await act(id, rid, 'receive', {
      lines: [
        { itemId: 'A', quantity: 2, disposition: 'restock', warehouseId },
        { itemId: 'A', quantity: 1, disposition: 'missing' },
      ],
    });
    expect(rest.body).toMatchObject({ state: 'received' });
    expect(await getItem(stockKey('RR-A', warehouseId), true)).toMatchObject({
      onHand: 9,
      averageUnitCost: 100,
    });
    const more = await act(id, rid, 'receive', {
      lines: [{ itemId: 'A', quantity: 1, disposition: 'damaged' }],
    });
    expect(more.status).toBe(409);
  });

  it('restocks one line into two warehouses, the second of which never held the SKU, at the cost it shipped at', async () => {
    const { id, warehouseId } = await shippedOrder([orderLine({ itemId: 'A', sku: 'RR-C', quantity: 2 })]);
    const other = await seedWarehouse({ isDefault: false });
    const rid = (await openReturn(id, [{ itemId: 'A', quantity: 2, reasonCode: 'defective' }])).body.id;
    await act(id, rid, 'approve');
    const split = await act(id, rid, 'receive', {
      lines: [
        { itemId: 'A', quantity: 1, disposition: 'restock', warehouseId },
        { itemId: 'A', quantity: 1, disposition: 'restock', warehouseId: other.id },
      ],
    });
    expect(split.status, split.text).toBe(200);
    expect(split.body.receipts[0].lines.map((line: { unitCost: number }) => line.unitCost)).toEqual([
      100, 100,
    ]);
    expect(await getItem(stockKey('RR-C', warehouseId), true)).toMatchObject({ onHand: 9 });
    expect(await getItem(stockKey('RR-C', other.id), true)).toMatchObject({
      onHand: 1,
      averageUnitCost: 100,
    });
  });

  it('refuses a restock into an unknown or inactive warehouse, a receipt beyond what is awaited, and changes nothing', async () => {
    const { id } = await shippedOrder([orderLine({ itemId: 'A', sku: 'RR-B', quantity: 2 })]);
    const rid = (await openReturn(id, [{ itemId: 'A', quantity: 2, reasonCode: 'defective' }])).body.id;
    await act(id, rid, 'approve');
    const inactive = await seedWarehouse({ active: false, isDefault: false });
    const before = await tableSnapshot();
    for (const [lines, path] of [
      [
        [{ itemId: 'A', quantity: 1, disposition: 'restock', warehouseId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }],
        'body.lines[0].warehouseId',
      ],
      [
        [{ itemId: 'A', quantity: 1, disposition: 'restock', warehouseId: inactive.id }],
        'body.lines[0].warehouseId',
      ],
      [[{ itemId: 'A', quantity: 1, disposition: 'restock' }], 'body.lines[0].warehouseId'],
      [[{ itemId: 'Z', quantity: 1, disposition: 'damaged' }], 'body.lines[0].itemId'],
      [[{ itemId: 'A', quantity: -1, disposition: 'damaged' }], 'body.lines[0].quantity'],
    ] as const) {
      const refused = await act(id, rid, 'receive', { lines });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    expect(await tableSnapshot()).toEqual(before);
  });

  it('refuses more units than the return holds as a conflict naming the line and the quantities', async () => {
    const { id } = await shippedOrder([orderLine({ itemId: 'A', sku: 'RR-D', quantity: 2 })]);
    const rid = (await openReturn(id, [{ itemId: 'A', quantity: 2, reasonCode: 'defective' }])).body.id;
    await act(id, rid, 'approve');
    const before = await tableSnapshot();
    const refused = await act(id, rid, 'receive', {
      lines: [{ itemId: 'A', quantity: 3, disposition: 'damaged' }],
    });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.lines).toEqual([{ itemId: 'A', returned: 2, awaiting: 2, asked: 3 }]);
    expect(refused.body.detail).toBe(`Return ${rid} cannot take these units: line A returns 2 units, not 3.`);
    expect(await tableSnapshot()).toEqual(before);
  });

  it('refunds lines at the price paid with their tax and shipping as asked, never more than paid less refunded', async () => {
    const { id, total } = await shippedOrder(
      [orderLine({ itemId: 'A', sku: 'RF-A', quantity: 3, unitPrice: 1000, tax: 100, discount: 1 })],
      { shippingCharge: 500 },
    );
    const rid = (await openReturn(id, [{ itemId: 'A', quantity: 3, reasonCode: 'defective' }])).body.id;
    await act(id, rid, 'approve');
    await act(id, rid, 'receive', { lines: [{ itemId: 'A', quantity: 3, disposition: 'damaged' }] });
    // Goods 2999 over 3 units: floor(2999 × n / 3) gives 999, then 2000 for the other two; tax 33, then 67.
    const one = await act(id, rid, 'refund', { lines: [{ itemId: 'A', quantity: 1 }] });
    expect(one.body.refunds[0]).toMatchObject({ amount: 1032, shipping: 0 });
    const tooMuchShipping = await act(id, rid, 'refund', { lines: [], shipping: 501 });
    expect(tooMuchShipping.status).toBe(409);
    const rest = await act(id, rid, 'refund', { lines: [{ itemId: 'A', quantity: 2 }], shipping: 500 });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.refunds[1]).toMatchObject({ amount: 2000 + 67 + 500 });
    expect(rest.body.allowedActions).toEqual(['resend', 'complete']);
    const after = await order(id);
    expect(after.totals).toMatchObject({
      paid: total,
      refunded: total,
      credited: total,
      total: 0,
      balance: 0,
    });
    const refundPayments = after.payments.filter((payment: { amount: number }) => payment.amount < 0);
    expect(
      refundPayments.map((payment: { refund: { returnId: string } }) => payment.refund.returnId),
    ).toEqual([rid, rid]);
    const bad = await act(id, rid, 'refund', { lines: [], shipping: 1_000_000_000_001 });
    expect(bad.status).toBe(400);
  });
});

describe('returns: refunds on a part-paid order', () => {
  it('credits the returned goods against what is owed and refunds only the rest (2 × 50.00 + 10.00, 30.00 paid)', async () => {
    const { id, rid } = await returnedPartPaid(
      [orderLine({ itemId: 'A', sku: 'PP-A', quantity: 2, unitPrice: 5000, tax: 0, discount: 0 })],
      3000,
      { shippingCharge: 1000 },
    );
    expect((await order(id)).totals).toMatchObject({ total: 11_000, paid: 3000, balance: 8000 });
    const refunded = await act(id, rid, 'refund', { lines: [{ itemId: 'A', quantity: 2 }] });
    expect(refunded.status, refunded.text).toBe(200);
    // The answer says what happened: 80.00 credited (no money moved), 20.00 paid back.
    expect(refunded.body.refunds).toMatchObject([{ amount: 2000, credited: 8000, currency: 'USD' }]);
    expect(refunded.body.history.at(-1).summary).toBe(
      'Credited 80.00 USD against what the customer owed and refunded 20.00 USD by card (2 units)',
    );
    const after = await order(id);
    expect(after.totals).toMatchObject({
      total: 1000,
      paid: 3000,
      refunded: 2000,
      credited: 10_000,
      balance: 0,
    });
    expect(after.payments.at(-1)).toMatchObject({ amount: -2000, refund: { returnId: rid, credited: 8000 } });
    expect(await paymentHistory(id)).toEqual([
      'Payment of 30.00 USD by card',
      `Credit of 80.00 USD for goods returned (return ${rid}): what the customer owes drops; no money moved`,
      `Refund of 20.00 USD by card for return ${rid}`,
    ]);
  });

  it('credits one unit alone with no money moving, and the order still owes for the other', async () => {
    const { id, rid } = await returnedPartPaid(
      [orderLine({ itemId: 'A', sku: 'PP-B', quantity: 2, unitPrice: 5000, tax: 0, discount: 0 })],
      3000,
      { shippingCharge: 1000 },
    );
    const one = await act(id, rid, 'refund', { lines: [{ itemId: 'A', quantity: 1 }] });
    expect(one.status, one.text).toBe(200);
    expect(one.body.refunds).toMatchObject([{ amount: 0, credited: 5000 }]);
    expect((await order(id)).totals).toMatchObject({
      total: 6000,
      refunded: 0,
      credited: 5000,
      balance: 3000,
    });
    expect(await paymentHistory(id)).toHaveLength(2);
  });
});

describe('returns: races', () => {
  it('ten refunds racing on a half-paid order: the first five credit what is owed, the rest pay back what was paid, never more', async () => {
    const { id } = await shippedOrder(
      [orderLine({ itemId: 'A', sku: 'RACE-A', quantity: 10, unitPrice: 1000, tax: 0, discount: 0 })],
      {
        shippingCharge: 0,
        pay: false,
      },
    );
    const paid = await call({
      method: 'POST',
      path: `/v1/orders/${id}/payments`,
      body: { amount: 5000, method: 'card' },
    });
    expect(paid.status, paid.text).toBe(201);
    const rid = (await openReturn(id, [{ itemId: 'A', quantity: 10, reasonCode: 'defective' }])).body.id;
    await act(id, rid, 'approve');
    await act(id, rid, 'receive', { lines: [{ itemId: 'A', quantity: 10, disposition: 'damaged' }] });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => act(id, rid, 'refund', { lines: [{ itemId: 'A', quantity: 1 }] })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const after = await order(id);
    expect(after.totals).toMatchObject({ paid: 5000, refunded: 5000, credited: 10_000, balance: 0 });
    const listed = (await call({ method: 'GET', path: returnsPath(id) })).body.items[0];
    expect(listed.refunds).toHaveLength(10);
    const sum = (field: 'amount' | 'credited') =>
      listed.refunds.reduce(
        (total: number, refund: { amount: number; credited: number }) => total + refund[field],
        0,
      );
    expect([sum('credited'), sum('amount')]).toEqual([5000, 5000]);
    expect(listed.lines[0].refundedQuantity).toBe(10);
    // Nothing is left to refund: an eleventh is refused by the return's state.
    expect((await act(id, rid, 'refund', { lines: [{ itemId: 'A', quantity: 1 }] })).status).toBe(409);
  });

  it('approve racing decline: one wins; two receipts of the same units restock them once', async () => {
    const { id, warehouseId } = await shippedOrder([orderLine({ itemId: 'A', sku: 'RACE-B', quantity: 2 })]);
    const rid = (await openReturn(id, [{ itemId: 'A', quantity: 2, reasonCode: 'defective' }])).body.id;
    const [approve, decline] = await Promise.all([
      act(id, rid, 'approve'),
      act(id, rid, 'decline', { reasonCode: 'not_eligible' }),
    ]);
    expect([approve.status, decline.status].sort()).toEqual([200, 409]);
    if (approve.status !== 200) return;
    const receipt = { lines: [{ itemId: 'A', quantity: 2, disposition: 'restock', warehouseId }] };
    const both = await Promise.all([act(id, rid, 'receive', receipt), act(id, rid, 'receive', receipt)]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await getItem(stockKey('RACE-B', warehouseId), true)).toMatchObject({ onHand: 10 });
  });

  it('a new return racing the removal of the shipment it returns: never both', async () => {
    for (let round = 0; round < 3; round++) {
      const { id } = await shippedOrder([orderLine({ itemId: 'A', sku: `RACE-D${round}`, quantity: 2 })]);
      const shipmentId = (await call({ method: 'GET', path: `/v1/orders/${id}/tracking` })).body.items[0].id;
      const [opened, removed] = await Promise.all([
        openReturn(id, [{ itemId: 'A', quantity: 2, reasonCode: 'defective' }]),
        call({ method: 'DELETE', path: `/v1/orders/${id}/tracking/${shipmentId}`, role: 'manager' }),
      ]);
      expect([opened.status, removed.status], `${opened.text} / ${removed.text}`).not.toEqual([201, 204]);
      expect([201, 204]).toContain(opened.status === 201 ? opened.status : removed.status);
      const shipped = (await order(id)).lines[0].shippedQuantity;
      const claimed = (await call({ method: 'GET', path: returnsPath(id) })).body.items.reduce(
        (sum: number, ret: { lines: Array<{ quantity: number }> }) => sum + ret.lines[0]!.quantity,
        0,
      );
      expect(claimed).toBeLessThanOrEqual(shipped);
    }
  });

  it('two new returns racing for the last shipped units: one wins', async () => {
    const { id } = await shippedOrder([orderLine({ itemId: 'A', sku: 'RACE-C', quantity: 1 })]);
    const both = await Promise.all([
      openReturn(id, [{ itemId: 'A', quantity: 1, reasonCode: 'defective' }]),
      openReturn(id, [{ itemId: 'A', quantity: 1, reasonCode: 'wrong_item' }]),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await call({ method: 'GET', path: returnsPath(id) })).body.items).toHaveLength(1);
  });
});

describe('returns: the replacement', () => {
  it('two resends racing for the last unit: the loser is told the return was already resent, not that stock ran out', async () => {
    for (let round = 0; round < 3; round++) {
      const sku = `RACE-RS${round}`;
      const { id } = await shippedOrder([orderLine({ itemId: 'A', sku, quantity: 1 })]);
      const spare = await seedWarehouse({ isDefault: false });
      await stock(sku, spare.id, 1);
      const rid = (await openReturn(id, [{ itemId: 'A', quantity: 1, reasonCode: 'damaged' }])).body.id;
      await act(id, rid, 'approve');
      await act(id, rid, 'receive', { lines: [{ itemId: 'A', quantity: 1, disposition: 'damaged' }] });
      const both = await Promise.all([
        act(id, rid, 'resend', { warehouseId: spare.id }),
        act(id, rid, 'resend', { warehouseId: spare.id }),
      ]);
      expect(
        both.map((answer) => answer.status).sort(),
        both.map((answer) => answer.text).join(' / '),
      ).toEqual([200, 409]);
      const winner = both.find((answer) => answer.status === 200)!;
      const loser = both.find((answer) => answer.status === 409)!;
      expect(loser.body).toMatchObject({
        state: 'resent',
        allowedActions: ['refund', 'complete'],
        replacementShipmentId: winner.body.replacement.shipmentId,
      });
      expect(loser.body.detail).toContain('already resent');
      expect(await getItem(stockKey(sku, spare.id), true)).toMatchObject({ onHand: 0 });
    }
  });

  it('is refused at the commit by a warehouse deactivated after the request was checked', async () => {
    const { id } = await shippedOrder([orderLine({ itemId: 'A', sku: 'RS-B', quantity: 1 })]);
    const inactive = await seedWarehouse({ active: false, isDefault: false });
    await stock('RS-B', inactive.id, 5);
    // The operation checks the warehouse first; the writer's condition holds at the commit itself.
    const refused = recordReplacement({
      orderId: id,
      actor: 'ada',
      returnId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
      warehouseId: inactive.id,
      lines: [{ itemId: 'A', sku: 'RS-B', quantity: 1 }],
      items: () => [],
    });
    await expect(refused).rejects.toThrow(`Warehouse ${inactive.id} does not exist or is no longer active.`);
    expect(await getItem(stockKey('RS-B', inactive.id), true)).toMatchObject({ onHand: 5 });
  });

  it('ships from a named warehouse at no price, is listed with the order’s shipments and is never taken back', async () => {
    const { id, warehouseId } = await shippedOrder([
      orderLine({ itemId: 'A', sku: 'RS-A', quantity: 1, weightGrams: 250 }),
    ]);
    const rid = (await openReturn(id, [{ itemId: 'A', quantity: 1, reasonCode: 'damaged' }])).body.id;
    await act(id, rid, 'approve');
    await act(id, rid, 'receive', { lines: [{ itemId: 'A', quantity: 1, disposition: 'damaged' }] });
    const resent = await act(id, rid, 'resend', { warehouseId, carrier: 'DHL', trackingNumber: 'JD0002' });
    expect(resent.status, resent.text).toBe(200);
    const shipmentId = resent.body.replacement.shipmentId;
    const shipments = (await call({ method: 'GET', path: `/v1/orders/${id}/tracking` })).body.items;
    expect(shipments.find((shipment: { id: string }) => shipment.id === shipmentId)).toMatchObject({
      source: 'replacement',
      carrier: 'DHL',
      trackingNumber: 'JD0002',
      cost: { amount: 0, currency: 'USD' },
      weightGrams: 250,
      lines: [{ itemId: 'A', sku: 'RS-A', quantity: 1 }],
    });
    const removed = await call({
      method: 'DELETE',
      path: `/v1/orders/${id}/tracking/${shipmentId}`,
      role: 'manager',
    });
    expect(removed.status).toBe(409);
    const after = await order(id);
    expect(after.lines[0].shippedQuantity).toBe(1);
    expect((await act(id, rid, 'resend', { warehouseId })).status).toBe(409);
  });
});

describe('returns: If-Match', () => {
  const post = (path: string, body: unknown, ifMatch: string | undefined, role = 'operator' as const) =>
    call({ method: 'POST', path, body, role, headers: ifMatch ? { 'if-match': ifMatch } : {} });
  const stepPath = (id: string, rid: string, action: string) => `${returnsPath(id)}/${rid}/${action}`;

  it('names the order’s version on create and the return’s on every action: 412 when stale, changing nothing', async () => {
    const { id, warehouseId } = await shippedOrder([
      orderLine({ itemId: 'A', sku: 'IM-A', quantity: 2, unitPrice: 1000, tax: 0 }),
    ]);
    const orderVersion = (await call({ method: 'GET', path: `/v1/orders/${id}` })).headers.etag!;
    const lines = [{ itemId: 'A', quantity: 2, reasonCode: 'defective' }];
    const staleOrder = await post(returnsPath(id), { lines }, `"${Number(orderVersion.slice(1, -1)) - 1}"`);
    expect(staleOrder.status, staleOrder.text).toBe(412);
    expect(staleOrder.body.currentVersion).toBe(Number(orderVersion.slice(1, -1)));
    expect((await call({ method: 'GET', path: returnsPath(id) })).body.items).toEqual([]);
    const created = await post(returnsPath(id), { lines }, orderVersion);
    expect(created.status, created.text).toBe(201);
    expect(created.headers.etag).toBe('"1"');
    const rid = created.body.id as string;

    const steps: Array<[string, Record<string, unknown> | undefined]> = [
      ['approve', undefined],
      ['receive', { lines: [{ itemId: 'A', quantity: 2, disposition: 'restock', warehouseId }] }],
      ['refund', { lines: [{ itemId: 'A', quantity: 1 }] }],
      ['resend', { warehouseId, lines: [{ itemId: 'A', quantity: 1 }] }],
      ['complete', undefined],
    ];
    let version = 1;
    for (const [action, body] of steps) {
      const role = action === 'refund' ? 'manager' : 'operator';
      const stale = await call({
        method: 'POST',
        path: stepPath(id, rid, action),
        ...(body ? { body } : {}),
        role,
        headers: { 'if-match': `"${version - 1}"` },
      });
      expect(stale.status, `${action}: ${stale.text}`).toBe(412);
      expect(stale.body.currentVersion, action).toBe(version);
      const done = await call({
        method: 'POST',
        path: stepPath(id, rid, action),
        ...(body ? { body } : {}),
        role,
        headers: { 'if-match': `"${version}"` },
      });
      expect(done.status, `${action}: ${done.text}`).toBe(200);
      version += 1;
      expect(done.headers.etag, action).toBe(`"${version}"`);
      expect(done.body.version, action).toBe(version);
    }
    // The stale refund moved no money, the stale resend no stock: one of each.
    const after = (await call({ method: 'GET', path: returnsPath(id) })).body.items[0];
    expect(after.refunds).toHaveLength(1);
    expect(after.history.map((entry: { action: string }) => entry.action)).toEqual([
      'request',
      'approve',
      'receive',
      'refund',
      'resend',
      'complete',
    ]);
  });

  it('decline and delete: 412 when stale; If-Match: * needs the return to exist; If-None-Match: * creates', async () => {
    const { id } = await shippedOrder([orderLine({ itemId: 'A', sku: 'IM-B', quantity: 1 })]);
    const created = await call({
      method: 'POST',
      path: returnsPath(id),
      body: { lines: [{ itemId: 'A', quantity: 1, reasonCode: 'other' }] },
      role: 'operator',
      headers: { 'if-none-match': '*' },
    });
    expect(created.status, created.text).toBe(201);
    const rid = created.body.id as string;
    const decline = { reasonCode: 'not_eligible' };
    expect((await post(stepPath(id, rid, 'decline'), decline, '"2"')).status).toBe(412);
    const declined = await post(stepPath(id, rid, 'decline'), decline, '*');
    expect(declined.status, declined.text).toBe(200);
    const remove = (ifMatch: string) =>
      call({ method: 'DELETE', path: `${returnsPath(id)}/${rid}`, headers: { 'if-match': ifMatch } });
    const stale = await remove('"1"');
    expect(stale.status, stale.text).toBe(412);
    expect(stale.body.currentVersion).toBe(2);
    expect((await remove('"2"')).status).toBe(204);
    // Gone: If-Match: * (or any version) cannot hold any more.
    expect((await remove('*')).status).toBe(412);
    expect((await post(stepPath(id, rid, 'approve'), undefined, '"3"')).status).toBe(412);
    expect((await post(stepPath(id, rid, 'approve'), undefined, undefined)).status).toBe(404);
  });
});
