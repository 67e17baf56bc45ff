/** Returns: the state machine (checkAction), the lines of a new return and what a receipt does to them. */
import { describe, expect, it } from 'vitest';
import type {
  OrderReturn,
  ReceivedLine,
  Replacement,
  ReturnAction,
  ReturnLine,
  ReturnState,
} from '../../shared/domain/returns';
import {
  allowedActions,
  checkAction,
  newReturnLines,
  returnActions,
  returnStates,
  withReceipt,
} from '../../shared/domain/returns';
import { Conflict, ValidationFailed } from '../../shared/errors';
import { storedOrderLine } from '../support/domain-builders';
import { thrown } from '../support/errors';

const at = '2026-11-22T10:00:00.000Z';
const warehouseId = '01JD0000000000000000000WH1';

const orderLine = storedOrderLine;

function returnLine(overrides: Partial<ReturnLine> = {}): ReturnLine {
  return {
    itemId: 'A',
    sku: 'SKU-A',
    title: 'Mug',
    quantity: 2,
    reasonCode: 'damaged',
    received: { restock: 0, damaged: 0, missing: 0 },
    refundedQuantity: 0,
    ...overrides,
  };
}

/** A line every unit of which came back to stock, with `refunded` of them refunded. */
const receivedLine = (quantity: number, refunded: number, overrides: Partial<ReturnLine> = {}) =>
  returnLine({
    quantity,
    received: { restock: quantity, damaged: 0, missing: 0 },
    refundedQuantity: refunded,
    ...overrides,
  });

const replacement: Replacement = {
  shipmentId: '01JD0000000000000000000SH1',
  warehouseId,
  lines: [{ itemId: 'A', sku: 'SKU-A', quantity: 2 }],
  at,
  by: 'staff',
};

function orderReturn(overrides: Partial<OrderReturn> = {}): OrderReturn {
  return {
    id: 'R1',
    orderId: 'O1',
    state: 'requested',
    lines: [returnLine()],
    receipts: [],
    refunds: [],
    history: [],
    createdAt: at,
    createdBy: 'staff',
    updatedAt: at,
    version: 1,
    ...overrides,
  };
}

describe('checkAction: every state against every action', () => {
  /** A typical return in each state: what lies behind it is what would have led there. */
  const typical: Record<ReturnState, OrderReturn> = {
    requested: orderReturn(),
    approved: orderReturn({ state: 'approved' }),
    declined: orderReturn({ state: 'declined', decline: { reasonCode: 'not_eligible' } }),
    received: orderReturn({ state: 'received', lines: [receivedLine(2, 0)] }),
    refunded: orderReturn({ state: 'refunded', lines: [receivedLine(2, 1)] }),
    resent: orderReturn({ state: 'resent', lines: [receivedLine(2, 0)], replacement }),
    completed: orderReturn({ state: 'completed', lines: [receivedLine(2, 2)], replacement }),
  };
  const allowed: Record<ReturnState, ReturnAction[]> = {
    requested: ['approve', 'decline', 'delete'],
    approved: ['receive'],
    declined: ['delete'],
    received: ['refund', 'resend', 'complete'],
    refunded: ['refund', 'resend', 'complete'],
    resent: ['refund', 'complete'],
    completed: [],
  };
  const pairs = returnStates.flatMap((state) =>
    returnActions.map(
      (action) => [state, allowed[state].includes(action) ? 'allows' : 'refuses', action] as const,
    ),
  );

  it('covers all 7 states and 7 actions', () => {
    expect(pairs).toHaveLength(49);
  });

  it.each(returnStates)('lists what a return allows in the order a UI offers it: %s', (state) => {
    expect(allowedActions(typical[state])).toEqual(allowed[state]);
  });

  it.each(pairs)('a return in state %s %s %s', (state, verdict, action) => {
    const ret = typical[state];
    if (verdict === 'allows') {
      expect(() => checkAction(ret, action)).not.toThrow();
      return;
    }
    const refusal = thrown(() => checkAction(ret, action));
    expect(refusal).toBeInstanceOf(Conflict);
    expect(refusal.extensions).toEqual({
      state,
      allowedActions: allowed[state],
      ...(action === 'resend' && ret.replacement ? { replacementShipmentId: replacement.shipmentId } : {}),
    });
  });
});

