/**
 * Report aggregates (DESIGN §4, Reports): what each committed change adds to the daily figures, as a
 * pure fold of a stream record's old and new item images. A record moves the figures by the difference
 * between what its new image contributes and what its old one did, so a replaced order, a cancelled
 * line or a credited refund moves them by exactly its change, and a record that changes nothing the
 * reports read moves nothing. An image without what the figures need is an UnreadableImage (its record
 * goes to the dead letters). No I/O: the stream consumer applies the deltas exactly once.
 *
 * Cells, per reporting day (the order's date, or the payment's, in the deployment's zone) and currency:
 * - `channel`: orders (with at least one active line), units, gross (units × price), discounts, tax,
 *   shipping, credited (refunds for returned goods), net (gross − discounts + tax + shipping − credited),
 *   awaitingShipment (of those orders, the ones with active units not shipped yet);
 * - `sku`: orders, units, revenue (units × price − discount);
 * - `warehouse`: orders, units (the warehouse the order is assigned to, `-` when none);
 * - `payment` (by method, on the payment's day): payments and collected, refunds and refunded;
 * - `sold` (per SKU and the warehouse the order is assigned to, `-` when none; the cell carries
 *   `warehouseId`): units. What the inventory alerts read for a SKU's sales velocity: its cells live in
 *   one partition per SKU (shared/db/keys/aggregates.ts), not in the reports' month partitions.
 */
import type { Day } from './reporting-days';
import { reportingDay } from './reporting-days';

/** The dimensions the reports read (`readAggregates`): cells in month partitions, sharded by name. */
export const reportDimensions = ['channel', 'sku', 'warehouse', 'payment'] as const;
export type ReportDimension = (typeof reportDimensions)[number];

/** Every dimension the fold counts: the reports' and `sold` (one partition per SKU, `readUnitsSold`). */
export const aggregateDimensions = [...reportDimensions, 'sold'] as const;
export type AggregateDimension = (typeof aggregateDimensions)[number];

export interface AggregateCell {
  day: Day;
  dimension: AggregateDimension;
  /** The channel, SKU (also of a `sold` cell), warehouse id or payment method. */
  name: string;
  currency: string;
  /** The warehouse the order is assigned to (`-` when none): `sold` cells only. */
  warehouseId?: string;
}

/** Figure name → minor units or counts. */
export type Figures = Record<string, number>;

export interface AggregateDelta {
  cell: AggregateCell;
  figures: Figures;
}

/** The parts of an order item the figures read. */
interface OrderImage {
  orderDate: string;
  channel: string;
  currency: string;
  warehouseId?: string;
  shippingCharge: number;
  lines: ReadonlyArray<{
    sku: string;
    quantity: number;
    unitPrice: number;
    tax: number;
    discount: number;
    status: string;
    shippedQuantity?: number;
  }>;
  totals?: { credited?: number };
}

/** The parts of a payment item the figures read. */
interface PaymentImage {
  amount: number;
  method: string;
  paidAt: string;
  currency: string;
}

/** One cell's identity (its dimension, day, currency, name and, for `sold`, warehouse), for merging deltas. */
export const cellKey = (cell: AggregateCell) =>
  [
    cell.day,
    cell.dimension,
    cell.currency,
    cell.name,
    ...(cell.warehouseId === undefined ? [] : [cell.warehouseId]),
  ]
    .map((part) => encodeURIComponent(part))
    .join('|');

/** Adds figures into a map of cells, by cell key (figures of 0 are kept out). */
function add(into: Map<string, AggregateDelta>, cell: AggregateCell, figures: Figures, sign: 1 | -1) {
  const key = cellKey(cell);
  let delta = into.get(key);
  if (!delta) {
    delta = { cell, figures: Object.create(null) as Figures };
    into.set(key, delta);
  }
  for (const [name, value] of Object.entries(figures)) {
    if (value !== 0) delta.figures[name] = (delta.figures[name] ?? 0) + sign * value;
  }
}

function orderContribution(
  order: OrderImage,
  timeZone: string,
  into: Map<string, AggregateDelta>,
  sign: 1 | -1,
) {
  const active = order.lines.filter((line) => line.status === 'active');
  if (active.length === 0 && !order.totals?.credited) return;
  const day = reportingDay(order.orderDate, timeZone);
  const { currency } = order;
  const warehouseId = order.warehouseId ?? '-';
  const units = active.reduce((sum, line) => sum + line.quantity, 0);
  const gross = active.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const discounts = active.reduce((sum, line) => sum + line.discount, 0);
  const tax = active.reduce((sum, line) => sum + line.tax, 0);
  const shipping = active.length > 0 ? order.shippingCharge : 0;
  const credited = order.totals?.credited ?? 0;
  const counted = active.length > 0 ? 1 : 0;
  const awaitingShipment = active.some((line) => (line.shippedQuantity ?? 0) < line.quantity) ? 1 : 0;
  add(
    into,
    { day, dimension: 'channel', name: order.channel, currency },
    {
      orders: counted,
      units,
      gross,
      discounts,
      tax,
      shipping,
      credited,
      net: gross - discounts + tax + shipping - credited,
      awaitingShipment,
    },
    sign,
  );
  add(into, { day, dimension: 'warehouse', name: warehouseId, currency }, { orders: counted, units }, sign);
  const bySku = new Map<string, { units: number; revenue: number }>();
  for (const line of active) {
    const figures = bySku.get(line.sku) ?? { units: 0, revenue: 0 };
    figures.units += line.quantity;
    figures.revenue += line.quantity * line.unitPrice - line.discount;
    bySku.set(line.sku, figures);
  }
  for (const [sku, figures] of bySku) {
    add(into, { day, dimension: 'sku', name: sku, currency }, { orders: 1, ...figures }, sign);
  }
  for (const [sku, figures] of bySku) {
    add(into, { day, dimension: 'sold', name: sku, currency, warehouseId }, { units: figures.units }, sign);
  }
}

