/**
 * The inventory group's contract (interface §4.5): data only, no I/O.
 *
 * Permissions: reads need `read`. Warehouses and the alert settings are set-up, changed by managers
 * (`manage`); stock rules and their periods are day-to-day planning, created and edited by operators
 * (`write`); every delete needs `manage`.
 */
import { defineGroup } from '../../shared/http/catalogue';
import { alertSettingsRoutes } from './alert-settings/routes';
import { rulePeriodRoutes } from './rule-periods/routes';
import { stockRuleRoutes } from './stock-rules/routes';
import { warehouseRoutes } from './warehouses/routes';

export const inventoryCatalogue = defineGroup(
  'inventory',
  {
    ...warehouseRoutes,
    ...alertSettingsRoutes,
    ...stockRuleRoutes,
    ...rulePeriodRoutes,
  },
  { memoryMb: 1024, timeoutSeconds: 25 },
);
