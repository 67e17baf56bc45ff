/** Rule lists: named SKU lists alert rules and seasonal factors target. The interface has no read of them. */
import * as z from 'zod/mini';
import { route } from '../../../shared/http/catalogue';
import {
  ruleListDeleteBody,
  ruleListDeleteQuery,
  ruleListDeleteResult,
  ruleListInputSchema,
  ruleListItemsBody,
  ruleListItemsQuery,
  ruleListSchema,
} from './schemas';

export const ruleListRoutes = {
  createRuleList: route({
    method: 'POST',
    path: '/v1/inventory/rule-lists',
    operationId: 'createRuleList',
    // The interface has no read of lists, and no rule targets a new one: the same key answers it.
    outcomeRead: 'replay',
    summary: 'Create a named SKU list (at most 10,000 SKUs), with its first SKUs if given; answers the list',
    permission: 'write',
    body: ruleListInputSchema,
    status: 201,
    response: ruleListSchema,
  }),
  deleteRuleLists: route({
    method: 'DELETE',
    path: '/v1/inventory/rule-lists',
    operationId: 'deleteRuleLists',
    // The rules a forced delete removes, and those that target the lists still.
    outcomeRead: 'GET /v1/inventory/alert-rules',
    summary:
      'Delete rule lists named by ids in the query (?ids=a,b) or the body, all or none: 409 naming the alert rules and seasonal factors that target them, unless force, which deletes those too',
    permission: 'manage',
    query: ruleListDeleteQuery,
    body: z.optional(ruleListDeleteBody),
    status: 200,
    response: ruleListDeleteResult,
  }),
  addRuleListItems: route({
    method: 'POST',
    path: '/v1/inventory/rule-lists/items',
    operationId: 'addRuleListItems',
    // An alert rule that targets the list answers its SKUs (DESIGN §4).
    outcomeRead: 'GET /v1/inventory/alert-rules/{id}',
    summary:
      'Add SKUs to a rule list (a set: SKUs already on it stay once, so a retry is harmless); answers the list',
    permission: 'write',
    body: ruleListItemsBody,
    status: 200,
    response: ruleListSchema,
  }),
  removeRuleListItems: route({
    method: 'DELETE',
    path: '/v1/inventory/rule-lists/items',
    operationId: 'removeRuleListItems',
    outcomeRead: 'GET /v1/inventory/alert-rules/{id}',
    summary:
      'Remove SKUs from a rule list, named in the body ({listId, skus}) or the query (?listId=…&skus=A,B); answers the list',
    permission: 'write',
    query: ruleListItemsQuery,
    body: z.optional(ruleListItemsBody),
    status: 200,
    response: ruleListSchema,
  }),
};
