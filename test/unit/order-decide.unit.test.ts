/** The order rules as one pure function: decideOrderChange, and the order arithmetic it calls. */
import { describe, expect, it } from 'vitest';
import type { EvaluableRule } from '../../shared/domain/automation';
import { addressProblems } from '../../shared/domain/address';
import type { OrderLine } from '../../shared/domain/order';
import { allocationChanges, allocationTarget, deriveTotals, replaceLines } from '../../shared/domain/order';
import type { OrderStatus } from '../../shared/domain/order-status';
import { builtInStatuses } from '../../shared/domain/order-status';
import type { Payment } from '../../shared/domain/payment';
import type { ChangeOutcome, DecisionContext, OrderDraft, StoredOrder } from '../../shared/orders/decide';
import { decideOrderChange, draftOf } from '../../shared/orders/decide';
import { Conflict, ValidationFailed } from '../../shared/errors';
import { orderFromItem, orderPut } from '../../shared/orders/repository';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';

const at = '2026-11-22T10:00:00.000Z';
const warehouseId = '01JD0000000000000000000WH1';
let ids = 0;

function line(overrides: Partial<OrderLine> = {}): OrderLine {
  ids += 1;
  return {
    itemId: `L${ids}`,
    sku: `SKU-${ids}`,
    title: 'Shirt',
    quantity: 2,
    unitPrice: 1000,
    tax: 100,
    discount: 0,
    status: 'active',
    shippedQuantity: 0,
    ...overrides,
  };
}

function draft(overrides: Partial<OrderDraft> = {}): OrderDraft {
  return {
    id: 'CH-1',
    channel: 'webshop',
    orderDate: at,
    customer: { name: 'Ada' },
    shipTo: { line1: '1 Main St', city: 'Springfield', country: 'US', postalCode: '62701' },
    lines: [line()],
    currency: 'USD',
    shippingCharge: 500,
    tags: [],
    statusId: 'awaiting-payment',
    ...overrides,
  };
}

const custom = (id: string, category: OrderStatus['category'], allowBackorder = false): OrderStatus => ({
  id,
  name: `Custom ${id}`,
  category,
  allowBackorder,
  builtIn: false,
});

function context(overrides: Partial<DecisionContext> = {}): DecisionContext {
  let n = 0;
  return {
    orderId: 'CH-1',
    actor: 'ada',
    at,
    trigger: 'order.updated',
    rules: [],
    statuses: new Map(builtInStatuses.map((status) => [status.id, status])),
    newId: () => `ID${(n += 1)}`,
    ...overrides,
  };
}

function create(outcome: Partial<ChangeOutcome> & { draft: OrderDraft }, ctx = context()) {
  const decision = decideOrderChange(undefined, { history: [], ...outcome }, ctx);
  if (decision.kind !== 'commit') throw new Error('expected a commit');
  return decision;
}

function stored(d: OrderDraft, payments: Payment[] = []): StoredOrder {
  return { order: create({ draft: d }).order, payments };
}

const payment = (amount: number): Payment => ({
  id: `01JD00000000000000000PAY${String(amount % 100).padStart(2, '0')}`,
  amount,
  method: 'card',
  paidAt: at,
  recordedAt: at,
  recordedBy: 'ada',
});

