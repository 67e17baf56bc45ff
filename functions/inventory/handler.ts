/** Lambda entry of the inventory group. */
import { createGroupHandler } from '../../shared/http/handler';
import { inventoryOperations } from './operations';
import { inventoryCatalogue } from './routes';

export const handler = createGroupHandler(inventoryCatalogue, inventoryOperations);
