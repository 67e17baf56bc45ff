/**
 * What an order change does, as one pure function: from the stored order, the change an operation
 * built, the automation rules and the statuses, to the next order, its history entries, the stock
 * requests and the event to publish. The writer only reads, calls this, and commits.
 *
 * Order of the rules: totals and fulfillment state are derived; an order paid in full while awaiting
 * payment is ready to ship; automation rules run (each fires at most once); then status and
 * fulfillment state are reconciled (DESIGN §4) and the stock allocation follows the status.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AutomationTrigger, EvaluableRule } from '../domain/automation';
import { evaluateRules } from '../domain/automation';
import type { Order, OrderLine } from '../domain/order';
import { allocationChanges, allocationTarget, deriveTotals, fulfillmentStateOf } from '../domain/order';
import type { HistoryEntry } from '../domain/order-history';
import type { OrderStatus } from '../domain/order-status';
import { statusHoldsStock } from '../domain/order-status';
import type { Payment } from '../domain/payment';
import { paymentSums } from '../domain/payment';
import type { MovementRequest } from '../domain/stock-ledger';
import { Conflict, ValidationFailed } from '../errors';

/** The next order as an operation builds it, before the writer derives what is derived. */
export type OrderDraft = Omit<
  Order,
  'totals' | 'fulfillmentState' | 'allocations' | 'version' | 'createdAt' | 'updatedAt'
>;

/** The stored order as a draft: what a change that edits one part starts from. */
export function draftOf(order: Order): OrderDraft {
  const {
    totals: _t,
    fulfillmentState: _f,
    allocations: _a,
    version: _v,
    createdAt: _c,
    updatedAt: _u,
    ...draft
  } = order;
  return draft;
}

export type ChangeNote = Omit<HistoryEntry, 'id' | 'orderId' | 'at' | 'actor'>;

export interface ChangeOutcome {
  draft: OrderDraft;
  /** Payments to record with this change (refunds are negative). */
  newPayments?: Payment[];
  /** History entries describing the change itself; the writer adds status and rule entries. */
  history: ChangeNote[];
  /** The event this operation publishes (`order.paid`); `order.created`/`order.updated` otherwise. */
  event?: string;
  /**
   * Commit even when the order itself comes out unchanged: the change is its history entry and the
   * caller's items (a replacement shipment for a return).
   */
  commitUnchanged?: boolean;
}

export interface StoredOrder {
  order: Order;
  payments: Payment[];
}

export interface DecisionContext {
  orderId: string;
  actor: string;
  at: string;
  trigger: AutomationTrigger;
  /** The enabled rules of the trigger (and of order.created for a new order). */
  rules: readonly EvaluableRule[];
  /** Every status the change may end in: built-in ones and the custom ones the draft and rules name. */
  statuses: ReadonlyMap<string, OrderStatus>;
  newId: () => string;
}

export type Decision =
  | { kind: 'unchanged'; order: Order; payments: Payment[] }
  | {
      kind: 'commit';
      order: Order;
      /** Version of the stored order (undefined when creating). */
      readVersion: number | undefined;
      payments: Payment[];
      newPayments: Payment[];
      history: HistoryEntry[];
      stock: MovementRequest[];
      event: string;
      /** A custom status the order enters with this change: it must still be usable when committing. */
      enteredStatusId: string | undefined;
    };

const builtIn = { awaitingPayment: 'awaiting-payment', awaitingShipment: 'awaiting-shipment' } as const;

function statusOf(statuses: DecisionContext['statuses'], id: string): OrderStatus {
  const status = statuses.get(id);
  if (!status) {
    throw new ValidationFailed(`No order status has the id ${id}.`, [
      { path: 'body.statusId', message: 'no status has this id' },
    ]);
  }
  return status;
}

/** Where an order goes when it has goods to ship again (a line reinstated on a cancelled order). */
function reopenedStatus(order: Pick<Order, 'totals'>): string {
  return order.totals.balance > 0 ? builtIn.awaitingPayment : builtIn.awaitingShipment;
}

function derive(draft: OrderDraft, lines: OrderLine[], payments: readonly Payment[]) {
  const withLines = { ...draft, lines };
  return {
    ...withLines,
    totals: deriveTotals(withLines, paymentSums(payments)),
    fulfillmentState: fulfillmentStateOf(lines),
  };
}

type Derived = ReturnType<typeof derive>;

/**
 * DESIGN §4: status and fulfillment state never contradict. `asked` is the status the client set (not
 * a rule): a contradiction the client asked for is a 409; one a rule made is undone.
 */
