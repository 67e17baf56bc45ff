/** The vendors group's contract (interface §4.9): data only, no I/O. Each part declares its routes. */
import { defineGroup } from '../../shared/http/catalogue';
import { poSourceRoutes } from './po-sources/routes';
import { vendorRoutes } from './vendors/routes';

export const vendorsCatalogue = defineGroup(
  'vendors',
  { ...vendorRoutes, ...poSourceRoutes },
  { memoryMb: 1024, timeoutSeconds: 25 },
);
