/**
 * Order automation rules: their shape (the routes validate with these schemas) and the engine the
 * order writes run: matching rules change the order before it is stored. Plain functions; no I/O.
 */
import * as z from 'zod/mini';
import { lineText } from '../http/text';
import { timestampSchema, ulidSchema } from '../http/schemas';
import type { Order } from './order';
import { onHoldStatus } from './order-status';

export const automationTriggers = ['order.created', 'order.updated', 'order.paid'] as const;
export type AutomationTrigger = (typeof automationTriggers)[number];

export const conditionOperators = [
  'equals',
  'not_equals',
  'contains',
  'starts_with',
  'greater_than',
  'less_than',
  'in',
] as const;
export type ConditionOperator = (typeof conditionOperators)[number];

/** The order fields a condition may test. `sku` matches when any active line's SKU does. */
export const conditionFields = [
  'channel',
  'statusId',
  'warehouseId',
  'currency',
  'requestedShippingService',
  'tags',
  'customer.name',
  'customer.email',
  'shipTo.country',
  'shipTo.region',
  'shipTo.postalCode',
  'totals.total',
  'totals.balance',
  'totals.subtotal',
  'lineCount',
  'totalQuantity',
  'sku',
] as const;
export type ConditionField = (typeof conditionFields)[number];

/** text: one string (absent counts as no value); number: compared numerically; list: any element. */
type FieldKind = 'text' | 'number' | 'list';

const activeLines = (order: Order) => order.lines.filter((line) => line.status === 'active');

const fieldReaders: Record<ConditionField, { kind: FieldKind; read: (order: Order) => unknown }> = {
  channel: { kind: 'text', read: (order) => order.channel },
  statusId: { kind: 'text', read: (order) => order.statusId },
  warehouseId: { kind: 'text', read: (order) => order.warehouseId },
  currency: { kind: 'text', read: (order) => order.currency },
  requestedShippingService: { kind: 'text', read: (order) => order.requestedShippingService },
  tags: { kind: 'list', read: (order) => order.tags },
  'customer.name': { kind: 'text', read: (order) => order.customer.name },
  'customer.email': { kind: 'text', read: (order) => order.customer.email },
  'shipTo.country': { kind: 'text', read: (order) => order.shipTo.country },
  'shipTo.region': { kind: 'text', read: (order) => order.shipTo.region },
  'shipTo.postalCode': { kind: 'text', read: (order) => order.shipTo.postalCode },
  'totals.total': { kind: 'number', read: (order) => order.totals.total },
  'totals.balance': { kind: 'number', read: (order) => order.totals.balance },
  'totals.subtotal': { kind: 'number', read: (order) => order.totals.subtotal },
  lineCount: { kind: 'number', read: (order) => activeLines(order).length },
  totalQuantity: {
    kind: 'number',
    read: (order) => activeLines(order).reduce((sum, line) => sum + line.quantity, 0),
  },
  sku: { kind: 'list', read: (order) => activeLines(order).map((line) => line.sku) },
};

const operatorsOfKind: Record<FieldKind, readonly ConditionOperator[]> = {
  // Text has no order a rule could mean (greater_than on a name): equality, containment and lists only.
  text: ['equals', 'not_equals', 'contains', 'starts_with', 'in'],
  number: ['equals', 'not_equals', 'greater_than', 'less_than', 'in'],
  list: ['equals', 'not_equals', 'contains', 'starts_with', 'in'],
};

const textValue = lineText(500);
const scalarValue = z.union([textValue, z.number()]);
const conditionValue = z.union(
  [textValue, z.number(), z.array(scalarValue).check(z.minLength(1), z.maxLength(100))],
  { error: 'must be a string, a number, or (for in) an array of them' },
);

type ConditionShape = { field: ConditionField; operator: ConditionOperator; value: unknown };

