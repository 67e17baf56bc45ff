/** Purchase-order sources (interface §4.9): which vendor supplies a SKU into which receiving warehouse. */
import * as z from 'zod/mini';
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import { warehouseSchema } from '../../../shared/warehouses/warehouse';
import {
  poSourceDeleteBody,
  poSourceDeleteQuery,
  poSourceDeleteResult,
  poSourceInputSchema,
  poSourceListQuery,
  poSourceSchema,
  warehouseListQuery,
} from './schemas';

export const poSourceRoutes = {
  listPoSources: route({
    method: 'GET',
    path: '/v1/vendors/po-sources',
    operationId: 'listPoSources',
    summary: 'List purchase-order sources, by vendor, SKU or warehouse',
    permission: 'read',
    query: poSourceListQuery,
    status: 200,
    response: pageOf(poSourceSchema),
  }),
  createPoSource: route({
    method: 'POST',
    path: '/v1/vendors/po-sources',
    operationId: 'createPoSource',
    summary: 'Link a SKU to a vendor for a receiving warehouse (one per vendor, SKU and warehouse)',
    permission: 'write',
    body: poSourceInputSchema,
    status: 201,
    response: poSourceSchema,
  }),
  deletePoSources: route({
    method: 'DELETE',
    path: '/v1/vendors/po-sources',
    operationId: 'deletePoSources',
    summary: 'Delete purchase-order sources named by ids in the query (?ids=a,b) or the body, all or none',
    permission: 'manage',
    query: poSourceDeleteQuery,
    body: z.optional(poSourceDeleteBody),
    status: 200,
    response: poSourceDeleteResult,
  }),
  listPoSourceWarehouses: route({
    method: 'GET',
    path: '/v1/vendors/po-sources/warehouses',
    operationId: 'listPoSourceWarehouses',
    summary: 'Warehouses that can receive purchase orders (active, accepting purchase orders)',
    permission: 'read',
    query: warehouseListQuery,
    status: 200,
    response: pageOf(warehouseSchema),
  }),
};
