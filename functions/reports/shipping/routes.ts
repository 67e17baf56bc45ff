/** The shipping reports (interface §4.1): what waits to ship, and what shipped with its manifests. Data only. */
import { route } from '../../../shared/http/catalogue';
import {
  pendingShipmentsAnswer,
  pendingShipmentsQuery,
  shippedManifestAnswer,
  shippedManifestDetailAnswer,
  shippedManifestDetailQuery,
  shippedManifestQuery,
} from './schemas';

export const shippingRoutes = {
  getPendingShipments: route({
    method: 'GET',
    path: '/v1/reports/pending-shipments',
    operationId: 'getPendingShipments',
    summary:
      'Unshipped orders (statuses of the open and on-hold categories with units still to ship) by age since the order date in reporting days (0-1, 2-3, 4-7, 8-14, 15+), by warehouse and by channel, with the oldest orders listed',
    permission: 'read',
    query: pendingShipmentsQuery,
    status: 200,
    get response() {
      return pendingShipmentsAnswer();
    },
  }),
  getShippedManifest: route({
    method: 'GET',
    path: '/v1/reports/shipped-manifest',
    operationId: 'getShippedManifest',
    summary:
      'Shipments per ship date, carrier and warehouse over a range: count, packages, weight, cost per currency, and how many a closed manifest handed over, wait on an open one or joined none; with the manifests of the range',
    permission: 'read',
    query: shippedManifestQuery,
    status: 200,
    get response() {
      return shippedManifestAnswer();
    },
  }),
  getShippedManifestDetail: route({
    method: 'GET',
    path: '/v1/reports/shipped-manifest-detail',
    operationId: 'getShippedManifestDetail',
    summary:
      'Each shipment of a range, oldest ship date first: its order, tracking number, carrier and service, warehouse, packages, weight, cost, and its manifest and whether that is closed; paginated',
    permission: 'read',
    query: shippedManifestDetailQuery,
    status: 200,
    get response() {
      return shippedManifestDetailAnswer();
    },
  }),
};