describe('checkAction: the refusal', () => {
  it('names the return, its state, the action and what is possible instead', () => {
    const refusal = thrown(() => checkAction(orderReturn({ state: 'approved' }), 'refund'));
    expect(refusal.message).toBe('Return R1 is approved: refund is not possible now; possible: receive.');
  });

  it('says only that nothing is possible when the return is completed', () => {
    const refusal = thrown(() => checkAction(orderReturn({ state: 'completed' }), 'delete'));
    expect(refusal.message).toBe('Return R1 is completed: delete is not possible now.');
    expect(refusal.extensions).toEqual({ state: 'completed', allowedActions: [] });
  });
});

describe('checkAction: refund depends on units left to refund', () => {
  it.each(['received', 'refunded', 'resent'] as const)(
    'a %s return whose every unit is refunded refuses refund and says what is left',
    (state) => {
      const ret = orderReturn({ state, lines: [receivedLine(2, 2), receivedLine(1, 1, { itemId: 'B' })] });
      const refusal = thrown(() => checkAction(ret, 'refund'));
      expect(refusal).toBeInstanceOf(Conflict);
      expect(refusal.extensions).toEqual({ state, allowedActions: ['resend', 'complete'] });
    },
  );

  it.each(['received', 'refunded', 'resent'] as const)(
    'a %s return allows refund while any one line has a unit left to refund',
    (state) => {
      const ret = orderReturn({ state, lines: [receivedLine(2, 2), receivedLine(3, 2, { itemId: 'B' })] });
      expect(() => checkAction(ret, 'refund')).not.toThrow();
      expect(allowedActions(ret)).toContain('refund');
    },
  );

  it('counts a line as refundable by quantity less refundedQuantity, whatever its disposition', () => {
    const missing = returnLine({ quantity: 2, received: { restock: 0, damaged: 0, missing: 2 } });
    expect(allowedActions(orderReturn({ state: 'received', lines: [missing] }))).toEqual([
      'refund',
      'resend',
      'complete',
    ]);
  });
});

describe('checkAction: resend depends on the replacement', () => {
  it('a refunded return without a replacement allows resend', () => {
    const ret = orderReturn({ state: 'refunded', lines: [receivedLine(2, 2)] });
    expect(() => checkAction(ret, 'resend')).not.toThrow();
  });

  it('a refunded return that already has a replacement refuses resend, saying it was already resent', () => {
    const ret = orderReturn({ state: 'refunded', lines: [receivedLine(2, 1)], replacement });
    const refusal = thrown(() => checkAction(ret, 'resend'));
    expect(refusal).toBeInstanceOf(Conflict);
    expect(refusal.extensions).toEqual({
      state: 'refunded',
      allowedActions: ['refund', 'complete'],
      replacementShipmentId: replacement.shipmentId,
    });
    expect(refusal.message).toBe(
      `Return R1 is refunded: it was already resent (replacement shipment ${replacement.shipmentId}), so it cannot be resent again; possible: refund, complete.`,
    );
  });

  it('a resent return refuses a second resend, and allows only complete once every unit is refunded', () => {
    const ret = orderReturn({ state: 'resent', lines: [receivedLine(2, 2)], replacement });
    expect(() => checkAction(ret, 'resend')).toThrow(Conflict);
    expect(allowedActions(ret)).toEqual(['complete']);
  });
});

