/**
 * Returns (DESIGN §4): their shape and the pure rules of their life. No I/O.
 *
 * requested → approved | declined; approved → received (every line accounted for, in one receipt or
 * several); received → refunded and/or resent → completed. Delete only while requested or declined (a
 * declined return's lines can be returned again). Every other action is refused with the current state
 * and the actions allowed now. Units returned never exceed units shipped, across the order's returns.
 */
import * as z from 'zod/mini';
import { Conflict, ValidationFailed } from '../errors';
import { skuSchema, timestampSchema } from '../http/schemas';
import type { OrderLine } from './order';
import { claimedUnits } from './return-claims';

export { checkClaimsCovered, claimedUnits, claimsUnits } from './return-claims';

export const returnStates = [
  'requested',
  'approved',
  'declined',
  'received',
  'refunded',
  'resent',
  'completed',
] as const;
export type ReturnState = (typeof returnStates)[number];

export const returnActions = [
  'approve',
  'decline',
  'receive',
  'refund',
  'resend',
  'complete',
  'delete',
] as const;
export type ReturnAction = (typeof returnActions)[number];

/** Why the customer sends it back. */
export const returnReasonCodes = [
  'damaged',
  'defective',
  'wrong_item',
  'not_as_described',
  'size_or_fit',
  'no_longer_needed',
  'arrived_late',
  'other',
] as const;
/** Why the merchant declines it. */
export const declineReasonCodes = [
  'outside_return_window',
  'not_eligible',
  'used_or_damaged_by_customer',
  'missing_parts',
  'other',
] as const;
export const dispositions = ['restock', 'damaged', 'missing'] as const;
export type Disposition = (typeof dispositions)[number];

const counts = z.object({ restock: z.number(), damaged: z.number(), missing: z.number() });

