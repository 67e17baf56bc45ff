/**
 * Shipments (DESIGN §4), shared by order activity, fulfillment, returns and reports: their shape and
 * the pure rules of shipping an order's lines and taking a shipment back. No I/O.
 *
 * A shipment records what left: lines (item id, SKU, quantity), carrier, service, tracking number,
 * warehouse, ship date, packages, weight and cost. It is written through the order writer in one
 * transaction with the order, so shipped quantities, fulfillment state, history and stock agree.
 */
import * as z from 'zod/mini';
import { Conflict, ValidationFailed } from '../errors';
import { lineText } from '../http/text';
import { idFormMessage, skuSchema, timestampSchema } from '../http/schemas';
import { currencySchema, minorUnitsSchema } from './money';
import type { OrderLine } from './order';
import type { HistoryEntry } from './order-history';
import type { MovementRequest } from './stock-ledger';

type ChangeNote = Omit<HistoryEntry, 'id' | 'orderId' | 'at' | 'actor'>;

/** `replacement`: sent by the returns group for returned units; it ships no order line. */
export const shipmentSources = ['manual', 'label', 'replacement'] as const;
export type ShipmentSource = (typeof shipmentSources)[number];
export const shipmentStatuses = ['active', 'voided'] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];
/** Why a label was voided (DESIGN §4, Fulfillment): kept on the shipment, in the history and the event. */
export const voidReasonCodes = [
  'misprint',
  'wrong_service',
  'wrong_package',
  'address_change',
  'order_cancelled',
  'other',
] as const;
export type VoidReasonCode = (typeof voidReasonCodes)[number];
export interface VoidReason {
  reasonCode: VoidReasonCode;
  note?: string;
}
export const trackingStatuses = ['unknown', 'accepted', 'in_transit', 'delivered', 'exception'] as const;
export type TrackingStatus = (typeof trackingStatuses)[number];

/** A calendar day, YYYY-MM-DD, that exists. */
export const daySchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD'),
  z.refine((day) => {
    const parsed = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
  }, 'must be a real calendar date'),
);

/** Carrier and service as staff type them or an adapter names them ("UPS", "Royal Mail Tracked 24"). */
export const carrierSchema = lineText(64);
export const serviceSchema = lineText(100);
/** Carriers' tracking numbers: letters, digits and a few separators, no spaces. */
export const trackingNumberSchema = z
  .string()
  .check(
    z.trim(),
    z.regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{2,63}$/, idFormMessage('3 to 64', '. _ / -', 'no spaces')),
  );

export const shipmentLineSchema = z.object({
  itemId: z.string(),
  sku: skuSchema,
  quantity: z.number(),
});
export type ShipmentLine = z.infer<typeof shipmentLineSchema>;

