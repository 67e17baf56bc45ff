/** Lambda entry of the orders group. */
import { createGroupHandler } from '../../shared/http/handler';
import { ordersCatalogue } from './routes';
import { workOrderOperations } from './work-order-operations';

export const handler = createGroupHandler(ordersCatalogue, { ...workOrderOperations });
