/** Orders: create or replace, read, address changes, payments, line cancel and reinstate. */
import { newId } from '../../../shared/ids';
import { changedFields, changeOrderAddress, checkAddresses } from '../../../shared/orders/address-change';
import type { Order, OrderLine } from '../../../shared/domain/order';
import { replaceLines } from '../../../shared/domain/order';
import { moneyText } from '../../../shared/domain/money';
import { checkStaffPayment } from '../../../shared/domain/payment';
import { Conflict, NotFound, ValidationFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { findWarehouse } from '../../../shared/warehouses/repository';
import type { ChangeNote, StoredOrder } from '../../../shared/orders/decide';
import { draftOf } from '../../../shared/orders/decide';
import { loadOrder } from '../../../shared/orders/repository';
import type { CommittedOrder } from '../../../shared/orders/writer';
import { commitOrderChange } from '../../../shared/orders/writer';
import { replacementDraft } from './replacement';
import type { orderRoutes } from './routes';

function view(committed: { order: Order; payments: CommittedOrder['payments'] }) {
  return { ...committed.order, payments: committed.payments };
}

/** Reference data (cached, shared/reference/cache): a warehouse deleted moments ago may still be taken. */
async function warehouseExists(id: string): Promise<boolean> {
  return (await findWarehouse(id)) !== undefined;
}

function requireStored(stored: StoredOrder | undefined, id: string): StoredOrder {
  if (!stored) throw new NotFound(`No order has the id ${id}.`);
  return stored;
}

/** Fields whose change a replacement records in the edit history. */
const editableFields = [
  'channel',
  'orderDate',
  'customer',
  'billTo',
  'lines',
  'currency',
  'shippingCharge',
  'requestedShippingService',
  'warehouseId',
  'tags',
] as const;

function lineOf(stored: StoredOrder, itemId: string): OrderLine {
  const line = stored.order.lines.find((candidate) => candidate.itemId === itemId);
  if (!line) throw new NotFound(`Order ${stored.order.id} has no line ${itemId}.`);
  return line;
}

type OrderOperations = Pick<
  Implementations<typeof orderRoutes>,
  | 'getOrder'
  | 'putOrder'
  | 'updateOrderAddress'
  | 'addOrderPayment'
  | 'cancelOrderItem'
  | 'reinstateOrderItem'
>;

export const orderOperations: OrderOperations = {
  async getOrder({ params }) {
    const stored = requireStored(await loadOrder(params.id), params.id);
    return { body: view(stored), version: stored.order.version };
  },

  async putOrder({ params, body, caller, ifMatch, conditions }) {
    checkAddresses([
      ['body.shipTo', body.shipTo],
      ['body.billTo', body.billTo],
    ]);
    if (body.warehouseId && !(await warehouseExists(body.warehouseId))) {
      throw new ValidationFailed(`No warehouse has the id ${body.warehouseId}.`, [
        { path: 'body.warehouseId', message: 'no warehouse has this id' },
      ]);
    }
    const committed = await commitOrderChange({
      orderId: params.id,
      actor: caller.username,
      ifMatch,
      conditions,
      trigger: 'order.updated',
      build(stored) {
        const { lines, conflicts } = replaceLines(stored?.order.lines ?? [], body.lines);
        if (conflicts.length > 0) {
          throw new Conflict(
            `Shipped lines cannot shrink below what shipped: ${conflicts.map((c) => `${c.itemId} (${c.reason})`).join('; ')}.`,
            { lines: conflicts },
          );
        }
        if (stored && stored.order.currency !== body.currency && stored.payments.length > 0) {
          throw new Conflict(
            `The order has payments in ${stored.order.currency}; its currency cannot change.`,
          );
        }
        const draft = replacementDraft(params.id, body, stored?.order, lines);
        if (!stored) return { draft, history: [{ kind: 'edit', summary: 'Order created' }] };
        const history: Array<{
          kind: 'edit' | 'address';
          summary: string;
          changes: Record<string, { from: unknown; to: unknown }>;
        }> = [];
        const edits = changedFields(stored.order, draft, editableFields);
        if (Object.keys(edits).length > 0) {
          history.push({
            kind: 'edit',
            summary: `Order replaced: ${Object.keys(edits).join(', ')} changed`,
            changes: edits,
          });
        }
        const moved = changedFields(stored.order, draft, ['shipTo']);
        if (Object.keys(moved).length > 0)
          history.push({ kind: 'address', summary: 'Ship-to address changed', changes: moved });
        return { draft, history };
      },
    });
    return { status: committed.created ? 201 : 200, body: view(committed), version: committed.order.version };
  },

  async updateOrderAddress({ params, body, caller, ifMatch }) {
    if (!body.shipTo && !body.billTo) {
      throw new ValidationFailed('Name the address to change: shipTo, billTo or both.', [
        { path: 'body', message: 'shipTo or billTo is required' },
      ]);
    }
    const committed = await changeOrderAddress({
      orderId: params.id,
      actor: caller.username,
      ifMatch,
      shipTo: body.shipTo,
      billTo: body.billTo,
      reason: body.reason,
      until: 'nothing_shipped',
    });
    return { body: view(committed), version: committed.order.version };
  },

  async addOrderPayment({ params, body, caller, ifMatch }) {
    const recordedAt = new Date().toISOString();
    // A negative amount pays back an overpayment: no `order.paid` rules, no `order.paid` event.
    const refund = body.amount < 0;
    const answer = (committed: CommittedOrder) => ({
      status: 201,
      body: view(committed),
      version: committed.order.version,
    });
    const committed = await commitOrderChange({
      orderId: params.id,
      actor: caller.username,
      ifMatch,
      trigger: refund ? 'order.updated' : 'order.paid',
      answer,
      build(found) {
        const stored = requireStored(found, params.id);
        const { totals, currency } = stored.order;
        checkStaffPayment(body.amount, totals, currency);
        const payment = {
          id: newId(),
          amount: body.amount,
          method: body.method,
          reference: body.reference,
          paidAt: body.paidAt ?? recordedAt,
          recordedAt,
          recordedBy: caller.username,
        };
        const note: ChangeNote = refund
          ? {
              kind: 'payment',
              summary: `Refund of ${moneyText(-body.amount, currency)} by ${body.method} (overpayment)`,
              changes: { refunded: { from: totals.refunded, to: totals.refunded - body.amount } },
            }
          : {
              kind: 'payment',
              summary: `Payment of ${moneyText(body.amount, currency)} by ${body.method}`,
              changes: { paid: { from: totals.paid, to: totals.paid + body.amount } },
            };
        return {
          draft: draftOf(stored.order),
          newPayments: [payment],
          history: [note],
          event: refund ? 'order.refunded' : 'order.paid',
        };
      },
    });
    return answer(committed);
  },

  cancelOrderItem: (input) => changeLineStatus(input, 'cancelled'),

  reinstateOrderItem: (input) => changeLineStatus(input, 'active'),
};

interface LineStatusChange {
  params: { id: string; itemId: string };
  body: { reason?: string } | undefined;
  caller: { username: string };
  ifMatch: number | undefined;
}

/** Cancel (to 'cancelled') or reinstate (to 'active') one line; the writer recomputes totals and allocation. */
async function changeLineStatus(
  { params, body, caller, ifMatch }: LineStatusChange,
  to: OrderLine['status'],
) {
  const verb = to === 'cancelled' ? 'cancelled' : 'reinstated';
  const committed = await commitOrderChange({
    orderId: params.id,
    actor: caller.username,
    ifMatch,
    trigger: 'order.updated',
    build(found) {
      const stored = requireStored(found, params.id);
      const line = lineOf(stored, params.itemId);
      if (line.status === to) {
        throw to === 'cancelled'
          ? new Conflict(`Line ${params.itemId} is already cancelled; reinstate it instead.`, {
              allowed: ['reinstate'],
            })
          : new Conflict(`Line ${params.itemId} is active; only a cancelled line can be reinstated.`, {
              allowed: ['cancel'],
            });
      }
      if (to === 'cancelled' && line.shippedQuantity > 0) {
        throw new Conflict(
          `Line ${params.itemId} has shipped ${line.shippedQuantity} units; a shipped line cannot be cancelled.`,
        );
      }
      const lines = stored.order.lines.map((l) => (l.itemId === params.itemId ? { ...l, status: to } : l));
      return {
        draft: { ...draftOf(stored.order), lines },
        history: [
          {
            kind: 'edit',
            summary: `Line ${params.itemId} (${line.sku} x ${line.quantity}) ${verb}${body?.reason ? `: ${body.reason}` : ''}`,
            changes: { [`lines.${params.itemId}.status`]: { from: line.status, to } },
          },
        ],
        event: `order.line.${verb}`,
      };
    },
  });
  return { body: view(committed), version: committed.order.version };
}