function paymentContribution(
  payment: PaymentImage,
  timeZone: string,
  into: Map<string, AggregateDelta>,
  sign: 1 | -1,
) {
  // A refund wholly credited against what the customer owed moved no money: neither payment nor refund.
  if (payment.amount === 0) return;
  const cell: AggregateCell = {
    day: reportingDay(payment.paidAt, timeZone),
    dimension: 'payment',
    name: payment.method,
    currency: payment.currency,
  };
  const figures: Figures =
    payment.amount >= 0
      ? { payments: 1, collected: payment.amount }
      : { refunds: 1, refunded: -payment.amount };
  add(into, cell, figures, sign);
}

/** An image the figures cannot be read from (the record goes to the dead letters, with this reason). */
export class UnreadableImage extends Error {
  override readonly name = 'UnreadableImage';
}

function checkOrderImage(item: Record<string, unknown>): OrderImage {
  const missing = [
    typeof item.orderDate === 'string' ? undefined : 'orderDate',
    typeof item.channel === 'string' ? undefined : 'channel',
    typeof item.currency === 'string' ? undefined : 'currency',
    typeof item.shippingCharge === 'number' ? undefined : 'shippingCharge',
    Array.isArray(item.lines) &&
    (item.lines as unknown[]).every(
      (line) =>
        typeof line === 'object' &&
        line !== null &&
        ['quantity', 'unitPrice', 'tax', 'discount'].every(
          (field) => typeof (line as Record<string, unknown>)[field] === 'number',
        ),
    )
      ? undefined
      : 'lines',
  ].filter(Boolean);
  if (missing.length > 0)
    throw new UnreadableImage(`an order image without a readable ${missing.join(', ')}`);
  return item as unknown as OrderImage;
}

function checkPaymentImage(item: Record<string, unknown>): PaymentImage {
  const missing = [
    typeof item.amount === 'number' ? undefined : 'amount',
    typeof item.method === 'string' ? undefined : 'method',
    typeof item.paidAt === 'string' ? undefined : 'paidAt',
    // Payments written before they carried their order's currency: a rebuild from the orders must count them.
    typeof item.currency === 'string' ? undefined : 'currency',
  ].filter(Boolean);
  if (missing.length > 0)
    throw new UnreadableImage(`a payment image without a readable ${missing.join(', ')}`);
  return item as unknown as PaymentImage;
}

/** What kind of item an image is, for the figures: an order header, a payment, or something else. */
export function aggregateSource(item: Record<string, unknown>): 'order' | 'payment' | undefined {
  if (item.entity === 'order') return 'order';
  if (typeof item.SK === 'string' && item.SK.startsWith('A#PAYMENT#')) return 'payment';
  return undefined;
}

/**
 * The figures a stream record moves: its new image's contribution less its old one's, merged per cell,
 * with cells whose figures all cancel out left out.
 */
export function aggregateDeltas(
  images: { old?: Record<string, unknown>; new?: Record<string, unknown> },
  timeZone: string,
): AggregateDelta[] {
  const deltas = new Map<string, AggregateDelta>();
  for (const [image, sign] of [
    [images.old, -1],
    [images.new, 1],
  ] as const) {
    if (!image) continue;
    const source = aggregateSource(image);
    if (source === 'order') orderContribution(checkOrderImage(image), timeZone, deltas, sign);
    if (source === 'payment') paymentContribution(checkPaymentImage(image), timeZone, deltas, sign);
  }
  return [...deltas.values()]
    .map((delta) => ({
      cell: delta.cell,
      figures: Object.fromEntries(Object.entries(delta.figures).filter(([, value]) => value !== 0)),
    }))
    .filter((delta) => Object.keys(delta.figures).length > 0);
}

/** Sums deltas per cell (a batch's deltas before they are written: one write per cell). */
export function mergeDeltas(deltas: readonly AggregateDelta[]): AggregateDelta[] {
  const merged = new Map<string, AggregateDelta>();
  for (const delta of deltas) add(merged, delta.cell, delta.figures, 1);
  return [...merged.values()]
    .map((delta) => ({
      cell: delta.cell,
      figures: Object.fromEntries(Object.entries(delta.figures).filter(([, value]) => value !== 0)),
    }))
    .filter((delta) => Object.keys(delta.figures).length > 0);
}
