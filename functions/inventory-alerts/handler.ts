/** Lambda entry of the inventory-alerts group. */
import { createGroupHandler } from '../../shared/http/handler';
import { inventoryAlertsOperations } from './operations';
import { inventoryAlertsCatalogue } from './routes';

export const handler = createGroupHandler(inventoryAlertsCatalogue, inventoryAlertsOperations);
