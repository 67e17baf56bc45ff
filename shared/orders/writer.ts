/**
 * The one order writer every group changes an order through (orders, order activity, fulfillment,
 * returns). It reads (the order's partition, the rules, the statuses), decides with the pure
 * decideOrderChange, and commits the order, its payments and history, the stock the change moves and
 * the caller's own items (a shipment, a return) in one transaction on the version read. A lost race
 * is retried by the one policy (shared/db/retry), unless the client named the version it expected.
 */
import { TransactionCancelled } from '../db/errors';
import { answerBeforeCommit } from '../db/request-guard';
import { LostRace, withRetry } from '../db/retry';
import type { AutomationRule, AutomationTrigger } from '../domain/automation';
import type { Order } from '../domain/order';
import type { Payment } from '../domain/payment';
import type { MovementRequest } from '../domain/stock-ledger';
import { WarehouseRefused } from '../domain/stock-ledger';
import type { WarehouseCondition } from '../warehouses/counters';
import { checkVersion } from '../domain/versions';
import { Conflict, PreconditionFailed } from '../errors';
import { newId } from '../ids';
import { countMetric } from '../metrics/metrics';
import type { NamedItem } from '../db/transactions';
import type { KnownStock } from '../stock/ledger';
import { commitStockChangeOnce } from '../stock/ledger';
import type { ChangeOutcome, Decision, StoredOrder } from './decide';
import { decideOrderChange } from './decide';
import { historyPut, loadOrder, orderPut, paymentPut } from './repository';
import { forgetRules, rulesForTrigger } from './rules';
import { forgetStatus, resolveStatuses, statusUsableCheck } from './statuses';

export type CommitDecision = Extract<Decision, { kind: 'commit' }>;

export interface OrderChange {
  orderId: string;
  actor: string;
  trigger: AutomationTrigger;
  ifMatch?: number;
  /** `If-Match: *` and `If-None-Match: *` of a create-or-replace (RFC 9110 §13.1.1–2). */
  conditions?: { mustExist: boolean; mustNotExist: boolean };
  /** Builds the change from the stored order (undefined when it does not exist); throws typed errors to refuse. */
  build(stored: StoredOrder | undefined): ChangeOutcome | Promise<ChangeOutcome>;
  /** The caller's own items (a shipment, a return), committed in the same transaction, named. */
  items?: (decision: CommitDecision) => NamedItem[];
  /**
   * Every stock request of the change, in the order the ledger applies them; by default the decision's
   * allocation changes. A shipment's units go after the releases (so it ships the order's own units, never
   * other orders'); a shipment taken back goes before the allocations it makes possible.
   */
  stock?: (decision: CommitDecision) => MovementRequest[];
  /**
   * The order as the caller read it moments ago (a print checks the lines before buying a label): the
   * first attempt decides on it instead of reading it again; the commit's version condition still
   * guards it, and a lost race reads afresh.
   */
  read?: StoredOrder;
  /** Stock records the caller read with `read` (a print's stock check): the first attempt plans on them. */
  knownStock?: KnownStock;
  /** The rules of the change's trigger, when the caller read them beside the order (`read`). */
  rules?: Promise<AutomationRule[]>;
  /** Work the commit waits for, done beside the change's reads (StockChange.commitAfter). */
  commitAfter?: Promise<unknown>;
  /** A condition every warehouse the change's stock touches must meet at the commit (still active). */
  warehouseCondition?: WarehouseCondition;
  /** Refusals of the caller's own items that are lost races worth deciding again (the retry policy's). */
  isRace?: (error: unknown) => boolean;
  /**
   * What the operation answers for the committed order, exactly as it returns it: given before the
   * commit, it is kept for replays by the change's own write (answerBeforeCommit).
   */
  answer?: (committed: CommittedOrder) => unknown;
}

export interface CommittedOrder {
  order: Order;
  payments: Payment[];
  created: boolean;
  /** False when the change changed nothing: no version, history or event was written. */
  changed: boolean;
}

function statusIdsNamed(rules: readonly AutomationRule[]): string[] {
  return rules.flatMap((rule) =>
    rule.actions.flatMap((action) => (action.type === 'set_status' ? [action.statusId] : [])),
  );
}

/** The client's If-Match against the order as read: the one version check, or 412 for a missing order. */
function checkIfMatch(change: OrderChange, stored: StoredOrder | undefined): void {
  if (change.conditions?.mustNotExist && stored) {
    throw new PreconditionFailed(
      `Order ${change.orderId} exists (version ${stored.order.version}); If-None-Match: * creates only.`,
      { currentVersion: stored.order.version },
    );
  }
  if (change.conditions?.mustExist && !stored) {
    throw new PreconditionFailed(`Order ${change.orderId} does not exist; If-Match: * needs it to.`, {
      currentVersion: null,
    });
  }
  if (change.ifMatch === undefined) return;
  if (!stored) {
    throw new PreconditionFailed(
      `Order ${change.orderId} does not exist, so it is not at version ${change.ifMatch}.`,
      { currentVersion: null },
    );
  }
  checkVersion('order', stored.order.version, change.ifMatch);
}

/** Rules are reference data (cached per container, rules.ts); the caller's own read serves its trigger once. */
type RuleReader = (trigger: AutomationTrigger) => Promise<AutomationRule[]>;