describe('checkAction: states whose actions do not depend on facts', () => {
  const facts = [
    { name: 'nothing received', lines: [returnLine()], replacement: undefined },
    { name: 'everything refunded and resent', lines: [receivedLine(2, 2)], replacement },
  ];

  const withFacts = (state: ReturnState, { lines, replacement: sent }: (typeof facts)[number]) =>
    orderReturn({ state, lines, ...(sent ? { replacement: sent } : {}) });

  it.each(facts)('a completed return allows nothing ($name)', (fact) => {
    const ret = withFacts('completed', fact);
    expect(allowedActions(ret)).toEqual([]);
    for (const action of returnActions) expect(() => checkAction(ret, action)).toThrow(Conflict);
  });

  it.each(facts)('a declined return allows only delete ($name)', (fact) => {
    expect(allowedActions(withFacts('declined', fact))).toEqual(['delete']);
  });

  it.each(facts)('an approved return allows only receive ($name)', (fact) => {
    expect(allowedActions(withFacts('approved', fact))).toEqual(['receive']);
  });
});

describe('newReturnLines', () => {
  const shipped = [
    orderLine(),
    orderLine({ itemId: 'B', sku: 'SKU-B', title: 'Plate', quantity: 2, shippedQuantity: 1 }),
  ];
  const claim = (state: ReturnState, itemId: string, quantity: number) => ({
    state,
    lines: [returnLine({ itemId, sku: `SKU-${itemId}`, quantity })],
  });

  it('refuses a return when nothing of the order has shipped', () => {
    const unshipped = [orderLine({ shippedQuantity: 0 }), orderLine({ itemId: 'B', shippedQuantity: 0 })];
    const refusal = thrown(() =>
      newReturnLines('O1', unshipped, [], [{ itemId: 'A', quantity: 1, reasonCode: 'damaged' }]),
    );
    expect(refusal).toBeInstanceOf(Conflict);
    expect(refusal.message).toBe('Nothing of order O1 has shipped, so nothing can be returned.');
  });

  it('refuses unknown item ids as a validation failure naming each of them by index', () => {
    const refusal = thrown(() =>
      newReturnLines(
        'O1',
        shipped,
        [],
        [
          { itemId: 'X', quantity: 1, reasonCode: 'damaged' },
          { itemId: 'A', quantity: 1, reasonCode: 'damaged' },
          { itemId: 'Y', quantity: 1, reasonCode: 'other' },
        ],
      ),
    );
    expect(refusal).toBeInstanceOf(ValidationFailed);
    expect((refusal as ValidationFailed).errors).toEqual([
      { path: 'body.lines[0].itemId', message: 'order O1 has no line X' },
      { path: 'body.lines[2].itemId', message: 'order O1 has no line Y' },
    ]);
  });

  it('refuses more than shipped as a conflict naming each line over with what is returnable', () => {
    const refusal = thrown(() =>
      newReturnLines(
        'O1',
        shipped,
        [],
        [
          { itemId: 'A', quantity: 3, reasonCode: 'damaged' },
          { itemId: 'B', quantity: 2, reasonCode: 'size_or_fit' },
        ],
      ),
    );
    expect(refusal).toBeInstanceOf(Conflict);
    expect(refusal.extensions).toEqual({
      lines: [{ itemId: 'B', sku: 'SKU-B', requested: 2, returnable: 1 }],
    });
    expect(refusal.message).toBe('More than can be returned: B (SKU-B): 2 asked, 1 returnable.');
  });

  it('counts units other returns claim against what shipped, whatever state they are in but declined', () => {
    const others = [claim('requested', 'A', 1), claim('received', 'A', 1), claim('completed', 'B', 1)];
    const refusal = thrown(() =>
      newReturnLines('O1', shipped, others, [
        { itemId: 'A', quantity: 2, reasonCode: 'damaged' },
        { itemId: 'B', quantity: 1, reasonCode: 'damaged' },
      ]),
    );
    expect(refusal).toBeInstanceOf(Conflict);
    expect(refusal.extensions).toEqual({
      lines: [
        { itemId: 'A', sku: 'SKU-A', requested: 2, returnable: 1 },
        { itemId: 'B', sku: 'SKU-B', requested: 1, returnable: 0 },
      ],
    });
  });

  it('lets the units of a declined return be returned again', () => {
    const others = [claim('declined', 'A', 3), claim('declined', 'B', 1)];
    const lines = newReturnLines('O1', shipped, others, [
      { itemId: 'A', quantity: 3, reasonCode: 'damaged' },
      { itemId: 'B', quantity: 1, reasonCode: 'damaged' },
    ]);
    expect(lines.map((line) => [line.itemId, line.quantity])).toEqual([
      ['A', 3],
      ['B', 1],
    ]);
  });

  it('accepts quantities exactly at the limit of shipped less claimed', () => {
    const others = [claim('approved', 'A', 2)];
    expect(() =>
      newReturnLines('O1', shipped, others, [
        { itemId: 'A', quantity: 1, reasonCode: 'damaged' },
        { itemId: 'B', quantity: 1, reasonCode: 'damaged' },
      ]),
    ).not.toThrow();
  });

  it('builds lines with the order line sku and title, nothing received and nothing refunded', () => {
    const lines = newReturnLines(
      'O1',
      shipped,
      [],
      [
        { itemId: 'B', quantity: 1, reasonCode: 'wrong_item', reasonText: 'Blue, not red' },
        { itemId: 'A', quantity: 2, reasonCode: 'no_longer_needed' },
      ],
    );
    expect(lines).toEqual([
      {
        itemId: 'B',
        sku: 'SKU-B',
        title: 'Plate',
        quantity: 1,
        reasonCode: 'wrong_item',
        reasonText: 'Blue, not red',
        received: { restock: 0, damaged: 0, missing: 0 },
        refundedQuantity: 0,
      },
      {
        itemId: 'A',
        sku: 'SKU-A',
        title: 'Mug',
        quantity: 2,
        reasonCode: 'no_longer_needed',
        received: { restock: 0, damaged: 0, missing: 0 },
        refundedQuantity: 0,
      },
    ]);
    expect(lines[1]).not.toHaveProperty('reasonText');
  });
});

