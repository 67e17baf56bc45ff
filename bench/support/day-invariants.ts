/**
 * What must hold after the day, checked against the table, the stream and the events file, and the reports
 * against a recomputation from the orders. Each check answers how many things it looked at, how many
 * broke and a few examples: the invariant table.
 */
import type { DomainEvent } from '../../shared/events/domain-events';
import type { Order } from '../../shared/domain/order';
import { deriveTotals } from '../../shared/domain/order';
import type { Payment } from '../../shared/domain/payment';
import { paymentSums } from '../../shared/domain/payment';
import { reportingDay } from '../../shared/domain/reporting-days';
import type { DayLedger } from './day-drive';
import { eventKey } from './day-drive';
import type { ServerError } from './day-http';
import type { StreamRead } from './day-stream';
import type { TableSnapshot } from './day-table';

export interface InvariantResult {
  invariant: string;
  checked: number;
  violations: number;
  examples: string[];
}

const maxExamples = 3;

function check(invariant: string): InvariantResult & { fail(example: string): void; look(n?: number): void } {
  const result = {
    invariant,
    checked: 0,
    violations: 0,
    examples: [] as string[],
    fail(example: string) {
      result.violations += 1;
      if (result.examples.length < maxExamples) result.examples.push(example);
    },
    look(n = 1) {
      result.checked += n;
    },
  };
  return result;
}

const num = (value: unknown) => (typeof value === 'number' ? value : 0);

/** An order's allocations as stored: SKU and units pairs, or a map (written before the pairs). */
function allocationEntries(stored: unknown): Array<[string, number]> {
  if (Array.isArray(stored))
    return (stored as Array<{ sku: string; units: unknown }>).map(({ sku, units }) => [sku, num(units)]);
  if (stored && typeof stored === 'object')
    return Object.entries(stored).map(([sku, units]) => [sku, num(units)]);
  return [];
}

export function stockInvariants(table: TableSnapshot): InvariantResult[] {
  const ledger = check('per SKU and warehouse, the movements sum to on hand');
  const belowZero = check('no stock below zero (on hand, allocated, available, backordered)');
  const identity = check('on hand − allocated = available − backordered');
  const allocations = check("per SKU and warehouse, allocated = the orders' allocations there");
  const moved = new Map<string, number>();
  for (const movement of table.movements) {
    const key = `${String(movement.sku)}@${String(movement.warehouseId)}`;
    moved.set(key, (moved.get(key) ?? 0) + num(movement.quantity));
  }
  const held = new Map<string, number>();
  for (const order of table.orders.values()) {
    if (typeof order.warehouseId !== 'string') continue;
    for (const [sku, units] of allocationEntries(order.allocations)) {
      const key = `${sku}@${order.warehouseId}`;
      held.set(key, (held.get(key) ?? 0) + units);
    }
  }
  const records = new Set<string>();
  for (const record of table.stock) {
    const key = `${String(record.sku)}@${String(record.warehouseId)}`;
    records.add(key);
    const onHand = num(record.onHand);
    const allocated = num(record.allocated);
    ledger.look();
    if ((moved.get(key) ?? 0) !== onHand)
      ledger.fail(`${key}: movements ${moved.get(key) ?? 0}, on hand ${onHand}`);
    belowZero.look();
    const negative = (['onHand', 'allocated', 'available', 'backordered'] as const).filter(
      (f) => num(record[f]) < 0,
    );
    if (negative.length > 0)
      belowZero.fail(`${key}: ${negative.map((f) => `${f} ${num(record[f])}`).join(', ')}`);
    identity.look();
    if (onHand - allocated !== num(record.available) - num(record.backordered)) {
      identity.fail(
        `${key}: ${onHand} − ${allocated} ≠ ${num(record.available)} − ${num(record.backordered)}`,
      );
    }
    allocations.look();
    if ((held.get(key) ?? 0) !== allocated)
      allocations.fail(`${key}: orders hold ${held.get(key) ?? 0}, record ${allocated}`);
  }
  for (const [key, quantity] of moved) {
    if (!records.has(key)) {
      ledger.look();
      ledger.fail(`${key}: movements ${quantity} without a stock record`);
    }
  }
  for (const [key, units] of held) {
    if (!records.has(key)) {
      allocations.look();
      allocations.fail(`${key}: orders hold ${units} without a stock record`);
    }
  }
  return [ledger, belowZero, identity, allocations];
}

