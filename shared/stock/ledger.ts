/**
 * The one way stock ever changes: the stock records a change touches, the movements of units on hand,
 * and whatever the caller adds (a work order, an order) are written in one transaction. Concurrency is
 * optimistic: each stock record is written on the version read; a lost race re-reads and tries again
 * (shared/db/retry), so the ledger never goes below zero and a refused request records nothing.
 *
 * No item shared by every change: an allocation or release touches only its stock records; the
 * warehouse's totals change only when units on hand change, and a warehouse is checked when a stock
 * record is created in it (or when the caller sets a condition on it).
 */
import { newId } from '../ids';
import { tableName } from '../db/client';
import { movementIndexKeys, movementKey, stockIndexKeys, stockKey, warehouseKey } from '../db/keys';
import { getItems } from '../db/query';
import { LostRace, withRetry } from '../db/retry';
import type { NamedItem } from '../db/transactions';
import { maxTransactionItems, transactWrite } from '../db/transactions';
import { commitStaged, resolveStaged } from './staged';
import { TransactionCancelled } from '../db/errors';
import type { Movement, MovementRequest, Shortfall, StockRecord } from '../domain/stock-ledger';
import { InsufficientStock, WarehouseRefused, applyMovement, emptyStock } from '../domain/stock-ledger';

export interface StockChange {
  requests: MovementRequest[];
  /** Who makes the change (`order:<id>`): names a staged change, so the owner's retry can release it. */
  owner?: string;
  /** Items written in the same transaction (a work order, an order), given the movements recorded. */
  with?: (movements: Movement[]) => NamedItem[];
  /** Extra condition on each warehouse touched (for example: accepts work orders). */
  warehouseCondition?: { expression: string; values: Record<string, unknown> };
}

export interface LedgerResult {
  movements: Movement[];
  records: StockRecord[];
}

const pairKey = (sku: string, warehouseId: string) => `${sku}\u0000${warehouseId}`;

/** Stock records for (sku, warehouse) pairs, strongly consistent, absent ones as empty records. */
export async function readStock(
  pairs: ReadonlyArray<{ sku: string; warehouseId: string }>,
  at: string,
  owner?: string,
): Promise<Map<string, StockRecord>> {
  const records = new Map<string, StockRecord>();
  const unique = [...new Map(pairs.map((pair) => [pairKey(pair.sku, pair.warehouseId), pair])).values()];
  const items = await getItems(
    unique.map((pair) => stockKey(pair.sku, pair.warehouseId)),
    true,
  );
  for (const item of items) {
    const record = item as StockRecord;
    records.set(pairKey(record.sku, record.warehouseId), {
      sku: record.sku,
      warehouseId: record.warehouseId,
      onHand: record.onHand,
      allocated: record.allocated,
      available: record.available,
      averageUnitCost: record.averageUnitCost,
      layers: record.layers ?? [],
      version: record.version,
      updatedAt: record.updatedAt,
      ...(record.staged ? { staged: record.staged } : {}),
    });
  }
  for (const pair of unique) {
    const key = pairKey(pair.sku, pair.warehouseId);
    if (!records.has(key)) records.set(key, emptyStock(pair.sku, pair.warehouseId, at));
  }
  await resolveStaged(records, owner);
  return records;
}

export interface StockPlan {
  /** Stock record puts. */
  recordItems: NamedItem[];
  movementItems: NamedItem[];
  warehouseItems: NamedItem[];
  movements: Movement[];
  records: Array<{ record: StockRecord; readVersion: number }>;
}

