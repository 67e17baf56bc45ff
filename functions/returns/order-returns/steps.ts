/**
 * What the return operations share: reading a return under the client's preconditions, the next
 * version after an action, retrying a lost race, and where returned units go back to stock.
 */
import { TransactionCancelled } from '../../../shared/db/errors';
import { toResource } from '../../../shared/db/resource';
import { withRetry } from '../../../shared/db/retry';
import { knowsUnitCost } from '../../../shared/domain/stock-ledger';
import type { OrderReturn, ReturnAction, ReturnState } from '../../../shared/domain/returns';
import { allowedActions, returnSchema, historyEntry } from '../../../shared/domain/returns';
import type { Shipment } from '../../../shared/domain/shipment';
import { NotFound, PreconditionFailed, ValidationFailed } from '../../../shared/errors';
import { checkVersion } from '../../../shared/domain/versions';
import { loadOrder } from '../../../shared/orders/repository';
import { returnsGuardItem } from '../../../shared/returns/claims';
import { allShipmentsOfOrder } from '../../../shared/shipments/repository';
import { queryAll } from '../../../shared/db/query';
import { stockOfSku } from '../../../shared/db/keys';
import { findDefaultWarehouseId, findWarehouse } from '../../../shared/warehouses/repository';
import { findReturn } from './repository';

export const orderNotFound = (orderId: string) => new NotFound(`No order has the id ${orderId}.`);

/** The return as answered: its resource fields (not the event bookkeeping) and what may be done now. */
export const answer = (ret: OrderReturn) => ({
  ...toResource(returnSchema, ret),
  allowedActions: allowedActions(ret),
});

/** A lost race for the return or for the units its order's returns claim: decide again. */
const lostReturnRace = (error: unknown) =>
  error instanceof TransactionCancelled &&
  (error.refused('return') || error.refused(returnsGuardItem) || error.refused('order'));

export const retried = <T>(what: string, work: () => Promise<T>) =>
  withRetry({ what, isRace: lostReturnRace }, work);

/** The client's preconditions on the return an operation changes: If-Match names the return's version. */
interface Expected {
  ifMatch: number | undefined;
  conditions: { mustExist: boolean };
}

/**
 * The return as read, at the version If-Match names: 412 when it is at another (or when If-Match names
 * any version of a return that does not exist), 404 for an unknown return or order otherwise.
 */
export async function existingReturn(
  orderId: string,
  returnId: string,
  expected: Expected,
): Promise<OrderReturn> {
  const found = await findReturn(orderId, returnId);
  if (found) {
    checkVersion('return', found.version, expected.ifMatch);
    return found;
  }
  if (expected.ifMatch !== undefined || expected.conditions.mustExist) {
    throw new PreconditionFailed(`Order ${orderId} has no return ${returnId}, so If-Match cannot hold.`, {
      currentVersion: null,
    });
  }
  if (!(await loadOrder(orderId))) throw orderNotFound(orderId);
  throw new NotFound(`Order ${orderId} has no return ${returnId}.`);
}

/** The next version of a return after an action, with its history entry and the event it publishes. */
export function transitioned(
  ret: OrderReturn,
  action: ReturnAction,
  state: ReturnState,
  actor: string,
  summary: string,
  changes: Partial<OrderReturn> = {},
): OrderReturn & { eventType: string } {
  const at = new Date().toISOString();
  return {
    ...ret,
    ...changes,
    state,
    history: [...ret.history, historyEntry(at, actor, action, state, summary)],
    updatedAt: at,
    version: ret.version + 1,
    eventType: `return.${eventVerbs[action]}`,
  };
}

const eventVerbs: Record<ReturnAction, string> = {
  approve: 'approved',
  decline: 'declined',
  receive: 'received',
  refund: 'refunded',
  resend: 'resent',
  complete: 'completed',
  delete: 'deleted',
};

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
export const unitsOf = (lines: ReadonlyArray<{ quantity: number }>) =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

/** An active warehouse, or a 400 naming the field. */
export async function activeWarehouse(id: string, path: string) {
  const warehouse = await findWarehouse(id);
  if (!warehouse || !warehouse.active) {
    const why = warehouse ? `warehouse ${warehouse.code} is inactive` : `no warehouse has the id ${id}`;
    throw new ValidationFailed(`Units cannot go to warehouse ${id}: ${why}.`, [{ path, message: why }]);
  }
  return warehouse;
}

/** The warehouse of the newest active shipment (not a replacement) that carried any of these lines. */
function warehouseShipping(shipments: readonly Shipment[], itemIds: readonly string[]): string | undefined {
  return shipments.find(
    (shipment) =>
      shipment.status === 'active' &&
      shipment.source !== 'replacement' &&
      shipment.lines.some((line) => itemIds.includes(line.itemId)),
  )?.warehouseId;
}

/**
 * What each restocked line's units cost: their SKU's average cost in the warehouse the line shipped from,
 * else in any warehouse that knows a cost for it (the line may have left a warehouse since emptied); a
 * line whose SKU no warehouse knows a cost for is left to the ledger (the target warehouse's average).
 */
export async function restockCosts(
  orderId: string,
  lines: ReadonlyArray<{ itemId: string; sku: string }>,
): Promise<Map<string, number>> {
  return (await restockCostsAndStock(orderId, lines)).costs;
}

/**
 * restockCosts, with every stock record of the SKUs as read (consistently): the restock's ledger plans
 * on them (KnownStock) instead of reading its records again.
 */
export async function restockCostsAndStock(
  orderId: string,
  lines: ReadonlyArray<{ itemId: string; sku: string }>,
): Promise<{ costs: Map<string, number>; stock: Array<Record<string, unknown>> }> {
  if (lines.length === 0) return { costs: new Map(), stock: [] };
  const shipments = await allShipmentsOfOrder(orderId);
  const skus = [...new Set(lines.map((line) => line.sku))];
  const records = new Map(
    await Promise.all(
      skus.map(async (sku) => [sku, await queryAll({ ...stockOfSku(sku), consistent: true })] as const),
    ),
  );
  const costs = new Map<string, number>();
  for (const line of lines) {
    const from = warehouseShipping(shipments, [line.itemId]);
    const known = (records.get(line.sku) ?? []).filter((record) =>
      knowsUnitCost({ onHand: Number(record.onHand), averageUnitCost: Number(record.averageUnitCost) }),
    );
    const record = known.find((candidate) => candidate.warehouseId === from) ?? known[0];
    if (record) costs.set(line.itemId, Number(record.averageUnitCost));
  }
  return { costs, stock: [...records.values()].flat() };
}

/** The warehouse the order's units left from: its shipments', else its assigned one, else the default. */
export async function shippedFrom(orderId: string, itemIds: readonly string[], assigned?: string) {
  const shipments = await allShipmentsOfOrder(orderId);
  return warehouseShipping(shipments, itemIds) ?? assigned ?? (await findDefaultWarehouseId());
}
