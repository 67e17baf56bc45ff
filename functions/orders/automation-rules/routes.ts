/** Automation rules (interface §4.6): applied in priority order when an order is written. */
import { route } from '../../../shared/http/catalogue';
import { pageOf } from '../../../shared/http/schemas';
import { automationRuleInputSchema, automationRuleListQuery, automationRuleSchema } from './schemas';

export const automationRuleRoutes = {
  listAutomationRules: route({
    method: 'GET',
    path: '/v1/orders/automation-rules',
    operationId: 'listAutomationRules',
    summary:
      'Automation rules in the order they run (priority, then creation), filtered by trigger and enabled',
    permission: 'read',
    query: automationRuleListQuery,
    status: 200,
    response: pageOf(automationRuleSchema),
  }),
  createAutomationRule: route({
    method: 'POST',
    path: '/v1/orders/automation-rules',
    operationId: 'createAutomationRule',
    summary:
      'Create a rule: trigger, all/any conditions on order fields, actions, priority (lower runs first)',
    permission: 'manage',
    body: automationRuleInputSchema,
    status: 201,
    response: automationRuleSchema,
  }),
};
