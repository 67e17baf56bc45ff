/**
 * Recording and taking back a shipment, through the one order writer: the shipment item, the order's
 * shipped quantities (so its fulfillment state and status), a fulfillment history entry, the stock
 * movements and the day's totals commit in one transaction on the order's version. Manual shipments
 * (order activity) and label shipments (fulfillment) both come here.
 */
import type { RequestedLine, Shipment, ShipmentSource, TrackingStatus, VoidReason } from '../domain/shipment';
import {
  linesToShip,
  shipmentNote,
  shipmentStockRequests,
  shipmentWeight,
  withShippedUnits,
} from '../domain/shipment';
import { checkClaimsCovered } from '../domain/return-claims';
import { Conflict, NotFound } from '../errors';
import { readReturnClaims, returnsGuardCheck, returnsGuardItem } from '../returns/claims';
import { TransactionCancelled } from '../db/errors';
import { spokenForElsewhere } from '../events/domain-events';
import { newId } from '../ids';
import { draftOf } from '../orders/decide';
import type { ChangeNote, StoredOrder } from '../orders/decide';
import type { Order } from '../domain/order';
import type { CommittedOrder, OrderChange } from '../orders/writer';
import { commitOrderChange } from '../orders/writer';
import type { NamedItem } from '../db/transactions';
import {
  findShipment,
  shipmentDelete,
  shipmentPut,
  shipmentRefDelete,
  shipmentRefPut,
  shipmentReplace,
  shipmentTotalsUpdates,
} from './repository';
import { warehouseIsActive } from '../warehouses/counters';

export interface ShipmentDetails {
  source: ShipmentSource;
  carrier: string;
  service: string;
  trackingNumber: string;
  trackingStatus?: TrackingStatus;
  shipDate: string;
  packages: number;
  /** Grams; by default the lines' unit weights times the units shipped. */
  weightGrams?: number;
  /** Label shipments: each package's own tracking number and weight. */
  parcels?: Shipment['parcels'];
  cost?: Shipment['cost'];
  labelKey?: string;
  processorCode?: string;
  labelId?: string;
  manifestId?: string;
}

export interface ShipRequest {
  orderId: string;
  actor: string;
  ifMatch?: number;
  /** Which lines and how many units; by default every unshipped unit of the active lines. */
  lines?: readonly RequestedLine[];
  details: ShipmentDetails;
  /** The shipment's id, when the caller needs it before (a label bought under it). */
  shipmentId?: string;
  /** The caller's own items of the same commit (a manifest entry), named. */
  items?: (shipment: Shipment) => NamedItem[];
  /** The order as the caller just read it (OrderChange.read), and the rules read beside it. */
  read?: StoredOrder;
  rules?: OrderChange['rules'];
  /** Stock records read beside the order (OrderChange.knownStock). */
  knownStock?: OrderChange['knownStock'];
  /** Work the commit waits for (OrderChange.commitAfter): a print's label stored. */
  commitAfter?: Promise<unknown>;
  /**
   * Refuses an order that may no longer ship this way (a print: put on hold, moved to another warehouse
   * since it was checked), on every attempt, with typed errors.
   */
  check?: (order: Order) => void | Promise<void>;
  /**
   * History entries of the same change beside the shipment's own (a print shipping an order unpaid),
   * decided on every attempt from the order that attempt commits against (its version is the commit's
   * condition), so they always describe the order as it was when the shipment committed.
   */
  notes?: (order: Order) => readonly ChangeNote[] | Promise<readonly ChangeNote[]>;
  /** What the operation answers for the shipment and the committed order (OrderChange.answer). */
  answer?: (shipment: Shipment, order: CommittedOrder) => unknown;
}

const orderNotFound = (orderId: string) => new NotFound(`No order has the id ${orderId}.`);

