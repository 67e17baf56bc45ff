/**
 * Counters other writers keep for a warehouse: the stock ledger's (`unitsOnHand`, `skusHeld`,
 * `stockRecordsInUse`, `skusBackordered`) and the purchase-order sources' (`poSourceCount`). They live on
 * counter shard items of their own (`warehouseCounterKey`), a write adding to the shard of the SKU it is
 * about, so the warehouse item (and `GSI1:WAREHOUSES`) changes only when staff edit the warehouse; readers
 * sum the shards and the counters the warehouse item still holds from before (counter-shards.ts).
 *
 * Each counter moves in the transaction of the write it counts, conditioned on its shard not being a
 * tombstone: the warehouse delete conditions every shard on the counters it read and marks it `deleted`
 * in its own transaction, so the delete and a write that would make the warehouse in use cannot both
 * commit. The flags a write may need (`inactive`, `refusesWorkOrders`, `refusesPurchaseOrders`) are set
 * on every shard by the warehouse edit that changes them, so a write conditions on its own shard only.
 * Bookkeeping only: no version, no event. Shared because the ledger and the vendors group write them.
 */
import { tableName } from '../db/client';
import { warehouseCounterKey, warehouseCounterShard, warehouseKey } from '../db/keys';
import { allShards } from '../db/keys/shards';
import type { NamedItem, TransactItem } from '../db/transactions';
import type { WarehouseStockCounts } from '../domain/stock-ledger';
import { addStockCounts, noStockCounts } from '../domain/stock-ledger';

/** An extra condition on the warehouse's counter shard (for example: accepts work orders), with its values. */
export interface WarehouseCondition {
  expression: string;
  values?: Record<string, unknown>;
}

/** The warehouse is active at the commit (a restock, a replacement shipped from it). */
export const warehouseIsActive: WarehouseCondition = { expression: 'attribute_not_exists(inactive)' };

/** The flags a warehouse edit keeps on every counter shard, each set (true) or removed. */
export interface WarehouseShardFlags {
  inactive: boolean;
  refusesWorkOrders: boolean;
  refusesPurchaseOrders: boolean;
}

export function shardFlagsOf(warehouse: {
  active: boolean;
  acceptsWorkOrders: boolean;
  acceptsPurchaseOrders: boolean;
}): WarehouseShardFlags {
  return {
    inactive: !warehouse.active,
    refusesWorkOrders: !warehouse.acceptsWorkOrders,
    refusesPurchaseOrders: !warehouse.acceptsPurchaseOrders,
  };
}

/** Always on a shard the warehouse delete has not marked: a write racing the delete is refused. */
function conditionOn(extra: WarehouseCondition | undefined): string {
  return `attribute_not_exists(deleted)${extra ? ` AND (${extra.expression})` : ''}`;
}

/** `warehouse:<id>@<shard>`: a refusal of it is a refusal of the warehouse (warehouseIdOfItem). */
export const warehouseItemName = (warehouseId: string, shard: number) => `warehouse:${warehouseId}@${shard}`;
/** The warehouse id in an item name of this module (`warehouse:<id>@<shard>`). */
export const warehouseIdOfItem = (name: string) => name.slice('warehouse:'.length).replace(/@\d+$/, '');

/** Adds the changed stock counters to one shard; undefined when none changes. */
export function stockCountsUpdate(
  warehouseId: string,
  shard: number,
  change: WarehouseStockCounts,
  condition?: WarehouseCondition,
): TransactItem | undefined {
  const changed = Object.entries(change).filter(([, value]) => value !== 0);
  if (changed.length === 0) return undefined;
  return {
    Update: {
      TableName: tableName(),
      Key: warehouseCounterKey(warehouseId, shard),
      UpdateExpression: `ADD ${changed.map(([name]) => `${name} :${name}`).join(', ')}`,
      ConditionExpression: conditionOn(condition),
      ExpressionAttributeValues: {
        ...Object.fromEntries(changed.map(([name, value]) => [`:${name}`, value])),
        ...condition?.values,
      },
    },
  };
}

