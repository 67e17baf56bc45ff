import { tableName } from '../../../shared/db/client';
import { workOrderIndexKeys, workOrderKey } from '../../../shared/db/keys';
import type { TransactItem } from '../../../shared/db/transactions';
import type { WarehouseCondition } from '../../../shared/warehouses/counters';
import type { WorkOrder } from './schemas';

/** On the warehouse's counter shards, where its edits copy these flags (shared/warehouses/counters.ts). */
export const acceptsWorkOrdersCondition: WarehouseCondition = {
  expression: 'attribute_not_exists(inactive) AND attribute_not_exists(refusesWorkOrders)',
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
