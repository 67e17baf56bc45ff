/** Order histories (interface §4.4): one kind of change at a time, or every kind merged, newest first. */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import { historyEntrySchema, historyListQuery, historyParams } from './schemas';

const window =
  'paginated, optionally between `from` and `to` (ISO 8601 instants, or dates: a date `to` includes its whole UTC day)';

export const historyRoutes = {
  listOrderStatusHistory: route({
    method: 'GET',
    path: '/v1/orders/{orderId}/status-history',
    operationId: 'listOrderStatusHistory',
    summary: `The order's status changes, newest first, ${window}`,
    permission: 'read',
    params: historyParams,
    query: historyListQuery,
    status: 200,
    response: pageOf(historyEntrySchema),
  }),
  listOrderAddressHistory: route({
    method: 'GET',
    path: '/v1/orders/{orderId}/address-history',
    operationId: 'listOrderAddressHistory',
    summary: `The order's ship-to address changes, newest first, ${window}`,
    permission: 'read',
    params: historyParams,
    query: historyListQuery,
    status: 200,
    response: pageOf(historyEntrySchema),
  }),
  listOrderFulfillmentHistory: route({
    method: 'GET',
    path: '/v1/orders/{orderId}/fulfillment-history',
    operationId: 'listOrderFulfillmentHistory',
    summary: `The order's shipments recorded and removed, newest first, ${window}`,
    permission: 'read',
    params: historyParams,
    query: historyListQuery,
    status: 200,
    response: pageOf(historyEntrySchema),
  }),
  listOrderEditHistory: route({
    method: 'GET',
    path: '/v1/orders/{orderId}/edit-history',
    operationId: 'listOrderEditHistory',
    summary: `The order's edits (created, replaced, lines cancelled and reinstated), newest first, ${window}`,
    permission: 'read',
    params: historyParams,
    query: historyListQuery,
    status: 200,
    response: pageOf(historyEntrySchema),
  }),
  listOrderHistory: route({
    method: 'GET',
    path: '/v1/orders/{orderId}/history',
    operationId: 'listOrderHistory',
    summary: `Every change to the order (status, address, fulfillment, edit, payment, rule) merged, newest first, ${window}`,
    permission: 'read',
    params: historyParams,
    query: historyListQuery,
    status: 200,
    response: pageOf(historyEntrySchema),
  }),
};
