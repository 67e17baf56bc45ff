/**
 * The stock ledger, kept in memory while the seed plays the year forward: every change goes through the
 * service's own `applyMovement`, and becomes a movement item exactly as shared/stock/ledger.ts writes it.
 * The stock records are written once at the end, with the warehouses' counter shards summed from them.
 */
import {
  movementKey,
  shardedMovementIndexKeys,
  shardedStockIndexKeys,
  stockKey,
  warehouseCounterShard,
} from '../../../shared/db/keys';
import type {
  Movement,
  MovementRequest,
  StockRecord,
  WarehouseStockCounts,
} from '../../../shared/domain/stock-ledger';
import {
  addStockCounts,
  applyMovement,
  emptyStock,
  noStockCounts,
  stockCountsOf,
} from '../../../shared/domain/stock-ledger';
import type { Random } from './random';

export type Item = Record<string, unknown>;

const pairKey = (sku: string, warehouseId: string) => `${sku}\u0000${warehouseId}`;

export class StockBook {
  private readonly records = new Map<string, StockRecord>();

  constructor(private readonly random: Random) {}

  record(sku: string, warehouseId: string): StockRecord {
    const key = pairKey(sku, warehouseId);
    let record = this.records.get(key);
    if (!record) {
      record = emptyStock(sku, warehouseId, new Date(0).toISOString());
      this.records.set(key, record);
    }
    return record;
  }

  /** Applies one movement and answers its item. */
  apply(request: MovementRequest, requestedAt: string): Item {
    const before = this.record(request.sku, request.warehouseId);
    // Strictly after the record's previous movement, so the ledger's key order is the order applied.
    const at =
      before.version > 0 && requestedAt <= before.updatedAt
        ? new Date(Date.parse(before.updatedAt) + 1).toISOString()
        : requestedAt;
    const outcome = applyMovement(before, request, at);
    if (!outcome.ok) {
      const why = outcome.shortfall ? `short by ${outcome.shortfall.missing}` : 'without a unit cost';
      throw new Error(`seed ledger: ${request.type} of ${request.sku} ${why}`);
    }
    this.records.set(pairKey(request.sku, request.warehouseId), outcome.record);
    const movement: Movement = {
      id: this.random.ulid(at),
      sku: request.sku,
      warehouseId: request.warehouseId,
      type: request.type,
      quantity: outcome.onHandChange,
      allocatedChange: outcome.allocatedChange,
      ...(outcome.unitCost === undefined ? {} : { unitCost: outcome.unitCost }),
      ...(request.reference ? { reference: request.reference } : {}),
      at,
      onHandAfter: outcome.record.onHand,
      availableAfter: outcome.record.available,
      backorderedAfter: outcome.record.backordered,
    };
    return {
      ...movementKey(movement),
      ...shardedMovementIndexKeys(movement),
      entity: 'stock-movement',
      ...movement,
    };
  }

  /** Every record touched, as the ledger stores it. */
  stockItems(): Item[] {
    return [...this.records.values()]
      .filter((record) => record.version > 0)
      .map((record) => ({
        ...stockKey(record.sku, record.warehouseId),
        ...shardedStockIndexKeys(record),
        ...record,
      }));
  }

  /** What the ledger's counters would have summed to, per warehouse and counter shard (by SKU). */
  counters(): Map<string, Map<number, WarehouseStockCounts>> {
    const counters = new Map<string, Map<number, WarehouseStockCounts>>();
    for (const record of this.records.values()) {
      const shards = counters.get(record.warehouseId) ?? new Map<number, WarehouseStockCounts>();
      const shard = warehouseCounterShard(record.sku);
      shards.set(shard, addStockCounts(shards.get(shard) ?? noStockCounts, stockCountsOf(record)));
      counters.set(record.warehouseId, shards);
    }
    return counters;
  }
}
