/**
 * Totals cells summed in memory, for bulk loads (the seed, benchmarks): day cells as shipments are added,
 * month cells from them at the end, equal to what the writer's updates would have left.
 */
import { shipmentTotalsKey } from '../db/keys/shipments';
import type { Shipment } from '../domain/shipment';
import { monthCellsOf } from './repository';
import type { TotalsCell } from './totals';
import { cellOf, figuresOf } from './totals';

export class ShipmentCellSums {
  private readonly days = new Map<string, TotalsCell>();

  add(shipment: Shipment): void {
    const cell = cellOf(shipment);
    const key = shipmentTotalsKey(cell);
    const figures = figuresOf(shipment, 1);
    const sum = this.days.get(`${key.PK} ${key.SK}`) ?? {
      ...cell,
      shipments: 0,
      packages: 0,
      weightGrams: 0,
      cost: 0,
    };
    sum.shipments += figures.shipments;
    sum.packages += figures.packages;
    sum.weightGrams += figures.weightGrams;
    sum.cost += figures.cost;
    this.days.set(`${key.PK} ${key.SK}`, sum);
  }

  /** Day cells, then the month cells they sum to. */
  cells(): TotalsCell[] {
    const days = [...this.days.values()];
    return [...days, ...monthCellsOf(days)];
  }
}
