/**
 * Before a label is bought: can the warehouse give these units to this order? It mirrors the ledger's
 * shipment rule (shared/domain/stock-ledger.ts: the order's own allocation, then units nobody holds, never
 * more than is on hand), so another order's backorder never blocks an order whose units are on the shelf.
 * The ledger decides again at commit; this only avoids buying labels in vain.
 *
 * Which order is short when a SKU is backordered (allocated beyond on hand)? The one whose status allowed
 * the backorder: every other status allocates only units that are available, so their holds are on the
 * shelf. An order in a backorder status therefore counts its allocation behind everyone else's holds.
 */
import type { ShipmentLine } from '../../../shared/domain/shipment';

export interface StockFigures {
  onHand: number;
  allocated: number;
}

export interface UnitsShort {
  sku: string;
  wanted: number;
  shippable: number;
}

export function unitsShort(
  lines: readonly ShipmentLine[],
  ownAllocations: Readonly<Record<string, number>>,
  stock: ReadonlyMap<string, StockFigures>,
  /** The order's status allows backorders: its allocation may be the part not on the shelf. */
  mayBeBackordered = false,
): UnitsShort[] {
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.sku, (wanted.get(line.sku) ?? 0) + line.quantity);
  return [...wanted].flatMap(([sku, quantity]) => {
    const record = stock.get(sku) ?? { onHand: 0, allocated: 0 };
    const own = Object.prototype.hasOwnProperty.call(ownAllocations, sku) ? ownAllocations[sku]! : 0;
    const heldByOthers = Math.max(0, record.allocated - own);
    const shippable = mayBeBackordered
      ? Math.max(0, record.onHand - heldByOthers)
      : Math.min(record.onHand, own + Math.max(0, record.onHand - record.allocated));
    return shippable >= quantity ? [] : [{ sku, wanted: quantity, shippable }];
  });
}
