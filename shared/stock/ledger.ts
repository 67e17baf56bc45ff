/**
 * The one way stock ever changes: the stock records a change touches, the movements of units on hand,
 * and whatever the caller adds (a work order, an order) are written in one transaction. Concurrency is
 * optimistic: each stock record is written on the version read; a lost race re-reads and tries again
 * (shared/db/retry), so the ledger never goes below zero and a refused request records nothing.
 *
 * No item shared by every change: an allocation or release touches only its stock records. The
 * warehouse's counters (shared/warehouses/counters.ts: counter shards by SKU, never the warehouse item)
 * move in the transaction that writes a record, and only when the record crosses a line: units on hand change, it turns in use or idle (units on hand or
 * allocated, or neither), or into or out of a backorder. A warehouse's shard is checked when a stock record is
 * created in it (or when the caller sets a condition on it).
 */
import { newId } from '../ids';
import { tableName } from '../db/client';
import { movementKey, shardedMovementIndexKeys, shardedStockIndexKeys, stockKey } from '../db/keys';
import { getItems } from '../db/query';
import { LostRace, withRetry } from '../db/retry';
import type { NamedItem } from '../db/transactions';
import { maxTransactionItems, transactWrite } from '../db/transactions';
import type { WarehouseCondition } from '../warehouses/counters';
import { warehouseCounterItems, warehouseIdOfItem } from '../warehouses/counters';
import { commitStaged, resolveStaged } from './staged';
import { TransactionCancelled } from '../db/errors';
import type {
  Movement,
  MovementRequest,
  Shortfall,
  StockRecord,
  WarehouseStockCounts,
} from '../domain/stock-ledger';
import {
  InsufficientStock,
  UnitCostRequired,
  WarehouseRefused,
  applyMovement,
  emptyStock,
  figuresOf,
  stockCountsChange,
  stockCountsOf,
} from '../domain/stock-ledger';

export interface StockChange {
  requests: MovementRequest[];
  /** Who makes the change (`order:<id>`): names a staged change, so the owner's retry can release it. */
  owner?: string;
  /** Items written in the same transaction (a work order, an order), given the movements recorded. */
  with?: (movements: Movement[]) => NamedItem[];
  /** Extra condition on each warehouse touched (for example: accepts work orders). */
  warehouseCondition?: WarehouseCondition;
  /**
   * Work the commit waits for, done meanwhile beside the stock read (a print's label stored): nothing is
   * written before it succeeds, and its failure fails the change.
   */
  commitAfter?: Promise<unknown>;
  /** Stock records the caller read consistently moments ago (readStock's `known`). */
  known?: KnownStock;
}

/**
 * Stock records read consistently moments ago (a print's stock check): the pairs asked for and the
 * items found. A change over those pairs plans on them instead of reading again; the record versions
 * still condition its commit, so a record changed since is a lost race, read afresh on the retry.
 */
export interface KnownStock {
  pairs: ReadonlyArray<{ sku: string; warehouseId: string }>;
  items: ReadonlyArray<Record<string, unknown>>;
}

export interface LedgerResult {
  movements: Movement[];
  records: StockRecord[];
}

const pairKey = (sku: string, warehouseId: string) => `${sku}\u0000${warehouseId}`;

export interface StockRead {
  /** As a change may use them: abandoned staged deltas taken out (shared/stock/staged.ts). */
  records: Map<string, StockRecord>;
  /**
   * What each stored record counts for its warehouse, before that resolution: a write replaces the
   * stored record, so the counters move from these.
   */
  storedCounts: Map<string, WarehouseStockCounts>;
}

