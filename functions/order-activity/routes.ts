/** The order-activity group's contract (interface §4.4): data only, no I/O. Each part declares its routes. */
import { defineGroup } from '../../shared/http/catalogue';
import { historyRoutes } from './histories/routes';
import { noteRoutes } from './notes/routes';
import { shipmentRoutes } from './shipments/routes';
import { trackingRoutes } from './tracking/routes';

export const orderActivityCatalogue = defineGroup(
  'order-activity',
  {
    ...trackingRoutes,
    ...historyRoutes,
    ...noteRoutes,
    ...shipmentRoutes,
  },
  { memoryMb: 1024, timeoutSeconds: 25 },
);