/** The items of a change: stock records on the versions read, movements, warehouse totals and checks. */
export function planStockChange(
  requests: readonly MovementRequest[],
  current: ReadonlyMap<string, StockRecord>,
  at: string,
  warehouseCondition?: StockChange['warehouseCondition'],
): StockPlan {
  const records = new Map(current);
  const movements: Movement[] = [];
  const shortfalls: Shortfall[] = [];
  const perWarehouse = new Map<string, { units: number; skus: number; creates: boolean }>();
  for (const request of requests) {
    const key = pairKey(request.sku, request.warehouseId);
    const before = records.get(key)!;
    const outcome = applyMovement(before, request, at);
    if (!outcome.ok) {
      shortfalls.push(outcome.shortfall);
      continue;
    }
    records.set(key, outcome.record);
    const totals = perWarehouse.get(request.warehouseId) ?? { units: 0, skus: 0, creates: false };
    totals.units += outcome.onHandChange;
    totals.skus += (outcome.record.onHand > 0 ? 1 : 0) - (before.onHand > 0 ? 1 : 0);
    totals.creates ||= current.get(key)!.version === 0;
    perWarehouse.set(request.warehouseId, totals);
    // Allocations and releases move no units: the order records them; only units on hand make movements.
    if (outcome.onHandChange === 0) continue;
    movements.push({
      id: newId(),
      sku: request.sku,
      warehouseId: request.warehouseId,
      type: request.type,
      quantity: outcome.onHandChange,
      allocatedChange: outcome.allocatedChange,
      unitCost: outcome.onHandChange > 0 ? (request.unitCost ?? before.averageUnitCost) : undefined,
      reference: request.reference,
      at,
      onHandAfter: outcome.record.onHand,
      availableAfter: outcome.record.available,
    });
  }
  if (shortfalls.length > 0) throw new InsufficientStock(shortfalls);

  const table = tableName();
  const changed = [...records].filter(([key, record]) => record.version !== current.get(key)!.version);
  const recordItems: NamedItem[] = changed.map(([key, record]) => {
    const read = current.get(key)!.version;
    return [
      `stock:${key}`,
      {
        Put: {
          TableName: table,
          Item: { ...stockKey(record.sku, record.warehouseId), ...stockIndexKeys(record), ...record },
          ConditionExpression: read === 0 ? 'attribute_not_exists(PK)' : 'version = :read',
          ExpressionAttributeValues: read === 0 ? undefined : { ':read': read },
        },
      },
    ];
  });
  const movementItems: NamedItem[] = [];
  const warehouseItems: NamedItem[] = [];
  for (const movement of movements) {
    movementItems.push([
      `movement:${movement.id}`,
      {
        Put: {
          TableName: table,
          Item: {
            ...movementKey(movement),
            ...movementIndexKeys(movement),
            entity: 'stock-movement',
            ...movement,
          },
        },
      },
    ]);
  }
  for (const [warehouseId, totals] of perWarehouse) {
    const condition = `attribute_exists(PK)${warehouseCondition ? ` AND (${warehouseCondition.expression})` : ''}`;
    const values = warehouseCondition?.values;
    if (totals.units !== 0 || totals.skus !== 0) {
      warehouseItems.push([
        `warehouse:${warehouseId}`,
        {
          Update: {
            TableName: table,
            Key: warehouseKey(warehouseId),
            UpdateExpression: 'ADD unitsOnHand :units, skusHeld :skus',
            ConditionExpression: condition,
            ExpressionAttributeValues: { ':units': totals.units, ':skus': totals.skus, ...values },
          },
        },
      ]);
    } else if (totals.creates || warehouseCondition) {
      warehouseItems.push([
        `warehouse:${warehouseId}`,
        {
          ConditionCheck: {
            TableName: table,
            Key: warehouseKey(warehouseId),
            ConditionExpression: condition,
            ExpressionAttributeValues: values,
          },
        },
      ]);
    }
  }
  return {
    recordItems,
    movementItems,
    warehouseItems,
    movements,
    records: changed.map(([key, record]) => ({ record, readVersion: current.get(key)!.version })),
  };
}

/** The change's delta on each record, marked under its id: what abandoning it takes back out. */
function markStaged(plan: StockPlan, current: ReadonlyMap<string, StockRecord>, changeId: string) {
  return plan.records.map(({ record, readVersion }) => {
    const before = current.get(pairKey(record.sku, record.warehouseId))!;
    const delta = { onHand: record.onHand - before.onHand, allocated: record.allocated - before.allocated };
    return { record: { ...record, staged: { ...record.staged, [changeId]: delta } }, readVersion };
  });
}

/**
 * Reads, plans and commits once: in one transaction when it fits, staged and confirmed when it does
 * not (shared/stock/staged.ts). A refused stock record is a lost race (LostRace); a refused warehouse is
 * WarehouseRefused; a refusal of the caller's own items reaches the caller as TransactionCancelled.
 */
export async function commitStockChangeOnce(change: StockChange): Promise<LedgerResult> {
  const at = new Date().toISOString();
  const current = await readStock(change.requests, at, change.owner);
  const planned = planStockChange(change.requests, current, at, change.warehouseCondition);
  const callerItems = change.with?.(planned.movements) ?? [];
  const total =
    planned.recordItems.length +
    planned.movementItems.length +
    planned.warehouseItems.length +
    callerItems.length;
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
        confirmItems: [...planned.warehouseItems, ...callerItems],
      });
    }
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    const warehouse = error.refusedWithPrefix('warehouse:');
    if (warehouse) throw new WarehouseRefused(warehouse.name.slice('warehouse:'.length));
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
  return withRetry({ what: 'This stock' }, () => commitStockChangeOnce({ ...options, requests }));
}
