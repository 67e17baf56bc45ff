/** Lambda entry of the fulfillment group. */
import { createGroupHandler } from '../../shared/http/handler';
import { formOperations } from './forms/operations';
import { manifestOperations } from './manifests/operations';
import { fulfillmentCatalogue } from './routes';
import { shipNowOperations } from './ship-now/operations';

export const handler = createGroupHandler(fulfillmentCatalogue, {
  ...shipNowOperations,
  ...formOperations,
  ...manifestOperations,
});
