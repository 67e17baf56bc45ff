/** Vendors (interface §4.9): list, create, bulk delete (with their sources when asked), read, replace. */
import * as z from 'zod/mini';
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import {
  vendorDeleteBody,
  vendorDeleteQuery,
  vendorDeleteResult,
  vendorIdParams,
  vendorInputSchema,
  vendorListQuery,
  vendorSchema,
} from './schemas';

export const vendorRoutes = {
  listVendors: route({
    method: 'GET',
    path: '/v1/vendors',
    operationId: 'listVendors',
    summary: 'List vendors, by name or code, filtered by active flag and name or code prefix',
    permission: 'read',
    query: vendorListQuery,
    status: 200,
    response: pageOf(vendorSchema),
  }),
  createVendor: route({
    method: 'POST',
    path: '/v1/vendors',
    operationId: 'createVendor',
    summary: 'Create a vendor (codes are unique, case-insensitively)',
    permission: 'write',
    body: vendorInputSchema,
    status: 201,
    response: vendorSchema,
    versioned: true,
  }),
  deleteVendors: route({
    method: 'DELETE',
    path: '/v1/vendors',
    operationId: 'deleteVendors',
    summary: 'Delete vendors named by ids in the query (?ids=a,b) or the body, all or none',
    permission: 'manage',
    query: vendorDeleteQuery,
    body: z.optional(vendorDeleteBody),
    status: 200,
    response: vendorDeleteResult,
  }),
  getVendor: route({
    method: 'GET',
    path: '/v1/vendors/{id}',
    operationId: 'getVendor',
    summary: 'Get a vendor',
    permission: 'read',
    params: vendorIdParams,
    status: 200,
    response: vendorSchema,
    versioned: true,
  }),
  updateVendor: route({
    method: 'PUT',
    path: '/v1/vendors/{id}',
    operationId: 'updateVendor',
    summary: 'Replace a vendor (If-Match honoured)',
    permission: 'write',
    params: vendorIdParams,
    body: vendorInputSchema,
    status: 200,
    response: vendorSchema,
    versioned: true,
  }),
};