/** Checks the warehouse's shard (not deleted, meeting the condition) without writing it. */
export function warehouseCheck(
  warehouseId: string,
  shard: number,
  condition?: WarehouseCondition,
): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: warehouseCounterKey(warehouseId, shard),
      ConditionExpression: conditionOn(condition),
      ...(condition?.values ? { ExpressionAttributeValues: condition.values } : {}),
    },
  };
}

export interface CountedWrite {
  sku: string;
  warehouseId: string;
  counts: WarehouseStockCounts;
  /** The write creates its stock record: its warehouse's shard is checked even when no counter moves. */
  creates?: boolean;
}

/** Writes grouped by the counter shard they add to, their counts summed. */
function perShard(writes: Iterable<CountedWrite>) {
  const sums = new Map<
    string,
    { warehouseId: string; shard: number; counts: WarehouseStockCounts; creates: boolean }
  >();
  for (const { sku, warehouseId, counts, creates } of writes) {
    const shard = warehouseCounterShard(sku);
    const key = warehouseItemName(warehouseId, shard);
    const sum = sums.get(key) ?? { warehouseId, shard, counts: noStockCounts, creates: false };
    sums.set(key, {
      ...sum,
      counts: addStockCounts(sum.counts, counts),
      creates: sum.creates || creates === true,
    });
  }
  return sums;
}

/** The counter updates of several records' writes, summed per counter shard, named `warehouse:<id>@<n>`. */
export function stockCountsItems(
  writes: Iterable<CountedWrite>,
  condition?: WarehouseCondition,
): NamedItem[] {
  return [...perShard(writes)].flatMap(([name, { warehouseId, shard, counts }]): NamedItem[] => {
    const update = stockCountsUpdate(warehouseId, shard, counts, condition);
    return update ? [[name, update]] : [];
  });
}

/**
 * A change's warehouse items: per counter shard its counters, or a check of it where a record is created
 * or the caller sets a condition (`items`); and the checks alone (`checks`), for a staged change's
 * confirm (its counters move with each staged chunk).
 */
export function warehouseCounterItems(
  writes: Iterable<CountedWrite>,
  condition?: WarehouseCondition,
): { items: NamedItem[]; checks: NamedItem[] } {
  const items: NamedItem[] = [];
  const checks: NamedItem[] = [];
  for (const [name, { warehouseId, shard, counts, creates }] of perShard(writes)) {
    const checked = creates || condition !== undefined;
    const update = stockCountsUpdate(warehouseId, shard, counts, condition);
    if (update) items.push([name, update]);
    else if (checked) items.push([name, warehouseCheck(warehouseId, shard, condition)]);
    if (checked) checks.push([name, warehouseCheck(warehouseId, shard, condition)]);
  }
  return { items, checks };
}

/** Counts alert rules naming the warehouse (a staff edit, on the warehouse item): it must exist. */
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
 * Counts purchase-order sources receiving into the warehouse, on the shard of the source's SKU: a new
 * source only into one that accepts purchase orders (refused otherwise, or when it is deleted), a removed
 * one from any not deleted. The caller reads the warehouse first (a never-created one has no tombstone).
 */
export function poSourceCountUpdate(warehouseId: string, sku: string, change: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: warehouseCounterKey(warehouseId, warehouseCounterShard(sku)),
      UpdateExpression: 'ADD poSourceCount :change',
      ConditionExpression:
        change > 0
          ? 'attribute_not_exists(deleted) AND attribute_not_exists(refusesPurchaseOrders)'
          : 'attribute_not_exists(deleted)',
      ExpressionAttributeValues: { ':change': change },
    },
  };
}

const flagNames = ['inactive', 'refusesWorkOrders', 'refusesPurchaseOrders'] as const;