export function orderInvariants(table: TableSnapshot): InvariantResult[] {
  const money = check('per order, paid − refunded ≤ total');
  const totals = check('per order, totals = derived from its lines and payments');
  const shipped = check("per order line, shipped = the active shipments' lines");
  for (const [orderId, item] of table.orders) {
    const order = item as unknown as Order;
    const payments = (table.payments.get(orderId) ?? []) as unknown as Payment[];
    const t = order.totals;
    money.look();
    if (t.paid - t.refunded > t.total)
      money.fail(`${orderId}: paid ${t.paid} − refunded ${t.refunded} > total ${t.total}`);
    totals.look();
    const derived = deriveTotals(order, paymentSums(payments));
    const differing = (Object.keys(derived) as Array<keyof typeof derived>).filter(
      (k) => derived[k] !== t[k],
    );
    if (differing.length > 0) {
      totals.fail(
        `${orderId}: ${differing.map((k) => `${k} stored ${t[k]}, derived ${derived[k]}`).join('; ')}`,
      );
    }
    const fromShipments = new Map<string, number>();
    for (const shipment of table.shipments.get(orderId) ?? []) {
      if (shipment.status !== 'active' || shipment.source === 'replacement') continue;
      for (const line of shipment.lines as Array<{ itemId: string; quantity: number }>) {
        fromShipments.set(line.itemId, (fromShipments.get(line.itemId) ?? 0) + line.quantity);
      }
    }
    for (const line of order.lines) {
      shipped.look();
      const units = fromShipments.get(line.itemId) ?? 0;
      if (units !== line.shippedQuantity) {
        shipped.fail(`${orderId} ${line.itemId}: line says ${line.shippedQuantity}, shipments ${units}`);
      }
      fromShipments.delete(line.itemId);
    }
    for (const [itemId, units] of fromShipments)
      shipped.fail(`${orderId} ${itemId}: ${units} shipped of no line`);
  }
  return [money, totals, shipped];
}

/** The order (or resource) an event belongs to: shipments and returns speak for their order. */
export function ownerOf(event: DomainEvent): string {
  if (event.entity === 'shipment' || event.entity === 'order-return') return String(event.summary.orderId);
  return event.resourceId ?? '';
}

/** The entities whose events the day's requests make (setup, aggregates and alerts are checked by stream only). */
const dayEntities = new Set(['order', 'shipment', 'order-return', 'manifest', 'export']);

