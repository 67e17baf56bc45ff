/**
 * What must hold before a label is bought (DESIGN §4, Fulfillment), as plain functions: the order ships
 * from its own warehouse, is neither on hold nor awaiting payment (unless the operator ships it unpaid on
 * purpose), and the ship date is today or up to a week ahead in the warehouse's zone.
 *
 * "Awaiting payment" is the status category, not the balance: the order writer moves an order paid in
 * full out of it by itself, and an order staff moved out of it by hand with a balance owed (terms, an
 * invoice) was released to ship by that decision; a balance test would overrule them.
 */
import type { Order } from '../../../shared/domain/order';
import type { OrderStatus } from '../../../shared/domain/order-status';
import { currencyExponent } from '../../../shared/domain/money';
import { addDays, reportingDay } from '../../../shared/domain/reporting-days';
import { Conflict, ValidationFailed } from '../../../shared/errors';
import type { ChangeNote } from '../../../shared/orders/decide';

/** Days after today a label may be dated: a later date is a typo, and carriers refuse it. */
export const maxShipDaysAhead = 7;

export type PrintableOrder = Pick<Order, 'id' | 'warehouseId' | 'currency' | 'totals'>;

function amount(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  return `${(minor / 10 ** exponent).toFixed(exponent)} ${currency}`;
}

/**
 * The warehouse the label ships from: the order's own. Without one no stock would leave anywhere and the
 * reports would count a shipment from nowhere, so the default warehouse is no stand-in.
 */
export function requireOrderWarehouse(order: PrintableOrder): string {
  if (order.warehouseId === undefined) {
    throw new Conflict(
      `Order ${order.id} has no warehouse, so no stock can leave for it; assign a warehouse to the order (PUT /v1/orders/${order.id} with warehouseId) and print again.`,
      { reasonCode: 'no_warehouse' },
    );
  }
  return order.warehouseId;
}

/** Refuses an order its status says must not ship yet; `shipUnpaid` overrides awaiting payment only. */
export function checkStatusAllowsPrint(
  order: PrintableOrder,
  status: OrderStatus,
  shipUnpaid: boolean,
): void {
  if (status.category === 'on_hold') {
    throw new Conflict(
      `Order ${order.id} is on hold (status ${status.name}); release the hold (set another status) before printing a label.`,
      { reasonCode: 'order_on_hold', statusId: status.id },
    );
  }
  if (status.category === 'awaiting_payment' && !shipUnpaid) {
    throw new Conflict(
      `Order ${order.id} is awaiting payment (status ${status.name}, ${amount(order.totals.balance, order.currency)} owed); record the payment, or print with "shipUnpaid": true to ship it unpaid on purpose.`,
      { reasonCode: 'order_awaiting_payment', statusId: status.id, balance: order.totals.balance },
    );
  }
}

/** Whether this print ships an order unpaid on purpose (worth a line in its fulfillment history). */
export function shipsUnpaid(status: OrderStatus, shipUnpaid: boolean): boolean {
  return shipUnpaid && status.category === 'awaiting_payment';
}

/** The fulfillment history's record of an operator's choice to ship before payment. */
export function unpaidShipmentNote(order: PrintableOrder): ChangeNote {
  return {
    kind: 'fulfillment',
    summary: `Label printed while awaiting payment ("shipUnpaid": true), ${amount(order.totals.balance, order.currency)} owed`,
    changes: { shippedUnpaid: { from: null, to: true } },
  };
}

export interface ShipDateRange {
  earliest: string;
  latest: string;
}

/** Today and a week ahead, as calendar days in the zone. */
export function shipDateRange(now: Date, timeZone: string): ShipDateRange {
  const earliest = reportingDay(now, timeZone);
  return { earliest, latest: addDays(earliest, maxShipDaysAhead) };
}

/**
 * A label dated before today would show "Accepted" before it existed and could never be voided; one
 * dated more than a week ahead is a typo. 400 naming the range, with the zone it was counted in.
 */
export function checkShipDate(shipDate: string, range: ShipDateRange, timeZone: string): void {
  if (shipDate >= range.earliest && shipDate <= range.latest) return;
  throw new ValidationFailed(
    `The ship date ${shipDate} is outside what a label may carry: from ${range.earliest} (today in ${timeZone}) to ${range.latest}.`,
    [{ path: 'body.shipDate', message: `must be from ${range.earliest} to ${range.latest}` }],
  );
}

/**
 * The carrier purchase key of a print: the request's key (a hash of caller, operation and
 * Idempotency-Key; else the new shipment's id) while no label bought for it is known voided, then a key
 * of its own per voided label (`<key>-v1`, `-v2`, ...), so a retry after a void buys a new label rather
 * than getting the voided one back. At most 50 characters for a 40-character request key (ShipEngine's
 * limit on external shipment ids).
 */
export function purchaseKeyFor(key: string, labelsVoided: number): string {
  if (!Number.isSafeInteger(labelsVoided) || labelsVoided < 0) {
    throw new Error(`A count of voided labels is a whole number from 0, not ${labelsVoided}`);
  }
  return labelsVoided === 0 ? key : `${key}-v${labelsVoided}`;
}
