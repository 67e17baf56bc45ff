/**
 * Deleting a custom status. Refused while orders or rules use it, unless a replacement is named: then
 * every order moves to the replacement (one transaction per order, with its history entry) and rules
 * that set it set the replacement. A fence on the status keeps new orders and rules out meanwhile, so
 * the final delete never leaves an order pointing at a deleted status.
 */
import { newId } from '../../../shared/ids';
import { ConditionFailed, TransactionCancelled } from '../../../shared/db/errors';
import type { AutomationRule } from '../../../shared/domain/automation';
import type { OrderStatus } from '../../../shared/domain/order-status';
import { builtInStatus, statusHoldsStock } from '../../../shared/domain/order-status';
import { Conflict, NotFound, ValidationFailed } from '../../../shared/errors';
import { allRules } from '../../../shared/orders/rules';
import { findRule, replaceRuleActions } from '../automation-rules/repository';
import {
  anyOrderInStatus,
  countOrdersInStatus,
  type MoveOutcome,
  moveOrderToStatus,
  orderIdsInStatus,
} from './order-moves';
import type { DeletionFence } from './repository';
import { findCustomStatus, resolveStatus } from '../../../shared/orders/statuses';
import { deleteFencedStatus, lowerDeletionFence, raiseDeletionFence } from './repository';
import type { StatusDeleteResult } from './schemas';

/** Long enough for any delete to finish within the function's 25 s timeout. */
const fenceMillis = 60_000;
/** Moving stops in time to answer before that timeout; repeating the request moves the rest. */
const moveBudgetMillis = 15_000;
const movePageSize = 100;
const moveConcurrency = 10;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

async function requireDeletable(statusId: string): Promise<OrderStatus> {
  const builtIn = builtInStatus(statusId);
  if (builtIn) {
    throw new Conflict(
      `${builtIn.name} (${builtIn.id}) is a built-in status; built-in statuses cannot be deleted.`,
      {
        builtIn: true,
      },
    );
  }
  const status = await findCustomStatus(statusId, true);
  if (!status) throw new NotFound(`No status has the id ${statusId}.`);
  return status;
}

function invalidReplacement(detail: string, message: string): ValidationFailed {
  return new ValidationFailed(detail, [{ path: 'query.replacementStatusId', message }]);
}

async function requireReplacement(status: OrderStatus, replacementId: string): Promise<OrderStatus> {
  if (replacementId === status.id) {
    throw invalidReplacement('The replacement must be another status.', 'must name another status');
  }
  const replacement = await resolveStatus(replacementId);
  if (!replacement)
    throw invalidReplacement(`No status has the id ${replacementId}.`, 'no status has this id');
  // Moving orders between a status that holds stock and one that does not would strand allocations.
  const holds = statusHoldsStock;
  if (holds(replacement) !== holds(status)) {
    throw invalidReplacement(
      `Orders in ${status.name} (${status.category}) ${holds(status) ? 'hold' : 'hold no'} stock; ` +
        `orders in ${replacement.name} (${replacement.category}) ${holds(replacement) ? 'do' : 'do not'}. ` +
        'Choose a replacement of a category that holds stock the same way.',
      'must hold stock the way the deleted status does',
    );
  }
  return replacement;
}

const setsStatus = (rule: AutomationRule, statusId: string) =>
  rule.actions.some((action) => action.type === 'set_status' && action.statusId === statusId);

async function rulesSettingStatus(statusId: string): Promise<AutomationRule[]> {
  return (await allRules()).filter((rule) => setsStatus(rule, statusId));
}

async function refuseIfInUse(status: OrderStatus): Promise<void> {
  const [someOrders, rules] = await Promise.all([anyOrderInStatus(status.id), rulesSettingStatus(status.id)]);
  if (!someOrders && rules.length === 0) return;
  const orderCount = someOrders ? Math.max(1, await countOrdersInStatus(status.id)) : 0;
  const uses = [
    ...(orderCount > 0 ? [`${plural(orderCount, 'order')} ${orderCount === 1 ? 'is' : 'are'} in it`] : []),
    ...(rules.length > 0
      ? [`automation rules set it (${rules.map((rule) => `"${rule.name}" ${rule.id}`).join(', ')})`]
      : []),
  ];
  throw new Conflict(
    `The status ${status.name} is in use: ${uses.join(' and ')}. ` +
      'Name a replacementStatusId to move them to it.',
    { orderCount, ruleIds: rules.map((rule) => rule.id) },
  );
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  }
  return results;
}