export const trackingEventSchema = z.object({
  at: timestampSchema,
  status: z.enum(trackingStatuses),
  description: z.string(),
  location: z.optional(z.string()),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

export const shipmentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  source: z.enum(shipmentSources),
  carrier: z.string(),
  service: z.string(),
  trackingNumber: z.string(),
  trackingStatus: z.enum(trackingStatuses),
  trackingEvents: z.optional(z.array(trackingEventSchema)),
  lines: z.array(shipmentLineSchema),
  /** The warehouse the units left (the order's assigned one); absent when the order had none. */
  warehouseId: z.optional(z.string()),
  shipDate: z.string(),
  packages: z.number(),
  weightGrams: z.number(),
  /**
   * Label shipments: each package in order, with its own tracking number and weight (the first's number
   * is the shipment's trackingNumber, the weights add up to weightGrams).
   */
  parcels: z.optional(z.array(z.object({ trackingNumber: z.string(), weightGrams: z.number() }))),
  /** What the shipment cost the merchant, when known. */
  cost: z.optional(z.object({ amount: minorUnitsSchema, currency: currencySchema })),
  status: z.enum(shipmentStatuses),
  /** Label shipments: the label file's key in the files bucket. */
  labelKey: z.optional(z.string()),
  /** Label shipments: the carrier adapter that bought the label, and the carrier's id of the label. */
  processorCode: z.optional(z.string()),
  labelId: z.optional(z.string()),
  manifestId: z.optional(z.string()),
  /** Voided label shipments: when, why (a reason code) and the operator's note. */
  voidedAt: z.optional(timestampSchema),
  voidReasonCode: z.optional(z.enum(voidReasonCodes)),
  voidNote: z.optional(z.string()),
  createdBy: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  version: z.number(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export interface RequestedLine {
  itemId: string;
  quantity: number;
}

const unshippedOf = (line: OrderLine) =>
  line.status === 'active' ? line.quantity - line.shippedQuantity : 0;

/**
 * The lines a shipment takes: the requested ones (item id and quantity), or every unshipped unit of the
 * active lines when none are named. Unknown item ids are bad input (400); cancelled lines, quantities
 * beyond what is unshipped and an order with nothing left to ship are conflicts with its state (409).
 */
export function linesToShip(
  lines: readonly OrderLine[],
  requested?: readonly RequestedLine[],
): ShipmentLine[] {
  if (!requested || requested.length === 0) {
    const all = lines
      .filter((line) => unshippedOf(line) > 0)
      .map((line) => ({ itemId: line.itemId, sku: line.sku, quantity: unshippedOf(line) }));
    if (all.length === 0 && !lines.some((line) => line.status === 'active')) {
      throw new Conflict('Nothing to ship: the order has no active lines (every line is cancelled).', {
        unshippedLines: [],
      });
    }
    if (all.length === 0) {
      throw new Conflict('Nothing is left to ship on this order: every active line has shipped.', {
        unshippedLines: [],
      });
    }
    return all;
  }
  const byItem = new Map(lines.map((line) => [line.itemId, line]));
  const unknown = requested.flatMap((wanted, index) =>
    byItem.has(wanted.itemId)
      ? []
      : [{ path: `body.lines[${index}].itemId`, message: `the order has no line ${wanted.itemId}` }],
  );
  if (unknown.length > 0) throw new ValidationFailed('Some lines are not lines of this order.', unknown);
  const refused: Array<{
    itemId: string;
    sku: string;
    requested: number;
    unshipped: number;
    reason: string;
  }> = [];
  const shipped = requested.map((wanted) => {
    const line = byItem.get(wanted.itemId)!;
    const unshipped = unshippedOf(line);
    if (line.status !== 'active') {
      refused.push({
        itemId: line.itemId,
        sku: line.sku,
        requested: wanted.quantity,
        unshipped: 0,
        reason: 'cancelled',
      });
    } else if (wanted.quantity > unshipped) {
      refused.push({
        itemId: line.itemId,
        sku: line.sku,
        requested: wanted.quantity,
        unshipped,
        reason: `only ${unshipped} unshipped`,
      });
    }
    return { itemId: line.itemId, sku: line.sku, quantity: wanted.quantity };
  });
  if (refused.length > 0) {
    throw new Conflict(
      `More than is unshipped: ${refused.map((line) => `line ${line.itemId} (${line.sku}: ${line.reason}, ${line.requested} asked)`).join('; ')}.`,
      { lines: refused },
    );
  }
  return shipped;
}

/** The order's lines once a shipment's units have shipped (+1) or been taken back (−1). */
export function withShippedUnits(
  lines: readonly OrderLine[],
  shipment: readonly ShipmentLine[],
  direction: 1 | -1,
): OrderLine[] {
  const moved = new Map<string, number>();
  for (const line of shipment) moved.set(line.itemId, (moved.get(line.itemId) ?? 0) + line.quantity);
  const missing = [...moved.keys()].filter((itemId) => !lines.some((line) => line.itemId === itemId));
  if (missing.length > 0) {
    throw new Conflict(`The order no longer has lines ${missing.join(', ')} of this shipment.`, {
      itemIds: missing,
    });
  }
  return lines.map((line) => {
    const units = moved.get(line.itemId);
    if (units === undefined) return line;
    const shippedQuantity = line.shippedQuantity + direction * units;
    if (shippedQuantity < 0 || shippedQuantity > line.quantity) {
      throw new Conflict(
        `Line ${line.itemId} cannot have ${shippedQuantity} of ${line.quantity} units shipped.`,
        { itemId: line.itemId },
      );
    }
    return { ...line, shippedQuantity };
  });
}

/** Grams the shipment weighs: given, or the lines' unit weights times the units shipped. */
export function shipmentWeight(lines: readonly OrderLine[], shipment: readonly ShipmentLine[]): number {
  const byItem = new Map(lines.map((line) => [line.itemId, line]));
  return shipment.reduce((sum, line) => sum + (byItem.get(line.itemId)?.weightGrams ?? 0) * line.quantity, 0);
}

const unitsOf = (lines: readonly ShipmentLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The fulfillment history entry of shipping (+1) or taking back (−1) a shipment. */
export function shipmentNote(
  shipment: Pick<Shipment, 'id' | 'carrier' | 'service' | 'trackingNumber' | 'lines' | 'source'>,
  before: readonly OrderLine[],
  after: readonly OrderLine[],
  direction: 1 | -1,
  /** How a shipment is taken back: removed (manual) or voided (a label the carrier refunds). */
  takenBack: 'removed' | 'voided' = 'removed',
  /** A void's reason, said in the entry and kept in its changes. */
  reason?: VoidReason,
): ChangeNote {
  const changes: NonNullable<ChangeNote['changes']> = Object.create(null) as NonNullable<
    ChangeNote['changes']
  >;
  for (const line of after) {
    const previous = before.find((old) => old.itemId === line.itemId);
    if (previous && previous.shippedQuantity !== line.shippedQuantity) {
      changes[`lines.${line.itemId}.shippedQuantity`] = {
        from: previous.shippedQuantity,
        to: line.shippedQuantity,
      };
    }
  }
  const units = plural(unitsOf(shipment.lines), 'unit');
  const by = `${shipment.carrier} ${shipment.service}, tracking ${shipment.trackingNumber}`;
  return {
    kind: 'fulfillment',
    summary:
      direction === 1
        ? `Shipped ${units} by ${by} (${shipment.source} shipment ${shipment.id})`
        : `${takenBack === 'voided' ? 'Voided' : 'Removed'} ${shipment.source} shipment ${shipment.id} (${units} by ${by}); the units are unshipped again${reason ? `. Reason: ${reason.reasonCode}${reason.note ? ` (${reason.note})` : ''}` : ''}`,
    changes: {
      shipmentId: { from: direction === 1 ? null : shipment.id, to: direction === 1 ? shipment.id : null },
      ...(reason ? { voidReasonCode: { from: null, to: reason.reasonCode } } : {}),
      ...(reason?.note ? { voidNote: { from: null, to: reason.note } } : {}),
      ...changes,
    },
  };
}

/**
 * A carrier's tracking status, in whatever words or codes it uses, as one of five. ShipEngine's codes
 * (UN, AC, IT, DE, EX, AT, NY, SP) and common words are known; anything else is `unknown`.
 */
export function normaliseTrackingStatus(raw: string | undefined | null): TrackingStatus {
  if (!raw) return 'unknown';
  const code = raw.trim().toUpperCase();
  const codes: Record<string, TrackingStatus> = {
    UN: 'unknown',
    NY: 'unknown',
    AC: 'accepted',
    IT: 'in_transit',
    AT: 'exception',
    DE: 'delivered',
    SP: 'delivered',
    EX: 'exception',
  };
  if (Object.prototype.hasOwnProperty.call(codes, code)) return codes[code]!;
  const words = code.toLowerCase().replace(/[\s_-]+/g, ' ');
  if (/\b(delivered|picked up|collected)\b/.test(words)) return 'delivered';
  if (/\b(exception|failed|attempt|returned|undeliverable|lost|damaged|delay(ed)?)\b/.test(words))
    return 'exception';
  if (/\b(in transit|transit|out for delivery|arrived|departed|processing|on the way)\b/.test(words))
    return 'in_transit';
  if (/\b(accepted|label created|pre ?transit|shipment information|manifest|info received)\b/.test(words))
    return 'accepted';
  return 'unknown';
}

/**
 * The stock requests of a shipment change: the order writer's allocation changes and the units the
 * shipment moves, folded so the units are the order's own. Shipping: the units the order releases
 * because they shipped come out of the allocation (never out of what other orders hold, and never more
 * than is on hand, even when a backorder allocated them). Taking back: the units return on hand and
 * straight into the allocation the order makes again.
 */
export function shipmentStockRequests(
  allocationChanges: readonly MovementRequest[],
  shipment: Pick<Shipment, 'id' | 'lines' | 'warehouseId'>,
  direction: 1 | -1,
): MovementRequest[] {
  const warehouseId = shipment.warehouseId;
  if (warehouseId === undefined) return [...allocationChanges];
  const units = new Map<string, number>();
  for (const line of shipment.lines) units.set(line.sku, (units.get(line.sku) ?? 0) + line.quantity);
  // Shipping folds releases; taking back folds allocations.
  const folded = direction === 1 ? 'release' : 'allocation';
  const fromAllocation = new Map<string, number>();
  const allocationOf = new Map<string, MovementRequest['reference']>();
  const remaining: MovementRequest[] = [];
  for (const change of allocationChanges) {
    const moved = units.get(change.sku);
    if (change.type !== folded || change.warehouseId !== warehouseId || moved === undefined) {
      remaining.push(change);
      continue;
    }
    const already = fromAllocation.get(change.sku) ?? 0;
    const taken = Math.min(change.quantity, moved - already);
    fromAllocation.set(change.sku, already + taken);
    if (change.reference) allocationOf.set(change.sku, change.reference);
    if (change.quantity > taken) remaining.push({ ...change, quantity: change.quantity - taken });
  }
  const movements = [...units].map(([sku, quantity]): MovementRequest => ({
    sku,
    warehouseId,
    type: direction === 1 ? 'shipment' : 'shipment_reversal',
    quantity,
    fromAllocation: fromAllocation.get(sku) ?? 0,
    reference: { type: 'shipment', id: shipment.id },
    ...(allocationOf.get(sku) ? { allocationOf: allocationOf.get(sku) } : {}),
  }));
  return direction === 1 ? [...remaining, ...movements] : [...movements, ...remaining];
}
