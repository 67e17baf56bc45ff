/**
 * Returns: each operation reads the return (and what it needs beside it), decides with the pure rules
 * of shared/domain/returns.ts and refunds.ts, and commits on the versions read. A refund and a
 * replacement go through the shared order writer, so the order's money, history and stock move in the
 * same transaction as the return; a restock goes through the stock ledger. A change that lost a race
 * for the return (or for the units its order's returns claim) is decided again from a fresh read.
 */
import { TransactionCancelled } from '../../shared/db/errors';
import { toResource } from '../../shared/db/resource';
import { LostRace, withRetry } from '../../shared/db/retry';
import type { MovementRequest } from '../../shared/domain/stock-ledger';
import { InsufficientStock, knowsUnitCost, WarehouseRefused } from '../../shared/domain/stock-ledger';
import type { OrderReturn, ReturnAction, ReturnState } from '../../shared/domain/returns';
import {
  allowedActions,
  checkAction,
  returnSchema,
  historyEntry,
  newReturnLines,
  refundableUnits,
  withReceipt,
} from '../../shared/domain/returns';
import { refundAmounts } from '../../shared/domain/refunds';
import { moneyText } from '../../shared/domain/money';
import type { Payment } from '../../shared/domain/payment';
import type { Shipment } from '../../shared/domain/shipment';
import { Conflict, NotFound, PreconditionFailed, ValidationFailed } from '../../shared/errors';
import { checkVersion } from '../../shared/domain/versions';
import { spokenForElsewhere } from '../../shared/events/domain-events';
import type { Implementations } from '../../shared/http/catalogue';
import { newId } from '../../shared/ids';
import type { ChangeNote } from '../../shared/orders/decide';
import { draftOf } from '../../shared/orders/decide';
import { loadOrder } from '../../shared/orders/repository';
import { commitOrderChange } from '../../shared/orders/writer';
import { recordReplacement } from '../../shared/shipments/commit';
import { returnsGuardItem } from '../../shared/returns/claims';
import { allShipmentsOfOrder } from '../../shared/shipments/repository';
import { applyStockMovements } from '../../shared/stock/ledger';
import { queryAll } from '../../shared/db/query';
import { stockOfSku } from '../../shared/db/keys';
import { findDefaultWarehouseId, findWarehouse } from '../../shared/warehouses/repository';
import type { returnsCatalogue } from './routes';
import {
  allReturns,
  deleteReturn,
  findReturn,
  guardVersion,
  insertReturn,
  replaceReturn,
  returnPut,
  returnsPage,
} from './repository';
import { warehouseIsActive } from '../../shared/warehouses/counters';

type Routes = typeof returnsCatalogue.routes;

const orderNotFound = (orderId: string) => new NotFound(`No order has the id ${orderId}.`);

/** The return as answered: its resource fields (not the event bookkeeping) and what may be done now. */
const answer = (ret: OrderReturn) => ({
  ...toResource(returnSchema, ret),
  allowedActions: allowedActions(ret),
});

/** A lost race for the return or for the units its order's returns claim: decide again. */
const lostReturnRace = (error: unknown) =>
  error instanceof TransactionCancelled &&
  (error.refused('return') || error.refused(returnsGuardItem) || error.refused('order'));

