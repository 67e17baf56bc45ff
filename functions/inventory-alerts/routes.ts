/**
 * The inventory-alerts group's contract (interface §4.7): data only, no I/O.
 *
 * Permissions: reads need `read`; rules, factors and lists are day-to-day planning (`write`); deletes of
 * rules, factors and whole lists need `manage`; removing SKUs from a list is an edit (`write`).
 */
import { defineGroup } from '../../shared/http/catalogue';
import { alertRuleRoutes } from './alert-rules/routes';
import { ruleListRoutes } from './rule-lists/routes';
import { seasonalFactorRoutes } from './seasonal-factors/routes';

export const inventoryAlertsCatalogue = defineGroup(
  'inventory-alerts',
  {
    ...alertRuleRoutes,
    ...seasonalFactorRoutes,
    ...ruleListRoutes,
  },
  { memoryMb: 1024, timeoutSeconds: 25 },
);