function reconcile(
  candidate: Derived,
  previousStatusId: string | undefined,
  asked: boolean,
  beforeRules: string,
  payments: readonly Payment[],
  statuses: DecisionContext['statuses'],
): Derived {
  let next = candidate;
  const category = statusOf(statuses, next.statusId).category;
  const entering = next.statusId !== previousStatusId;
  const active = next.lines.filter((line) => line.status === 'active');
  if (category === 'cancelled' && entering) {
    const shipped = active.filter((line) => line.shippedQuantity > 0);
    if (shipped.length > 0) {
      if (!asked)
        return reconcile(
          { ...next, statusId: beforeRules },
          previousStatusId,
          false,
          beforeRules,
          payments,
          statuses,
        );
      throw new Conflict(
        `Lines ${shipped.map((line) => line.itemId).join(', ')} have shipped; the order cannot be cancelled.`,
        { shippedItemIds: shipped.map((line) => line.itemId) },
      );
    }
    const lines = next.lines.map((line): OrderLine => ({ ...line, status: 'cancelled' }));
    return { ...derive(next, lines, payments), statusId: next.statusId };
  }
  if (category === 'cancelled' && active.length > 0) {
    return { ...next, statusId: reopenedStatus(next) };
  }
  if (category === 'shipped' && next.fulfillmentState !== 'shipped') {
    if (entering && asked) {
      throw new Conflict(
        `Order ${next.id} has unshipped lines; a shipped status is set by shipping them, not by hand.`,
        { fulfillmentState: next.fulfillmentState },
      );
    }
    next = { ...next, statusId: entering ? beforeRules : reopenedStatus(next) };
    if (statusOf(statuses, next.statusId).category === 'shipped')
      next = { ...next, statusId: reopenedStatus(next) };
  }
  const nextCategory = statusOf(statuses, next.statusId).category;
  if (next.fulfillmentState === 'cancelled' && nextCategory !== 'cancelled')
    return { ...next, statusId: 'cancelled' };
  if (next.fulfillmentState === 'shipped' && nextCategory !== 'shipped' && nextCategory !== 'cancelled')
    return { ...next, statusId: 'shipped' };
  return next;
}

/** Fields that are bookkeeping of the write itself, not of the order: equal orders differ only there. */
function comparable(order: Order): unknown {
  const { version: _v, updatedAt: _u, createdAt: _c, ...rest } = order;
  // As DynamoDB keeps it: absent and undefined fields are the same thing.
  return JSON.parse(JSON.stringify(rest));
}

export function decideOrderChange(
  stored: StoredOrder | undefined,
  outcome: ChangeOutcome,
  context: DecisionContext,
): Decision {
  const { at, actor, orderId } = context;
  const newPayments = outcome.newPayments ?? [];
  const payments = [...(stored?.payments ?? []), ...newPayments];
  const previousStatusId = stored?.order.statusId;
  const asked = outcome.draft.statusId !== previousStatusId;

  let candidate = derive(outcome.draft, outcome.draft.lines, payments);
  // Paid in full while awaiting payment: the order is ready to ship.
  if (
    candidate.statusId === builtIn.awaitingPayment &&
    candidate.totals.total > 0 &&
    candidate.totals.balance <= 0
  ) {
    candidate = { ...candidate, statusId: builtIn.awaitingShipment };
  }
  const beforeRules = candidate.statusId;
  const automated = evaluateRules(
    { ...candidate, allocations: {}, version: 0, createdAt: at, updatedAt: at },
    context.rules,
    stored ? context.trigger : 'order.created',
  );
  candidate = { ...candidate, ...pickActionFields(automated.order) };
  candidate = reconcile(candidate, previousStatusId, asked, beforeRules, payments, context.statuses);

  const status = statusOf(context.statuses, candidate.statusId);
  const holdsStock = candidate.warehouseId !== undefined && statusHoldsStock(status);
  const allocations = allocationTarget(candidate.lines, holdsStock);
  const order: Order = {
    ...candidate,
    allocations,
    version: (stored?.order.version ?? 0) + 1,
    createdAt: stored?.order.createdAt ?? at,
    updatedAt: at,
  };
  if (
    stored &&
    !outcome.commitUnchanged &&
    newPayments.length === 0 &&
    isDeepStrictEqual(comparable(order), comparable(stored.order))
  ) {
    return { kind: 'unchanged', order: stored.order, payments: stored.payments };
  }

  const history: HistoryEntry[] = [];
  const entry = (note: ChangeNote, by = actor) =>
    history.push({ id: context.newId(), orderId, at, actor: by, ...note });
  for (const note of outcome.history) entry(note);
  for (const firing of automated.firings) {
    // A rule whose actions changed nothing (the tag was there already) did not fire.
    if (Object.keys(firing.changes).length === 0) continue;
    entry(
      { kind: 'rule', summary: `Rule "${firing.ruleName}" fired`, changes: firing.changes },
      `rule:${firing.ruleId}`,
    );
  }
  if (previousStatusId !== order.statusId) {
    const nameOf = (id: string) => context.statuses.get(id)?.name ?? id;
    entry({
      kind: 'status',
      summary: previousStatusId
        ? `Status changed from ${nameOf(previousStatusId)} to ${nameOf(order.statusId)}`
        : `Status set to ${nameOf(order.statusId)}`,
      changes: { statusId: { from: previousStatusId ?? null, to: order.statusId } },
    });
  }

  const stock: MovementRequest[] = allocationChanges(
    { warehouseId: stored?.order.warehouseId, allocations: stored?.order.allocations ?? {} },
    { warehouseId: order.warehouseId, allocations },
  ).map((change) => ({
    ...change,
    allowBackorder: change.type === 'allocation' ? status.allowBackorder : undefined,
    reference: { type: 'order', id: orderId },
  }));

  return {
    kind: 'commit',
    order,
    readVersion: stored?.order.version,
    payments,
    newPayments,
    history,
    stock,
    event: outcome.event ?? (stored ? 'order.updated' : 'order.created'),
    enteredStatusId: previousStatusId !== order.statusId && !status.builtIn ? order.statusId : undefined,
  };
}

/** The fields automation actions may change (the rest of the order is never touched by a rule); absent stays absent. */
function pickActionFields(order: Order): Partial<Order> {
  const picked: Partial<Order> = { statusId: order.statusId, tags: order.tags };
  if (order.warehouseId !== undefined) picked.warehouseId = order.warehouseId;
  if (order.requestedShippingService !== undefined)
    picked.requestedShippingService = order.requestedShippingService;
  return picked;
}