describe('withReceipt', () => {
  const approved = orderReturn({
    state: 'approved',
    lines: [returnLine({ quantity: 3 }), returnLine({ itemId: 'B', sku: 'SKU-B', quantity: 1 })],
  });
  const restock = (itemId: string, quantity: number): ReceivedLine => ({
    itemId,
    quantity,
    disposition: 'restock',
    warehouseId,
  });
  const tooMany = (ret: OrderReturn, received: ReceivedLine[]) => {
    const refusal = thrown(() => withReceipt(ret, received));
    expect(refusal).toBeInstanceOf(Conflict);
    return refusal;
  };
  const failures = (ret: OrderReturn, received: ReceivedLine[]) => {
    const refusal = thrown(() => withReceipt(ret, received));
    expect(refusal).toBeInstanceOf(ValidationFailed);
    return (refusal as ValidationFailed).errors;
  };

  it('keeps the return incomplete while a line still awaits units', () => {
    const first = withReceipt(approved, [
      restock('A', 2),
      { itemId: 'B', quantity: 1, disposition: 'missing' },
    ]);
    expect(first.complete).toBe(false);
    expect(first.lines.map((line) => line.received)).toEqual([
      { restock: 2, damaged: 0, missing: 0 },
      { restock: 0, damaged: 0, missing: 1 },
    ]);
  });

  it('completes the return once every line is accounted for, over several receipts', () => {
    const first = withReceipt(approved, [restock('A', 2)]);
    const second = withReceipt({ ...approved, lines: first.lines }, [
      { itemId: 'A', quantity: 1, disposition: 'damaged' },
    ]);
    expect(second.complete).toBe(false);
    const third = withReceipt({ ...approved, lines: second.lines }, [
      { itemId: 'B', quantity: 1, disposition: 'missing' },
    ]);
    expect(third.complete).toBe(true);
    expect(third.lines.map((line) => line.received)).toEqual([
      { restock: 2, damaged: 1, missing: 0 },
      { restock: 0, damaged: 0, missing: 1 },
    ]);
  });

  it('adds up two receipt lines for the same item with different dispositions', () => {
    const { lines, complete } = withReceipt(approved, [
      restock('A', 1),
      { itemId: 'A', quantity: 2, disposition: 'damaged' },
      { itemId: 'B', quantity: 1, disposition: 'damaged' },
    ]);
    expect(lines[0]!.received).toEqual({ restock: 1, damaged: 2, missing: 0 });
    expect(complete).toBe(true);
  });

  it('leaves the return it was given unchanged', () => {
    withReceipt(approved, [restock('A', 3)]);
    expect(approved.lines[0]!.received).toEqual({ restock: 0, damaged: 0, missing: 0 });
  });

  it('refuses more units than the return holds of a line as a conflict, naming the line and the quantities', () => {
    const partly = orderReturn({
      lines: [returnLine({ quantity: 3, received: { restock: 1, damaged: 1, missing: 0 } })],
    });
    const refusal = tooMany(partly, [restock('A', 4)]);
    expect(refusal.message).toBe('Return R1 cannot take these units: line A returns 3 units, not 4.');
    expect(refusal.extensions).toEqual({ lines: [{ itemId: 'A', returned: 3, awaiting: 1, asked: 4 }] });
  });

  it('refuses units the return holds but has already received as a conflict with the return, naming what it awaits', () => {
    const partly = orderReturn({
      lines: [returnLine({ quantity: 3, received: { restock: 1, damaged: 1, missing: 0 } })],
    });
    const error = tooMany(partly, [restock('A', 2)]);
    expect(error.message).toBe('Return R1 cannot take these units: line A awaits 1 more, not 2.');
    expect(error.extensions).toEqual({ lines: [{ itemId: 'A', returned: 3, awaiting: 1, asked: 2 }] });
  });

  it('checks receipt lines for the same item together, against what the return holds and what it awaits', () => {
    expect(
      tooMany(approved, [restock('A', 2), { itemId: 'A', quantity: 2, disposition: 'damaged' }]).extensions,
    ).toEqual({ lines: [{ itemId: 'A', returned: 3, awaiting: 3, asked: 4 }] });
    const partly = orderReturn({
      lines: [returnLine({ quantity: 3, received: { restock: 1, damaged: 0, missing: 0 } })],
    });
    const error = thrown(() =>
      withReceipt(partly, [restock('A', 1), { itemId: 'A', quantity: 2, disposition: 'damaged' }]),
    );
    expect(error).toBeInstanceOf(Conflict);
  });

  it('refuses a restock that names no warehouse', () => {
    expect(failures(approved, [{ itemId: 'A', quantity: 1, disposition: 'restock' }])).toEqual([
      { path: 'body.lines[0].warehouseId', message: 'a restock names the warehouse' },
    ]);
  });

  it.each(['damaged', 'missing'] as const)('refuses a %s line that names a warehouse', (disposition) => {
    expect(failures(approved, [{ itemId: 'B', quantity: 1, disposition, warehouseId }])).toEqual([
      {
        path: 'body.lines[0].warehouseId',
        message: `only restocked units go to a warehouse; ${disposition} ones do not`,
      },
    ]);
  });

  it('refuses an item the return does not have', () => {
    expect(failures(approved, [restock('A', 1), restock('Z', 1)])).toEqual([
      { path: 'body.lines[1].itemId', message: 'return R1 has no line Z' },
    ]);
  });

  it('names every problem of a receipt at once, before any quantity the return cannot take', () => {
    const errors = failures(approved, [
      { itemId: 'A', quantity: 4, disposition: 'restock' },
      restock('Z', 1),
      { itemId: 'B', quantity: 1, disposition: 'missing', warehouseId },
    ]);
    expect(errors.map((error) => error.path)).toEqual([
      'body.lines[0].warehouseId',
      'body.lines[1].itemId',
      'body.lines[2].warehouseId',
    ]);
  });
});