/**
 * Sets or removes the flags on every counter shard of the warehouse (an Update: an absent shard is created
 * holding only its flags), in the transaction of the warehouse edit. Named `counterShard:<n>`. Nothing when
 * no flag is set before or after (`previous` undefined: a new warehouse, whose absent shards hold none);
 * rewritten while one is set, so a warehouse from before the shards gets its flags with its next edit.
 */
export function shardFlagItems(
  warehouseId: string,
  previous: WarehouseShardFlags | undefined,
  next: WarehouseShardFlags,
): Record<string, TransactItem> {
  const before = previous ?? { inactive: false, refusesWorkOrders: false, refusesPurchaseOrders: false };
  if (flagNames.every((name) => !before[name] && !next[name])) return {};
  const set = flagNames.filter((name) => next[name]);
  const remove = flagNames.filter((name) => !next[name]);
  const UpdateExpression = [
    set.length > 0 ? `SET ${set.map((name) => `${name} = :yes`).join(', ')}` : '',
    remove.length > 0 ? `REMOVE ${remove.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return Object.fromEntries(
    allShards('warehouseCounters').map((shard) => [
      `counterShard:${shard}`,
      {
        Update: {
          TableName: tableName(),
          Key: warehouseCounterKey(warehouseId, shard),
          UpdateExpression,
          ...(set.length > 0 ? { ExpressionAttributeValues: { ':yes': true } } : {}),
        },
      },
    ]),
  );
}

/** The counters the warehouse delete conditions on: what makes a warehouse in use. */
export const inUseCounterNames = ['unitsOnHand', 'stockRecordsInUse', 'poSourceCount'] as const;
export type InUseCounters = Record<(typeof inUseCounterNames)[number], number>;

/**
 * A counter `name` still as read: absent or 0 when it read 0, else that value. Conditioning on the values
 * read rather than on zero: the counters are sums, and while the warehouse item still holds counters from
 * before the shards (or after the migration moved them to shard 0) a shard may hold a negative part that
 * another place makes up for.
 */
export function countersAsRead(counters: InUseCounters, prefix: string) {
  const parts: string[] = [];
  const values: Record<string, number> = {};
  for (const name of inUseCounterNames) {
    const value = counters[name];
    values[`:${prefix}${name}`] = value;
    parts.push(
      value === 0
        ? `(attribute_not_exists(${name}) OR ${name} = :${prefix}${name})`
        : `${name} = :${prefix}${name}`,
    );
  }
  return { expression: parts.join(' AND '), values };
}

/**
 * The warehouse delete's items on its counter shards, `counterShard:<n>` each: every shard still holding
 * the counters read, marked `deleted` (a tombstone; an absent shard is created as one), so a stock or
 * source write racing the delete is refused on its shard.
 */
export function counterShardTombstones(
  warehouseId: string,
  shardsRead: ReadonlyMap<number, InUseCounters>,
): Record<string, TransactItem> {
  return Object.fromEntries(
    allShards('warehouseCounters').map((shard) => {
      const { expression, values } = countersAsRead(
        shardsRead.get(shard) ?? { unitsOnHand: 0, stockRecordsInUse: 0, poSourceCount: 0 },
        'read_',
      );
      return [
        `counterShard:${shard}`,
        {
          Update: {
            TableName: tableName(),
            Key: warehouseCounterKey(warehouseId, shard),
            UpdateExpression: 'SET deleted = :yes',
            ConditionExpression: `attribute_not_exists(deleted) AND ${expression}`,
            ExpressionAttributeValues: { ...values, ':yes': true },
          },
        },
      ];
    }),
  );
}

/**
 * A counter shard as the writes above leave it (the seed, test builders): its counters and the
 * warehouse's flags that are set.
 */
export function counterShardItem(
  warehouseId: string,
  shard: number,
  counters: Record<string, number>,
  flags: WarehouseShardFlags,
): Record<string, unknown> {
  return {
    ...warehouseCounterKey(warehouseId, shard),
    ...counters,
    ...Object.fromEntries(flagNames.filter((name) => flags[name]).map((name) => [name, true])),
  };
}