function rulesReader(known?: { trigger: AutomationTrigger; rules: Promise<AutomationRule[]> }): RuleReader {
  return (trigger) => (known && trigger === known.trigger ? known.rules : rulesForTrigger(trigger));
}

/** The order as an attempt read it (undefined: it did not exist). */
interface OrderRead {
  stored: StoredOrder | undefined;
}

/**
 * What the last attempt read of the order, for the next one: a race lost on something else (a stock
 * record another order changed meanwhile) is decided again on fresh stock without reading the order
 * again. The commit's condition on the order still guards it, and a refusal of the order itself drops it.
 */
interface KeptReads {
  order?: OrderRead;
}

async function attempt(
  change: OrderChange,
  rulesFor: RuleReader,
  read: OrderRead | undefined,
  knownStock: KnownStock | undefined,
  kept: KeptReads,
): Promise<CommittedOrder> {
  // The rules of an existing order's trigger are read beside the order (most changes update one).
  const likelyRules = rulesFor(change.trigger);
  likelyRules.catch(() => undefined);
  const stored = read ? read.stored : await loadOrder(change.orderId);
  kept.order = { stored };
  checkIfMatch(change, stored);
  const outcome = await change.build(stored);
  const trigger = stored ? change.trigger : 'order.created';
  const rules = await rulesFor(trigger);
  const statuses = await resolveStatuses([
    outcome.draft.statusId,
    ...(stored ? [stored.order.statusId] : []),
    ...statusIdsNamed(rules),
  ]);
  const decision = decideOrderChange(stored, outcome, {
    orderId: change.orderId,
    actor: change.actor,
    at: new Date().toISOString(),
    trigger,
    rules,
    statuses,
    newId,
  });
  if (decision.kind === 'unchanged') {
    return { order: decision.order, payments: decision.payments, created: false, changed: false };
  }
  const status = decision.enteredStatusId ? statusUsableCheck(decision.enteredStatusId) : undefined;
  const items: NamedItem[] = [
    [
      'order',
      orderPut(
        decision.order,
        decision.readVersion,
        decision.event,
        statuses.get(decision.order.statusId)!.category,
      ),
    ],
    ...(status ? [['status', status] as const] : []),
    ...decision.newPayments.map((p): NamedItem => [`payment:${p.id}`, paymentPut(decision.order, p)]),
    ...decision.history.map((entry): NamedItem => [`history:${entry.id}`, historyPut(entry)]),
    ...(change.items?.(decision) ?? []),
  ];
  const committed: CommittedOrder = {
    order: decision.order,
    payments: decision.payments,
    created: !stored,
    changed: true,
  };
  if (change.answer) answerBeforeCommit(await change.answer(committed));
  try {
    await commitStockChangeOnce({
      owner: `order:${change.orderId}`,
      requests: change.stock?.(decision) ?? decision.stock,
      with: () => items,
      ...(change.commitAfter ? { commitAfter: change.commitAfter } : {}),
      ...(knownStock ? { known: knownStock } : {}),
      ...(change.warehouseCondition ? { warehouseCondition: change.warehouseCondition } : {}),
    });
  } catch (error) {
    if (error instanceof WarehouseRefused) {
      throw new Conflict(
        change.warehouseCondition
          ? `Warehouse ${error.warehouseId} does not exist or is no longer active.`
          : `Warehouse ${error.warehouseId} does not exist.`,
        { warehouseId: error.warehouseId },
      );
    }
    if (!(error instanceof TransactionCancelled)) throw error;
    if (error.refused('status')) {
      // Statuses and rules are cached reference data: a status deleted (or being deleted) elsewhere
      // moments ago is refused here, at the commit. A rule that still named it is read afresh and the
      // change decided again (the deletion repointed such rules); a status the change itself asked for
      // is the client's to change.
      forgetStatus(decision.enteredStatusId!);
      if (decision.enteredStatusId !== outcome.draft.statusId) {
        forgetRules();
        throw new LostRace('a rule named a status being deleted');
      }
      throw new Conflict(`Status ${decision.enteredStatusId} is being deleted; choose another status.`);
    }
    if (error.refused('order')) {
      kept.order = undefined;
      if (change.ifMatch !== undefined) {
        throw new PreconditionFailed('The order changed while this change was applied; fetch it again.');
      }
      throw new LostRace('the order changed');
    }
    throw error;
  }
  countMetric('OrdersWritten');
  for (const p of decision.newPayments) {
    // A refund wholly credited against what was owed moves no money (amount 0): neither.
    if (p.amount !== 0) countMetric(p.amount > 0 ? 'PaymentsPosted' : 'RefundsPosted');
  }
  return committed;
}

export function commitOrderChange(change: OrderChange): Promise<CommittedOrder> {
  const known = change.rules ? { trigger: change.trigger, rules: change.rules } : undefined;
  const kept: KeptReads = change.read ? { order: { stored: change.read } } : {};
  return withRetry(
    { what: `Order ${change.orderId}`, ...(change.isRace ? { isRace: change.isRace } : {}) },
    (attemptNumber) =>
      attempt(
        change,
        rulesReader(attemptNumber === 0 ? known : undefined),
        kept.order,
        attemptNumber === 0 ? change.knownStock : undefined,
        kept,
      ),
  );
}
