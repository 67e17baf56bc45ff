/** Lambda entry of the orders group. */
import { createGroupHandler } from '../../shared/http/handler';
import { automationRuleOperations } from './automation-rule-operations';
import { columnViewOperations } from './column-view-operations';
import { orderOperations } from './order-operations';
import { ordersCatalogue } from './routes';
import { statusOperations } from './status-operations';
import { workOrderOperations } from './work-order-operations';

export const handler = createGroupHandler(ordersCatalogue, {
  ...orderOperations,
  ...statusOperations,
  ...columnViewOperations,
  ...automationRuleOperations,
  ...workOrderOperations,
});
