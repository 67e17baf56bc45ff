/**
 * The taxonomy group's contract (interface §4.2): data only, no I/O.
 *
 * Permissions: reads and previews need `read`; mappings, attributes, templates and applies are day-to-day
 * catalogue work (`write`); deleting a template needs `manage`.
 */
import { defineGroup } from '../../shared/http/catalogue';
import { attributeRoutes } from './attributes/routes';
import { listingRoutes } from './listings/routes';
import { mappingRoutes } from './mappings/routes';
import { templateRoutes } from './templates/routes';

export const taxonomyCatalogue = defineGroup(
  'taxonomy',
  {
    ...mappingRoutes,
    ...attributeRoutes,
    ...templateRoutes,
    ...listingRoutes,
  },
  { memoryMb: 1024, timeoutSeconds: 25 },
);
