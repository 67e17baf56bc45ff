/** Order statuses (interface §4.6): built-in ones and custom ones, each in a fixed category. */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import {
  statusDeleteQuery,
  statusDeleteResult,
  statusIdParams,
  statusInputSchema,
  statusListQuery,
  statusSchema,
} from './schemas';

export const statusRoutes = {
  listOrderStatuses: route({
    method: 'GET',
    path: '/v1/orders/statuses',
    operationId: 'listOrderStatuses',
    summary: 'Every order status: built-in ones first, then custom ones by name (paged, filter by category)',
    permission: 'read',
    query: statusListQuery,
    status: 200,
    response: pageOf(statusSchema),
  }),
  createOrderStatus: route({
    method: 'POST',
    path: '/v1/orders/statuses',
    operationId: 'createOrderStatus',
    summary: 'Create a custom status in a category (names are unique, case-insensitively)',
    permission: 'manage',
    body: statusInputSchema,
    status: 201,
    response: statusSchema,
  }),
  deleteOrderStatus: route({
    method: 'DELETE',
    path: '/v1/orders/statuses/{statusId}',
    operationId: 'deleteOrderStatus',
    summary:
      'Delete a custom status; one that orders or rules use needs ?replacementStatusId=, which they move to',
    permission: 'manage',
    params: statusIdParams,
    query: statusDeleteQuery,
    status: 200,
    response: statusDeleteResult,
  }),
};
