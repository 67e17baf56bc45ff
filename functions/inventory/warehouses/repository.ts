/**
 * Warehouse writes and the default pointer (reads other groups need live in shared/warehouses).
 *
 * The pointer item names the default warehouse and counts the warehouses. Its `warehouseId` changes only
 * in the same transaction as the warehouses' `isDefault` flags, conditioned on the value read, so
 * concurrent requests can never leave zero or two defaults. Warehouse updates are UpdateItem SETs, never
 * Puts: the rule writes keep counters on the same item (and items from before the counter shards still
 * hold the ledger's). The flags stock writes condition on are copied to every counter shard
 * (shared/warehouses/counters.ts) in the transaction that changes them.
 */
import { tableName } from '../../../shared/db/client';
import {
  defaultWarehouseKey,
  stockInWarehousePartitions,
  warehouseCodeKey,
  warehouseIndexKeys,
  warehouseKey,
} from '../../../shared/db/keys';
import { queryMergedPages } from '../../../shared/db/merged-pages';
import { getItem } from '../../../shared/db/query';
import { figuresOf } from '../../../shared/domain/stock-ledger';
import type { TransactItem } from '../../../shared/db/transactions';
import { transactWrite } from '../../../shared/db/transactions';
import type { InUseCounters } from '../../../shared/warehouses/counters';
import {
  counterShardTombstones,
  countersAsRead,
  shardFlagItems,
  shardFlagsOf,
} from '../../../shared/warehouses/counters';
import { deletedWarehouseItem } from '../../../shared/warehouses/deleted';
import { warehouseItem } from '../../../shared/warehouses/repository';
import type { Warehouse } from '../../../shared/warehouses/warehouse';
import { withSlotTotals } from '../../../shared/stock/slots';
import { setFields } from '../update-expression';
import type { AllocationsRead } from './rules';

export interface DefaultPointer {
  warehouseId: string;
  warehouseCount: number;
}

export async function readDefaultPointer(): Promise<DefaultPointer | undefined> {
  const item = await getItem(defaultWarehouseKey(), true);
  if (typeof item?.warehouseId !== 'string') return undefined;
  return {
    warehouseId: item.warehouseId,
    warehouseCount: typeof item.warehouseCount === 'number' ? item.warehouseCount : 1,
  };
}

/** Which warehouse holds a code (case-insensitively), read strongly before a write that claims it. */
export async function warehouseIdWithCode(code: string): Promise<string | undefined> {
  const marker = await getItem(warehouseCodeKey(code), true);
  return typeof marker?.warehouseId === 'string' ? marker.warehouseId : undefined;
}

/**
 * What a write does to the pointer: `none` leaves it alone, `count` only counts a warehouse in or out,
 * `first` creates it for the first warehouse, `move` hands the default over, `clear` removes it with
 * the last warehouse.
 */
export type PointerChange =
  | { kind: 'none' }
  | { kind: 'count' }
  | { kind: 'first'; to: string }
  | { kind: 'move'; from: string; to: string }
  | { kind: 'clear'; from: string };

/** The pointer item of a change, if it writes one. */
function pointerItem(change: PointerChange, countChange: number): TransactItem | undefined {
  const TableName = tableName();
  const Key = defaultWarehouseKey();
  switch (change.kind) {
    case 'none':
      return undefined;
    case 'first':
      return {
        Put: {
          TableName,
          Item: { ...Key, warehouseId: change.to, warehouseCount: 1 },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      };
    case 'count':
      return {
        Update: {
          TableName,
          Key,
          UpdateExpression: 'ADD warehouseCount :change',
          // Gone: the last warehouse was deleted meanwhile; the caller reads again and becomes the first.
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':change': countChange },
        },
      };
    case 'move':
      return {
        Update: {
          TableName,
          Key,
          UpdateExpression: 'SET warehouseId = :to ADD warehouseCount :change',
          ConditionExpression: 'warehouseId = :from',
          ExpressionAttributeValues: { ':from': change.from, ':to': change.to, ':change': countChange },
        },
      };
    case 'clear':
      return {
        Delete: {
          TableName,
          Key,
          // Only the last warehouse takes the default with it: the count proves no other exists.
          ConditionExpression: 'warehouseId = :from AND warehouseCount = :one',
          ExpressionAttributeValues: { ':from': change.from, ':one': 1 },
        },
      };
  }
}

/**
 * Sets another warehouse's flag (the previous default losing it, or a named successor gaining it). A
 * successor must still be active (the default always is): one deactivated after the read refuses this.
 */
function flagItem(warehouseId: string, isDefault: boolean, at: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: warehouseKey(warehouseId),
      UpdateExpression: 'SET isDefault = :flag, updatedAt = :at ADD version :one',
      ConditionExpression: isDefault ? 'attribute_exists(PK) AND active = :flag' : 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':flag': isDefault, ':at': at, ':one': 1 },
    },
  };
}

/**
 * Items: `defaultPointer`, and with a move the other warehouses whose flag changes with it,
 * `previousDefault` and `newDefault` (the written warehouse sets its own).
 */
function defaultItems(
  change: PointerChange,
  countChange: number,
  self: string,
  at: string,
): Record<'defaultPointer' | 'previousDefault' | 'newDefault', TransactItem | undefined> {
  const move = change.kind === 'move' ? change : undefined;
  return {
    defaultPointer: pointerItem(change, countChange),
    previousDefault: move && move.from !== self ? flagItem(move.from, false, at) : undefined,
    newDefault: move && move.to !== self ? flagItem(move.to, true, at) : undefined,
  };
}