export function eventInvariants(
  stream: StreamRead,
  published: readonly DomainEvent[],
  ledger: DayLedger,
  deadLetters: Record<string, number>,
): InvariantResult[] {
  const once = check('every stream record that publishes has exactly one event in events.jsonl');
  const none = check('no event without a committed change (every event is a stream record that publishes)');
  const perRequest = check("the day's events = its successful changing requests, one each");
  const refused = check('refused requests (4xx) left no event');
  const dead = check('no dead letters (events, aggregates, alerts, report jobs) and no unreadable record');

  const inFile = new Map<string, DomainEvent[]>();
  for (const event of published) inFile.set(event.id, [...(inFile.get(event.id) ?? []), event]);
  for (const [id, event] of stream.publishing) {
    once.look();
    const found = inFile.get(id) ?? [];
    if (found.length !== 1)
      once.fail(`${event.type} ${event.resourceId ?? ''} (record ${id}): ${found.length} in the file`);
    else if (found[0]!.type !== event.type)
      once.fail(`record ${id}: file says ${found[0]!.type}, stream ${event.type}`);
  }
  for (const [id, events] of inFile) {
    none.look(events.length);
    if (!stream.publishing.has(id))
      none.fail(
        `${events[0]!.type} ${events[0]!.resourceId ?? ''} (record ${id}) is no stream record that publishes`,
      );
  }

  const actual = new Map<string, number>();
  for (const event of published) {
    if (!dayEntities.has(event.entity)) continue;
    const key = eventKey(event.type, ownerOf(event));
    actual.set(key, (actual.get(key) ?? 0) + 1);
  }
  for (const key of new Set([...ledger.expected.keys(), ...actual.keys()])) {
    const wanted = ledger.expected.get(key) ?? 0;
    const got = actual.get(key) ?? 0;
    perRequest.look(Math.max(wanted, got));
    if (wanted !== got) perRequest.fail(`${key}: ${wanted} expected, ${got} published`);
  }
  for (const attempt of ledger.refused) {
    refused.look();
    const wanted = ledger.expected.get(attempt.key) ?? 0;
    const got = actual.get(attempt.key) ?? 0;
    if (attempt.status < 400 || attempt.status >= 500)
      refused.fail(`${attempt.operation} ${attempt.key}: answered ${attempt.status}`);
    else if (got > wanted)
      refused.fail(`${attempt.operation} ${attempt.key}: ${got} events, ${wanted} from successes`);
  }
  dead.look(stream.records);
  for (const [name, count] of Object.entries(deadLetters)) if (count > 0) dead.fail(`${name}: ${count}`);
  for (const entry of stream.undecodable.slice(0, maxExamples))
    dead.fail(`record ${entry.eventID}: ${entry.reason}`);
  return [once, none, perRequest, refused, dead];
}

interface SummaryMoney {
  currency: string;
  orders: number;
  gross: number;
  discounts: number;
  tax: number;
  shipping: number;
  refunds: number;
  net: number;
}

interface SummaryAnswer {
  channels: Array<{ channel: string; orders: number; units: number; money: SummaryMoney[] }>;
}

interface PaymentsAnswer {
  total: Array<{ currency: string; payments: number; collected: number; refunds: number; refunded: number }>;
}

