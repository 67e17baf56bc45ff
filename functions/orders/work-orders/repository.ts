import { tableName } from '../../../shared/db/client';
import { countItems } from '../../../shared/db/query';
import {
  warehouseKey,
  workOrderIndexKeys,
  workOrderKey,
  workOrdersInWarehouse,
} from '../../../shared/db/keys';
import type { TransactItem } from '../../../shared/db/transactions';
import { transactWrite } from '../../../shared/db/transactions';
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

/** The work order with a check of its warehouse. For open work orders, which touch no stock. */
export async function insertOpenWorkOrder(workOrder: WorkOrder): Promise<void> {
  await transactWrite({
    warehouse: {
      ConditionCheck: {
        TableName: tableName(),
        Key: warehouseKey(workOrder.warehouseId),
        ConditionExpression: `attribute_exists(PK) AND ${acceptsWorkOrdersCondition.expression}`,
        ExpressionAttributeValues: acceptsWorkOrdersCondition.values,
      },
    },
    workOrder: workOrderPut(workOrder),
  });
}

/** Open work orders of a warehouse, counted by the index (no items read back). */
export function countOpenWorkOrders(warehouseId: string): Promise<number> {
  return countItems({ ...workOrdersInWarehouse(warehouseId, 'open') });
}