/** Stock records for (sku, warehouse) pairs, strongly consistent, absent ones as empty records. */
export async function readStock(
  pairs: ReadonlyArray<{ sku: string; warehouseId: string }>,
  at: string,
  owner?: string,
  known?: KnownStock,
): Promise<StockRead> {
  const records = new Map<string, StockRecord>();
  const storedCounts = new Map<string, WarehouseStockCounts>();
  const unique = [...new Map(pairs.map((pair) => [pairKey(pair.sku, pair.warehouseId), pair])).values()];
  const knownPairs = new Set(known?.pairs.map((pair) => pairKey(pair.sku, pair.warehouseId)));
  const items =
    known && unique.every((pair) => knownPairs.has(pairKey(pair.sku, pair.warehouseId)))
      ? known.items
      : await getItems(
          unique.map((pair) => stockKey(pair.sku, pair.warehouseId)),
          true,
        );
  for (const item of items) {
    const record = item as StockRecord;
    const key = pairKey(record.sku, record.warehouseId);
    records.set(key, {
      sku: record.sku,
      warehouseId: record.warehouseId,
      onHand: record.onHand,
      allocated: record.allocated,
      // Derived, not read: records written before `backordered` existed lack it.
      ...figuresOf(record.onHand, record.allocated),
      averageUnitCost: record.averageUnitCost,
      layers: record.layers ?? [],
      version: record.version,
      updatedAt: record.updatedAt,
      ...(record.staged ? { staged: record.staged } : {}),
    });
    storedCounts.set(key, stockCountsOf(record));
  }
  for (const pair of unique) {
    const key = pairKey(pair.sku, pair.warehouseId);
    if (!records.has(key)) records.set(key, emptyStock(pair.sku, pair.warehouseId, at));
  }
  await resolveStaged(records, owner);
  return { records, storedCounts };
}

/** A record a change writes, on the version read, with what the write adds to its warehouse's counters. */
export interface PlannedRecord {
  record: StockRecord;
  readVersion: number;
  counts: WarehouseStockCounts;
}

export interface StockPlan {
  /** Stock record puts. */
  recordItems: NamedItem[];
  movementItems: NamedItem[];
  /** With the records in one transaction: each warehouse counter shard's counters, or a check of it. */
  warehouseItems: NamedItem[];
  /** With a staged change's confirm (its counters move with each staged chunk): the checks only. */
  warehouseChecks: NamedItem[];
  movements: Movement[];
  records: PlannedRecord[];
}

/**
 * The items of a change: stock records on the versions read, movements, warehouse counters and checks.
 * `storedCounts` are the stored records' counts (readStock); by default those of `current`.
 */
export function planStockChange(
  requests: readonly MovementRequest[],
  current: ReadonlyMap<string, StockRecord>,
  at: string,
  warehouseCondition?: StockChange['warehouseCondition'],
  storedCounts: ReadonlyMap<string, WarehouseStockCounts> = new Map(),
): StockPlan {
  const records = new Map(current);
  const movements: Movement[] = [];
  const shortfalls: Shortfall[] = [];
  const costless: UnitCostRequired['missing'] = [];
  requests.forEach((request, index) => {
    const key = pairKey(request.sku, request.warehouseId);
    const before = records.get(key)!;
    const outcome = applyMovement(before, request, at);
    if (!outcome.ok) {
      if (outcome.shortfall) shortfalls.push(outcome.shortfall);
      else costless.push({ index, sku: request.sku, warehouseId: request.warehouseId });
      return;
    }
    records.set(key, outcome.record);
    // Allocations and releases move no units: the order records them; only units on hand make movements.
    if (outcome.onHandChange === 0) return;
    movements.push({
      id: newId(),
      sku: request.sku,
      warehouseId: request.warehouseId,
      type: request.type,
      quantity: outcome.onHandChange,
      allocatedChange: outcome.allocatedChange,
      unitCost: outcome.unitCost,
      reference: request.reference,
      at,
      onHandAfter: outcome.record.onHand,
      availableAfter: outcome.record.available,
      backorderedAfter: outcome.record.backordered,
    });
  });
  if (shortfalls.length > 0) throw new InsufficientStock(shortfalls);
  if (costless.length > 0) throw new UnitCostRequired(costless);

  const table = tableName();
  const changed = [...records].filter(([key, record]) => record.version !== current.get(key)!.version);
  const planned: PlannedRecord[] = changed.map(([key, record]) => {
    const stored = storedCounts.get(key) ?? stockCountsOf(current.get(key)!);
    return {
      record,
      readVersion: current.get(key)!.version,
      counts: stockCountsChange(stored, stockCountsOf(record)),
    };
  });
  const recordItems: NamedItem[] = planned.map(({ record, readVersion }) => [
    `stock:${pairKey(record.sku, record.warehouseId)}`,
    {
      Put: {
        TableName: table,
        Item: { ...stockKey(record.sku, record.warehouseId), ...shardedStockIndexKeys(record), ...record },
        ConditionExpression: readVersion === 0 ? 'attribute_not_exists(PK)' : 'version = :read',
        ExpressionAttributeValues: readVersion === 0 ? undefined : { ':read': readVersion },
      },
    },
  ]);
  const movementItems: NamedItem[] = movements.map((movement) => [
    `movement:${movement.id}`,
    {
      Put: {
        TableName: table,
        Item: {
          ...movementKey(movement),
          ...shardedMovementIndexKeys(movement),
          entity: 'stock-movement',
          ...movement,
        },
      },
    },
  ]);
  const { items: warehouseItems, checks: warehouseChecks } = warehouseCounterItems(
    planned.map(({ record, readVersion, counts }) => ({
      sku: record.sku,
      warehouseId: record.warehouseId,
      counts,
      creates: readVersion === 0,
    })),
    warehouseCondition,
  );
  return { recordItems, movementItems, warehouseItems, warehouseChecks, movements, records: planned };
}

