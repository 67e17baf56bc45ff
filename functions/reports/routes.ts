/**
 * The reports group's contract (interface §4.1). Data only, no I/O. Each part (sales and dashboard,
 * shipping, inventory, exports) declares its routes in its own file; the operations import their part's
 * routes, never this file, so the imports point one way.
 */
import { defineGroup } from '../../shared/http/catalogue';
import { exportRoutes } from './exports/routes';
import { inventoryRoutes } from './inventory/routes';
import { salesRoutes } from './sales-routes';
import { shippingRoutes } from './shipping/routes';
// Exports and report files render inside the request: their concurrency is reserved and capped so a
// month-end rush of them never takes the account's concurrency from order and fulfillment work.
export const reportsCatalogue = defineGroup(
  'reports',
  {
    ...salesRoutes,
    ...shippingRoutes,
    ...inventoryRoutes,
    ...exportRoutes,
  },
  { memoryMb: 1024, timeoutSeconds: 25, reservedConcurrency: 10 },
);