/** Moves every order in the status, re-querying until the index lists none (bounded by the time budget). */
async function moveAllOrders(status: OrderStatus, replacement: OrderStatus, actor: string): Promise<number> {
  const deadline = Date.now() + moveBudgetMillis;
  let moved = 0;
  for (;;) {
    const orderIds = await orderIdsInStatus(status.id, movePageSize);
    if (orderIds.length === 0) return moved;
    if (Date.now() > deadline) {
      throw new Conflict(
        `${plural(moved, 'order')} moved to ${replacement.name}; more remain in ${status.name}, ` +
          'which is not deleted yet. Repeat the request to move the rest and delete it.',
        { movedOrders: moved },
      );
    }
    const outcomes: MoveOutcome[] = await inBatches(orderIds, moveConcurrency, (orderId) =>
      moveOrderToStatus(orderId, { from: status.id, to: replacement.id }, actor),
    );
    const movedNow = outcomes.filter((outcome) => outcome === 'moved').length;
    moved += movedNow;
    if (outcomes.includes('target-unusable')) {
      throw new Conflict(
        `The replacement status ${replacement.name} was deleted meanwhile, after ` +
          `${plural(moved, 'order')} had moved; ${status.name} is not deleted. Choose another replacement.`,
        { movedOrders: moved },
      );
    }
    // The index lags the table: orders that already left still show for a moment.
    if (movedNow === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Rules that set the status set the replacement instead; each rule's change is one conditional write. */
async function repointRules(statusId: string, replacementId: string): Promise<string[]> {
  const updated: string[] = [];
  const at = new Date().toISOString();
  for (const first of await rulesSettingStatus(statusId)) {
    let rule: AutomationRule | undefined = first;
    for (let attempt = 0; rule && setsStatus(rule, statusId); attempt++) {
      const actions = rule.actions.map((action) =>
        action.type === 'set_status' && action.statusId === statusId
          ? { ...action, statusId: replacementId }
          : action,
      );
      try {
        await replaceRuleActions(rule, actions, at);
        updated.push(rule.id);
        break;
      } catch (error) {
        if (!(error instanceof ConditionFailed) || attempt >= 2) throw error;
        rule = await findRule(rule.id);
      }
    }
  }
  return updated;
}

export async function deleteCustomStatus(
  statusId: string,
  replacementId: string | undefined,
  actor: string,
): Promise<StatusDeleteResult> {
  const status = await requireDeletable(statusId);
  const replacement =
    replacementId === undefined ? undefined : await requireReplacement(status, replacementId);
  // Refuse early when nothing can succeed, without fencing the status at all.
  if (!replacement) await refuseIfInUse(status);
  const fence: DeletionFence = { token: newId(), until: new Date(Date.now() + fenceMillis).toISOString() };
  try {
    await raiseDeletionFence(status.id, fence);
  } catch (error) {
    if (error instanceof ConditionFailed) throw new NotFound(`No status has the id ${statusId}.`);
    throw error;
  }
  try {
    // Checked again under the fence: nothing can enter the status any more.
    if (!replacement) await refuseIfInUse(status);
    const movedOrders = replacement ? await moveAllOrders(status, replacement, actor) : 0;
    const updatedRuleIds = replacement ? await repointRules(status.id, replacement.id) : [];
    try {
      await deleteFencedStatus(status, fence);
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      throw new Conflict(
        `The status ${status.name} changed while it was being deleted (deleted by someone else, or ` +
          'the delete took too long); it was not deleted by this request. Retry.',
        { movedOrders },
      );
    }
    return { deleted: status.id, replacementStatusId: replacement?.id ?? null, movedOrders, updatedRuleIds };
  } catch (error) {
    // A stale fence expires by itself, so failing to lower it is harmless.
    await lowerDeletionFence(status.id, fence).catch(() => undefined);
    throw error;
  }
}
