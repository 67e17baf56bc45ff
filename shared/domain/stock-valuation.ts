/**
 * Stock valued and aged, as plain functions (DESIGN §4, Reports):
 * - a SKU's record in a warehouse replayed from its movements up to a moment, with the stock ledger's own
 *   arithmetic (inbound units add a layer at their unit cost and move the average; outbound units leave
 *   the oldest layers first), so the valuation can be read as of a past day;
 * - value at average cost (on hand × average unit cost) and at FIFO (the remaining layers at their cost);
 * - on hand by age of receipt: the remaining layers, each aged in reporting days, in buckets.
 * No I/O.
 */
import type { Day } from './reporting-days';
import { dayCount, reportingDay } from './reporting-days';
import type { CostLayer, Movement } from './stock-ledger';
import { consumeLayers } from './stock-ledger';

export interface ReplayedStock {
  onHand: number;
  averageUnitCost: number;
  layers: CostLayer[];
}

type ReplayedMovement = Pick<Movement, 'quantity' | 'unitCost' | 'at'>;

const noStock: ReplayedStock = { onHand: 0, averageUnitCost: 0, layers: [] };

/** One movement applied, with the ledger's arithmetic. */
function replayStep(stock: ReplayedStock, movement: ReplayedMovement): ReplayedStock {
  const change = movement.quantity;
  let { averageUnitCost, layers } = stock;
  if (change > 0) {
    const unitCost = movement.unitCost ?? averageUnitCost;
    layers = [...layers, { receivedAt: movement.at, quantity: change, unitCost }];
    averageUnitCost = Math.round(
      (stock.onHand * averageUnitCost + change * unitCost) / (stock.onHand + change),
    );
  } else if (change < 0) {
    layers = consumeLayers(layers, -change);
  }
  return { onHand: stock.onHand + change, averageUnitCost, layers };
}

/** The record the movements (oldest first) leave: the same figures the ledger kept as it wrote them. */
export function replayMovements(movements: readonly ReplayedMovement[]): ReplayedStock {
  return movements.reduce(replayStep, noStock);
}

/**
 * Many records replayed in one pass over their movements, each record's oldest first (as a warehouse's
 * or a SKU's partition holds them): warehouse id → SKU → the record they leave. SKUs are client data,
 * so they key Maps, never objects.
 */
export function replayedByRecord(
  movements: Iterable<ReplayedMovement & Pick<Movement, 'warehouseId' | 'sku'>>,
): Map<string, Map<string, ReplayedStock>> {
  const byWarehouse = new Map<string, Map<string, ReplayedStock>>();
  for (const movement of movements) {
    let bySku = byWarehouse.get(movement.warehouseId);
    if (!bySku) byWarehouse.set(movement.warehouseId, (bySku = new Map()));
    bySku.set(movement.sku, replayStep(bySku.get(movement.sku) ?? noStock, movement));
  }
  return byWarehouse;
}

export interface StockValue {
  /** On hand × average unit cost (minor units). */
  averageValue: number;
  /** The remaining FIFO layers at their own costs (minor units). */
  fifoValue: number;
  /** Units the layers hold; equal to on hand unless the record predates its layers. */
  layeredUnits: number;
}

export function valueOf(stock: Pick<ReplayedStock, 'onHand' | 'averageUnitCost' | 'layers'>): StockValue {
  return {
    averageValue: stock.onHand * stock.averageUnitCost,
    fifoValue: stock.layers.reduce((sum, layer) => sum + layer.quantity * layer.unitCost, 0),
    layeredUnits: stock.layers.reduce((sum, layer) => sum + layer.quantity, 0),
  };
}

export const agingBuckets = ['0-30', '31-60', '61-90', '91-120', '121-180', '180+'] as const;
export type AgingBucket = (typeof agingBuckets)[number];

/** Days since receipt (0 on the day received) into its bucket; `180+` holds what is older than 180 days. */
export function agingBucket(days: number): AgingBucket {
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  if (days <= 120) return '91-120';
  if (days <= 180) return '121-180';
  return '180+';
}

export interface AgedUnits {
  bucket: AgingBucket;
  units: number;
  /** Minor units, at the layers' own costs. */
  value: number;
}

/** The layers' units and value by age of receipt, in reporting days up to `today`; every bucket, zeros included. */
export function ageLayers(layers: readonly CostLayer[], today: Day, timeZone: string): AgedUnits[] {
  const totals = new Map<AgingBucket, AgedUnits>(
    agingBuckets.map((bucket) => [bucket, { bucket, units: 0, value: 0 }]),
  );
  for (const layer of layers) {
    const days = Math.max(0, dayCount(reportingDay(layer.receivedAt, timeZone), today) - 1);
    const entry = totals.get(agingBucket(days))!;
    entry.units += layer.quantity;
    entry.value += layer.quantity * layer.unitCost;
  }
  return [...totals.values()];
}

/** Bucket by bucket sums (a warehouse's total over its SKUs). */
export function addAged(into: AgedUnits[], more: readonly AgedUnits[]): AgedUnits[] {
  return into.map((entry, index) => ({
    bucket: entry.bucket,
    units: entry.units + more[index]!.units,
    value: entry.value + more[index]!.value,
  }));
}

/**
 * Units on hand at the end of each of the days, from the on hand now and the movements since the first
 * day began (each with its reporting day): the end of a day is now less what moved after it.
 */
export function onHandAtEndOfDays(
  days: readonly Day[],
  onHandNow: number,
  movements: ReadonlyArray<{ day: Day; quantity: number }>,
): Array<{ day: Day; onHand: number }> {
  const movedOn = new Map<Day, number>();
  for (const movement of movements)
    movedOn.set(movement.day, (movedOn.get(movement.day) ?? 0) + movement.quantity);
  const answer: Array<{ day: Day; onHand: number }> = [];
  let onHand = onHandNow;
  // Walk back from today: the end of a day is the end of the next one less what moved on the next one.
  for (let index = days.length - 1; index >= 0; index -= 1) {
    const day = days[index]!;
    if (index < days.length - 1) onHand -= movedOn.get(days[index + 1]!) ?? 0;
    answer.unshift({ day, onHand });
  }
  return answer;
}
