/**
 * Before a label is bought: can the warehouse give these units? On hand, less what other orders hold,
 * must cover each line (the ledger decides again at commit; this only avoids buying labels in vain).
 */
import type { ShipmentLine } from '../../../shared/domain/shipment';

export interface StockFigures {
  onHand: number;
  allocated: number;
}

export function unitsShort(
  lines: readonly ShipmentLine[],
  ownAllocations: Readonly<Record<string, number>>,
  stock: ReadonlyMap<string, StockFigures>,
): Array<{ sku: string; wanted: number; shippable: number }> {
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.sku, (wanted.get(line.sku) ?? 0) + line.quantity);
  return [...wanted].flatMap(([sku, quantity]) => {
    const record = stock.get(sku) ?? { onHand: 0, allocated: 0 };
    const own = Object.prototype.hasOwnProperty.call(ownAllocations, sku) ? ownAllocations[sku]! : 0;
    const heldByOthers = Math.max(0, record.allocated - own);
    const shippable = Math.max(0, record.onHand - heldByOthers);
    return shippable >= quantity ? [] : [{ sku, wanted: quantity, shippable }];
  });
}
