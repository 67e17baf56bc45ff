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
 * | warehouse code marker | WAREHOUSE_CODE#<lower code> | WAREHOUSE_CODE     |                                        |                                        |                           |
 * | default warehouse   | WAREHOUSE_DEFAULT          | WAREHOUSE_DEFAULT     |                                        |                                        |                           |
 * | stock record        | STOCK#<sku>                | WH#<warehouseId>      | WH_STOCK#<warehouseId> / SKU#<sku>     |                                        |                           |
 * | staged stock change | STOCKCHANGE#<id>           | STOCKCHANGE           |                                        |                                        |                           |
 * | stock movement      | MOVEMENTS#SKU#<sku>        | <at>#<id>             | MOVEMENTS#WH#<warehouseId> / <at>#<id> | MOVEMENTS#DAY#<yyyy-mm-dd> / <at>#<id> |                           |
 * | stock rule          | STOCKRULE#<id>             | STOCKRULE             | STOCKRULES / <pattern>#<wh or *>#<id>  |                                        |                           |
 * | stock rule marker   | STOCKRULE_UNIQ#<pattern>#<wh or *> | STOCKRULE_UNIQ |                                        |                                        |                           |
 * | rule period         | RULEPERIOD#<id>            | RULEPERIOD            | RULE_PERIODS#<ruleId> / <from>#<id>    | RULE_PERIODS / <from>#<id>             |                           |
 * | alert settings      | SETTINGS                   | INVENTORY_ALERTS      |                                        |                                        |                           |
 * | work order          | WORKORDER#<id>             | WORKORDER             | WORKORDERS#WH#<wh> / <status>#<at>#<id>|                                        |                           |
 * | order (header)      | ORDER#<id>                 | A#ORDER               | ORDERS#STATUS#<statusId> / <date>#<id> | ORDERS#DAY#<yyyy-mm-dd> / <date>#<id>  | ORDERS#CHANNEL#<ch> / <date>#<id> |
 * | order payment       | ORDER#<id>                 | A#PAYMENT#<at>#<pid>  |                                        |                                        |                           |
 * | order history entry | ORDER#<id>                 | H#<at>#<hid>          |                                        |                                        |                           |
 * | custom status       | STATUS#<id>                | STATUS                | STATUSES / <lower name>#<id>           |                                        |                           |
 * | status name marker  | STATUS_NAME#<lower name>   | STATUS_NAME           |                                        |                                        |                           |
 * | column view         | COLVIEW#<id>               | COLVIEW               | COLVIEWS#OWNER#<sub> / <name>#<id>     | COLVIEWS#SHARED / <name>#<id> (shared) |                           |
 * | automation rule     | AUTORULE#<id>              | AUTORULE              | AUTORULES / <priority:6>#<id>          |                                        |                           |
 * | idempotency record  | IDEMPOTENCY#<enc subject>#<enc op>#<enc key> | IDEMPOTENCY |                                        |                                        |                           |
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
 * | stock of a SKU in every warehouse            | Query PK=STOCK#<sku>                                    |
 * | stock records (for a movement)               | BatchGetItem stockKey(sku, warehouseId)…                |
 * | stock held in a warehouse                    | Query GSI1 PK=WH_STOCK#<warehouseId>                    |
 * | movements of a SKU over a date range         | Query PK=MOVEMENTS#SKU#<sku>, SK between <from> and <to>|
 * | movements in a warehouse over a date range   | Query GSI1 PK=MOVEMENTS#WH#<wh>, SK between             |
 * | movements on a day (all warehouses)          | Query GSI2 PK=MOVEMENTS#DAY#<day>                       |
 * | stock rules (by pattern)                     | Query GSI1 PK=STOCKRULES                                |
 * | periods of a rule (overlap check)            | Query GSI1 PK=RULE_PERIODS#<ruleId>                     |
 * | all rule periods by start date               | Query GSI2 PK=RULE_PERIODS                              |
 * | open work orders of a warehouse              | Query GSI1 PK=WORKORDERS#WH#<wh>, SK begins_with open#  |
 * | an order with its payments                   | Query PK=ORDER#<id>, SK begins_with A#                  |
 * | an order's history, newest first             | Query PK=ORDER#<id>, SK begins_with H#, descending      |
 * | orders in a status (status delete, move)     | Query GSI1 PK=ORDERS#STATUS#<statusId>                  |
 * | orders of a day / of a channel               | Query GSI2 PK=ORDERS#DAY#<day> / GSI3 PK=ORDERS#CHANNEL#<ch> |
 * | custom statuses by name                      | Query GSI1 PK=STATUSES                                  |
 * | column views of a user, shared column views  | Query GSI1 PK=COLVIEWS#OWNER#<sub>, GSI2 PK=COLVIEWS#SHARED |
 * | automation rules in priority order           | Query GSI1 PK=AUTORULES                                 |
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

export const warehouseCodeKey = (code: string): ItemKey => ({
  PK: `WAREHOUSE_CODE#${lower(code)}`,
  SK: 'WAREHOUSE_CODE',
});
/** Names the one default warehouse; every change of default goes through it, so there is exactly one. */
export const defaultWarehouseKey = (): ItemKey => ({ PK: 'WAREHOUSE_DEFAULT', SK: 'WAREHOUSE_DEFAULT' });

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
export const movementsInWarehouse = (warehouseId: string) => ({ pk: `MOVEMENTS#WH#${warehouseId}` });

