/** Alert rules: when stock of SKUs in warehouses is low, and what to do about it. */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import { alertRuleIdParams, alertRuleInputSchema, alertRuleListQuery, alertRuleSchema } from './schemas';

export const alertRuleRoutes = {
  listAlertRules: route({
    method: 'GET',
    path: '/v1/inventory/alert-rules',
    operationId: 'listAlertRules',
    summary:
      'List alert rules by name, filtered by enabled, a warehouse they apply in, a SKU they cover or the rule list they target',
    permission: 'read',
    query: alertRuleListQuery,
    status: 200,
    response: pageOf(alertRuleSchema),
  }),
  createAlertRule: route({
    method: 'POST',
    path: '/v1/inventory/alert-rules',
    operationId: 'createAlertRule',
    summary:
      'Create an alert rule: a scope (SKU patterns, a rule list, warehouses) and a condition (available below a quantity, or days of cover below lead time plus safety days)',
    permission: 'write',
    body: alertRuleInputSchema,
    status: 201,
    response: alertRuleSchema,
    versioned: true,
  }),
  getAlertRule: route({
    method: 'GET',
    path: '/v1/inventory/alert-rules/{id}',
    operationId: 'getAlertRule',
    summary:
      'Get an alert rule, with its rule list and every SKU on it, and where it holds now: each SKU low, with its reorder suggestion and the numbers behind it',
    permission: 'read',
    params: alertRuleIdParams,
    status: 200,
    response: alertRuleSchema,
    versioned: true,
  }),
  updateAlertRule: route({
    method: 'PUT',
    path: '/v1/inventory/alert-rules/{id}',
    operationId: 'updateAlertRule',
    summary: 'Replace an alert rule (If-Match honoured)',
    permission: 'write',
    params: alertRuleIdParams,
    body: alertRuleInputSchema,
    status: 200,
    response: alertRuleSchema,
    versioned: true,
  }),
  deleteAlertRule: route({
    method: 'DELETE',
    path: '/v1/inventory/alert-rules/{id}',
    operationId: 'deleteAlertRule',
    summary: 'Delete an alert rule (If-Match honoured)',
    permission: 'manage',
    params: alertRuleIdParams,
    status: 204,
    versioned: true,
  }),
};
