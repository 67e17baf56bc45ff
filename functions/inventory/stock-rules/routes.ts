/** Stock rules: minimum and maximum levels, planned by operators; deletes need managers. */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import { stockRuleIdParams, stockRuleInputSchema, stockRuleListQuery, stockRuleSchema } from './schemas';

export const stockRuleRoutes = {
  listStockRules: route({
    method: 'GET',
    path: '/v1/inventory/rules',
    operationId: 'listStockRules',
    summary: 'List stock rules by SKU pattern, filtered by warehouse, matching SKU and enabled flag',
    permission: 'read',
    query: stockRuleListQuery,
    status: 200,
    response: pageOf(stockRuleSchema),
  }),
  createStockRule: route({
    method: 'POST',
    path: '/v1/inventory/rules',
    operationId: 'createStockRule',
    summary:
      'Create a stock rule: minimum and maximum levels for a SKU or SKU prefix, in one or every warehouse',
    permission: 'write',
    body: stockRuleInputSchema,
    status: 201,
    response: stockRuleSchema,
    versioned: true,
  }),
  getStockRule: route({
    method: 'GET',
    path: '/v1/inventory/rules/{id}',
    operationId: 'getStockRule',
    summary: 'Get a stock rule',
    permission: 'read',
    params: stockRuleIdParams,
    status: 200,
    response: stockRuleSchema,
    versioned: true,
  }),
  updateStockRule: route({
    method: 'PUT',
    path: '/v1/inventory/rules/{id}',
    operationId: 'updateStockRule',
    summary: 'Replace a stock rule (If-Match honoured); its periods stay',
    permission: 'write',
    params: stockRuleIdParams,
    body: stockRuleInputSchema,
    status: 200,
    response: stockRuleSchema,
    versioned: true,
  }),
  deleteStockRule: route({
    method: 'DELETE',
    path: '/v1/inventory/rules/{id}',
    operationId: 'deleteStockRule',
    summary: 'Delete a stock rule and its periods, all or none',
    permission: 'manage',
    params: stockRuleIdParams,
    status: 204,
    versioned: true,
  }),
};
