/**
 * Every change to an order goes through here: read the partition, build the next order, derive totals
 * and fulfillment state, run the automation rules inside the same write, move stock allocations through
 * the ledger, and commit header, payments, history and stock in one transaction on the version read.
 * A lost race re-reads and tries again, unless the client named the version it expected (then 412).
 */
import { newId } from '../../shared/ids';
import type { Order } from '../../shared/domain/order';
import {
  allocationChanges,
  allocationTarget,
  deriveTotals,
  fulfillmentStateOf,
} from '../../shared/domain/order';
import type { HistoryEntry, HistoryKind } from '../../shared/domain/order-history';
import type { OrderStatus } from '../../shared/domain/order-status';
import { statusHoldsStock } from '../../shared/domain/order-status';
import type { MovementRequest } from '../../shared/domain/stock-ledger';
import { Conflict, PreconditionFailed, ValidationFailed } from '../../shared/errors';
import { applyStockMovements } from '../../shared/stock/ledger';
import type { AutomationTrigger } from './order-automation';
import { applyAutomation } from './order-automation';
import type { StoredOrder } from './order-repository';
import { historyPut, loadOrder, orderPut, paymentPut } from './order-repository';
import type { Payment } from './order-schemas';
import { resolveStatus, statusUsableCheck } from './status-repository';

const maxAttempts = 8;

/** The next order, before the writer derives what is derived. */
export type OrderDraft = Omit<
  Order,
  'totals' | 'fulfillmentState' | 'allocations' | 'version' | 'createdAt' | 'updatedAt'
>;

export interface ChangeOutcome {
  draft: OrderDraft;
  /** Payments to record with this change (refunds are negative). */
  newPayments?: Payment[];
  /** History entries describing the change itself; the writer adds status and rule entries. */
  history: Array<Omit<HistoryEntry, 'id' | 'orderId' | 'at' | 'actor'>>;
}

export interface OrderChange {
  orderId: string;
  actor: string;
  trigger: AutomationTrigger;
  ifMatch?: number;
  /** Builds the change from the stored order (undefined when it does not exist); throws typed errors to refuse. */
  build(stored: StoredOrder | undefined): ChangeOutcome | Promise<ChangeOutcome>;
}

export interface CommittedOrder {
  order: Order;
  payments: Payment[];
  created: boolean;
}

class LostRace extends Error {}

function paymentSums(payments: readonly Payment[]) {
  return {
    paid: payments.filter((p) => p.amount > 0).reduce((sum, p) => sum + p.amount, 0),
    refunded: payments.filter((p) => p.amount < 0).reduce((sum, p) => sum - p.amount, 0),
  };
}

async function requireStatus(id: string): Promise<OrderStatus> {
  const status = await resolveStatus(id);
  if (!status) {
    throw new ValidationFailed(`No order status has the id ${id}.`, [
      { path: 'body.statusId', message: 'no status has this id' },
    ]);
  }
  return status;
}

export async function commitOrderChange(change: OrderChange): Promise<CommittedOrder> {
  for (let attempt = 0; ; attempt++) {
    const stored = await loadOrder(change.orderId);
    if (change.ifMatch !== undefined && stored?.order.version !== change.ifMatch) {
      throw new PreconditionFailed(
        stored
          ? `The order is at version ${stored.order.version}, not ${change.ifMatch}; fetch it again and reapply your change.`
          : `Order ${change.orderId} does not exist, so it is not at version ${change.ifMatch}.`,
        { currentVersion: stored?.order.version ?? null },
      );
    }
    const outcome = await change.build(stored);
    const at = new Date().toISOString();
    const payments = [...(stored?.payments ?? []), ...(outcome.newPayments ?? [])];
    const totals = deriveTotals(outcome.draft, paymentSums(payments));
    let candidate: Order = {
      ...outcome.draft,
      totals,
      fulfillmentState: fulfillmentStateOf(outcome.draft.lines),
      allocations: stored?.order.allocations ?? {},
      version: (stored?.order.version ?? 0) + 1,
      createdAt: stored?.order.createdAt ?? at,
      updatedAt: at,
    };
    const entries: HistoryEntry[] = [];
    const entry = (
      kind: HistoryKind,
      fields: Omit<HistoryEntry, 'id' | 'orderId' | 'at' | 'kind' | 'actor'>,
      actor = change.actor,
    ) => entries.push({ id: newId(), orderId: change.orderId, at, kind, actor, ...fields });
    for (const item of outcome.history) entry(item.kind, item);

    // Paid in full while awaiting payment: the order is ready to ship.
    if (candidate.statusId === 'awaiting-payment' && totals.total > 0 && totals.balance <= 0) {
      candidate = { ...candidate, statusId: 'awaiting-shipment' };
    }
    const automated = await applyAutomation(candidate, stored ? change.trigger : 'order.created');
    candidate = automated.order;
    for (const firing of automated.firings) {
      entry(
        'rule',
        { summary: `Rule "${firing.ruleName}" fired`, changes: firing.changes },
        `rule:${firing.ruleId}`,
      );
    }
    const previousStatus = stored?.order.statusId;
    if (previousStatus !== candidate.statusId) {
      entry('status', {
        summary: previousStatus
          ? `Status changed from ${previousStatus} to ${candidate.statusId}`
          : `Status set to ${candidate.statusId}`,
        changes: { statusId: { from: previousStatus ?? null, to: candidate.statusId } },
      });
    }

    const status = await requireStatus(candidate.statusId);
    const holdsStock = candidate.warehouseId !== undefined && statusHoldsStock(status);
    const allocations = allocationTarget(candidate.lines, holdsStock);
    candidate = { ...candidate, allocations };
    const movements: MovementRequest[] = allocationChanges(
      { warehouseId: stored?.order.warehouseId, allocations: stored?.order.allocations ?? {} },
      { warehouseId: candidate.warehouseId, allocations },
    ).map((movement) => ({
      ...movement,
      allowBackorder: movement.type === 'allocation' ? status.allowBackorder : undefined,
      reference: { type: 'order', id: change.orderId },
    }));

    const final = candidate;
    try {
      await applyStockMovements(movements, {
        extraItems: () => [
          orderPut(final, stored?.order.version),
          // A custom status being deleted refuses new orders (see status-deletion.ts).
          ...[statusUsableCheck(final.statusId)].filter((item) => item !== undefined),
          ...(outcome.newPayments ?? []).map((payment) => paymentPut(change.orderId, payment)),
          ...entries.map(historyPut),
        ],
        extraItemRefused: (index) =>
          index === 0
            ? new LostRace()
            : index === 1 && statusUsableCheck(final.statusId)
              ? new Conflict(`Status ${final.statusId} is being deleted; choose another status.`)
              : new Conflict('The order changed meanwhile; retry.'),
      });
      return { order: final, payments, created: stored === undefined };
    } catch (error) {
      if (!(error instanceof LostRace)) throw error;
      if (change.ifMatch !== undefined) {
        throw new PreconditionFailed('The order changed while this change was applied; fetch it again.');
      }
      if (attempt + 1 >= maxAttempts)
        throw new Conflict('The order is being changed by others right now; retry shortly.');
    }
  }
}
