/** Category mappings and their cross-reference (interface §4.2). */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import {
  categoryMappingInputSchema,
  categoryMappingSchema,
  crossReferenceQuery,
  crossReferenceRowSchema,
  mappingListQuery,
  mappingRowSchema,
} from './schemas';

export const mappingRoutes = {
  listTaxonomyMappings: route({
    method: 'GET',
    path: '/v1/platform/taxonomy-mappings',
    operationId: 'listTaxonomyMappings',
    summary:
      'List category mappings by internal path; filter by channel, internal path prefix and status (mapped, retired, or unmapped: internal categories an apply met with no mapping)',
    permission: 'read',
    query: mappingListQuery,
    status: 200,
    response: pageOf(mappingRowSchema),
  }),
  upsertTaxonomyMapping: route({
    method: 'POST',
    path: '/v1/platform/taxonomy-mappings',
    operationId: 'upsertTaxonomyMapping',
    summary:
      "Create or replace the mapping of an internal category to a channel's category (one per channel and internal path; If-Match when replacing), with attribute mappings",
    permission: 'write',
    body: categoryMappingInputSchema,
    status: 200,
    createdStatus: 201,
    response: categoryMappingSchema,
    versioned: true,
  }),
  crossReferenceTaxonomyMappings: route({
    method: 'GET',
    path: '/v1/platform/taxonomy-mappings/cross-reference',
    operationId: 'crossReferenceTaxonomyMappings',
    summary:
      'Per internal category, its category in every known channel and the channels where it is unmapped; filter by channel and internal path prefix',
    permission: 'read',
    query: crossReferenceQuery,
    status: 200,
    response: pageOf(crossReferenceRowSchema),
  }),
};
