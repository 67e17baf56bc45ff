/** The orders group's contract (interface §4.6): data only, no I/O. Each part declares its routes. */
import { defineGroup } from '../../shared/http/catalogue';
import { automationRuleRoutes } from './automation-rules/routes';
import { columnViewRoutes } from './column-views/routes';
import { orderRoutes } from './orders/routes';
import { statusRoutes } from './statuses/routes';
import { workOrderRoutes } from './work-orders/routes';

export const ordersCatalogue = defineGroup(
  'orders',
  {
    ...orderRoutes,
    ...statusRoutes,
    ...columnViewRoutes,
    ...automationRuleRoutes,
    ...workOrderRoutes,
  },
  { memoryMb: 1024, timeoutSeconds: 25 },
);
