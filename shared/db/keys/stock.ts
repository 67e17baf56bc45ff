/** The stock ledger: stock records, staged stock changes and movements. */
import type { ItemKey } from './item-key';

export const stockKey = (sku: string, warehouseId: string): ItemKey => ({
  PK: `STOCK#${sku}`,
  SK: `WH#${warehouseId}`,
});
export const stockIndexKeys = (record: { sku: string; warehouseId: string }) => ({
  GSI1PK: `WH_STOCK#${record.warehouseId}`,
  GSI1SK: `SKU#${record.sku}`,
});
export const stockOfSku = (sku: string) => ({ pk: `STOCK#${sku}`, skPrefix: 'WH#' });
export const stockInWarehouse = (warehouseId: string) => ({
  index: 'GSI1' as const,
  pk: `WH_STOCK#${warehouseId}`,
  skPrefix: 'SKU#',
});

/** A stock change too large for one transaction: staged on its records, then confirmed or abandoned here. */
export const stockChangeKey = (id: string): ItemKey => ({ PK: `STOCKCHANGE#${id}`, SK: 'STOCKCHANGE' });

export const movementKey = (movement: { sku: string; at: string; id: string }): ItemKey => ({
  PK: `MOVEMENTS#SKU#${movement.sku}`,
  SK: `${movement.at}#${movement.id}`,
});
export const movementIndexKeys = (movement: { warehouseId: string; at: string; id: string }) => ({
  GSI1PK: `MOVEMENTS#WH#${movement.warehouseId}`,
  GSI1SK: `${movement.at}#${movement.id}`,
  GSI2PK: `MOVEMENTS#DAY#${movement.at.slice(0, 10)}`,
  GSI2SK: `${movement.at}#${movement.id}`,
});
export const movementsOfSku = (sku: string) => ({ pk: `MOVEMENTS#SKU#${sku}` });
export const movementsInWarehouse = (warehouseId: string) => ({
  index: 'GSI1' as const,
  pk: `MOVEMENTS#WH#${warehouseId}`,
});
