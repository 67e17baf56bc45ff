/** Shipments across orders (interface §4.4): list, totals, the values of each filter, and the Excel export. */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import {
  exportResultSchema,
  shipmentExportInput,
  shipmentFiltersQuery,
  shipmentFilterValuesSchema,
  shipmentListQuery,
  shipmentSchema,
  shipmentTotalsQuery,
  shipmentTotalsSchema,
} from './schemas';

export const shipmentRoutes = {
  listShipments: route({
    method: 'GET',
    path: '/v1/orders/shipments',
    operationId: 'listShipments',
    summary:
      'Shipments across orders by ship date (newest first unless sort=shipDate), filtered by date range (default: the last 30 days), carrier, service, warehouse, status and source',
    permission: 'read',
    query: shipmentListQuery,
    status: 200,
    response: pageOf(shipmentSchema),
  }),
  getShipmentTotals: route({
    method: 'GET',
    path: '/v1/orders/shipments/totals',
    operationId: 'getShipmentTotals',
    summary:
      'Count, packages, weight and cost of the shipments the same filters select, by carrier and by service',
    permission: 'read',
    query: shipmentTotalsQuery,
    status: 200,
    response: shipmentTotalsSchema,
  }),
  getShipmentFilters: route({
    method: 'GET',
    path: '/v1/orders/shipments/filters',
    operationId: 'getShipmentFilters',
    summary:
      'The carriers, services, warehouses, statuses and sources present in a date range, with their counts',
    permission: 'read',
    query: shipmentFiltersQuery,
    status: 200,
    response: shipmentFilterValuesSchema,
  }),
  exportShipments: route({
    method: 'POST',
    path: '/v1/orders/shipments/export',
    // No read of exports: the same request with the same key answers the export it made.
    outcomeRead: 'replay',
    operationId: 'exportShipments',
    summary:
      'Export the shipments the filters select to an Excel file; answers a presigned download URL valid for 15 minutes',
    permission: 'read',
    body: shipmentExportInput,
    status: 201,
    response: exportResultSchema,
    // An export reads up to 100k shipments and writes a workbook: a few at a time.
    throttle: { rateLimit: 2, burstLimit: 5 },
  }),
};