export async function recordShipment(
  request: ShipRequest,
): Promise<{ shipment: Shipment; order: CommittedOrder }> {
  const id = request.shipmentId ?? newId();
  let shipment: Shipment | undefined;
  const order = await commitOrderChange({
    orderId: request.orderId,
    actor: request.actor,
    trigger: 'order.updated',
    ifMatch: request.ifMatch,
    ...(request.read ? { read: request.read } : {}),
    ...(request.rules ? { rules: request.rules } : {}),
    ...(request.knownStock ? { knownStock: request.knownStock } : {}),
    ...(request.commitAfter ? { commitAfter: request.commitAfter } : {}),
    async build(stored) {
      if (!stored) throw orderNotFound(request.orderId);
      await request.check?.(stored.order);
      const notes = (await request.notes?.(stored.order)) ?? [];
      const lines = linesToShip(stored.order.lines, request.lines);
      const nextLines = withShippedUnits(stored.order.lines, lines, 1);
      const at = new Date().toISOString();
      const { details } = request;
      shipment = {
        id,
        orderId: request.orderId,
        source: details.source,
        carrier: details.carrier,
        service: details.service,
        trackingNumber: details.trackingNumber,
        trackingStatus: details.trackingStatus ?? 'unknown',
        lines,
        ...(stored.order.warehouseId === undefined ? {} : { warehouseId: stored.order.warehouseId }),
        shipDate: details.shipDate,
        packages: details.packages,
        weightGrams: details.weightGrams ?? shipmentWeight(stored.order.lines, lines),
        ...(details.parcels ? { parcels: details.parcels } : {}),
        ...(details.cost ? { cost: details.cost } : {}),
        status: 'active',
        ...(details.labelKey ? { labelKey: details.labelKey } : {}),
        ...(details.processorCode ? { processorCode: details.processorCode } : {}),
        ...(details.labelId ? { labelId: details.labelId } : {}),
        ...(details.manifestId ? { manifestId: details.manifestId } : {}),
        createdBy: request.actor,
        createdAt: at,
        updatedAt: at,
        version: 1,
      };
      return {
        draft: { ...draftOf(stored.order), lines: nextLines },
        history: [shipmentNote(shipment, stored.order.lines, nextLines, 1), ...notes],
        event: spokenForElsewhere,
      };
    },
    items: () => [
      shipmentPut(shipment!),
      shipmentRefPut(shipment!),
      ...shipmentTotalsUpdates(shipment!, 1),
      ...(request.items?.(shipment!) ?? []),
    ],
    stock: (decision) => shipmentStockRequests(decision.stock, shipment!, 1),
    ...(request.answer ? { answer: (committed) => request.answer!(shipment!, committed) } : {}),
  });
  return { shipment: shipment!, order };
}

export interface TakeBackRequest {
  orderId: string;
  shipmentId: string;
  actor: string;
  ifMatch?: number;
  /**
   * Refuses what this operation may not take back (a label shipment is voided, not removed; a label
   * on a closed manifest is not voided).
   */
  check?: (shipment: Shipment) => void;
  /** The caller's own items of the same commit (the manifest entry taken out), named. */
  items?: (shipment: Shipment) => NamedItem[];
  /**
   * What the caller read consistently moments ago (a void, before asking the carrier): the first attempt
   * decides on it instead of reading again. The commit is conditioned on each (the order's version, the
   * shipment's, the returns guard's), so anything changed since is a lost race, read afresh.
   */
  read?: {
    order: StoredOrder;
    shipment: Shipment;
    claims: Awaited<ReturnType<typeof readReturnClaims>>;
  };
}
export type RemoveRequest = Omit<TakeBackRequest, 'items'>;
export interface VoidRequest extends TakeBackRequest {
  /** Why the label was voided: kept on the shipment (so in its event) and in the history entry. */
  reason: VoidReason;
}

/** Takes a shipment back: it is deleted, its units are unshipped and on hand again, totals follow. */
export function removeShipment(request: RemoveRequest) {
  return takeBack(request, 'removed');
}

/**
 * Voids a label shipment: it stays, marked voided, its units are unshipped and on hand again, and its
 * figures move from the active cells to the voided ones, in one transaction with the order.
 */
export function voidShipment(request: VoidRequest) {
  return takeBack(request, 'voided', request.reason);
}

