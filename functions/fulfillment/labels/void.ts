/**
 * Void: the carrier first (it decides whether the label can still be refunded), then the shipment,
 * stock, order and manifest in one transaction. The manifest is held open for the void meanwhile
 * (`voidsInFlight`), so a close racing it waits for the void or wins before it starts: never both.
 */
import { ConditionFailed } from '../../../shared/db/errors';
import { watchWrites } from '../../../shared/db/write-outcome';
import type { Shipment, VoidReason } from '../../../shared/domain/shipment';
import type { Order } from '../../../shared/domain/order';
import { checkVersion } from '../../../shared/domain/versions';
import { Conflict, NotFound } from '../../../shared/errors';
import { checkClaimsCovered } from '../../../shared/domain/return-claims';
import { withShippedUnits } from '../../../shared/domain/shipment';
import { loadOrder } from '../../../shared/orders/repository';
import { readReturnClaims } from '../../../shared/returns/claims';
import { voidShipment } from '../../../shared/shipments/commit';
import { findShipmentById } from '../../../shared/shipments/repository';
import { countMetric } from '../../../shared/metrics/metrics';
import { adapterFor } from '../carriers/registry';
import { manifestLeaveItems, releaseVoid, reserveVoid } from '../manifests/repository';

/** The status of a manifest item a refused condition answered (as attribute values or plain). */
function statusOf(item: Record<string, unknown> | undefined): string | undefined {
  const status = item?.status as unknown;
  if (typeof status === 'string') return status;
  return (status as { S?: string } | undefined)?.S;
}

const refused = (reasonCode: string, message: string, shipment: Shipment) =>
  new Conflict(message, { reasonCode, shipmentId: shipment.id, shipmentStatus: shipment.status });

/**
 * Refused before the carrier is asked: units an order's returns claim are not unshipped (the recording
 * would refuse it after the carrier had voided the label). The recording checks it again, in its commit.
 */
async function checkNotReturned(shipment: Shipment, ifMatch: number | undefined) {
  const [stored, read] = await Promise.all([loadOrder(shipment.orderId), readReturnClaims(shipment.orderId)]);
  const { claims } = read;
  if (!stored) return undefined;
  // A stale If-Match is refused before the carrier voids anything; the commit checks it again.
  checkVersion('order', stored.order.version, ifMatch);
  try {
    checkClaimsCovered(shipment.orderId, withShippedUnits(stored.order.lines, shipment.lines, -1), claims);
  } catch (error) {
    if (!(error instanceof Conflict)) throw error;
    throw new Conflict(error.message, {
      ...error.extensions,
      reasonCode: 'returned_units',
      shipmentId: shipment.id,
    });
  }
  // The recording's first attempt decides on these reads (TakeBackRequest.read).
  return { order: stored, shipment, claims: read };
}

export interface VoidLabelRequest {
  shipmentId: string;
  actor: string;
  reason: VoidReason;
  /** The order's version the client expects (If-Match). */
  ifMatch?: number;
}

export async function voidLabel({
  shipmentId,
  actor,
  reason,
  ifMatch,
}: VoidLabelRequest): Promise<{ shipment: Shipment; order: Order }> {
  const shipment = await findShipmentById(shipmentId);
  if (!shipment) throw new NotFound(`No shipment has the id ${shipmentId}.`);
  if (shipment.source !== 'label' || !shipment.processorCode || !shipment.labelId) {
    throw refused(
      'not_a_label',
      `Shipment ${shipment.id} was entered by hand and has no label to void; remove it with DELETE /v1/orders/${shipment.orderId}/tracking/${shipment.id}.`,
      shipment,
    );
  }
  if (shipment.status === 'voided') {
    throw refused(
      'label_already_voided',
      `The label of shipment ${shipment.id} is already voided.`,
      shipment,
    );
  }
  const read = await checkNotReturned(shipment, ifMatch);
  const manifestId = shipment.manifestId;
  const closed = (status?: string) =>
    refused(
      'manifest_closed',
      status === 'closing'
        ? `Shipment ${shipment.id} is on manifest ${manifestId}, which is being closed: the carrier takes it on the day's form.`
        : `Shipment ${shipment.id} is on manifest ${manifestId}, which is closed: the carrier has it on the day's form.`,
      shipment,
    );
  if (manifestId) {
    try {
      // Held only while open; a refusal answers the manifest as it is (closing or closed).
      await reserveVoid(manifestId);
    } catch (error) {
      if (error instanceof ConditionFailed) throw closed(statusOf(error.item));
      throw error;
    }
  }
  const commitWrites = watchWrites();
  try {
    const answer = await adapterFor(shipment.processorCode).void(
      { labelId: shipment.labelId, trackingNumber: shipment.trackingNumber, labelDate: shipment.shipDate },
      new Date(),
    );
    // Already voided at the carrier while still active here: an earlier void whose recording failed.
    // Recording it now makes void safe to retry.
    if (!answer.approved && answer.reasonCode !== 'label_already_voided') {
      throw refused(answer.reasonCode, answer.message, shipment);
    }
    const { shipment: voided, order } = await commitWrites.run(() =>
      voidShipment({
        orderId: shipment.orderId,
        shipmentId: shipment.id,
        actor,
        reason,
        // If-Match was checked before the carrier was asked; the label is refunded now, so a change to the
        // order since then must not turn the recording into a 412 (the shipment would stay active).
        check(current) {
          if (current.status === 'voided') {
            throw refused(
              'label_already_voided',
              `The label of shipment ${current.id} is already voided.`,
              current,
            );
          }
        },
        ...(read ? { read } : {}),
        items: (taken) => (manifestId ? manifestLeaveItems(manifestId, taken) : []),
      }),
    );
    countMetric('LabelsVoided');
    return { shipment: voided, order: order.order };
  } catch (error) {
    // The void did not commit: the manifest is no longer held for it. A commit that did, or may have,
    // let go of the manifest itself (manifestLeaveItems): releasing again would free another void's hold.
    const mayHaveLeft = commitWrites.committed() || commitWrites.uncertain();
    if (manifestId && !mayHaveLeft) await releaseVoid(manifestId).catch(() => undefined);
    throw error;
  }
}
