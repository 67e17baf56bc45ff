/** Column views (interface §4.6): saved order-grid layouts, private to their owner or shared. */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import { columnViewIdParams, columnViewInputSchema, columnViewListQuery, columnViewSchema } from './schemas';

// Every signed-in staff member keeps their own layouts: all three are `read`; ownership is checked inside.
export const columnViewRoutes = {
  listColumnViews: route({
    method: 'GET',
    path: '/v1/orders/column-views',
    operationId: 'listColumnViews',
    summary: "The caller's own column views and the shared ones, each once, by name (scope=mine|shared|all)",
    permission: 'read',
    query: columnViewListQuery,
    status: 200,
    response: pageOf(columnViewSchema),
  }),
  createColumnView: route({
    method: 'POST',
    path: '/v1/orders/column-views',
    operationId: 'createColumnView',
    summary: 'Save a grid layout (columns and widths, sort, filters), owned by the caller, private or shared',
    permission: 'read',
    body: columnViewInputSchema,
    status: 201,
    response: columnViewSchema,
  }),
  deleteColumnView: route({
    method: 'DELETE',
    path: '/v1/orders/column-views/{id}',
    operationId: 'deleteColumnView',
    summary: 'Delete a column view: its owner may, and a manager may delete shared ones',
    permission: 'read',
    params: columnViewIdParams,
    status: 204,
  }),
};
