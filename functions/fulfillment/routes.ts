/** The fulfillment group's contract (interface §4.3): data only, no I/O. Each part declares its routes. */
import { defineGroup } from '../../shared/http/catalogue';
import { formRoutes } from './forms/routes';
import { manifestRoutes } from './manifests/routes';
import { shipNowRoutes } from './ship-now/routes';

export const fulfillmentCatalogue = defineGroup(
  'fulfillment',
  {
    ...shipNowRoutes,
    ...formRoutes,
    ...manifestRoutes,
  },
  { memoryMb: 1024, timeoutSeconds: 25 },
);
