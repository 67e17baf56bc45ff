/**
 * Every key the service writes, built by small pure functions. The table below is the data model;
 * the README repeats it. Entities carry `entity` (the domain-event name stem) when their changes are public.
 *
 * | entity              | PK                         | SK                    | GSI1 (PK / SK)                         | GSI2 (PK / SK)                         | GSI3 (PK / SK)            |
 * |---------------------|----------------------------|-----------------------|----------------------------------------|----------------------------------------|---------------------------|
 * | vendor              | VENDOR#<id>                | VENDOR                | VENDORS / NAME#<lower name>#<id>       | VENDORS / CODE#<lower code>            |                           |
 * | vendor code marker  | VENDOR_CODE#<lower code>   | VENDOR_CODE           |                                        |                                        |                           |
 * | po-source           | POSOURCE#<id>              | POSOURCE              | VENDOR#<vendorId> / POSOURCE#<sku>#<wh>| SKU#<sku> / POSOURCE#<vendorId>#<wh>   | POSOURCES / <id>          |
 * | po-source marker    | POSOURCE_UNIQ#<v>#<sku>#<wh>| POSOURCE_UNIQ        |                                        |                                        |                           |
 * | warehouse           | WAREHOUSE#<id>             | WAREHOUSE             | WAREHOUSES / CODE#<lower code>         |                                        |                           |
 * | idempotency record  | IDEMPOTENCY#<subject>#<op>#<key> | IDEMPOTENCY     |                                        |                                        |                           |
 *
 * | access pattern                               | query                                                   |
 * |----------------------------------------------|---------------------------------------------------------|
 * | vendor by id                                 | GetItem vendorKey(id)                                   |
 * | vendors by name (prefix), paginated          | Query GSI1 PK=VENDORS, SK begins_with NAME#<prefix>     |
 * | vendors by code (prefix), paginated          | Query GSI2 PK=VENDORS, SK begins_with CODE#<prefix>     |
 * | vendor code is free                          | ConditionCheck attribute_not_exists on the code marker  |
 * | po-sources of a vendor                       | Query GSI1 PK=VENDOR#<vendorId>                         |
 * | po-sources of a SKU                          | Query GSI2 PK=SKU#<sku>                                 |
 * | all po-sources                               | Query GSI3 PK=POSOURCES                                 |
 * | po-sources by ids                            | BatchGetItem poSourceKey(id)…                           |
 * | warehouses (all, by code)                    | Query GSI1 PK=WAREHOUSES                                |
 * | idempotency record of a request              | GetItem idempotencyKey(subject, operationId, key)       |
 */

export interface ItemKey {
  PK: string;
  SK: string;
  [attribute: string]: string;
}

const lower = (value: string) => value.toLowerCase();

export const vendorKey = (id: string): ItemKey => ({ PK: `VENDOR#${id}`, SK: 'VENDOR' });
export const vendorCodeKey = (code: string): ItemKey => ({
  PK: `VENDOR_CODE#${lower(code)}`,
  SK: 'VENDOR_CODE',
});
export const vendorIndexKeys = (vendor: { id: string; name: string; code: string }) => ({
  GSI1PK: 'VENDORS',
  GSI1SK: `NAME#${lower(vendor.name)}#${vendor.id}`,
  GSI2PK: 'VENDORS',
  GSI2SK: `CODE#${lower(vendor.code)}`,
});
export const vendorsByNamePrefix = (prefix = '') => ({ pk: 'VENDORS', skPrefix: `NAME#${lower(prefix)}` });
export const vendorsByCodePrefix = (prefix = '') => ({ pk: 'VENDORS', skPrefix: `CODE#${lower(prefix)}` });

export const poSourceKey = (id: string): ItemKey => ({ PK: `POSOURCE#${id}`, SK: 'POSOURCE' });
export const poSourceUniqueKey = (source: {
  vendorId: string;
  sku: string;
  warehouseId: string;
}): ItemKey => ({
  PK: `POSOURCE_UNIQ#${source.vendorId}#${source.sku}#${source.warehouseId}`,
  SK: 'POSOURCE_UNIQ',
});
export const poSourceIndexKeys = (source: {
  id: string;
  vendorId: string;
  sku: string;
  warehouseId: string;
}) => ({
  GSI1PK: `VENDOR#${source.vendorId}`,
  GSI1SK: `POSOURCE#${source.sku}#${source.warehouseId}`,
  GSI2PK: `SKU#${source.sku}`,
  GSI2SK: `POSOURCE#${source.vendorId}#${source.warehouseId}`,
  GSI3PK: 'POSOURCES',
  GSI3SK: source.id,
});
export const poSourcesOfVendor = (vendorId: string) => ({ pk: `VENDOR#${vendorId}`, skPrefix: 'POSOURCE#' });
export const poSourcesOfSku = (sku: string) => ({ pk: `SKU#${sku}`, skPrefix: 'POSOURCE#' });
export const allPoSources = () => ({ pk: 'POSOURCES', skPrefix: '' });

export const warehouseKey = (id: string): ItemKey => ({ PK: `WAREHOUSE#${id}`, SK: 'WAREHOUSE' });
export const warehouseIndexKeys = (warehouse: { code: string }) => ({
  GSI1PK: 'WAREHOUSES',
  GSI1SK: `CODE#${lower(warehouse.code)}`,
});
export const allWarehouses = () => ({ pk: 'WAREHOUSES', skPrefix: 'CODE#' });

export const idempotencyKey = (subject: string, operationId: string, key: string): ItemKey => ({
  PK: `IDEMPOTENCY#${subject}#${operationId}#${key}`,
  SK: 'IDEMPOTENCY',
});

/** Attributes that are storage, not resource fields: stripped before an item leaves a repository. */
export const storageAttributes = [
  'PK',
  'SK',
  'GSI1PK',
  'GSI1SK',
  'GSI2PK',
  'GSI2SK',
  'GSI3PK',
  'GSI3SK',
  'entity',
  'expiresAt',
] as const;

export function withoutStorageAttributes<T extends Record<string, unknown>>(
  item: T,
): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...item };
  for (const attribute of storageAttributes) delete copy[attribute];
  return copy;
}
