import { tableName } from '../../../shared/db/client';
import { workOrderIndexKeys, workOrderKey } from '../../../shared/db/keys';
import type { TransactItem } from '../../../shared/db/transactions';
import type { WorkOrder } from './schemas';

export const acceptsWorkOrdersCondition = {
  expression: 'active = :yes AND acceptsWorkOrders = :yes',
  values: { ':yes': true },
};

/** The work order as a transaction item (entity `work-order`: its insert is the domain event). */
export function workOrderPut(workOrder: WorkOrder): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...workOrderKey(workOrder.id),
        ...workOrderIndexKeys(workOrder),
        entity: 'work-order',
        ...workOrder,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}