const retried = <T>(what: string, work: () => Promise<T>) =>
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
async function existingReturn(orderId: string, returnId: string, expected: Expected): Promise<OrderReturn> {
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
function transitioned(
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

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const unitsOf = (lines: ReadonlyArray<{ quantity: number }>) =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

/** An active warehouse, or a 400 naming the field. */
async function activeWarehouse(id: string, path: string) {
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
async function restockCosts(
  orderId: string,
  lines: ReadonlyArray<{ itemId: string; sku: string }>,
): Promise<Map<string, number>> {
  if (lines.length === 0) return new Map();
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
  return costs;
}

/** The warehouse the order's units left from: its shipments', else its assigned one, else the default. */
async function shippedFrom(orderId: string, itemIds: readonly string[], assigned?: string) {
  const shipments = await allShipmentsOfOrder(orderId);
  return warehouseShipping(shipments, itemIds) ?? assigned ?? (await findDefaultWarehouseId());
}

export const returnOperations: Implementations<Routes> = {
  async listOrderReturns({ params, query }) {
    const [order, page] = await Promise.all([
      loadOrder(params.order_id),
      returnsPage(params.order_id, { limit: query.limit, cursor: query.cursor }),
    ]);
    if (!order) throw orderNotFound(params.order_id);
    return { body: { items: page.items.map(answer), nextCursor: page.nextCursor } };
  },

  async createOrderReturn({ params, body, caller, ifMatch, conditions }) {
    const created = await retried(`Returns of order ${params.order_id}`, async () => {
      // The guard first: the returns read after it are at least as new as the version the commit holds.
      const guard = await guardVersion(params.order_id);
      const [stored, others] = await Promise.all([loadOrder(params.order_id), allReturns(params.order_id)]);
      // If-Match names the order's version: the shipped quantities the client saw.
      if (!stored && (ifMatch !== undefined || conditions.mustExist)) {
        throw new PreconditionFailed(`Order ${params.order_id} does not exist, so If-Match cannot hold.`, {
          currentVersion: null,
        });
      }
      if (!stored) throw orderNotFound(params.order_id);
      checkVersion('order', stored.order.version, ifMatch);
      const lines = newReturnLines(params.order_id, stored.order.lines, others, body.lines);
      const at = new Date().toISOString();
      const ret: OrderReturn & { eventType: string } = {
        id: newId(),
        orderId: params.order_id,
        state: 'requested',
        lines,
        ...(body.note ? { note: body.note } : {}),
        receipts: [],
        refunds: [],
        history: [
          historyEntry(
            at,
            caller.username,
            'request',
            'requested',
            `Return of ${plural(unitsOf(lines), 'unit')} requested`,
          ),
        ],
        createdAt: at,
        createdBy: caller.username,
        updatedAt: at,
        version: 1,
        eventType: 'return.requested',
      };
      // An order changed (or deleted) meanwhile refuses it as `order`: decided again on a fresh read.
      await insertReturn(ret, stored.order.version, guard);
      return ret;
    });
    return { body: answer(created), version: created.version };
  },

  async approveOrderReturn({ params, caller, ifMatch, conditions }) {
    const next = await retried(`Return ${params.return_id}`, async () => {
      const ret = await existingReturn(params.order_id, params.return_id, { ifMatch, conditions });
      checkAction(ret, 'approve');
      const stored = await loadOrder(params.order_id);
      const warehouseId = await shippedFrom(
        params.order_id,
        ret.lines.map((line) => line.itemId),
        stored?.order.warehouseId,
      );
      const warehouse = warehouseId ? await findWarehouse(warehouseId) : undefined;
      const address = warehouse?.returnAddress ?? warehouse?.originAddress;
      const approved = transitioned(
        ret,
        'approve',
        'approved',
        caller.username,
        address
          ? `Approved; the customer sends it to ${warehouse!.code} (${address.city})`
          : 'Approved (no warehouse has a return address: give the customer one)',
        address ? { returnAddress: address as Record<string, string> } : {},
      );
      await replaceReturn(approved, ret.version);
      return approved;
    });
    return { body: answer(next), version: next.version };
  },

  async declineOrderReturn({ params, body, caller, ifMatch, conditions }) {
    const next = await retried(`Return ${params.return_id}`, async () => {
      const [ret, guard] = await Promise.all([
        existingReturn(params.order_id, params.return_id, { ifMatch, conditions }),
        guardVersion(params.order_id),
      ]);
      checkAction(ret, 'decline');
      const declined = transitioned(
        ret,
        'decline',
        'declined',
        caller.username,
        `Declined (${body.reasonCode})${body.note ? `: ${body.note}` : ''}; its units can be returned again`,
        { decline: { reasonCode: body.reasonCode, ...(body.note ? { note: body.note } : {}) } },
      );
      await replaceReturn(declined, ret.version, guard);
      return declined;
    });
    return { body: answer(next), version: next.version };
  },

  async receiveOrderReturn({ params, body, caller, ifMatch, conditions }) {
    // Every restock names an active warehouse (read once: a deactivation meanwhile fails the commit).
    await Promise.all(
      body.lines.flatMap((line, index) =>
        line.disposition === 'restock' && line.warehouseId
          ? [activeWarehouse(line.warehouseId, `body.lines[${index}].warehouseId`)]
          : [],
      ),
    );
    const next = await retried(`Return ${params.return_id}`, async () => {
      const ret = await existingReturn(params.order_id, params.return_id, { ifMatch, conditions });
      checkAction(ret, 'receive');
      const { lines, complete } = withReceipt(ret, body.lines);
      const restocks = body.lines.filter((line) => line.disposition === 'restock');
      const skuOf = (itemId: string) => ret.lines.find((line) => line.itemId === itemId)!.sku;
      const costs = await restockCosts(
        params.order_id,
        restocks.map((line) => ({ itemId: line.itemId, sku: skuOf(line.itemId) })),
      );
      const at = new Date().toISOString();
      const receiptLines = body.lines.map((line) => {
        const unitCost = line.disposition === 'restock' ? costs.get(line.itemId) : undefined;
        return { ...line, ...(unitCost === undefined ? {} : { unitCost }) };
      });
      const counted = (disposition: string) =>
        unitsOf(body.lines.filter((line) => line.disposition === disposition));
      const received = transitioned(
        ret,
        'receive',
        complete ? 'received' : 'approved',
        caller.username,
        `Received ${plural(unitsOf(body.lines), 'unit')} (${counted('restock')} restocked, ${counted('damaged')} damaged, ${counted('missing')} missing)${complete ? '; every line is accounted for' : ''}`,
        { lines, receipts: [...ret.receipts, { at, by: caller.username, lines: receiptLines }] },
      );
      const movements: MovementRequest[] = receiptLines
        .filter((line) => line.disposition === 'restock')
        .map((line) => ({
          sku: skuOf(line.itemId),
          warehouseId: line.warehouseId!,
          type: 'return',
          quantity: line.quantity,
          ...(line.unitCost === undefined ? {} : { unitCost: line.unitCost }),
          reference: { type: 'return', id: ret.id },
        }));
      if (movements.length === 0) {
        await replaceReturn(received, ret.version);
        return received;
      }
      try {
        await applyStockMovements(movements, {
          owner: `return:${ret.id}`,
          with: () => [returnPut(received, ret.version)],
          warehouseCondition: warehouseIsActive,
        });
      } catch (error) {
        if (error instanceof WarehouseRefused) {
          throw new Conflict(`Warehouse ${error.warehouseId} does not exist or is no longer active.`, {
            warehouseId: error.warehouseId,
          });
        }
        throw error;
      }
      return received;
    });
    return { body: answer(next), version: next.version };
  },

  async refundOrderReturn({ params, body, caller, ifMatch, conditions }) {
    const next = await retried(`Return ${params.return_id}`, async () => {
      let refunded: (OrderReturn & { eventType: string }) | undefined;
      let read: OrderReturn | undefined;
      await commitOrderChange({
        orderId: params.order_id,
        actor: caller.username,
        trigger: 'order.updated',
        async build(stored) {
          if (!stored) throw orderNotFound(params.order_id);
          const ret = await existingReturn(params.order_id, params.return_id, { ifMatch, conditions });
          checkAction(ret, 'refund');
          const problems = body.lines.flatMap((line, index) => {
            const returned = ret.lines.find((candidate) => candidate.itemId === line.itemId);
            if (!returned)
              return [
                {
                  path: `body.lines[${index}].itemId`,
                  message: `return ${ret.id} has no line ${line.itemId}`,
                },
              ];
            const left = refundableUnits(returned);
            return line.quantity > left
              ? [
                  {
                    path: `body.lines[${index}].quantity`,
                    message: `line ${line.itemId} has ${left} unit(s) left to refund on this return`,
                  },
                ]
              : [];
          });
          if (problems.length > 0) {
            throw new ValidationFailed(
              `This refund does not fit return ${ret.id}: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
              problems,
            );
          }
          const amounts = refundAmounts(
            stored.order.lines,
            stored.order.shippingCharge,
            stored.payments,
            body,
          );
          const at = new Date().toISOString();
          const currency = stored.order.currency;
          const payment: Payment = {
            id: newId(),
            // What goes back to the customer; what was credited against what they owed moves no money.
            amount: -amounts.refunded,
            method: body.method,
            reference: body.reference ?? `Return ${ret.id}`,
            refund: {
              returnId: ret.id,
              lines: amounts.lines,
              shipping: amounts.shipping,
              credited: amounts.credited,
            },
            paidAt: at,
            recordedAt: at,
            recordedBy: caller.username,
          };
          const money = (minorUnits: number) => moneyText(minorUnits, currency);
          const covered = `${plural(unitsOf(amounts.lines), 'unit')}${amounts.shipping ? `, shipping ${money(amounts.shipping)}` : ''}`;
          const outcome = [
            ...(amounts.credited > 0
              ? [`credited ${money(amounts.credited)} against what the customer owed`]
              : []),
            ...(amounts.refunded > 0 ? [`refunded ${money(amounts.refunded)} by ${body.method}`] : []),
          ].join(' and ');
          read = ret;
          refunded = transitioned(
            ret,
            'refund',
            'refunded',
            caller.username,
            `${outcome[0]!.toUpperCase()}${outcome.slice(1)} (${covered})`,
            {
              lines: ret.lines.map((line) => {
                const units = amounts.lines.find((refund) => refund.itemId === line.itemId)?.quantity ?? 0;
                return { ...line, refundedQuantity: line.refundedQuantity + units };
              }),
              refunds: [
                ...ret.refunds,
                {
                  paymentId: payment.id,
                  at,
                  by: caller.username,
                  amount: amounts.refunded,
                  credited: amounts.credited,
                  currency,
                  method: body.method,
                  lines: amounts.lines,
                  shipping: amounts.shipping,
                },
              ],
            },
          );
          const history: ChangeNote[] = [];
          if (amounts.credited > 0) {
            history.push({
              kind: 'payment',
              summary: `Credit of ${money(amounts.credited)} for goods returned (return ${ret.id}): what the customer owes drops; no money moved`,
              changes: {
                refundPaymentId: { from: null, to: payment.id },
                balance: {
                  from: stored.order.totals.balance,
                  to: stored.order.totals.balance - amounts.credited,
                },
              },
            });
          }
          if (amounts.refunded > 0) {
            history.push({
              kind: 'payment',
              summary: `Refund of ${money(amounts.refunded)} by ${body.method} for return ${ret.id}`,
              changes: { refundPaymentId: { from: null, to: payment.id } },
            });
          }
          return {
            draft: draftOf(stored.order),
            newPayments: [payment],
            history,
            event: spokenForElsewhere,
          };
        },
        items: () => [returnPut(refunded!, read!.version)],
      });
      return refunded!;
    });
    return { body: answer(next), version: next.version };
  },

  async resendOrderReturn({ params, body, caller, ifMatch, conditions }) {
    await activeWarehouse(body.warehouseId, 'body.warehouseId');
    const next = await retried(`Return ${params.return_id}`, async () => {
      const ret = await existingReturn(params.order_id, params.return_id, { ifMatch, conditions });
      checkAction(ret, 'resend');
      const wanted =
        body.lines ?? ret.lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity }));
      const problems = wanted.flatMap((line, index) => {
        const returned = ret.lines.find((candidate) => candidate.itemId === line.itemId);
        if (!returned)
          return [
            { path: `body.lines[${index}].itemId`, message: `return ${ret.id} has no line ${line.itemId}` },
          ];
        return line.quantity > returned.quantity
          ? [
              {
                path: `body.lines[${index}].quantity`,
                message: `the return has ${returned.quantity} unit(s) of ${line.itemId}`,
              },
            ]
          : [];
      });
      if (problems.length > 0) {
        throw new ValidationFailed(
          `This replacement does not fit return ${ret.id}: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
          problems,
        );
      }
      const lines = wanted.map((line) => ({
        itemId: line.itemId,
        sku: ret.lines.find((candidate) => candidate.itemId === line.itemId)!.sku,
        quantity: line.quantity,
      }));
      let resent: (OrderReturn & { eventType: string }) | undefined;
      try {
        await recordReplacement({
          orderId: params.order_id,
          actor: caller.username,
          returnId: ret.id,
          warehouseId: body.warehouseId,
          lines,
          ...(body.carrier ? { carrier: body.carrier } : {}),
          ...(body.trackingNumber ? { trackingNumber: body.trackingNumber } : {}),
          items: (shipment) => {
            resent = transitioned(
              ret,
              'resend',
              'resent',
              caller.username,
              `Replacement of ${plural(unitsOf(lines), 'unit')} sent (shipment ${shipment.id}${body.trackingNumber ? `, tracking ${body.trackingNumber}` : ''})`,
              {
                replacement: {
                  shipmentId: shipment.id,
                  warehouseId: body.warehouseId,
                  lines,
                  ...(body.carrier ? { carrier: body.carrier } : {}),
                  ...(body.trackingNumber ? { trackingNumber: body.trackingNumber } : {}),
                  at: shipment.createdAt,
                  by: caller.username,
                },
              },
            );
            return [returnPut(resent, ret.version)];
          },
        });
      } catch (error) {
        // A resend that won meanwhile took the stock: when the return moved on, decide again from it
        // (its state answers), rather than blame the stock the winner took.
        if (
          error instanceof InsufficientStock &&
          (await findReturn(ret.orderId, ret.id))?.version !== ret.version
        )
          throw new LostRace(`return ${ret.id} changed`);
        throw error;
      }
      return resent!;
    });
    return { body: answer(next), version: next.version };
  },

  async completeOrderReturn({ params, caller, ifMatch, conditions }) {
    const next = await retried(`Return ${params.return_id}`, async () => {
      const ret = await existingReturn(params.order_id, params.return_id, { ifMatch, conditions });
      checkAction(ret, 'complete');
      const completed = transitioned(ret, 'complete', 'completed', caller.username, 'Completed');
      await replaceReturn(completed, ret.version);
      return completed;
    });
    return { body: answer(next), version: next.version };
  },

  async deleteOrderReturn({ params, ifMatch, conditions }) {
    await retried(`Return ${params.return_id}`, async () => {
      const [ret, guard] = await Promise.all([
        existingReturn(params.order_id, params.return_id, { ifMatch, conditions }),
        guardVersion(params.order_id),
      ]);
      checkAction(ret, 'delete');
      await deleteReturn(ret, guard);
    });
    return {};
  },
};
