/** Lambda entry of the reports group. */
import { createGroupHandler } from '../../shared/http/handler';
import { exportOperations } from './exports/operations';
import { inventoryOperations } from './inventory/operations';
import { reportOperations } from './operations';
import { reportsCatalogue } from './routes';
import { shippingOperations } from './shipping/operations';

export const handler = createGroupHandler(reportsCatalogue, {
  ...reportOperations,
  ...shippingOperations,
  ...inventoryOperations,
  ...exportOperations,
});
