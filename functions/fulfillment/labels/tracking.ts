/** Tracking of an order's shipments: label shipments asked of their carrier, manual ones as stored. */
import { tableName } from '../../../shared/db/client';
import { db } from '../../../shared/db/client';
import { shipmentKey } from '../../../shared/db/keys/shipments';
import type { Shipment, TrackingEvent, TrackingStatus } from '../../../shared/domain/shipment';
import { NotFound } from '../../../shared/errors';
import { logger } from '../../../shared/logging/logger';
import { loadOrder } from '../../../shared/orders/repository';
import { allShipmentsOfOrder } from '../../../shared/shipments/repository';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isDeepStrictEqual } from 'node:util';
import { adapterFor } from '../carriers/registry';

const progress: Record<TrackingStatus, number> = {
  unknown: 0,
  accepted: 1,
  in_transit: 2,
  delivered: 3,
  exception: -1,
};

/** The order's tracking status: exception if any shipment has one, else the least advanced of them. */
export function orderTrackingStatus(statuses: readonly TrackingStatus[]): TrackingStatus {
  if (statuses.length === 0) return 'unknown';
  if (statuses.includes('exception')) return 'exception';
  return statuses.reduce((least, status) => (progress[status] < progress[least] ? status : least));
}

async function tracked(
  shipment: Shipment,
  now: Date,
): Promise<{ status: TrackingStatus; events: TrackingEvent[] }> {
  const stored = { status: shipment.trackingStatus, events: shipment.trackingEvents ?? [] };
  if (shipment.source !== 'label' || shipment.status !== 'active' || !shipment.processorCode) return stored;
  try {
    const info = await adapterFor(shipment.processorCode).track(
      { trackingNumber: shipment.trackingNumber, labelDate: shipment.shipDate, service: shipment.service },
      now,
    );
    if (info.status !== stored.status || !isDeepStrictEqual(info.events, stored.events)) {
      // Kept on the shipment so lists and totals show it; not a change of the shipment's version.
      await db()
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: shipmentKey(shipment.orderId, shipment.id),
            UpdateExpression: 'SET trackingStatus = :status, trackingEvents = :events',
            ConditionExpression: 'attribute_exists(PK) AND #status = :active',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':status': info.status,
              ':events': info.events,
              ':active': 'active',
            },
          }),
        )
        .catch(() => undefined);
    }
    return info;
  } catch (error) {
    // A carrier that does not answer leaves the last known status: the page still shows every shipment.
    logger.warn('Tracking was not available from the carrier', {
      shipmentId: shipment.id,
      processorCode: shipment.processorCode,
      problem: error instanceof Error ? error.message : String(error),
    });
    return stored;
  }
}

export async function trackOrder(orderId: string) {
  const [stored, shipments] = await Promise.all([loadOrder(orderId), allShipmentsOfOrder(orderId)]);
  if (!stored) throw new NotFound(`No order has the id ${orderId}.`);
  const now = new Date();
  const answers = await Promise.all(shipments.map((shipment) => tracked(shipment, now)));
  const rows = shipments.map((shipment, index) => ({
    shipmentId: shipment.id,
    source: shipment.source,
    status: shipment.status,
    carrier: shipment.carrier,
    service: shipment.service,
    trackingNumber: shipment.trackingNumber,
    shipDate: shipment.shipDate,
    trackingStatus: answers[index]!.status,
    events: answers[index]!.events,
  }));
  return {
    orderId,
    trackingStatus: orderTrackingStatus(
      rows.filter((row) => row.status === 'active').map((row) => row.trackingStatus),
    ),
    shipments: rows,
  };
}
