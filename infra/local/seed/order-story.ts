/**
 * Plays one order's plan through the same rules the order writer applies (shared/orders/decide.ts):
 * each write bumps the version and appends its history entries, payments move the totals, paying in full
 * while awaiting payment makes the order ready to ship, and after every write the order holds exactly
 * `allocationTarget` of its lines in its warehouse. The stock changes each write implies are returned
 * with their times, for the ledger to apply in time order.
 */
import type { Payment } from '../../../shared/domain/payment';
import { moneyText } from '../../../shared/domain/money';
import type { Order, OrderLine } from '../../../shared/domain/order';
import {
  allocationChanges,
  allocationTarget,
  deriveTotals,
  fulfillmentStateOf,
} from '../../../shared/domain/order';
import type { HistoryEntry } from '../../../shared/domain/order-history';
import { builtInStatus, statusHoldsStock } from '../../../shared/domain/order-status';
import type { MovementRequest } from '../../../shared/domain/stock-ledger';
import type { Shipment } from '../../../shared/domain/shipment';
import { shipmentNote } from '../../../shared/domain/shipment';
import type { OrderPlan } from './order-plan';
import { parcelShipment } from './parcels';
import type { Random } from './random';

export type OrderBasics = Omit<
  Order,
  | 'statusId'
  | 'warehouseId'
  | 'totals'
  | 'fulfillmentState'
  | 'allocations'
  | 'version'
  | 'createdAt'
  | 'updatedAt'
>;

export interface OrderStory {
  order: Order;
  payments: Payment[];
  history: HistoryEntry[];
  /** Stock changes, at the time of the write that made them. */
  stock: Array<{ at: number; requests: MovementRequest[] }>;
  /** Its parcels, as label shipments (fulfillment printed them). */
  shipments: Shipment[];
}

interface StoryInput {
  basics: OrderBasics;
  initialStatus: string;
  createdAt: number;
  creator: string;
  /** Assigned when the order is created (undefined: routed by hand, at `plan.assignAt`). */
  warehouse?: { id: string; code: string };
  routedTo: { id: string; code: string };
  plan: OrderPlan;
  random: Random;
  /** The moment the data set ends at: parcels shipped more than a few days before it are delivered. */
  now: number;
}

type Draft = Omit<Order, 'totals' | 'fulfillmentState'>;
type Entry = Omit<HistoryEntry, 'id' | 'orderId' | 'at'>;

const iso = (ms: number) => new Date(ms).toISOString();

function holdsStock(statusId: string): boolean {
  return statusHoldsStock(builtInStatus(statusId)!);
}

function statusEntry(from: string | undefined, to: string, actor: string): Entry {
  return {
    kind: 'status',
    actor,
    summary: from ? `Status changed from ${from} to ${to}` : `Status set to ${to}`,
    changes: { statusId: { from: from ?? null, to } },
  };
}