/** The change's delta on each record, marked under its id: what abandoning it takes back out. */
function markStaged(
  plan: StockPlan,
  current: ReadonlyMap<string, StockRecord>,
  changeId: string,
): PlannedRecord[] {
  return plan.records.map((planned) => {
    const { record } = planned;
    const before = current.get(pairKey(record.sku, record.warehouseId))!;
    const delta = { onHand: record.onHand - before.onHand, allocated: record.allocated - before.allocated };
    return { ...planned, record: { ...record, staged: { ...record.staged, [changeId]: delta } } };
  });
}

/**
 * Reads, plans and commits once: in one transaction when it fits, staged and confirmed when it does
 * not (shared/stock/staged.ts). A refused stock record is a lost race (LostRace); a refused warehouse is
 * WarehouseRefused; a refusal of the caller's own items reaches the caller as TransactionCancelled.
 */
export async function commitStockChangeOnce(change: StockChange): Promise<LedgerResult> {
  const at = new Date().toISOString();
  const { records: current, storedCounts } = await readStock(change.requests, at, change.owner, change.known);
  const planned = planStockChange(change.requests, current, at, change.warehouseCondition, storedCounts);
  const callerItems = change.with?.(planned.movements) ?? [];
  const total =
    planned.recordItems.length +
    planned.movementItems.length +
    planned.warehouseItems.length +
    callerItems.length;
  await change.commitAfter;
  try {
    // One item of room for the request's idempotency guard.
    if (total < maxTransactionItems) {
      await transactWrite([
        ...planned.recordItems,
        ...planned.movementItems,
        ...planned.warehouseItems,
        ...callerItems,
      ]);
    } else {
      const id = newId();
      await commitStaged({
        id,
        owner: change.owner ?? 'ledger',
        records: markStaged(planned, current, id),
        movements: planned.movements,
        warehouseCondition: change.warehouseCondition,
        confirmItems: [...planned.warehouseChecks, ...callerItems],
      });
    }
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    const warehouse = error.refusedWithPrefix('warehouse:');
    if (warehouse) throw new WarehouseRefused(warehouseIdOfItem(warehouse.name));
    if (error.refusedWithPrefix('stock:')) throw new LostRace('a stock record changed');
    throw error;
  }
  return { movements: planned.movements, records: planned.records.map(({ record }) => record) };
}

/** A stock change on its own (work orders, tests): retried by the one policy until it commits or is refused. */
export function applyStockMovements(
  requests: MovementRequest[],
  options: Omit<StockChange, 'requests'> = {},
): Promise<LedgerResult> {
  // Records known from the caller's read serve the first attempt only: a lost race reads afresh.
  return withRetry({ what: 'This stock' }, (attempt) =>
    commitStockChangeOnce({ ...options, requests, ...(attempt > 0 ? { known: undefined } : {}) }),
  );
}