function codeMarkerPut(code: string, warehouseId: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...warehouseCodeKey(code), warehouseId },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

function codeMarkerDelete(code: string): TransactItem {
  return { Delete: { TableName: tableName(), Key: warehouseCodeKey(code) } };
}

/**
 * Warehouse, code marker, pointer and (for one created inactive or refusing work or purchase orders) its
 * counter shards' flags, all or none. Items: `warehouse`, `codeMarker`, the default's, `counterShard:<n>`.
 */
export async function insertWarehouse(warehouse: Warehouse, change: PointerChange): Promise<void> {
  await transactWrite({
    warehouse: {
      Put: {
        TableName: tableName(),
        Item: warehouseItem(warehouse),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    codeMarker: codeMarkerPut(warehouse.code, warehouse.id),
    ...defaultItems(change, 1, warehouse.id, warehouse.updatedAt),
    ...shardFlagItems(warehouse.id, undefined, shardFlagsOf(warehouse)),
  });
}

/**
 * The editable fields at the version read, the code marker when the code changes, and the default.
 * Items: `warehouse`, `newCodeMarker` and `oldCodeMarker` (when the code changes), the default's, and
 * `counterShard:<n>` when a flag stock writes condition on changes (active, accepts work or purchase orders).
 */
export async function updateWarehouse(
  previous: Warehouse,
  next: Warehouse,
  change: PointerChange,
): Promise<void> {
  const { id } = next;
  // Every editable field by name, so an optional one the replacement leaves out is removed.
  const update = setFields({
    code: next.code,
    name: next.name,
    originAddress: next.originAddress,
    returnAddress: next.returnAddress,
    capacity: next.capacity,
    active: next.active,
    acceptsWorkOrders: next.acceptsWorkOrders,
    acceptsPurchaseOrders: next.acceptsPurchaseOrders,
    isDefault: next.isDefault,
    version: next.version,
    updatedAt: next.updatedAt,
    ...warehouseIndexKeys(next),
  });
  const codeChanges = previous.code.toLowerCase() !== next.code.toLowerCase();
  await transactWrite({
    warehouse: {
      Update: {
        TableName: tableName(),
        Key: warehouseKey(id),
        ...update,
        ConditionExpression: 'attribute_exists(PK) AND #version = :read',
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':read': previous.version },
      },
    },
    newCodeMarker: codeChanges ? codeMarkerPut(next.code, id) : undefined,
    oldCodeMarker: codeChanges ? codeMarkerDelete(previous.code) : undefined,
    ...defaultItems(change, 0, id, next.updatedAt),
    ...shardFlagItems(id, shardFlagsOf(previous), shardFlagsOf(next)),
  });
}

/**
 * SKUs with allocations in a warehouse (its stock records on GSI1, every shard and the layout before,
 * eventually consistent: this only names them in a refusal), at most `limit`, in SKU order.
 */
export async function allocationsIn(warehouseId: string, limit: number): Promise<AllocationsRead> {
  const page = await queryMergedPages({
    partitions: stockInWarehousePartitions(warehouseId),
    // A record with slots may hold its allocations in its slots alone.
    filter: { expression: 'allocated > :none OR slotted > :none', values: { ':none': 0 } },
    limit,
    scope: 'internal',
  });
  const items = (await withSlotTotals(page.items)).filter((item) => Number(item.allocated) > 0);
  return {
    items: items.map((item) => ({
      sku: String(item.sku),
      allocated: Number(item.allocated),
      backordered: figuresOf(Number(item.onHand), Number(item.allocated)).backordered,
    })),
    more: page.nextCursor !== null,
  };
}

/**
 * Removes the warehouse at the version read, only while nothing uses it: no stock record in use (units
 * on hand or allocated), no purchase-order source receiving into it, no stock rule or alert rule naming
 * it. The counters are on its counter shards (and, from before them, on the item), each conditioned on the
 * values read (the caller found them summing to zero) and each shard marked `deleted`: a receipt, an
 * allocation or a source landing after the read makes the delete fail, and one landing after the delete
 * fails on its shard's tombstone. Its id, code and name stay behind (`deletedRecord`), so reports of its
 * orders and shipments still know it. Items: `warehouse`, `codeMarker`, `deletedRecord`, the default's and
 * `counterShard:<n>`.
 */
export async function deleteWarehouse(
  warehouse: Warehouse,
  counters: { onItem: InUseCounters; onShards: ReadonlyMap<number, InUseCounters> },
  change: PointerChange,
  at: string,
): Promise<void> {
  const onItem = countersAsRead(counters.onItem, 'item_');
  await transactWrite({
    warehouse: {
      Delete: {
        TableName: tableName(),
        Key: warehouseKey(warehouse.id),
        ConditionExpression:
          `attribute_exists(PK) AND version = :read AND ${onItem.expression}` +
          ' AND (attribute_not_exists(stockRuleCount) OR stockRuleCount = :zero)' +
          ' AND (attribute_not_exists(alertRuleCount) OR alertRuleCount = :zero)',
        ExpressionAttributeValues: { ...onItem.values, ':read': warehouse.version, ':zero': 0 },
      },
    },
    codeMarker: codeMarkerDelete(warehouse.code),
    deletedRecord: { Put: { TableName: tableName(), Item: deletedWarehouseItem(warehouse, at) } },
    ...defaultItems(change, -1, warehouse.id, at),
    ...counterShardTombstones(warehouse.id, counters.onShards),
  });
}
