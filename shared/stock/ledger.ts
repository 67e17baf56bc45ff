/**
 * The one way stock ever changes: movements and the stock records they touch, the warehouses' stock
 * counters and whatever the caller adds (a work order, an order) are written in one transaction.
 * Concurrency is optimistic: each stock record is written on the version read; a lost race re-reads
 * and tries again, so the ledger never goes below zero and a refused request records nothing.
 */
import { newId } from '../ids';
import { tableName } from '../db/client';
import { movementIndexKeys, movementKey, stockIndexKeys, stockKey, warehouseKey } from '../db/keys';
import { getItems } from '../db/query';
import type { TransactItem } from '../db/transactions';
import { maxTransactionItems, transactWrite } from '../db/transactions';
import { TransactionCancelled } from '../db/write-errors';
import type { Movement, MovementRequest, Shortfall, StockRecord } from '../domain/stock-ledger';
import { applyMovement, emptyStock } from '../domain/stock-ledger';
import type { AppError } from '../errors';
import { BadRequest, Conflict } from '../errors';

const maxAttempts = 30;

export interface LedgerOptions {
  /** Items written in the same transaction (a work order, an order), given the movements being recorded. */
  extraItems?: (movements: Movement[]) => TransactItem[];
  /** Extra condition on each warehouse touched (for example: accepts work orders), with the error when it fails. */
  warehouseCondition?: {
    expression: string;
    values: Record<string, unknown>;
    error: (warehouseId: string) => AppError;
  };
  /** Maps a refused extra item (by its index in extraItems) to an error. */
  extraItemRefused?: (index: number) => Error;
}

export interface LedgerResult {
  movements: Movement[];
  records: StockRecord[];
}

const pairKey = (sku: string, warehouseId: string) => `${sku}\u0000${warehouseId}`;

/** Stock records for (sku, warehouse) pairs, strongly consistent, absent ones as empty records. */
export async function readStock(
  pairs: Array<{ sku: string; warehouseId: string }>,
  at: string,
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
    });
  }
  for (const pair of unique) {
    const key = pairKey(pair.sku, pair.warehouseId);
    if (!records.has(key)) records.set(key, emptyStock(pair.sku, pair.warehouseId, at));
  }
  return records;
}

function shortfallError(shortfalls: Shortfall[]): Conflict {
  const summary = shortfalls.map((s) => `${s.sku} in ${s.warehouseId}: ${s.missing} missing`).join('; ');
  return new Conflict(`Not enough stock (${summary}); nothing was changed.`, { shortfalls });
}

interface Plan {
  items: TransactItem[];
  movements: Movement[];
  records: StockRecord[];
  warehouseIds: string[];
  stockItemCount: number;
}

function plan(
  requests: MovementRequest[],
  current: Map<string, StockRecord>,
  at: string,
  options: LedgerOptions,
): Plan {
  const records = new Map(current);
  const read = new Map([...current].map(([key, record]) => [key, record.version]));
  const movements: Movement[] = [];
  const shortfalls: Shortfall[] = [];
  const perWarehouse = new Map<string, { units: number; skus: number }>();
  for (const request of requests) {
    const key = pairKey(request.sku, request.warehouseId);
    const before = records.get(key)!;
    const outcome = applyMovement(before, request, at);
    if (!outcome.ok) {
      shortfalls.push(outcome.shortfall);
      continue;
    }
    records.set(key, outcome.record);
    const counters = perWarehouse.get(request.warehouseId) ?? { units: 0, skus: 0 };
    counters.units += outcome.onHandChange;
    counters.skus += (outcome.record.onHand > 0 ? 1 : 0) - (before.onHand > 0 ? 1 : 0);
    perWarehouse.set(request.warehouseId, counters);
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
  if (shortfalls.length > 0) throw shortfallError(shortfalls);

  const table = tableName();
  const changed = [...records].filter(([key, record]) => record.version !== read.get(key));
  const stockItems: TransactItem[] = changed.map(([key, record]) => ({
    Put: {
      TableName: table,
      Item: { ...stockKey(record.sku, record.warehouseId), ...stockIndexKeys(record), ...record },
      ConditionExpression: read.get(key) === 0 ? 'attribute_not_exists(PK)' : 'version = :read',
      ExpressionAttributeValues: read.get(key) === 0 ? undefined : { ':read': read.get(key) },
    },
  }));
  const movementItems: TransactItem[] = movements.map((movement) => ({
    Put: {
      TableName: table,
      Item: {
        ...movementKey(movement),
        ...movementIndexKeys(movement),
        entity: 'stock-movement',
        ...movement,
      },
    },
  }));
  const warehouseIds = [...perWarehouse.keys()];
  const warehouseItems: TransactItem[] = warehouseIds.map((warehouseId) => {
    const counters = perWarehouse.get(warehouseId)!;
    const extra = options.warehouseCondition;
    return {
      Update: {
        TableName: table,
        Key: warehouseKey(warehouseId),
        UpdateExpression: 'ADD unitsOnHand :units, skusHeld :skus',
        ConditionExpression: `attribute_exists(PK)${extra ? ` AND (${extra.expression})` : ''}`,
        ExpressionAttributeValues: { ':units': counters.units, ':skus': counters.skus, ...extra?.values },
      },
    };
  });
  const items = [
    ...stockItems,
    ...warehouseItems,
    ...movementItems,
    ...(options.extraItems?.(movements) ?? []),
  ];
  if (items.length > maxTransactionItems) {
    throw new BadRequest(
      `This change needs ${items.length} writes (${stockItems.length} stock records, ${movements.length} movements, ${warehouseItems.length} warehouses and ${items.length - stockItems.length - movements.length - warehouseItems.length} more); one atomic change holds at most ${maxTransactionItems}. Split it into smaller ones.`,
    );
  }
  return {
    items,
    movements,
    records: changed.map(([, record]) => record),
    warehouseIds,
    stockItemCount: stockItems.length,
  };
}

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(250, 4 * 2 ** attempt)));

export async function applyStockMovements(
  requests: MovementRequest[],
  options: LedgerOptions = {},
): Promise<LedgerResult> {
  for (let attempt = 0; ; attempt++) {
    const at = new Date().toISOString();
    const current = await readStock(requests, at);
    const planned = plan(requests, current, at, options);
    try {
      await transactWrite(planned.items);
      return { movements: planned.movements, records: planned.records };
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      const failed = error.failedConditions();
      const warehouseStart = planned.stockItemCount;
      const extraStart = warehouseStart + planned.warehouseIds.length + planned.movements.length;
      const refusedWarehouse = failed.find(
        (index) => index >= warehouseStart && index < warehouseStart + planned.warehouseIds.length,
      );
      if (refusedWarehouse !== undefined) {
        const warehouseId = planned.warehouseIds[refusedWarehouse - warehouseStart]!;
        throw (
          options.warehouseCondition?.error(warehouseId) ??
          new Conflict(`Warehouse ${warehouseId} does not exist.`)
        );
      }
      const refusedExtra = failed.find((index) => index >= extraStart);
      if (refusedExtra !== undefined) {
        throw options.extraItemRefused?.(refusedExtra - extraStart) ?? error;
      }
      // A stock record changed since it was read, or another transaction held it: read again.
      if (attempt + 1 >= maxAttempts) {
        throw new Conflict(
          'This stock is changing very fast right now; nothing was changed. Retry shortly.',
          {},
          { 'retry-after': '1' },
        );
      }
      await pause(attempt);
    }
  }
}
