/**
 * Changing an order's addresses, for the orders group (until anything ships) and fulfillment's ship-now
 * (until everything has shipped: the rest still goes out): validated like order addresses, written
 * through the order writer with one address-history entry.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Address } from '../domain/address';
import { addressProblems } from '../domain/address';
import type { Order } from '../domain/order';
import { fulfillmentStateOf } from '../domain/order';
import { Conflict, NotFound, ValidationFailed } from '../errors';
import type { OrderDraft } from './decide';
import { draftOf } from './decide';
import type { CommittedOrder } from './writer';
import { commitOrderChange } from './writer';

/** Refuses addresses that fail the checks beyond their schema (postal codes), naming each field. */
export function checkAddresses(addresses: Array<[string, Address | undefined]>): void {
  const errors = addresses.flatMap(([path, address]) =>
    address
      ? addressProblems(address).map((problem) => {
          const [field, message] = problem.split(': ');
          return { path: `${path}.${field}`, message: message! };
        })
      : [],
  );
  if (errors.length > 0)
    throw new ValidationFailed(
      `The address is invalid: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`,
      errors,
    );
}

/** The fields that differ between an order and its draft, as history changes. */
export function changedFields(before: Order, after: OrderDraft, fields: readonly (keyof OrderDraft)[]) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of fields) {
    // Structural comparison: key order differs after a DynamoDB round trip.
    if (!isDeepStrictEqual(before[field] ?? null, after[field] ?? null)) {
      changes[field] = { from: before[field] ?? null, to: after[field] ?? null };
    }
  }
  return changes;
}

export interface AddressChange {
  orderId: string;
  actor: string;
  ifMatch?: number;
  shipTo?: Address;
  billTo?: Address;
  reason?: string;
  /** Until when the address may change: before anything ships, or while anything is left to ship. */
  until: 'nothing_shipped' | 'fully_shipped';
}

export async function changeOrderAddress(change: AddressChange): Promise<CommittedOrder> {
  checkAddresses([
    ['body.shipTo', change.shipTo],
    ['body.billTo', change.billTo],
  ]);
  return commitOrderChange({
    orderId: change.orderId,
    actor: change.actor,
    ifMatch: change.ifMatch,
    trigger: 'order.updated',
    build(stored) {
      if (!stored) throw new NotFound(`No order has the id ${change.orderId}.`);
      const state = fulfillmentStateOf(stored.order.lines);
      const refused =
        change.until === 'nothing_shipped'
          ? state === 'shipped' || state === 'partially_shipped'
          : state === 'shipped';
      if (refused) {
        throw new Conflict(
          `Order ${change.orderId} has shipped (${state}); its address can no longer change.`,
          { fulfillmentState: state },
        );
      }
      const draft = {
        ...draftOf(stored.order),
        shipTo: change.shipTo ?? stored.order.shipTo,
        billTo: change.billTo ?? stored.order.billTo,
      };
      const changes = changedFields(stored.order, draft, ['shipTo', 'billTo']);
      const summary = `${Object.keys(changes).join(' and ') || 'Address'} changed${change.reason ? `: ${change.reason}` : ''}`;
      return { draft, history: [{ kind: 'address', summary, changes }], event: 'order.address.changed' };
    },
  });
}
