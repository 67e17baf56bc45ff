import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import type { AutomationCondition, EvaluableRule } from '../../shared/domain/automation';
import {
  automationRuleInputSchema,
  conditionHolds,
  evaluateRules,
  rulesInRunOrder,
} from '../../shared/domain/automation';
import type { Order, OrderLine } from '../../shared/domain/order';

function line(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    itemId: 'L1',
    sku: 'MUG-RED',
    title: 'Red mug',
    quantity: 2,
    unitPrice: 1500,
    tax: 0,
    discount: 0,
    status: 'active',
    shippedQuantity: 0,
    ...overrides,
  };
}

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'SHOP-1001',
    channel: 'shopify',
    orderDate: '2025-03-01T10:00:00.000Z',
    customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
    shipTo: { line1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' },
    lines: [line(), line({ itemId: 'L2', sku: 'TEE-BLK-M', quantity: 1, unitPrice: 2500 })],
    currency: 'USD',
    shippingCharge: 500,
    requestedShippingService: 'Ground',
    tags: ['wholesale'],
    statusId: 'awaiting-shipment',
    totals: {
      subtotal: 5500,
      shipping: 500,
      tax: 0,
      discount: 0,
      total: 6000,
      paid: 6000,
      refunded: 0,
      credited: 0,
      balance: 0,
      refundable: 0,
    },
    fulfillmentState: 'unshipped',
    allocations: {},
    version: 1,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

let ruleSequence = 0;
function rule(overrides: Partial<EvaluableRule> = {}): EvaluableRule {
  ruleSequence += 1;
  return {
    id: `01JRULE${String(ruleSequence).padStart(19, '0')}`,
    name: `Rule ${ruleSequence}`,
    trigger: 'order.created',
    match: 'all',
    conditions: [],
    actions: [{ type: 'add_tag', tag: `tag-${ruleSequence}` }],
    priority: 100,
    enabled: true,
    stopAfterMatch: false,
    ...overrides,
  };
}

const when = (
  field: AutomationCondition['field'],
  operator: AutomationCondition['operator'],
  value: AutomationCondition['value'],
  caseSensitive = false,
): AutomationCondition => ({ field, operator, value, caseSensitive });

describe('conditions: operators', () => {
  const subject = order();

  it.each([
    ['equals on text', when('channel', 'equals', 'shopify'), true],
    ['equals on text, other value', when('channel', 'equals', 'amazon'), false],
    ['not_equals on text', when('channel', 'not_equals', 'amazon'), true],
    ['not_equals on text, same value', when('channel', 'not_equals', 'shopify'), false],
    ['contains', when('customer.email', 'contains', '@example.'), true],
    ['contains, absent', when('customer.email', 'contains', '@other.'), false],
    ['starts_with', when('customer.name', 'starts_with', 'Ada'), true],
    ['starts_with, not at start', when('customer.name', 'starts_with', 'Lovelace'), false],
    ['greater_than on money', when('totals.total', 'greater_than', 5999), true],
    ['greater_than is strict', when('totals.total', 'greater_than', 6000), false],
    ['less_than on money', when('totals.subtotal', 'less_than', 5501), true],
    ['less_than is strict', when('totals.subtotal', 'less_than', 5500), false],
    ['equals on a number', when('totals.balance', 'equals', 0), true],
    ['in on text', when('shipTo.country', 'in', ['CA', 'US']), true],
    ['in on text, not listed', when('shipTo.country', 'in', ['CA', 'MX']), false],
    ['in on numbers', when('lineCount', 'in', [1, 2, 3]), true],
    ['in on a list field', when('sku', 'in', ['TEE-BLK-M', 'OTHER']), true],
  ])('%s', (_, condition, expected) => {
    expect(conditionHolds(condition, subject)).toBe(expected);
  });

  it('compares numbers numerically, not as text', () => {
    // As text "10000" < "9000"; as numbers it is greater.
    const big = order({ totals: { ...order().totals, total: 10000 } });
    expect(conditionHolds(when('totals.total', 'greater_than', 9000), big)).toBe(true);
  });

  it('derives line count and total quantity from active lines only', () => {
    const partlyCancelled = order({
      lines: [line(), line({ itemId: 'L2', sku: 'GONE', quantity: 5, status: 'cancelled' })],
    });
    expect(conditionHolds(when('lineCount', 'equals', 1), partlyCancelled)).toBe(true);
    expect(conditionHolds(when('totalQuantity', 'equals', 2), partlyCancelled)).toBe(true);
    expect(conditionHolds(when('sku', 'equals', 'GONE'), partlyCancelled)).toBe(false);
  });

  it('matches list fields (tags, sku) when any element matches', () => {
    const tagged = order({ tags: ['gift', 'Wholesale'] });
    expect(conditionHolds(when('tags', 'equals', 'wholesale'), tagged)).toBe(true);
    expect(conditionHolds(when('tags', 'starts_with', 'gi'), tagged)).toBe(true);
    expect(conditionHolds(when('tags', 'contains', 'sale'), tagged)).toBe(true);
    expect(conditionHolds(when('sku', 'starts_with', 'tee-'), tagged)).toBe(true);
    expect(conditionHolds(when('sku', 'contains', 'BLUE'), tagged)).toBe(false);
  });

  it('reads not_equals on a list as "no element equals"', () => {
    expect(conditionHolds(when('tags', 'not_equals', 'wholesale'), order())).toBe(false);
    expect(conditionHolds(when('tags', 'not_equals', 'vip'), order())).toBe(true);
    expect(conditionHolds(when('tags', 'not_equals', 'vip'), order({ tags: [] }))).toBe(true);
    expect(conditionHolds(when('tags', 'equals', 'vip'), order({ tags: [] }))).toBe(false);
  });

  it('treats an absent value as matching nothing, so not_equals holds', () => {
    const anonymous = order({ customer: { name: 'Guest' }, warehouseId: undefined });
    expect(conditionHolds(when('customer.email', 'contains', '@'), anonymous)).toBe(false);
    expect(conditionHolds(when('customer.email', 'equals', 'x@y.z'), anonymous)).toBe(false);
    expect(conditionHolds(when('warehouseId', 'in', ['01ARZ3NDEKTSV4RRFFQ69G5FAV']), anonymous)).toBe(false);
    expect(conditionHolds(when('warehouseId', 'not_equals', '01ARZ3NDEKTSV4RRFFQ69G5FAV'), anonymous)).toBe(
      true,
    );
  });
});

describe('conditions: case', () => {
  it('ignores case by default on every text operator', () => {
    const subject = order();
    expect(conditionHolds(when('channel', 'equals', 'SHOPIFY'), subject)).toBe(true);
    expect(conditionHolds(when('customer.name', 'contains', 'LOVE'), subject)).toBe(true);
    expect(conditionHolds(when('customer.name', 'starts_with', 'ada'), subject)).toBe(true);
    expect(conditionHolds(when('shipTo.country', 'in', ['us']), subject)).toBe(true);
    expect(conditionHolds(when('channel', 'not_equals', 'Shopify'), subject)).toBe(false);
  });

  it('respects case when caseSensitive is set', () => {
    const subject = order();
    expect(conditionHolds(when('channel', 'equals', 'SHOPIFY', true), subject)).toBe(false);
    expect(conditionHolds(when('channel', 'equals', 'shopify', true), subject)).toBe(true);
    expect(conditionHolds(when('customer.name', 'contains', 'LOVE', true), subject)).toBe(false);
    expect(conditionHolds(when('tags', 'in', ['WHOLESALE'], true), subject)).toBe(false);
    expect(conditionHolds(when('channel', 'not_equals', 'Shopify', true), subject)).toBe(true);
  });
});

describe('rules: all and any', () => {
  const matching = when('channel', 'equals', 'shopify');
  const failing = when('shipTo.country', 'equals', 'CA');

  it('all needs every condition; any needs one', () => {
    const all = rule({ match: 'all', conditions: [matching, failing] });
    const any = rule({ match: 'any', conditions: [matching, failing] });
    const { firings } = evaluateRules(order(), [all, any], 'order.created');
    expect(firings.map((firing) => firing.ruleId)).toEqual([any.id]);
  });

  it('any with no matching condition does not fire', () => {
    const any = rule({ match: 'any', conditions: [failing, when('lineCount', 'greater_than', 10)] });
    expect(evaluateRules(order(), [any], 'order.created').firings).toEqual([]);
  });

  it('a rule without conditions fires for every order of its trigger, whatever the match', () => {
    const all = rule({ match: 'all' });
    const any = rule({ match: 'any' });
    expect(evaluateRules(order(), [all, any], 'order.created').firings).toHaveLength(2);
  });
});

describe('rules: selection and order', () => {
  it('runs only enabled rules of the trigger', () => {
    const created = rule({ trigger: 'order.created' });
    const paid = rule({ trigger: 'order.paid' });
    const disabled = rule({ trigger: 'order.created', enabled: false });
    const { firings } = evaluateRules(order(), [created, paid, disabled], 'order.created');
    expect(firings.map((firing) => firing.ruleId)).toEqual([created.id]);
    expect(
      evaluateRules(order(), [created, paid, disabled], 'order.paid').firings.map((f) => f.ruleId),
    ).toEqual([paid.id]);
  });

  it('runs by priority (lower first), then by id', () => {
    const late = rule({ priority: 500 });
    const tieB = rule({ priority: 10, id: '01JRULEB000000000000000000' });
    const tieA = rule({ priority: 10, id: '01JRULEA000000000000000000' });
    const first = rule({ priority: 0 });
    const ordered = rulesInRunOrder([late, tieB, tieA, first], 'order.created');
    expect(ordered.map((r) => r.id)).toEqual([first.id, tieA.id, tieB.id, late.id]);
    const { firings } = evaluateRules(order(), [late, tieB, tieA, first], 'order.created');
    expect(firings.map((firing) => firing.ruleId)).toEqual([first.id, tieA.id, tieB.id, late.id]);
  });

  it('lets a later rule see what earlier rules changed, and the last writer of a field win', () => {
    const toWarehouseA = rule({
      priority: 1,
      actions: [{ type: 'assign_warehouse', warehouseId: 'A'.repeat(26) }],
    });
    const seesA = rule({
      priority: 2,
      conditions: [when('warehouseId', 'equals', 'A'.repeat(26))],
      actions: [{ type: 'set_shipping_service', service: 'Freight' }],
    });
    const toWarehouseB = rule({
      priority: 3,
      actions: [{ type: 'assign_warehouse', warehouseId: 'B'.repeat(26) }],
    });
    const result = evaluateRules(order(), [toWarehouseB, seesA, toWarehouseA], 'order.created');
    expect(result.firings.map((firing) => firing.ruleId)).toEqual([
      toWarehouseA.id,
      seesA.id,
      toWarehouseB.id,
    ]);
    expect(result.order.warehouseId).toBe('B'.repeat(26));
    expect(result.order.requestedShippingService).toBe('Freight');
  });

  it('stops after a stopAfterMatch rule fires, but not after one that did not match', () => {
    const skipped = rule({
      priority: 1,
      stopAfterMatch: true,
      conditions: [when('channel', 'equals', 'ebay')],
    });
    const stopper = rule({ priority: 2, stopAfterMatch: true });
    const after = rule({ priority: 3 });
    const { firings } = evaluateRules(order(), [after, stopper, skipped], 'order.created');
    expect(firings.map((firing) => firing.ruleId)).toEqual([stopper.id]);
  });
});

describe('actions', () => {
  it('applies every action in order and records what changed', () => {
    const all = rule({
      actions: [
        { type: 'set_status', statusId: 'backordered' },
        { type: 'assign_warehouse', warehouseId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' },
        { type: 'add_tag', tag: 'rush' },
        { type: 'set_shipping_service', service: 'Overnight' },
      ],
    });
    const before = order();
    const { order: after, firings } = evaluateRules(before, [all], 'order.created');
    expect(after).toMatchObject({
      statusId: 'backordered',
      warehouseId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
      tags: ['wholesale', 'rush'],
      requestedShippingService: 'Overnight',
    });
    expect(firings).toEqual([
      {
        ruleId: all.id,
        ruleName: all.name,
        actions: all.actions,
        changes: {
          statusId: { from: 'awaiting-shipment', to: 'backordered' },
          warehouseId: { from: undefined, to: '01ARZ3NDEKTSV4RRFFQ69G5FAV' },
          tags: { from: ['wholesale'], to: ['wholesale', 'rush'] },
          requestedShippingService: { from: 'Ground', to: 'Overnight' },
        },
      },
    ]);
    // The input is not mutated, and nothing else of the order changes (totals are not recomputed).
    expect(before.statusId).toBe('awaiting-shipment');
    expect(before.tags).toEqual(['wholesale']);
    expect({ ...after, statusId: 0, warehouseId: 0, tags: 0, requestedShippingService: 0 }).toEqual({
      ...before,
      statusId: 0,
      warehouseId: 0,
      tags: 0,
      requestedShippingService: 0,
    });
  });

  it('hold puts the order on hold', () => {
    const hold = rule({ actions: [{ type: 'hold' }] });
    const { order: after, firings } = evaluateRules(order(), [hold], 'order.created');
    expect(after.statusId).toBe('on-hold');
    expect(firings[0]!.changes).toEqual({ statusId: { from: 'awaiting-shipment', to: 'on-hold' } });
  });

  it('add_tag never duplicates a tag, whatever its case', () => {
    const again = rule({
      actions: [
        { type: 'add_tag', tag: 'WHOLESALE' },
        { type: 'add_tag', tag: 'new' },
      ],
    });
    const twice = rule({ actions: [{ type: 'add_tag', tag: 'new' }] });
    const { order: after } = evaluateRules(order(), [again, twice], 'order.created');
    expect(after.tags).toEqual(['wholesale', 'new']);
  });

  it('add_tag leaves an order that already has 50 tags as it is', () => {
    const full = order({ tags: Array.from({ length: 50 }, (_, i) => `t${i}`) });
    const { order: after, firings } = evaluateRules(full, [rule()], 'order.created');
    expect(after.tags).toHaveLength(50);
    expect(firings[0]!.changes).toEqual({});
  });

  it('records a firing whose actions change nothing, with no changes', () => {
    const noOp = rule({ actions: [{ type: 'set_status', statusId: 'awaiting-shipment' }] });
    const { order: after, firings } = evaluateRules(order(), [noOp], 'order.created');
    expect(after).toEqual(order());
    expect(firings).toEqual([{ ruleId: noOp.id, ruleName: noOp.name, actions: noOp.actions, changes: {} }]);
  });
});

describe('loop prevention', () => {
  it('fires a rule at most once, even when its own action makes it match again', () => {
    // Matches orders without the tag "again", then adds it: it would match again if re-run.
    const selfFeeding = rule({
      conditions: [when('tags', 'not_equals', 'again')],
      actions: [{ type: 'add_tag', tag: 'again' }, { type: 'hold' }],
    });
    const { firings, order: after } = evaluateRules(order(), [selfFeeding], 'order.created');
    expect(firings).toHaveLength(1);
    expect(after.tags).toEqual(['wholesale', 'again']);
  });

  it('two rules that undo each other each fire once, in priority order', () => {
    const toHold = rule({
      priority: 1,
      conditions: [when('statusId', 'equals', 'awaiting-shipment')],
      actions: [{ type: 'hold' }],
    });
    const release = rule({
      priority: 2,
      conditions: [when('statusId', 'equals', 'on-hold')],
      actions: [{ type: 'set_status', statusId: 'awaiting-shipment' }],
    });
    const { firings, order: after } = evaluateRules(order(), [release, toHold], 'order.created');
    expect(firings.map((firing) => firing.ruleId)).toEqual([toHold.id, release.id]);
    expect(after.statusId).toBe('awaiting-shipment');
  });

  it('evaluates a rule listed twice only once', () => {
    const twice = rule();
    expect(evaluateRules(order(), [twice, twice], 'order.created').firings).toHaveLength(1);
  });
});

describe('rule schema', () => {
  const base = {
    name: 'Big orders to the main warehouse',
    trigger: 'order.created',
    priority: 10,
    actions: [{ type: 'hold' }],
  };
  const errorsOf = (input: unknown) => {
    const result = safeParse(automationRuleInputSchema, input);
    return result.success
      ? []
      : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  };

  it('fills the defaults', () => {
    const result = safeParse(automationRuleInputSchema, base);
    expect(result.success && result.data).toMatchObject({
      match: 'all',
      conditions: [],
      enabled: true,
      stopAfterMatch: false,
    });
  });

  it('refuses unknown fields, operators that do not fit the field and values of the wrong shape', () => {
    const errors = errorsOf({
      ...base,
      conditions: [
        { field: 'customer.phone', operator: 'equals', value: 'x' },
        { field: 'totals.total', operator: 'contains', value: 5 },
        { field: 'totals.total', operator: 'greater_than', value: '5' },
        { field: 'channel', operator: 'in', value: 'shopify' },
        { field: 'channel', operator: 'equals', value: ['shopify'] },
        { field: 'tags', operator: 'greater_than', value: 'a' },
        { field: 'customer.name', operator: 'greater_than', value: 'M' },
        { field: 'shipTo.postalCode', operator: 'less_than', value: '9000' },
      ],
    });
    expect(errors.map((error) => error.path)).toEqual([
      'conditions.0.field',
      'conditions.1.operator',
      'conditions.2.value',
      'conditions.3.value',
      'conditions.4.value',
      'conditions.5.operator',
      'conditions.6.operator',
      'conditions.7.operator',
    ]);
  });

  it('refuses an unknown action type, no actions, too many conditions and a priority out of range', () => {
    const errors = errorsOf({
      ...base,
      priority: 1_000_000,
      conditions: Array.from({ length: 21 }, () => ({ field: 'channel', operator: 'equals', value: 'x' })),
      actions: [],
    });
    expect(errors.map((error) => error.path).sort()).toEqual(['actions', 'conditions', 'priority']);
    expect(errorsOf({ ...base, actions: [{ type: 'explode' }] })[0]).toEqual({
      path: 'actions.0.type',
      message: expect.stringContaining('set_status'),
    });
  });
});
