/** The returns group's contract (interface §4.8): data only, no I/O. Each part declares its routes. */
import { defineGroup } from '../../shared/http/catalogue';
import { returnRoutes } from './order-returns/routes';

export const returnsCatalogue = defineGroup('returns', returnRoutes, { memoryMb: 1024, timeoutSeconds: 25 });
