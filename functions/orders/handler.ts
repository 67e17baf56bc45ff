/** Lambda entry of the orders group. */
import { createGroupHandler } from '../../shared/http/handler';
import { automationRuleOperations } from './automation-rules/operations';
import { columnViewOperations } from './column-views/operations';
import { orderOperations } from './orders/operations';
import { ordersCatalogue } from './routes';
import { statusOperations } from './statuses/operations';
import { workOrderOperations } from './work-orders/operations';

export const handler = createGroupHandler(ordersCatalogue, {
  ...orderOperations,
  ...statusOperations,
  ...columnViewOperations,
  ...automationRuleOperations,
  ...workOrderOperations,
});
