/** Seasonal factors: multipliers of sales velocity for a month, an ISO week or a range of dates. */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import {
  seasonalFactorIdParams,
  seasonalFactorInputSchema,
  seasonalFactorListQuery,
  seasonalFactorSchema,
} from './schemas';

export const seasonalFactorRoutes = {
  listSeasonalFactors: route({
    method: 'GET',
    path: '/v1/inventory/seasonal-factors',
    operationId: 'listSeasonalFactors',
    summary:
      'List seasonal factors, by the SKU they apply to, an exact SKU pattern, or a day they apply on. Factors that apply to one SKU on one day multiply',
    permission: 'read',
    query: seasonalFactorListQuery,
    status: 200,
    response: pageOf(seasonalFactorSchema),
  }),
  createSeasonalFactor: route({
    method: 'POST',
    path: '/v1/inventory/seasonal-factors',
    operationId: 'createSeasonalFactor',
    summary:
      'Create a seasonal factor (multiplier 0.01 to 20, base 1.0) for a month, an ISO week or a date range, for every SKU, SKU patterns or a rule list; factors that overlap on a day multiply',
    permission: 'write',
    body: seasonalFactorInputSchema,
    status: 201,
    response: seasonalFactorSchema,
    versioned: true,
  }),
  updateSeasonalFactor: route({
    method: 'PUT',
    path: '/v1/inventory/seasonal-factors/{id}',
    operationId: 'updateSeasonalFactor',
    summary: 'Replace a seasonal factor (If-Match honoured)',
    permission: 'write',
    params: seasonalFactorIdParams,
    body: seasonalFactorInputSchema,
    status: 200,
    response: seasonalFactorSchema,
    versioned: true,
  }),
  deleteSeasonalFactor: route({
    method: 'DELETE',
    path: '/v1/inventory/seasonal-factors/{id}',
    operationId: 'deleteSeasonalFactor',
    summary: 'Delete a seasonal factor (If-Match honoured)',
    permission: 'manage',
    params: seasonalFactorIdParams,
    status: 204,
    versioned: true,
  }),
};