/** The sales summary and payments report of the day against the same figures summed from the orders. */
export function reportInvariants(
  table: TableSnapshot,
  day: string,
  timeZone: string,
  summary: SummaryAnswer,
  payments: PaymentsAnswer,
  dashboardOrders: number,
): InvariantResult[] {
  const sales = check('sales summary (per channel and currency) = recomputed from the orders');
  const collected = check('payments collected (per currency) = recomputed from the payments');
  const dashboard = check("dashboard's orders today = orders of today with an active line");

  const expected = new Map<string, Record<string, number>>();
  let ordersToday = 0;
  for (const item of table.orders.values()) {
    const order = item as unknown as Order;
    if (reportingDay(order.orderDate, timeZone) !== day) continue;
    const active = order.lines.filter((line) => line.status === 'active');
    const credited = order.totals.credited ?? 0;
    if (active.length === 0 && !credited) continue;
    const gross = active.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
    const discounts = active.reduce((sum, line) => sum + line.discount, 0);
    const tax = active.reduce((sum, line) => sum + line.tax, 0);
    const shipping = active.length > 0 ? order.shippingCharge : 0;
    const figures = {
      orders: active.length > 0 ? 1 : 0,
      units: active.reduce((sum, line) => sum + line.quantity, 0),
      gross,
      discounts,
      tax,
      shipping,
      refunds: credited,
      net: gross - discounts + tax + shipping - credited,
    };
    ordersToday += figures.orders;
    const key = `${order.channel} ${order.currency}`;
    const into = expected.get(key) ?? {};
    for (const [name, value] of Object.entries(figures)) into[name] = (into[name] ?? 0) + value;
    expected.set(key, into);
  }
  const reported = new Map<string, Record<string, number>>();
  for (const channel of summary.channels) {
    for (const money of channel.money) {
      reported.set(`${channel.channel} ${money.currency}`, {
        orders: money.orders,
        gross: money.gross,
        discounts: money.discounts,
        tax: money.tax,
        shipping: money.shipping,
        refunds: money.refunds,
        net: money.net,
      });
    }
  }
  for (const key of new Set([...expected.keys(), ...reported.keys()])) {
    const want = expected.get(key) ?? {};
    const got = reported.get(key) ?? {};
    for (const name of ['orders', 'gross', 'discounts', 'tax', 'shipping', 'refunds', 'net']) {
      sales.look();
      if ((want[name] ?? 0) !== (got[name] ?? 0))
        sales.fail(`${key} ${name}: report ${got[name] ?? 0}, orders ${want[name] ?? 0}`);
    }
  }
  const unitsByChannel = new Map<string, number>();
  for (const [key, figures] of expected) {
    const channel = key.split(' ')[0]!;
    unitsByChannel.set(channel, (unitsByChannel.get(channel) ?? 0) + (figures.units ?? 0));
  }
  for (const channel of summary.channels) {
    sales.look();
    if ((unitsByChannel.get(channel.channel) ?? 0) !== channel.units) {
      sales.fail(
        `${channel.channel} units: report ${channel.units}, orders ${unitsByChannel.get(channel.channel) ?? 0}`,
      );
    }
  }

  const byCurrency = new Map<
    string,
    { payments: number; collected: number; refunds: number; refunded: number }
  >();
  for (const list of table.payments.values()) {
    for (const payment of list as unknown as Array<Payment & { currency: string }>) {
      if (reportingDay(payment.paidAt, timeZone) !== day) continue;
      const into = byCurrency.get(payment.currency) ?? { payments: 0, collected: 0, refunds: 0, refunded: 0 };
      if (payment.amount >= 0) {
        into.payments += 1;
        into.collected += payment.amount;
      } else {
        into.refunds += 1;
        into.refunded -= payment.amount;
      }
      byCurrency.set(payment.currency, into);
    }
  }
  const reportedPayments = new Map(payments.total.map((row) => [row.currency, row]));
  for (const currency of new Set([...byCurrency.keys(), ...reportedPayments.keys()])) {
    const want = byCurrency.get(currency);
    const got = reportedPayments.get(currency);
    for (const name of ['payments', 'collected', 'refunds', 'refunded'] as const) {
      collected.look();
      if ((want?.[name] ?? 0) !== (got?.[name] ?? 0)) {
        collected.fail(`${currency} ${name}: report ${got?.[name] ?? 0}, payments ${want?.[name] ?? 0}`);
      }
    }
  }
  dashboard.look();
  if (dashboardOrders !== ordersToday) dashboard.fail(`dashboard ${dashboardOrders}, orders ${ordersToday}`);
  return [sales, collected, dashboard];
}

export function requestInvariants(
  serverErrors: readonly ServerError[],
  ledger: DayLedger,
  requests: number,
): InvariantResult[] {
  const noServerErrors = check('no 5xx');
  noServerErrors.look(requests);
  for (const error of serverErrors) {
    noServerErrors.fail(
      `${error.operation} ${error.method} ${error.path} → ${error.status} (${error.correlationId}) ${error.body.slice(0, 200)}`,
    );
  }
  const planned = check('every answer as planned (2xx where the day expects success, 4xx where refusal)');
  planned.look(requests);
  for (const surprise of ledger.surprises) {
    planned.fail(
      `${surprise.operation} ${surprise.orderId}: ${surprise.status}, expected ${surprise.expected}: ${surprise.body.slice(0, 200)}`,
    );
  }
  return [noServerErrors, planned];
}
