/**
 * Counters other writers keep on the warehouse item: the stock ledger's (`unitsOnHand`, `skusHeld`,
 * `stockRecordsInUse`, `skusBackordered`) and the purchase-order sources' (`poSourceCount`). Each moves in
 * the transaction of the write it counts, so a warehouse delete conditioned on them is race-free: the
 * delete and the write that would make the warehouse in use cannot both commit. Bookkeeping only: no
 * version, no event. Shared because the ledger and the vendors group write them; inventory reads them.
 */
import { tableName } from '../db/client';
import { warehouseKey } from '../db/keys';
import type { NamedItem, TransactItem } from '../db/transactions';
import type { WarehouseStockCounts } from '../domain/stock-ledger';
import { addStockCounts, noStockCounts } from '../domain/stock-ledger';

/** An extra condition on the warehouse (for example: accepts work orders), with its values. */
export interface WarehouseCondition {
  expression: string;
  values: Record<string, unknown>;
}

/** The warehouse is active at the commit (a restock, a replacement shipped from it). */
export const warehouseIsActive: WarehouseCondition = {
  expression: 'active = :active',
  values: { ':active': true },
};

/** Always on an existing warehouse: an Update without it would create a bare item that is no warehouse. */
function conditionOn(extra: WarehouseCondition | undefined): string {
  return `attribute_exists(PK)${extra ? ` AND (${extra.expression})` : ''}`;
}

/** Adds the changed stock counters; undefined when none changes (the write leaves the warehouse alone). */
export function stockCountsUpdate(
  warehouseId: string,
  change: WarehouseStockCounts,
  condition?: WarehouseCondition,
): TransactItem | undefined {
  const changed = Object.entries(change).filter(([, value]) => value !== 0);
  if (changed.length === 0) return undefined;
  return {
    Update: {
      TableName: tableName(),
      Key: warehouseKey(warehouseId),
      UpdateExpression: `ADD ${changed.map(([name]) => `${name} :${name}`).join(', ')}`,
      ConditionExpression: conditionOn(condition),
      ExpressionAttributeValues: {
        ...Object.fromEntries(changed.map(([name, value]) => [`:${name}`, value])),
        ...condition?.values,
      },
    },
  };
}

/** The counter updates of several records' writes, summed per warehouse, named `warehouse:<id>`. */
export function stockCountsItems(
  changes: Iterable<{ warehouseId: string; counts: WarehouseStockCounts }>,
  condition?: WarehouseCondition,
): NamedItem[] {
  const sums = new Map<string, WarehouseStockCounts>();
  for (const { warehouseId, counts } of changes) {
    sums.set(warehouseId, addStockCounts(sums.get(warehouseId) ?? noStockCounts, counts));
  }
  return [...sums].flatMap(([warehouseId, counts]): NamedItem[] => {
    const update = stockCountsUpdate(warehouseId, counts, condition);
    return update ? [[`warehouse:${warehouseId}`, update]] : [];
  });
}

/** Checks the warehouse exists (and meets the condition) without writing it. */
export function warehouseCheck(warehouseId: string, condition?: WarehouseCondition): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: warehouseKey(warehouseId),
      ConditionExpression: conditionOn(condition),
      ExpressionAttributeValues: condition?.values,
    },
  };
}

/** Counts alert rules naming the warehouse: it must exist (a rule never names a missing warehouse). */
export function alertRuleCountUpdate(warehouseId: string, change: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: warehouseKey(warehouseId),
      UpdateExpression: 'ADD alertRuleCount :change',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':change': change },
    },
  };
}

/**
 * Counts purchase-order sources receiving into the warehouse: a new source only into one that accepts
 * purchase orders (refused otherwise, or when it does not exist), a removed one only from one that exists.
 */
export function poSourceCountUpdate(warehouseId: string, change: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: warehouseKey(warehouseId),
      UpdateExpression: 'ADD poSourceCount :change',
      ConditionExpression:
        change > 0 ? 'attribute_exists(PK) AND acceptsPurchaseOrders = :yes' : 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':change': change, ...(change > 0 ? { ':yes': true } : {}) },
    },
  };
}
