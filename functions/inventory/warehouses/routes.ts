/** Warehouses (set-up: managers change them). */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import {
  warehouseDeleteQuery,
  warehouseIdParams,
  warehouseInputSchema,
  warehouseListQuery,
  warehouseViewSchema,
} from './schemas';

export const warehouseRoutes = {
  listWarehouses: route({
    method: 'GET',
    path: '/v1/inventory/warehouses',
    operationId: 'listWarehouses',
    summary: 'List warehouses by code, filtered by their active, work-order and purchase-order flags',
    permission: 'read',
    query: warehouseListQuery,
    status: 200,
    response: pageOf(warehouseViewSchema),
  }),
  createWarehouse: route({
    method: 'POST',
    path: '/v1/inventory/warehouses',
    operationId: 'createWarehouse',
    summary:
      'Create a warehouse (codes unique case-insensitively; the first one is the default, and the default is active)',
    permission: 'manage',
    body: warehouseInputSchema,
    status: 201,
    response: warehouseViewSchema,
    versioned: true,
  }),
  getWarehouse: route({
    method: 'GET',
    path: '/v1/inventory/warehouses/{id}',
    operationId: 'getWarehouse',
    summary: 'Get a warehouse with a summary of the stock it holds',
    permission: 'read',
    params: warehouseIdParams,
    status: 200,
    response: warehouseViewSchema,
    versioned: true,
  }),
  updateWarehouse: route({
    method: 'PUT',
    path: '/v1/inventory/warehouses/{id}',
    operationId: 'updateWarehouse',
    summary: 'Replace a warehouse (If-Match honoured); isDefault: true makes it the default',
    permission: 'manage',
    params: warehouseIdParams,
    body: warehouseInputSchema,
    status: 200,
    response: warehouseViewSchema,
    versioned: true,
  }),
  deleteWarehouse: route({
    method: 'DELETE',
    path: '/v1/inventory/warehouses/{id}',
    operationId: 'deleteWarehouse',
    summary:
      'Delete a warehouse nothing uses (stock, allocations, purchase-order sources, stock rules); the default needs ?newDefaultId= unless last',
    permission: 'manage',
    params: warehouseIdParams,
    query: warehouseDeleteQuery,
    status: 204,
    versioned: true,
  }),
};
