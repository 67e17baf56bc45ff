/** Work orders (interface §4.6): stock moves in one warehouse. */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import {
  workOrderInputSchema,
  workOrderSchema,
  workOrderWarehouseSchema,
  workOrderWarehousesQuery,
} from './schemas';

export const workOrderRoutes = {
  listWorkOrderWarehouses: route({
    method: 'GET',
    path: '/v1/orders/work-orders/warehouses',
    operationId: 'listWorkOrderWarehouses',
    summary: 'Active warehouses that accept work orders',
    permission: 'read',
    query: workOrderWarehousesQuery,
    status: 200,
    response: pageOf(workOrderWarehouseSchema),
  }),
  createWorkOrder: route({
    method: 'POST',
    path: '/v1/orders/work-orders',
    outcomeRead: 'GET /v1/reports/inventory/movements',
    operationId: 'createWorkOrder',
    summary:
      'Move stock in one warehouse (assembly, adjustment, receipt, count), applied when created: all lines or none',
    permission: 'write',
    body: workOrderInputSchema,
    status: 201,
    response: workOrderSchema,
  }),
};