describe('decideOrderChange', () => {
  it('creates: derived totals, fulfillment state, version 1, order.created and a status entry', () => {
    const decision = create({ draft: draft(), history: [{ kind: 'edit', summary: 'Order created' }] });
    expect(decision.order).toMatchObject({
      version: 1,
      fulfillmentState: 'unshipped',
      totals: { subtotal: 2000, shipping: 500, tax: 100, total: 2600, balance: 2600 },
    });
    expect(decision.event).toBe('order.created');
    expect(decision.readVersion).toBeUndefined();
    expect(decision.history.map((entry) => entry.kind)).toEqual(['edit', 'status']);
    expect(decision.stock).toEqual([]);
  });

  it('allocates the active unshipped units in the assigned warehouse, with the status backorder flag', () => {
    const lines = [line({ sku: 'A', quantity: 3 }), line({ sku: 'A', quantity: 1 }), line({ sku: 'B' })];
    const decision = create({ draft: draft({ lines, warehouseId, statusId: 'backordered' }) });
    expect(decision.order.allocations).toEqual({ A: 4, B: 2 });
    expect(decision.stock).toEqual([
      expect.objectContaining({ sku: 'A', type: 'allocation', quantity: 4, allowBackorder: true }),
      expect.objectContaining({ sku: 'B', type: 'allocation', quantity: 2, allowBackorder: true }),
    ]);
  });

  it('answers unchanged for a change that changes nothing: no version, history, stock or event', () => {
    const before = stored(draft({ warehouseId }));
    const decision = decideOrderChange(
      before,
      { draft: draftOf(before.order), history: [{ kind: 'address', summary: 'same' }] },
      context(),
    );
    expect(decision).toEqual({ kind: 'unchanged', order: before.order, payments: [] });
  });

  it('moves an order paid in full from awaiting payment to awaiting shipment, publishing the operation event', () => {
    const before = stored(draft());
    const decision = decideOrderChange(
      before,
      { draft: draftOf(before.order), newPayments: [payment(2600)], history: [], event: 'order.paid' },
      context({ trigger: 'order.paid' }),
    );
    if (decision.kind !== 'commit') throw new Error('expected a commit');
    expect(decision.order.statusId).toBe('awaiting-shipment');
    expect(decision.order.totals).toMatchObject({ paid: 2600, balance: 0 });
    expect(decision.event).toBe('order.paid');
    expect(decision.readVersion).toBe(1);
    expect(decision.order.version).toBe(2);
  });

  it('runs rules in priority order once each, recording only firings that changed something', () => {
    const rules: EvaluableRule[] = [
      {
        id: 'R1',
        name: 'tag vip',
        trigger: 'order.created',
        match: 'all',
        conditions: [],
        actions: [{ type: 'add_tag', tag: 'vip' }],
        priority: 1,
        enabled: true,
        stopAfterMatch: false,
      },
      {
        id: 'R2',
        name: 'tag vip again',
        trigger: 'order.created',
        match: 'all',
        conditions: [],
        actions: [{ type: 'add_tag', tag: 'VIP' }],
        priority: 2,
        enabled: true,
        stopAfterMatch: false,
      },
    ] as EvaluableRule[];
    const decision = create({ draft: draft() }, context({ rules }));
    expect(decision.order.tags).toEqual(['vip']);
    const ruleEntries = decision.history.filter((entry) => entry.kind === 'rule');
    expect(ruleEntries.map((entry) => entry.actor)).toEqual(['rule:R1']);
  });

  it('cancels the active lines when a cancelled-category status is set, releasing the stock', () => {
    const before = stored(draft({ warehouseId, statusId: 'awaiting-shipment' }));
    const decision = decideOrderChange(
      before,
      { draft: { ...draftOf(before.order), statusId: 'cancelled' }, history: [] },
      context(),
    );
    if (decision.kind !== 'commit') throw new Error('expected a commit');
    expect(decision.order.lines.every((l) => l.status === 'cancelled')).toBe(true);
    expect(decision.order.totals).toMatchObject({ total: 0, balance: 0 });
    expect(decision.order.fulfillmentState).toBe('cancelled');
    expect(decision.stock).toEqual([expect.objectContaining({ type: 'release', quantity: 2 })]);
  });

  it('refuses a cancelled status once a line has shipped, and a shipped status while lines are unshipped', () => {
    const shippedLine = line({ shippedQuantity: 1 });
    const before = stored(draft({ lines: [shippedLine, line()] }));
    expect(() =>
      decideOrderChange(
        before,
        { draft: { ...draftOf(before.order), statusId: 'cancelled' }, history: [] },
        context(),
      ),
    ).toThrow(Conflict);
    expect(() =>
      decideOrderChange(
        before,
        { draft: { ...draftOf(before.order), statusId: 'shipped' }, history: [] },
        context(),
      ),
    ).toThrow(/set by shipping/);
  });

  it('moves to the built-in cancelled status when every line is cancelled, and reopens on reinstate', () => {
    const before = stored(draft());
    const cancelledLines = before.order.lines.map((l) => ({ ...l, status: 'cancelled' as const }));
    const cancelled = decideOrderChange(
      before,
      { draft: { ...draftOf(before.order), lines: cancelledLines }, history: [] },
      context(),
    );
    if (cancelled.kind !== 'commit') throw new Error('expected a commit');
    expect(cancelled.order.statusId).toBe('cancelled');
    const reinstated = decideOrderChange(
      { order: cancelled.order, payments: [] },
      { draft: { ...draftOf(cancelled.order), lines: before.order.lines }, history: [] },
      context(),
    );
    if (reinstated.kind !== 'commit') throw new Error('expected a commit');
    expect(reinstated.order.statusId).toBe('awaiting-payment');
  });

  it('marks the order shipped when every active line has shipped', () => {
    const before = stored(draft({ statusId: 'awaiting-shipment' }));
    const shipped = before.order.lines.map((l) => ({ ...l, shippedQuantity: l.quantity }));
    const decision = decideOrderChange(
      before,
      { draft: { ...draftOf(before.order), lines: shipped }, history: [] },
      context(),
    );
    if (decision.kind !== 'commit') throw new Error('expected a commit');
    expect(decision.order).toMatchObject({ statusId: 'shipped', fulfillmentState: 'shipped' });
  });

  it('names an entered custom status for the usable check, and refuses an unknown one', () => {
    const statuses = new Map([...context().statuses, ['VIP', custom('VIP', 'open')]]);
    const decision = create({ draft: draft({ statusId: 'VIP' }) }, context({ statuses }));
    expect(decision.enteredStatusId).toBe('VIP');
    expect(() => create({ draft: draft({ statusId: 'NOPE' }) })).toThrow(ValidationFailed);
  });

  it('treats SKUs named like object methods as SKUs', () => {
    const lines = ['constructor', 'valueOf', 'toString', '__proto__', 'hasOwnProperty'].map((sku) =>
      line({ sku, quantity: 3 }),
    );
    const decision = create({ draft: draft({ lines, warehouseId }) });
    expect(decision.stock.map((request) => [request.sku, request.quantity])).toEqual(
      lines.map((l) => [l.sku, 3]),
    );
  });
});

