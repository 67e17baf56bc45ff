/**
 * Shipments written straight into the table, without the orders behind them: in today's layout (the
 * writer's own items and totals updates) and in the layout before sharding, whose key strings are spelled
 * out here on purpose (`SHIPMENTS#<month>`, `SHIPTOTALS#<month>`): a deployed table holds such items until
 * `npm run migrate` has run, and readers must count them as they did.
 */
import { batchWrite } from '../../shared/db/batch-write';
import type { NamedItem } from '../../shared/db/transactions';
import { transactWrite } from '../../shared/db/transactions';
import type { Shipment } from '../../shared/domain/shipment';
import { newId } from '../../shared/ids';
import {
  shipmentDelete,
  shipmentItem,
  shipmentRefDelete,
  shipmentRefItem,
  shipmentReplace,
  shipmentTotalsUpdates,
} from '../../shared/shipments/repository';
import type { TotalsCell } from '../../shared/shipments/totals';
import { cellOf, figuresOf } from '../../shared/shipments/totals';

export function storedShipment(overrides: Partial<Shipment> = {}): Shipment {
  const at = new Date().toISOString();
  return {
    id: newId(),
    orderId: `ORD-${newId()}`,
    source: 'label',
    carrier: 'UPS',
    service: 'Ground',
    trackingNumber: `1Z${newId()}`,
    trackingStatus: 'in_transit',
    lines: [{ itemId: 'L1', sku: 'SHIP-A', quantity: 1 }],
    shipDate: '2026-02-10',
    packages: 1,
    weightGrams: 500,
    status: 'active',
    createdBy: 'test',
    createdAt: at,
    updatedAt: at,
    version: 1,
    ...overrides,
  };
}

/** A shipment as the writer commits it today: its item and pointer, and its totals moved in one transaction. */
export async function writeShipment(shipment: Shipment): Promise<void> {
  await batchWrite([
    { PutRequest: { Item: shipmentItem(shipment) } },
    { PutRequest: { Item: shipmentRefItem(shipment) } },
  ]);
  await transactWrite(shipmentTotalsUpdates(shipment, 1));
}

/** A void as the shipment writer commits it: the shipment replaced, its figures moved to the voided cells. */
export async function voidStoredShipment(read: Shipment): Promise<Shipment> {
  const after: Shipment = { ...read, status: 'voided', version: read.version + 1 };
  const items: NamedItem[] = [
    shipmentReplace(after, read),
    ...shipmentTotalsUpdates(after, 1),
    ...shipmentTotalsUpdates(read, -1),
  ];
  await transactWrite(items);
  return after;
}

/** A removal as the shipment writer commits it: the shipment and its pointer deleted, its figures taken out. */
export async function removeStoredShipment(read: Shipment): Promise<void> {
  await transactWrite([shipmentDelete(read), shipmentRefDelete(read), ...shipmentTotalsUpdates(read, -1)]);
}

const part = (value: string) => encodeURIComponent(value.toLowerCase());

/** A shipment item as written before the indexes were sharded: one partition per month and index. */
export function legacyShipmentItem(shipment: Shipment): Record<string, unknown> {
  const month = shipment.shipDate.slice(0, 7);
  const sort = `${shipment.shipDate}#${shipment.id}`;
  return {
    ...shipmentItem(shipment),
    GSI1PK: `SHIPMENTS#${month}`,
    GSI1SK: sort,
    GSI2PK: `SHIPMENTS#CARRIER#${part(shipment.carrier)}#${month}`,
    GSI2SK: sort,
    GSI3PK: `SHIPMENTS#WH#${shipment.warehouseId ?? '-'}#${month}`,
    GSI3SK: sort,
  };
}

/** A totals cell (day `YYYY-MM-DD` or month `YYYY-MM`) as kept before sharding: one item per combination. */
export function legacyTotalsItem(cell: TotalsCell): Record<string, unknown> {
  const combination = [
    part(cell.carrier),
    part(cell.service),
    cell.warehouseId ?? '-',
    cell.status,
    cell.source,
    cell.currency ?? '-',
  ].join('#');
  const month = cell.day.slice(0, 7);
  return {
    PK: `SHIPTOTALS#${month}`,
    SK: cell.day.length === 7 ? `M#${combination}` : `${cell.day}#${combination}`,
    ...cell,
  };
}

/**
 * Shipments written before sharding: their items under the old index keys, and their day and month cells
 * summed into the old totals partition, as the writer's updates left them.
 */
export async function writeLegacyShipments(shipments: readonly Shipment[]): Promise<void> {
  const cells = new Map<string, TotalsCell>();
  for (const shipment of shipments) {
    const figures = figuresOf(shipment, 1);
    const day = cellOf(shipment);
    for (const cell of [day, { ...day, day: day.day.slice(0, 7) }]) {
      const item = legacyTotalsItem({ ...cell, shipments: 0, packages: 0, weightGrams: 0, cost: 0 });
      const key = `${String(item.PK)} ${String(item.SK)}`;
      const sum = cells.get(key) ?? { ...cell, shipments: 0, packages: 0, weightGrams: 0, cost: 0 };
      sum.shipments += figures.shipments;
      sum.packages += figures.packages;
      sum.weightGrams += figures.weightGrams;
      sum.cost += figures.cost;
      cells.set(key, sum);
    }
  }
  await batchWrite([
    ...shipments.flatMap((shipment) => [
      { PutRequest: { Item: legacyShipmentItem(shipment) } },
      { PutRequest: { Item: shipmentRefItem(shipment) } },
    ]),
    ...[...cells.values()].map((cell) => ({ PutRequest: { Item: legacyTotalsItem(cell) } })),
  ]);
}
