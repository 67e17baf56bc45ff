/** The orders group's contract (interface §4.6): data only, no I/O. Each part declares its routes. */
import { defineGroup } from '../../shared/http/catalogue';
import { workOrderRoutes } from './work-order-routes';

export const ordersCatalogue = defineGroup('orders', {
  ...workOrderRoutes,
});