export function tellOrder(input: StoryInput): OrderStory {
  const { basics, plan, random } = input;
  const orderId = basics.id;
  const history: HistoryEntry[] = [];
  const payments: Payment[] = [];
  const stock: OrderStory['stock'] = [];
  const shipments: Shipment[] = [];
  let order: Draft = {
    ...basics,
    statusId: input.initialStatus,
    ...(input.warehouse ? { warehouseId: input.warehouse.id } : {}),
    allocations: {},
    version: 0,
    createdAt: iso(input.createdAt),
    updatedAt: iso(input.createdAt),
  };
  let paid = 0;
  const total = () => deriveTotals(order, { paid: 0, refunded: 0, credited: 0 }).total;

  /** One write: its entries share its time, and their ids sort in the order they were made. */
  const commit = (at: number, entries: Entry[], shipped: MovementRequest[] = []) => {
    const ids = entries.map(() => random.ulid(at)).sort();
    entries.forEach((entry, index) => {
      history.push({ ...entry, id: ids[index]!, orderId, at: iso(at) } as HistoryEntry);
    });
    const target = allocationTarget(
      order.lines,
      order.warehouseId !== undefined && holdsStock(order.statusId),
    );
    // Shipped units leave the allocation with the shipment itself; the rest follows allocationChanges.
    const held = { ...order.allocations };
    for (const request of shipped)
      held[request.sku] = Math.max(0, (held[request.sku] ?? 0) - request.quantity);
    const changes = allocationChanges(
      { warehouseId: order.warehouseId, allocations: held },
      { warehouseId: order.warehouseId, allocations: target },
    ).map((change) => ({ ...change, reference: { type: 'order', id: orderId } }));
    if (shipped.length + changes.length > 0) stock.push({ at, requests: [...shipped, ...changes] });
    order = { ...order, allocations: target, version: order.version + 1, updatedAt: iso(at) };
  };

  const writes: Array<{ at: number; run: () => void }> = [];
  writes.push({
    at: input.createdAt,
    run: () =>
      commit(input.createdAt, [
        { kind: 'edit', actor: input.creator, summary: 'Order created' },
        statusEntry(undefined, order.statusId, input.creator),
      ]),
  });
  for (const planned of plan.payments) {
    writes.push({
      at: planned.at,
      run: () => {
        const payment: Payment = {
          id: random.ulid(planned.at),
          amount: planned.amount,
          method: planned.method,
          ...(planned.reference ? { reference: planned.reference } : {}),
          paidAt: iso(planned.paidAt),
          recordedAt: iso(planned.at),
          recordedBy: planned.actor,
        };
        payments.push(payment);
        const entries: Entry[] = [
          {
            kind: 'payment',
            actor: planned.actor,
            summary: `Payment of ${moneyText(planned.amount, order.currency)} by ${planned.method}`,
            changes: { paid: { from: paid, to: paid + planned.amount } },
          },
        ];
        paid += planned.amount;
        // The writer's rule: paid in full while awaiting payment, the order is ready to ship.
        if (order.statusId === 'awaiting-payment' && total() > 0 && total() - paid <= 0) {
          entries.push(statusEntry(order.statusId, 'awaiting-shipment', planned.actor));
          order = { ...order, statusId: 'awaiting-shipment' };
        }
        commit(planned.at, entries);
      },
    });
  }
  const setStatus = (at: number, to: string, actor: string) => {
    writes.push({
      at,
      run: () => {
        const entry = statusEntry(order.statusId, to, actor);
        order = { ...order, statusId: to };
        commit(at, [entry]);
      },
    });
  };
  if (plan.hold) {
    setStatus(plan.hold.at, 'on-hold', 'risk-review');
    if (plan.hold.releaseAt !== undefined) setStatus(plan.hold.releaseAt, 'awaiting-shipment', 'maria.k');
  }
  if (plan.assignAt !== undefined) {
    const at = plan.assignAt;
    writes.push({
      at,
      run: () => {
        order = { ...order, warehouseId: input.routedTo.id };
        commit(at, [
          {
            kind: 'edit',
            actor: 'tom.b',
            summary: 'Order replaced: warehouseId changed',
            changes: { warehouseId: { from: null, to: input.routedTo.id } },
          },
        ]);
      },
    });
  }
  let shippedLines = 0;
  for (const parcel of plan.shipments) {
    writes.push({
      at: parcel.at,
      run: () => {
        const warehouse = input.warehouse ?? input.routedTo;
        const lines = order.lines.map((line, index): OrderLine =>
          index >= shippedLines && index < parcel.linesUpTo
            ? { ...line, shippedQuantity: line.quantity }
            : line,
        );
        const shipment = parcelShipment({
          id: random.ulid(parcel.at),
          orderId,
          lines: lines.slice(shippedLines, parcel.linesUpTo),
          warehouseId: warehouse.id,
          country: order.shipTo.country,
          currency: order.currency,
          ...(order.requestedShippingService ? { requestedService: order.requestedShippingService } : {}),
          at: parcel.at,
          now: input.now,
          random,
        });
        shipments.push(shipment);
        const shipped = shipment.lines.map((line): MovementRequest => ({
          sku: line.sku,
          warehouseId: warehouse.id,
          type: 'shipment',
          quantity: line.quantity,
          reference: { type: 'shipment', id: shipment.id },
        }));
        const entries: Entry[] = [{ ...shipmentNote(shipment, order.lines, lines, 1), actor: 'fulfillment' }];
        shippedLines = parcel.linesUpTo;
        order = { ...order, lines };
        if (fulfillmentStateOf(lines) === 'shipped') {
          entries.push(statusEntry(order.statusId, 'shipped', 'fulfillment'));
          order = { ...order, statusId: 'shipped' };
        }
        commit(parcel.at, entries, shipped);
      },
    });
  }
  if (plan.cancelAt !== undefined) {
    const cancelAt = plan.cancelAt;
    order.lines.forEach((line, index) => {
      writes.push({
        at: cancelAt + index,
        run: () => {
          order = {
            ...order,
            lines: order.lines.map((l) =>
              l.itemId === line.itemId ? { ...l, status: 'cancelled' as const } : l,
            ),
          };
          commit(cancelAt + index, [
            {
              kind: 'edit',
              actor: 'maria.k',
              summary: `Line ${line.itemId} (${line.sku} x ${line.quantity}) cancelled: not paid within 14 days`,
              changes: { [`lines.${line.itemId}.status`]: { from: 'active', to: 'cancelled' } },
            },
          ]);
        },
      });
    });
    setStatus(cancelAt + order.lines.length, 'cancelled', 'maria.k');
  }

  // Stable: writes planned for the same moment keep the order they were planned in.
  writes.sort((a, b) => a.at - b.at);
  for (const write of writes) write.run();
  return {
    order: {
      ...order,
      totals: deriveTotals(order, { paid, refunded: 0, credited: 0 }),
      fulfillmentState: fulfillmentStateOf(order.lines),
    },
    payments,
    history,
    stock,
    shipments,
  };
}