export const stockRuleKey = (id: string): ItemKey => ({ PK: `STOCKRULE#${id}`, SK: 'STOCKRULE' });
export const stockRuleIndexKeys = (rule: { id: string; skuPattern: string; warehouseId?: string }) => ({
  GSI1PK: 'STOCKRULES',
  GSI1SK: `${rule.skuPattern}#${rule.warehouseId ?? '*'}#${rule.id}`,
});
export const stockRuleUniqueKey = (rule: { skuPattern: string; warehouseId?: string }): ItemKey => ({
  PK: `STOCKRULE_UNIQ#${rule.skuPattern}#${rule.warehouseId ?? '*'}`,
  SK: 'STOCKRULE_UNIQ',
});
export const allStockRules = () => ({ pk: 'STOCKRULES', skPrefix: '' });

export const rulePeriodKey = (id: string): ItemKey => ({ PK: `RULEPERIOD#${id}`, SK: 'RULEPERIOD' });
export const rulePeriodIndexKeys = (period: { id: string; ruleId: string; from: string }) => ({
  GSI1PK: `RULE_PERIODS#${period.ruleId}`,
  GSI1SK: `${period.from}#${period.id}`,
  GSI2PK: 'RULE_PERIODS',
  GSI2SK: `${period.from}#${period.id}`,
});
export const periodsOfRule = (ruleId: string) => ({ pk: `RULE_PERIODS#${ruleId}`, skPrefix: '' });
export const allRulePeriods = () => ({ pk: 'RULE_PERIODS', skPrefix: '' });

export const alertSettingsKey = (): ItemKey => ({ PK: 'SETTINGS', SK: 'INVENTORY_ALERTS' });

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
  pk: `WORKORDERS#WH#${warehouseId}`,
  skPrefix: status ? `${status}#` : '',
});

export const orderKey = (id: string): ItemKey => ({ PK: `ORDER#${id}`, SK: 'A#ORDER' });
/** The order itself (header and payments) sorts before its history in the partition. */
export const orderPartition = (id: string) => ({ pk: `ORDER#${id}`, skPrefix: 'A#' });
export const orderIndexKeys = (order: {
  id: string;
  statusId: string;
  orderDate: string;
  channel: string;
}) => ({
  GSI1PK: `ORDERS#STATUS#${order.statusId}`,
  GSI1SK: `${order.orderDate}#${order.id}`,
  GSI2PK: `ORDERS#DAY#${order.orderDate.slice(0, 10)}`,
  GSI2SK: `${order.orderDate}#${order.id}`,
  GSI3PK: `ORDERS#CHANNEL#${order.channel}`,
  GSI3SK: `${order.orderDate}#${order.id}`,
});
export const ordersInStatus = (statusId: string) => ({ pk: `ORDERS#STATUS#${statusId}`, skPrefix: '' });
export const paymentKey = (orderId: string, payment: { at: string; id: string }): ItemKey => ({
  PK: `ORDER#${orderId}`,
  SK: `A#PAYMENT#${payment.at}#${payment.id}`,
});
export const historyKey = (orderId: string, entry: { at: string; id: string }): ItemKey => ({
  PK: `ORDER#${orderId}`,
  SK: `H#${entry.at}#${entry.id}`,
});
export const historyOfOrder = (orderId: string) => ({ pk: `ORDER#${orderId}`, skPrefix: 'H#' });

export const statusKey = (id: string): ItemKey => ({ PK: `STATUS#${id}`, SK: 'STATUS' });
export const statusNameKey = (name: string): ItemKey => ({
  PK: `STATUS_NAME#${lower(name)}`,
  SK: 'STATUS_NAME',
});
export const statusIndexKeys = (status: { id: string; name: string }) => ({
  GSI1PK: 'STATUSES',
  GSI1SK: `${lower(status.name)}#${status.id}`,
});
export const allStatuses = () => ({ pk: 'STATUSES', skPrefix: '' });

export const columnViewKey = (id: string): ItemKey => ({ PK: `COLVIEW#${id}`, SK: 'COLVIEW' });
export const columnViewIndexKeys = (view: { id: string; name: string; owner: string; shared: boolean }) => ({
  GSI1PK: `COLVIEWS#OWNER#${view.owner}`,
  GSI1SK: `${lower(view.name)}#${view.id}`,
  ...(view.shared ? { GSI2PK: 'COLVIEWS#SHARED', GSI2SK: `${lower(view.name)}#${view.id}` } : {}),
});
export const columnViewsOfOwner = (owner: string) => ({ pk: `COLVIEWS#OWNER#${owner}`, skPrefix: '' });
export const sharedColumnViews = () => ({ pk: 'COLVIEWS#SHARED', skPrefix: '' });

export const automationRuleKey = (id: string): ItemKey => ({ PK: `AUTORULE#${id}`, SK: 'AUTORULE' });
export const automationRuleIndexKeys = (rule: { id: string; priority: number }) => ({
  GSI1PK: 'AUTORULES',
  GSI1SK: `${String(rule.priority).padStart(6, '0')}#${rule.id}`,
});
export const automationRulesByPriority = () => ({ pk: 'AUTORULES', skPrefix: '' });

/** Each part is encoded (`#` → `%23`), so no caller's subject or key can run into another's. */
export const idempotencyKey = (subject: string, operationId: string, key: string): ItemKey => ({
  PK: `IDEMPOTENCY#${[subject, operationId, key].map(encodeURIComponent).join('#')}`,
  SK: 'IDEMPOTENCY',
});
/** Parts of a response too large for the record itself, beside it in its partition. */
export const idempotencyPartKey = (record: ItemKey, index: number): ItemKey => ({
  PK: record.PK,
  SK: `PART#${String(index).padStart(3, '0')}`,
});
export const idempotencyParts = (record: ItemKey) => ({ pk: record.PK, skPrefix: 'PART#' });

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
