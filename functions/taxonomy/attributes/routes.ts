/** Channel attribute definitions, with the merchant's standing mapping to each (interface §4.2). */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import { attributeDefinitionInputSchema, attributeDefinitionSchema, attributeListQuery } from './schemas';

export const attributeRoutes = {
  listChannelAttributes: route({
    method: 'GET',
    path: '/v1/platform/taxonomy-mappings/attributes',
    operationId: 'listChannelAttributes',
    summary:
      "List channel attribute definitions (by channel, scope and name) with the merchant's standing mapping to each; filter by channel, the channel category they apply to, name and required",
    permission: 'read',
    query: attributeListQuery,
    status: 200,
    response: pageOf(attributeDefinitionSchema),
  }),
  upsertChannelAttribute: route({
    method: 'POST',
    path: '/v1/platform/taxonomy-mappings/attributes',
    operationId: 'upsertChannelAttribute',
    summary:
      'Create or replace a channel attribute definition (one per channel, scope and name; If-Match when replacing), with an optional standing mapping checked against it',
    permission: 'write',
    body: attributeDefinitionInputSchema,
    status: 200,
    createdStatus: 201,
    response: attributeDefinitionSchema,
    versioned: true,
  }),
};
