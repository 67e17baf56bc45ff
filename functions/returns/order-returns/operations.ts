/**
 * Returns: each operation reads the return (and what it needs beside it), decides with the pure rules
 * of shared/domain/returns.ts and refunds.ts, and commits on the versions read. A refund and a
 * replacement go through the shared order writer, so the order's money, history and stock move in the
 * same transaction as the return; a restock goes through the stock ledger. A change that lost a race
 * for the return (or for the units its order's returns claim) is decided again from a fresh read.
 */
import type { OrderReturn } from '../../../shared/domain/returns';
import { checkAction, historyEntry, newReturnLines } from '../../../shared/domain/returns';
import { PreconditionFailed } from '../../../shared/errors';
import { checkVersion } from '../../../shared/domain/versions';
import { newId } from '../../../shared/ids';
import { loadOrder } from '../../../shared/orders/repository';
import { findWarehouse } from '../../../shared/warehouses/repository';
import {
  allReturns,
  deleteReturn,
  guardVersion,
  insertReturn,
  replaceReturn,
  returnsPage,
} from './repository';
import type { Implementations } from '../../../shared/http/catalogue';
import type { returnRoutes } from './routes';
import {
  orderNotFound,
  answer,
  retried,
  existingReturn,
  transitioned,
  plural,
  unitsOf,
  shippedFrom,
} from './steps';

type Operations = Pick<
  Implementations<typeof returnRoutes>,
  | 'listOrderReturns'
  | 'createOrderReturn'
  | 'approveOrderReturn'
  | 'declineOrderReturn'
  | 'completeOrderReturn'
  | 'deleteOrderReturn'
>;

export const returnOperations: Operations = {
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