describe('order arithmetic', () => {
  it('derives totals from the active lines only, shipping only while a line is active', () => {
    const lines = [
      line({ quantity: 2, unitPrice: 500, tax: 50, discount: 100 }),
      line({ status: 'cancelled' }),
    ];
    expect(deriveTotals({ lines, shippingCharge: 300 }, { paid: 200, refunded: 50, credited: 0 })).toEqual({
      subtotal: 1000,
      shipping: 300,
      tax: 50,
      discount: 100,
      total: 1250,
      paid: 200,
      refunded: 50,
      credited: 0,
      balance: 1100,
      refundable: 0,
    });
    // A refund for returned goods is credited: it leaves the total, and the paid order stays paid.
    expect(
      deriveTotals({ lines, shippingCharge: 300 }, { paid: 1250, refunded: 400, credited: 400 }),
    ).toMatchObject({ total: 850, paid: 1250, refunded: 400, credited: 400, balance: 0 });
    expect(
      deriveTotals(
        { lines: [line({ status: 'cancelled' })], shippingCharge: 300 },
        { paid: 0, refunded: 0, credited: 0 },
      ),
    ).toMatchObject({ shipping: 0, total: 0 });
  });

  it('replaces lines keeping status and shipped quantity, refusing to shrink or drop shipped lines', () => {
    const shipped = line({ itemId: 'S', quantity: 3, shippedQuantity: 2 });
    const cancelled = line({ itemId: 'C', status: 'cancelled' });
    const { lines, conflicts } = replaceLines(
      [shipped, cancelled],
      [
        { ...cancelled, quantity: 5 },
        { ...shipped, quantity: 1 },
      ],
    );
    expect(lines.map((l) => [l.itemId, l.status, l.shippedQuantity])).toEqual([
      ['C', 'cancelled', 0],
      ['S', 'active', 2],
    ]);
    expect(conflicts).toEqual([{ itemId: 'S', reason: expect.stringContaining('2 already shipped') }]);
    expect(replaceLines([shipped], []).conflicts).toEqual([
      { itemId: 'S', reason: expect.stringContaining('cannot be removed') },
    ]);
  });

  it('plans allocations and releases between warehouses and quantities', () => {
    expect(allocationTarget([line({ sku: 'A', quantity: 4, shippedQuantity: 1 })], true)).toEqual({ A: 3 });
    expect(allocationTarget([line({ sku: 'A' })], false)).toEqual({});
    expect(
      allocationChanges(
        { warehouseId: 'W1', allocations: { A: 3, B: 1 } },
        { warehouseId: 'W1', allocations: { A: 5 } },
      ),
    ).toEqual([
      { sku: 'B', warehouseId: 'W1', type: 'release', quantity: 1 },
      { sku: 'A', warehouseId: 'W1', type: 'allocation', quantity: 2 },
    ]);
    expect(
      allocationChanges(
        { warehouseId: 'W1', allocations: { A: 3 } },
        { warehouseId: 'W2', allocations: { A: 3 } },
      ),
    ).toEqual([
      { sku: 'A', warehouseId: 'W1', type: 'release', quantity: 3 },
      { sku: 'A', warehouseId: 'W2', type: 'allocation', quantity: 3 },
    ]);
  });

  it('checks postal codes for the countries it knows', () => {
    const address = { line1: '1 Main St', city: 'Springfield', country: 'US' };
    expect(addressProblems({ ...address, postalCode: '62701' })).toEqual([]);
    expect(addressProblems({ ...address, postalCode: 'ABCDE' })).toEqual([
      'postalCode: not a valid US postal code',
    ]);
    expect(addressProblems(address)).toEqual(['postalCode: required for this country']);
    expect(addressProblems({ ...address, country: 'NO' })).toEqual([]);
  });
});

describe('the order item', () => {
  it('keeps allocations keyed by any SKU through the SDK’s marshaller, Object.prototype’s names included', () => {
    process.env.TABLE_NAME ??= 'orders-unit';
    const skus = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'A'];
    const lines = skus.map((sku, index) => line({ itemId: `L${index}`, sku, quantity: index + 1 }));
    const { order } = create({ draft: draft({ lines, warehouseId }) });
    const item = orderPut(order, undefined, 'order.created', 'open').Put!.Item!;
    // What DynamoDB receives and answers (lib-dynamodb marshals and unmarshals the same way).
    const read = orderFromItem(unmarshall(marshall(item, { removeUndefinedValues: true })));
    expect(Object.getPrototypeOf(read.allocations)).toBeNull();
    expect(Object.entries(read.allocations)).toEqual(skus.map((sku, index) => [sku, index + 1]));
  });

  it('reads allocations stored as a map before they were stored as pairs', () => {
    const { order } = create({ draft: draft({ lines: [line({ sku: 'A', quantity: 2 })], warehouseId }) });
    const read = orderFromItem({ ...order, allocations: { A: 2 } });
    expect({ ...read.allocations }).toEqual({ A: 2 });
  });
});