/** Operators and value types that do not fit the field are refused at create time, not skipped later. */
function conditionProblems(
  condition: ConditionShape,
): Array<{ path: 'operator' | 'value'; message: string }> {
  const { kind } = fieldReaders[condition.field];
  const operators = operatorsOfKind[kind];
  if (!operators.includes(condition.operator)) {
    return [{ path: 'operator', message: `must be one of ${operators.join(', ')} for ${condition.field}` }];
  }
  const isList = Array.isArray(condition.value);
  if (condition.operator === 'in' && !isList) return [{ path: 'value', message: 'must be an array for in' }];
  if (condition.operator !== 'in' && isList) {
    return [{ path: 'value', message: `must be a single value for ${condition.operator}` }];
  }
  const values: unknown[] = isList ? (condition.value as unknown[]) : [condition.value];
  if (kind === 'number' && values.some((value) => typeof value !== 'number')) {
    return [{ path: 'value', message: `must be numeric for ${condition.field}` }];
  }
  return [];
}

export const automationConditionSchema = z
  .strictObject({
    field: z.enum(conditionFields),
    operator: z.enum(conditionOperators),
    value: conditionValue,
    /** Text comparisons ignore case unless this is true. */
    caseSensitive: z._default(z.boolean(), false),
  })
  .check(
    z.superRefine((condition, context) => {
      for (const problem of conditionProblems(condition)) {
        context.issues.push({
          code: 'custom',
          message: problem.message,
          path: [problem.path],
          input: condition[problem.path],
        });
      }
    }),
  );
export type AutomationCondition = z.infer<typeof automationConditionSchema>;

export const automationActionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('set_status'),
      statusId: z.string().check(z.minLength(1), z.maxLength(64)),
    }),
    z.strictObject({ type: z.literal('assign_warehouse'), warehouseId: ulidSchema }),
    z.strictObject({
      type: z.literal('add_tag'),
      tag: lineText(50),
    }),
    z.strictObject({ type: z.literal('hold') }),
    z.strictObject({
      type: z.literal('set_shipping_service'),
      service: lineText(100),
    }),
  ],
  { error: 'type must be one of set_status, assign_warehouse, add_tag, hold, set_shipping_service' },
);
export type AutomationAction = z.infer<typeof automationActionSchema>;

export const automationRuleInputSchema = z.strictObject({
  name: lineText(200),
  trigger: z.enum(automationTriggers),
  match: z._default(z.enum(['all', 'any']), 'all'),
  /** None: the rule matches every order of its trigger. */
  conditions: z._default(z.array(automationConditionSchema).check(z.maxLength(20)), []),
  actions: z.array(automationActionSchema).check(z.minLength(1), z.maxLength(10)),
  /** Lower runs first; ties run by id (creation order). */
  priority: z.number().check(z.int(), z.minimum(0), z.maximum(999_999)),
  enabled: z._default(z.boolean(), true),
  /** When this rule fires, rules after it do not run. */
  stopAfterMatch: z._default(z.boolean(), false),
});
export type AutomationRuleInput = z.infer<typeof automationRuleInputSchema>;

export const automationRuleSchema = z.object({
  ...automationRuleInputSchema.def.shape,
  id: ulidSchema,
  version: z.number(),
  createdAt: timestampSchema,
  createdBy: z.string(),
  updatedAt: timestampSchema,
});
export type AutomationRule = z.infer<typeof automationRuleSchema>;

/** What the engine needs of a rule. */
export type EvaluableRule = Pick<
  AutomationRule,
  'id' | 'name' | 'trigger' | 'match' | 'conditions' | 'actions' | 'priority' | 'enabled' | 'stopAfterMatch'
>;

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

export interface RuleFiring {
  ruleId: string;
  ruleName: string;
  actions: AutomationAction[];
  /** Order fields this firing changed; empty when its actions left the order as it was. */
  changes: FieldChanges;
}

export interface RulesOutcome {
  order: Order;
  firings: RuleFiring[];
}

const fold = (value: unknown, caseSensitive: boolean) => {
  const text = String(value);
  return caseSensitive ? text : text.toLowerCase();
};

const numeric = (text: string) => /^-?\d+(\.\d+)?$/.test(text.trim());