export const returnLineSchema = z.object({
  itemId: z.string(),
  sku: skuSchema,
  title: z.string(),
  quantity: z.number(),
  reasonCode: z.enum(returnReasonCodes),
  reasonText: z.optional(z.string()),
  /** Units received so far, by disposition; the line is accounted for when they sum to its quantity. */
  received: counts,
  /** Units refunded so far. */
  refundedQuantity: z.number(),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

export const receiptSchema = z.object({
  at: timestampSchema,
  by: z.string(),
  lines: z.array(
    z.object({
      itemId: z.string(),
      quantity: z.number(),
      disposition: z.enum(dispositions),
      /** Where restocked units went. */
      warehouseId: z.optional(z.string()),
      /** Minor units per unit the restock entered the ledger at. */
      unitCost: z.optional(z.number()),
    }),
  ),
});

export const refundRecordSchema = z.object({
  /** The order's payment (a negative amount) that carries it. */
  paymentId: z.string(),
  at: timestampSchema,
  by: z.string(),
  /** Minor units: what went back to the customer (0 when all of it was credited). */
  amount: z.number(),
  /**
   * Minor units that reduced what the customer still owed on a part-paid order (no money moved): the
   * returned goods' value first pays off the order, and only the rest is refunded.
   */
  credited: z.number(),
  currency: z.string(),
  method: z.string(),
  lines: z.array(z.object({ itemId: z.string(), quantity: z.number(), goods: z.number(), tax: z.number() })),
  shipping: z.number(),
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;

export const replacementSchema = z.object({
  shipmentId: z.string(),
  warehouseId: z.string(),
  lines: z.array(z.object({ itemId: z.string(), sku: z.string(), quantity: z.number() })),
  carrier: z.optional(z.string()),
  trackingNumber: z.optional(z.string()),
  at: timestampSchema,
  by: z.string(),
});
export type Replacement = z.infer<typeof replacementSchema>;

export const returnHistoryEntrySchema = z.object({
  at: timestampSchema,
  actor: z.string(),
  action: z.string(),
  /** The state after the action. */
  state: z.enum(returnStates),
  summary: z.string(),
});
export type ReturnHistoryEntry = z.infer<typeof returnHistoryEntrySchema>;

export const returnSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  state: z.enum(returnStates),
  lines: z.array(returnLineSchema),
  /** The customer's words when the return was opened. */
  note: z.optional(z.string()),
  /** Where the customer sends the parcel: the return address of the warehouse the goods shipped from. */
  returnAddress: z.optional(z.record(z.string(), z.string())),
  decline: z.optional(z.object({ reasonCode: z.enum(declineReasonCodes), note: z.optional(z.string()) })),
  receipts: z.array(receiptSchema),
  refunds: z.array(refundRecordSchema),
  replacement: z.optional(replacementSchema),
  history: z.array(returnHistoryEntrySchema),
  createdAt: timestampSchema,
  createdBy: z.string(),
  updatedAt: timestampSchema,
  version: z.number(),
});
export type OrderReturn = z.infer<typeof returnSchema>;

const accounted = (line: ReturnLine) => line.received.restock + line.received.damaged + line.received.missing;
export const refundableUnits = (line: ReturnLine) => line.quantity - line.refundedQuantity;

/** What may be done with a return now, in the order a UI would offer it. */
export function allowedActions(ret: Pick<OrderReturn, 'state' | 'lines' | 'replacement'>): ReturnAction[] {
  const canRefund = ret.lines.some((line) => refundableUnits(line) > 0);
  switch (ret.state) {
    case 'requested':
      return ['approve', 'decline', 'delete'];
    case 'declined':
      return ['delete'];
    case 'approved':
      return ['receive'];
    case 'received':
      return [...(canRefund ? (['refund'] as const) : []), 'resend', 'complete'];
    case 'refunded':
    case 'resent':
      return [
        ...(canRefund ? (['refund'] as const) : []),
        ...(ret.replacement ? [] : (['resend'] as const)),
        'complete',
      ];
    case 'completed':
      return [];
  }
}

/** 409 unless the action is allowed now; the body names the state and the allowed actions. */
export function checkAction(
  ret: Pick<OrderReturn, 'id' | 'state' | 'lines' | 'replacement'>,
  action: ReturnAction,
): void {
  const allowed = allowedActions(ret);
  if (allowed.includes(action)) return;
  const possible = allowed.length ? `; possible: ${allowed.join(', ')}` : '';
  if (action === 'resend' && ret.replacement) {
    // Most often the loser of two resends: say that the other one won, not that stock ran out.
    throw new Conflict(
      `Return ${ret.id} is ${ret.state}: it was already resent (replacement shipment ${ret.replacement.shipmentId}), so it cannot be resent again${possible}.`,
      { state: ret.state, allowedActions: allowed, replacementShipmentId: ret.replacement.shipmentId },
    );
  }
  throw new Conflict(`Return ${ret.id} is ${ret.state}: ${action} is not possible now${possible}.`, {
    state: ret.state,
    allowedActions: allowed,
  });
}

export interface RequestedLine {
  itemId: string;
  quantity: number;
  reasonCode: ReturnLine['reasonCode'];
  reasonText?: string;
}

/**
 * The lines of a new return, checked against what shipped less what other returns claim. Unknown item
 * ids are a 400 naming them; more than is returnable a 409 naming each line; nothing shipped a 409.
 */
export function newReturnLines(
  orderId: string,
  orderLines: readonly OrderLine[],
  others: readonly Pick<OrderReturn, 'state' | 'lines'>[],
  requested: readonly RequestedLine[],
): ReturnLine[] {
  if (!orderLines.some((line) => line.shippedQuantity > 0)) {
    throw new Conflict(`Nothing of order ${orderId} has shipped, so nothing can be returned.`);
  }
  const unknown = requested
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => !orderLines.some((orderLine) => orderLine.itemId === line.itemId));
  if (unknown.length > 0) {
    throw new ValidationFailed(
      `Order ${orderId} has no line ${unknown.map(({ line }) => line.itemId).join(', ')}.`,
      unknown.map(({ line, index }) => ({
        path: `body.lines[${index}].itemId`,
        message: `order ${orderId} has no line ${line.itemId}`,
      })),
    );
  }
  const claimed = claimedUnits(others);
  const over = requested.flatMap((line) => {
    const orderLine = orderLines.find((candidate) => candidate.itemId === line.itemId)!;
    const returnable = Math.max(0, orderLine.shippedQuantity - (claimed.get(line.itemId) ?? 0));
    return line.quantity > returnable
      ? [{ itemId: line.itemId, sku: orderLine.sku, requested: line.quantity, returnable }]
      : [];
  });
  if (over.length > 0) {
    throw new Conflict(
      `More than can be returned: ${over.map((o) => `${o.itemId} (${o.sku}): ${o.requested} asked, ${o.returnable} returnable`).join('; ')}.`,
      { lines: over },
    );
  }
  return requested.map((line) => {
    const orderLine = orderLines.find((candidate) => candidate.itemId === line.itemId)!;
    return {
      itemId: line.itemId,
      sku: orderLine.sku,
      title: orderLine.title,
      quantity: line.quantity,
      reasonCode: line.reasonCode,
      ...(line.reasonText ? { reasonText: line.reasonText } : {}),
      received: { restock: 0, damaged: 0, missing: 0 },
      refundedQuantity: 0,
    };
  });
}

export interface ReceivedLine {
  itemId: string;
  quantity: number;
  disposition: Disposition;
  warehouseId?: string;
}

/**
 * The return's lines after a receipt. Each received quantity fits what the line still awaits; a restock
 * names its warehouse. The return is received when every line is accounted for. A receipt of lines the
 * return does not have, or shaped wrong, is a 400; more units than a line returns or still awaits is a
 * 409 naming the line and the quantities (the return's state refuses them, as the docs say).
 */
export function withReceipt(
  ret: OrderReturn,
  received: readonly ReceivedLine[],
): { lines: ReturnLine[]; complete: boolean } {
  const problems: Array<{ path: string; message: string }> = [];
  const asked = new Map<string, number>();
  const tooMany = new Map<string, { itemId: string; returned: number; awaiting: number; asked: number }>();
  received.forEach((line, index) => {
    const returned = ret.lines.find((candidate) => candidate.itemId === line.itemId);
    if (!returned) {
      problems.push({
        path: `body.lines[${index}].itemId`,
        message: `return ${ret.id} has no line ${line.itemId}`,
      });
      return;
    }
    const total = (asked.get(line.itemId) ?? 0) + line.quantity;
    asked.set(line.itemId, total);
    const awaiting = returned.quantity - accounted(returned);
    if (total > awaiting) {
      tooMany.set(line.itemId, { itemId: line.itemId, returned: returned.quantity, awaiting, asked: total });
    }
    if (line.disposition === 'restock' && !line.warehouseId) {
      problems.push({ path: `body.lines[${index}].warehouseId`, message: 'a restock names the warehouse' });
    }
    if (line.disposition !== 'restock' && line.warehouseId) {
      problems.push({
        path: `body.lines[${index}].warehouseId`,
        message: `only restocked units go to a warehouse; ${line.disposition} ones do not`,
      });
    }
  });
  if (problems.length > 0) {
    throw new ValidationFailed(
      `This receipt does not fit return ${ret.id}: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
      problems,
    );
  }
  if (tooMany.size > 0) {
    const lines = [...tooMany.values()];
    const units = (count: number) => `${count} unit${count === 1 ? '' : 's'}`;
    throw new Conflict(
      `Return ${ret.id} cannot take these units: ${lines
        .map((l) =>
          l.asked > l.returned
            ? `line ${l.itemId} returns ${units(l.returned)}, not ${l.asked}`
            : `line ${l.itemId} awaits ${l.awaiting} more, not ${l.asked}`,
        )
        .join('; ')}.`,
      { lines },
    );
  }
  const lines = ret.lines.map((line) => {
    const next = { ...line, received: { ...line.received } };
    for (const item of received.filter((candidate) => candidate.itemId === line.itemId)) {
      next.received[item.disposition] += item.quantity;
    }
    return next;
  });
  return { lines, complete: lines.every((line) => accounted(line) === line.quantity) };
}

/** The history entry of an action, in the state it leaves the return in. */
export function historyEntry(
  at: string,
  actor: string,
  action: ReturnAction | 'request',
  state: ReturnState,
  summary: string,
): ReturnHistoryEntry {
  return { at, actor, action, state, summary };
}
