/** Work orders. */
import type { ItemKey } from './item-key';

export const workOrderKey = (id: string): ItemKey => ({ PK: `WORKORDER#${id}`, SK: 'WORKORDER' });
export const workOrderIndexKeys = (workOrder: {
  id: string;
  warehouseId: string;
  status: string;
  createdAt: string;
}) => ({
  GSI1PK: `WORKORDERS#WH#${workOrder.warehouseId}`,
  GSI1SK: `${workOrder.status}#${workOrder.createdAt}#${workOrder.id}`,
});
export const workOrdersInWarehouse = (warehouseId: string, status?: string) => ({
  index: 'GSI1' as const,
  pk: `WORKORDERS#WH#${warehouseId}`,
  skPrefix: status ? `${status}#` : '',
});
