/** Manual shipments: entered and removed through the shared shipment commit (one order-writer transaction). */
import { getItem } from '../../../shared/db/query';
import { orderKey } from '../../../shared/db/keys';
import { Conflict, NotFound } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { recordShipment, removeShipment } from '../../../shared/shipments/commit';
import { shipmentsOfOrderPage } from '../../../shared/shipments/repository';
import type { orderActivityCatalogue } from '../routes';

type Routes = typeof orderActivityCatalogue.routes;
type TrackingOperations = Pick<
  Implementations<Routes>,
  'listOrderTracking' | 'addOrderTracking' | 'removeOrderTracking'
>;

const today = () => new Date().toISOString().slice(0, 10);

export const trackingOperations: TrackingOperations = {
  async listOrderTracking({ params, query }) {
    const [order, page] = await Promise.all([
      getItem(orderKey(params.orderId)),
      shipmentsOfOrderPage(params.orderId, query),
    ]);
    if (!order) throw new NotFound(`No order has the id ${params.orderId}.`);
    return { body: page };
  },

  async addOrderTracking({ params, body, caller }) {
    const { shipment } = await recordShipment({
      orderId: params.orderId,
      actor: caller.username,
      lines: body.lines,
      details: {
        source: 'manual',
        carrier: body.carrier,
        service: body.service,
        trackingNumber: body.trackingNumber,
        shipDate: body.shipDate ?? today(),
        packages: body.packages,
        weightGrams: body.weightGrams,
        cost: body.cost,
      },
    });
    return { body: shipment };
  },

  async removeOrderTracking({ params, caller }) {
    await removeShipment({
      orderId: params.orderId,
      shipmentId: params.shipmentId,
      actor: caller.username,
      check(shipment) {
        if (shipment.source === 'label') {
          throw new Conflict(
            `Shipment ${shipment.id} has a purchased label; void it with DELETE /v1/fulfillment/ship-now/void/${shipment.id}, so the carrier refunds the label.`,
            { source: 'label', void: `DELETE /v1/fulfillment/ship-now/void/${shipment.id}` },
          );
        }
      },
    });
    return {};
  },
};
