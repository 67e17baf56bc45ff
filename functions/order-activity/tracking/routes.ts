/** Tracking numbers of an order (interface §4.4): its shipments, manual ones entered and removed by hand. */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import {
  manualShipmentInput,
  orderParams,
  orderShipmentParams,
  shipmentSchema,
  trackingListQuery,
} from './schemas';

export const trackingRoutes = {
  listOrderTracking: route({
    method: 'GET',
    path: '/v1/orders/{orderId}/tracking',
    operationId: 'listOrderTracking',
    summary: "The order's shipments (manual and label), newest first, with tracking numbers and statuses",
    permission: 'read',
    params: orderParams,
    query: trackingListQuery,
    status: 200,
    response: pageOf(shipmentSchema),
  }),
  addOrderTracking: route({
    method: 'POST',
    path: '/v1/orders/{orderId}/tracking',
    operationId: 'addOrderTracking',
    summary:
      'Enter a tracking number for an order shipped outside the system: a manual shipment of the named (or all unshipped) units, taken out of stock',
    permission: 'write',
    params: orderParams,
    body: manualShipmentInput,
    status: 201,
    response: shipmentSchema,
  }),
  removeOrderTracking: route({
    method: 'DELETE',
    path: '/v1/orders/{orderId}/tracking/{shipmentId}',
    operationId: 'removeOrderTracking',
    summary:
      'Remove a manual shipment: its units are unshipped and back in stock (a label shipment is voided instead)',
    // DESIGN §3: removing a shipment is the manager's (voiding a label stays day-to-day, an operator's).
    permission: 'manage',
    params: orderShipmentParams,
    status: 204,
  }),
};
