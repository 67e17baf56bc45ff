/** The orders group's contract (interface §4.6): data only, no I/O. Each part declares its routes. */
import { defineGroup } from '../../shared/http/catalogue';
import { automationRuleRoutes } from './automation-rule-routes';
import { columnViewRoutes } from './column-view-routes';
import { orderRoutes } from './order-routes';
import { statusRoutes } from './status-routes';
import { workOrderRoutes } from './work-order-routes';

export const ordersCatalogue = defineGroup('orders', {
  ...orderRoutes,
  ...statusRoutes,
  ...columnViewRoutes,
  ...automationRuleRoutes,
  ...workOrderRoutes,
});