/** The one way a shipment is taken back, through the order writer; `how` says what becomes of its item. */
async function takeBack(
  request: TakeBackRequest,
  how: 'removed' | 'voided',
  reason?: VoidReason,
): Promise<{ shipment: Shipment; order: CommittedOrder }> {
  let read: Shipment | undefined;
  let after: Shipment | undefined;
  let guardVersion = 0;
  let known = request.read;
  const order = await commitOrderChange({
    orderId: request.orderId,
    actor: request.actor,
    trigger: 'order.updated',
    ifMatch: request.ifMatch,
    ...(known ? { read: known.order } : {}),
    // A return that claimed units after the claims were read: decided again.
    isRace: (error) => error instanceof TransactionCancelled && error.refused(returnsGuardItem),
    async build(stored) {
      if (!stored) throw orderNotFound(request.orderId);
      const first = known;
      known = undefined;
      const found = first ? first.shipment : await findShipment(request.orderId, request.shipmentId);
      if (!found) {
        throw new NotFound(`Order ${request.orderId} has no shipment ${request.shipmentId}.`);
      }
      if (found.source === 'replacement') {
        throw new Conflict(
          `Shipment ${found.id} is the replacement a return sent; it ships no order line and is not taken back.`,
          { shipmentSource: found.source },
        );
      }
      request.check?.(found);
      if (found.status !== 'active') {
        throw new Conflict(`Shipment ${found.id} is ${found.status}; its units are not shipped.`, {
          shipmentStatus: found.status,
        });
      }
      read = found;
      const at = new Date().toISOString();
      after =
        how === 'voided'
          ? {
              ...found,
              status: 'voided',
              voidedAt: at,
              ...(reason
                ? { voidReasonCode: reason.reasonCode, ...(reason.note ? { voidNote: reason.note } : {}) }
                : {}),
              updatedAt: at,
              version: found.version + 1,
            }
          : found;
      const nextLines = withShippedUnits(stored.order.lines, found.lines, -1);
      // Not from under a return: the claims as read, and the guard held at that version in the commit.
      const { claims, guardVersion: version } = first?.claims ?? (await readReturnClaims(request.orderId));
      checkClaimsCovered(request.orderId, nextLines, claims);
      guardVersion = version;
      return {
        draft: { ...draftOf(stored.order), lines: nextLines },
        history: [shipmentNote(found, stored.order.lines, nextLines, -1, how, reason)],
        event: spokenForElsewhere,
      };
    },
    items: () => [
      ...(how === 'voided'
        ? [shipmentReplace(after!, read!), ...shipmentTotalsUpdates(after!, 1)]
        : [shipmentDelete(read!), shipmentRefDelete(read!)]),
      ...shipmentTotalsUpdates(read!, -1),
      returnsGuardCheck(request.orderId, guardVersion),
      ...(request.items?.(read!) ?? []),
    ],
    stock: (decision) => shipmentStockRequests(decision.stock, read!, -1),
  });
  return { shipment: after!, order };
}

export interface ReplacementRequest {
  orderId: string;
  actor: string;
  /** The return it replaces units of. */
  returnId: string;
  warehouseId: string;
  lines: ReadonlyArray<{ itemId: string; sku: string; quantity: number }>;
  carrier?: string;
  trackingNumber?: string;
  /** The caller's own items of the same commit (the return), named. */
  items: (shipment: Shipment) => NamedItem[];
}

/**
 * Records a replacement for returned units: a zero-priced shipment from a named warehouse taking its stock
 * out, and a fulfillment history entry on the order, through the order writer. The order's lines and
 * shipped quantities stay as they are: the units replaced had shipped already.
 */
export async function recordReplacement(
  request: ReplacementRequest,
): Promise<{ shipment: Shipment; order: CommittedOrder }> {
  const id = newId();
  let shipment: Shipment | undefined;
  const order = await commitOrderChange({
    orderId: request.orderId,
    actor: request.actor,
    trigger: 'order.updated',
    build(stored) {
      if (!stored) throw orderNotFound(request.orderId);
      const at = new Date().toISOString();
      const lines = request.lines.map(({ itemId, sku, quantity }) => ({ itemId, sku, quantity }));
      shipment = {
        id,
        orderId: request.orderId,
        source: 'replacement',
        carrier: request.carrier ?? 'Replacement',
        service: `Replacement for return ${request.returnId}`,
        trackingNumber: request.trackingNumber ?? '',
        trackingStatus: 'unknown',
        lines,
        warehouseId: request.warehouseId,
        shipDate: at.slice(0, 10),
        packages: 1,
        weightGrams: shipmentWeight(stored.order.lines, lines),
        cost: { amount: 0, currency: stored.order.currency },
        status: 'active',
        createdBy: request.actor,
        createdAt: at,
        updatedAt: at,
        version: 1,
      };
      const units = lines.reduce((sum, line) => sum + line.quantity, 0);
      return {
        draft: draftOf(stored.order),
        history: [
          {
            kind: 'fulfillment',
            summary: `Sent a replacement of ${units} unit${units === 1 ? '' : 's'} for return ${request.returnId} (shipment ${id}${request.trackingNumber ? `, tracking ${request.trackingNumber}` : ''})`,
            changes: { replacementShipmentId: { from: null, to: id } },
          },
        ],
        event: spokenForElsewhere,
        commitUnchanged: true,
      };
    },
    items: () => [
      shipmentPut(shipment!),
      shipmentRefPut(shipment!),
      ...shipmentTotalsUpdates(shipment!, 1),
      ...request.items(shipment!),
    ],
    // The warehouse is still active at the commit (it was when the request was checked).
    warehouseCondition: warehouseIsActive,
    // The units leave the named warehouse; no order's allocation is touched.
    stock: (decision) => [
      ...decision.stock,
      ...shipment!.lines.map((line) => ({
        sku: line.sku,
        warehouseId: request.warehouseId,
        type: 'shipment' as const,
        quantity: line.quantity,
        fromAllocation: 0,
        reference: { type: 'shipment', id },
      })),
    ],
  });
  return { shipment: shipment!, order };
}