function compareOrdered(actual: unknown, expected: unknown, kind: FieldKind, caseSensitive: boolean): number {
  if (kind === 'number') return Number(actual) - Number(expected);
  const [a, b] = [fold(actual, caseSensitive), fold(expected, caseSensitive)];
  // Postal codes and other digit strings order as numbers ("9000" < "10000").
  if (numeric(a) && numeric(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

function valueEquals(actual: unknown, expected: unknown, kind: FieldKind, caseSensitive: boolean): boolean {
  if (kind === 'number') return Number(actual) === Number(expected);
  return fold(actual, caseSensitive) === fold(expected, caseSensitive);
}

/** One value of the field against the condition (not_equals is handled as the negation of equals). */
function valueMatches(actual: unknown, condition: AutomationCondition, kind: FieldKind): boolean {
  const { value, caseSensitive } = condition;
  switch (condition.operator) {
    case 'equals':
    case 'not_equals':
      return valueEquals(actual, value, kind, caseSensitive);
    case 'contains':
      return fold(actual, caseSensitive).includes(fold(value, caseSensitive));
    case 'starts_with':
      return fold(actual, caseSensitive).startsWith(fold(value, caseSensitive));
    case 'greater_than':
      return compareOrdered(actual, value, kind, caseSensitive) > 0;
    case 'less_than':
      return compareOrdered(actual, value, kind, caseSensitive) < 0;
    case 'in':
      return (value as unknown[]).some((candidate) => valueEquals(actual, candidate, kind, caseSensitive));
  }
}

/**
 * Lists match when any element does; an absent value matches nothing. not_equals is "no value
 * equals", so `tags not_equals vip` holds for an order without the tag (and for one without tags).
 */
export function conditionHolds(condition: AutomationCondition, order: Order): boolean {
  const { kind, read } = fieldReaders[condition.field];
  const actual = read(order);
  const values = kind === 'list' ? (actual as unknown[]) : actual === undefined ? [] : [actual];
  const anyMatches = values.some((value) => valueMatches(value, condition, kind));
  return condition.operator === 'not_equals' ? !anyMatches : anyMatches;
}

export function ruleMatches(rule: Pick<EvaluableRule, 'match' | 'conditions'>, order: Order): boolean {
  if (rule.conditions.length === 0) return true;
  const holds = (condition: AutomationCondition) => conditionHolds(condition, order);
  return rule.match === 'all' ? rule.conditions.every(holds) : rule.conditions.some(holds);
}

/** An order carries at most this many tags (its schema's limit): add_tag beyond it changes nothing. */
const maxTags = 50;

function applyAction(order: Order, action: AutomationAction): Order {
  switch (action.type) {
    case 'set_status':
      return { ...order, statusId: action.statusId };
    case 'hold':
      return { ...order, statusId: onHoldStatus };
    case 'assign_warehouse':
      return { ...order, warehouseId: action.warehouseId };
    case 'set_shipping_service':
      return { ...order, requestedShippingService: action.service };
    case 'add_tag': {
      const present = order.tags.some((tag) => tag.toLowerCase() === action.tag.toLowerCase());
      if (present || order.tags.length >= maxTags) return order;
      return { ...order, tags: [...order.tags, action.tag] };
    }
  }
}

/** The fields actions can change: nothing else of the order (lines, totals) is ever touched. */
const actionFields = ['statusId', 'warehouseId', 'requestedShippingService', 'tags'] as const;

function changesBetween(before: Order, after: Order): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of actionFields) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      changes[field] = { from: before[field], to: after[field] };
    }
  }
  return changes;
}

/** Enabled rules of the trigger, by priority then id, each once. */
export function rulesInRunOrder<R extends EvaluableRule>(
  rules: readonly R[],
  trigger: AutomationTrigger,
): R[] {
  const byId = new Map<string, R>();
  for (const rule of rules) {
    if (rule.enabled && rule.trigger === trigger && !byId.has(rule.id)) byId.set(rule.id, rule);
  }
  return [...byId.values()].sort(
    (a, b) => a.priority - b.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * One pass over the rules in run order: each rule is tested against the order as earlier rules left
 * it, and fires at most once. A rule is never re-run, even when its own or a later rule's actions
 * would make it match again: that is what stops rules from looping.
 */
export function evaluateRules(
  order: Order,
  rules: readonly EvaluableRule[],
  trigger: AutomationTrigger,
): RulesOutcome {
  let current = order;
  const firings: RuleFiring[] = [];
  for (const rule of rulesInRunOrder(rules, trigger)) {
    if (!ruleMatches(rule, current)) continue;
    const next = rule.actions.reduce(applyAction, current);
    firings.push({
      ruleId: rule.id,
      ruleName: rule.name,
      actions: rule.actions,
      changes: changesBetween(current, next),
    });
    current = next;
    if (rule.stopAfterMatch) break;
  }
  return { order: current, firings };
}
