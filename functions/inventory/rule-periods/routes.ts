/** Rule periods: date ranges overriding a stock rule, planned by operators; deletes need managers. */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import { rulePeriodIdParams, rulePeriodInputSchema, rulePeriodListQuery, rulePeriodSchema } from './schemas';

export const rulePeriodRoutes = {
  listRulePeriods: route({
    method: 'GET',
    path: '/v1/inventory/rules/periods',
    operationId: 'listRulePeriods',
    summary: 'List rule periods by start date, for one rule or all, optionally those active on a day',
    permission: 'read',
    query: rulePeriodListQuery,
    status: 200,
    response: pageOf(rulePeriodSchema),
  }),
  createRulePeriod: route({
    method: 'POST',
    path: '/v1/inventory/rules/periods',
    operationId: 'createRulePeriod',
    summary: "Override a stock rule's levels for a date range (periods of one rule never overlap)",
    permission: 'write',
    body: rulePeriodInputSchema,
    status: 201,
    response: rulePeriodSchema,
    versioned: true,
  }),
  updateRulePeriod: route({
    method: 'PUT',
    path: '/v1/inventory/rules/periods/{id}',
    operationId: 'updateRulePeriod',
    summary: 'Replace a rule period (If-Match honoured)',
    permission: 'write',
    params: rulePeriodIdParams,
    body: rulePeriodInputSchema,
    status: 200,
    response: rulePeriodSchema,
    versioned: true,
  }),
  deleteRulePeriod: route({
    method: 'DELETE',
    path: '/v1/inventory/rules/periods/{id}',
    operationId: 'deleteRulePeriod',
    summary: 'Delete a rule period',
    permission: 'manage',
    params: rulePeriodIdParams,
    status: 204,
    versioned: true,
  }),
};
