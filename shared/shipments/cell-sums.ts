/**
 * Totals cells summed in memory, for bulk loads (the seed, benchmarks): day cells as shipments are added,
 * each in its shipment's totals shard, month cells from them at the end, equal to what the writer's
 * updates would have left.
 */
import { shardedShipmentTotalsKey, shipmentTotalsShard } from '../db/keys/shipments';
import type { Shipment } from '../domain/shipment';
import type { ShardTotalsCell } from './repository';
import { monthCellsOf } from './repository';
import { cellOf, figuresOf } from './totals';

export class ShipmentCellSums {
  private readonly days = new Map<string, ShardTotalsCell>();

  add(shipment: Shipment): void {
    const cell = cellOf(shipment);
    const shard = shipmentTotalsShard(shipment.id);
    const key = shardedShipmentTotalsKey(cell, shard);
    const figures = figuresOf(shipment, 1);
    const entry = this.days.get(`${key.PK} ${key.SK}`) ?? {
      shard,
      cell: { ...cell, shipments: 0, packages: 0, weightGrams: 0, cost: 0 },
    };
    const sum = entry.cell;
    sum.shipments += figures.shipments;
    sum.packages += figures.packages;
    sum.weightGrams += figures.weightGrams;
    sum.cost += figures.cost;
    this.days.set(`${key.PK} ${key.SK}`, entry);
  }

  /** Day cells, then the month cells they sum to, each with its shard. */
  cells(): ShardTotalsCell[] {
    const days = [...this.days.values()];
    return [...days, ...monthCellsOf(days)];
  }
}
