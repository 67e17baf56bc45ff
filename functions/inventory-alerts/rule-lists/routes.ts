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
    summary:
      'Remove SKUs from a rule list, named in the body ({listId, skus}) or the query (?listId=…&skus=A,B); answers the list',
    permission: 'write',
    query: ruleListItemsQuery,
    body: z.optional(ruleListItemsBody),
    status: 200,
    response: ruleListSchema,
  }),
};
