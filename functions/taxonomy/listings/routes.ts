/** Preview and apply (interface §4.2): what products become on a channel, and the listings kept. */
import { route } from '../../../shared/http/catalogue';
import { applyBody, applyResponse, previewBody, previewResponse } from './schemas';

export const listingRoutes = {
  previewTaxonomyMapping: route({
    method: 'POST',
    path: '/v1/platform/taxonomy-mappings/preview',
    operationId: 'previewTaxonomyMapping',
    summary:
      "What products (given, or listed by SKU) become under a template (by id or inline), an inline mapping, or the channel's mappings, without saving; per product the listing or the missing required attributes and invalid values",
    permission: 'read',
    body: previewBody,
    status: 200,
    response: previewResponse,
  }),
  applyTaxonomyTemplate: route({
    method: 'POST',
    path: '/v1/platform/taxonomy-mappings/templates/apply',
    operationId: 'applyTaxonomyTemplate',
    summary:
      'Apply a template over up to 500 products (given, or already listed on its channel by SKU): each product listed all or nothing, kept per channel and SKU with the template and version; per-product results and counts',
    permission: 'write',
    body: applyBody,
    status: 200,
    response: applyResponse,
  }),
};
