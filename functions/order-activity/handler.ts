/** Lambda entry of the order-activity group. */
import { createGroupHandler } from '../../shared/http/handler';
import { historyOperations } from './histories/operations';
import { noteOperations } from './notes/operations';
import { orderActivityCatalogue } from './routes';
import { shipmentOperations } from './shipments/operations';
import { trackingOperations } from './tracking/operations';

export const handler = createGroupHandler(orderActivityCatalogue, {
  ...trackingOperations,
  ...historyOperations,
  ...noteOperations,
  ...shipmentOperations,
});
