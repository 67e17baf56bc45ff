/** Mapping templates (interface §4.2); apply is declared with the listings. */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import {
  duplicateBody,
  templateDeleteQuery,
  templateIdParams,
  templateInputSchema,
  templateListQuery,
  templateSchema,
} from './schemas';

const base = '/v1/platform/taxonomy-mappings/templates';

export const templateRoutes = {
  listTaxonomyTemplates: route({
    method: 'GET',
    path: base,
    operationId: 'listTaxonomyTemplates',
    summary: 'List mapping templates by name; filter by channel and name prefix',
    permission: 'read',
    query: templateListQuery,
    status: 200,
    response: pageOf(templateSchema),
  }),
  createTaxonomyTemplate: route({
    method: 'POST',
    path: base,
    operationId: 'createTaxonomyTemplate',
    summary: "Create a template: a channel's category mappings and attribute mappings, applied together",
    permission: 'write',
    body: templateInputSchema,
    status: 201,
    response: templateSchema,
    versioned: true,
  }),
  getTaxonomyTemplate: route({
    method: 'GET',
    path: `${base}/{templateId}`,
    operationId: 'getTaxonomyTemplate',
    summary: 'Get a template',
    permission: 'read',
    params: templateIdParams,
    status: 200,
    response: templateSchema,
    versioned: true,
  }),
  replaceTaxonomyTemplate: route({
    method: 'PUT',
    path: `${base}/{templateId}`,
    operationId: 'replaceTaxonomyTemplate',
    summary:
      'Replace a template (If-Match honoured); listings keep the version that made them until applied again',
    permission: 'write',
    params: templateIdParams,
    body: templateInputSchema,
    status: 200,
    response: templateSchema,
    versioned: true,
  }),
  deleteTaxonomyTemplate: route({
    method: 'DELETE',
    path: `${base}/{templateId}`,
    operationId: 'deleteTaxonomyTemplate',
    summary: 'Delete a template; 409 while channel listings name it, unless force=true (the listings stay)',
    permission: 'manage',
    params: templateIdParams,
    query: templateDeleteQuery,
    status: 204,
  }),
  duplicateTaxonomyTemplate: route({
    method: 'POST',
    path: `${base}/{templateId}/duplicate`,
    operationId: 'duplicateTaxonomyTemplate',
    summary: 'Copy a template under a new id and name ("<name> (copy)" when no name is given)',
    permission: 'write',
    params: templateIdParams,
    body: duplicateBody,
    status: 201,
    response: templateSchema,
    versioned: true,
  }),
};
