/**
 * Shipments and their per-day totals. A shipment lives in its order's partition (after the header,
 * payments and notes, before nothing loadOrder reads); three indexes list shipments across orders by ship
 * date, one month per index partition (so no partition grows without end): all of them, by carrier, by
 * warehouse. Totals are kept per day and per combination of the filters (carrier, service, warehouse,
 * status, source, currency) in one item each, and per month in another, both moved in the transaction that
 * writes a shipment: totals over whole months read only the month cells, partial months their day cells.
 */
import type { ItemKey } from './item-key';
import { lower } from './item-key';
import { allShards, retiredShipmentTotalsShards, shardCounts, shardOf } from './shards';

/** Client text in a key: case folded and encoded, so `#` in a carrier's name cannot split a key. */
const part = (value: string) => encodeURIComponent(lower(value));
const monthOf = (day: string) => day.slice(0, 7);

export const shipmentKey = (orderId: string, shipmentId: string): ItemKey => ({
  PK: `ORDER#${orderId}`,
  SK: `S#${shipmentId}`,
});
export const shipmentsOfOrder = (orderId: string) => ({ pk: `ORDER#${orderId}`, skPrefix: 'S#' });
/** Where a shipment named by its id alone lives (fulfillment's reprint and void): its order's id. */
export const shipmentRefKey = (shipmentId: string): ItemKey => ({
  PK: `SHIPMENT#${shipmentId}`,
  SK: 'SHIPMENT',
});

/** Index entries of the layout before sharding: no writer uses them now; readers and migrate know them. */
export const shipmentIndexKeys = (shipment: {
  id: string;
  shipDate: string;
  carrier: string;
  warehouseId?: string;
}) => {
  const month = monthOf(shipment.shipDate);
  const sort = `${shipment.shipDate}#${shipment.id}`;
  return {
    GSI1PK: `SHIPMENTS#${month}`,
    GSI1SK: sort,
    GSI2PK: `SHIPMENTS#CARRIER#${part(shipment.carrier)}#${month}`,
    GSI2SK: sort,
    GSI3PK: `SHIPMENTS#WH#${shipment.warehouseId ?? '-'}#${month}`,
    GSI3SK: sort,
  };
};

/** The index partition that lists a month's shipments, narrowed by carrier or warehouse when given. */
export function shipmentsOfMonth(month: string, by: { carrier?: string; warehouseId?: string }) {
  if (by.carrier !== undefined)
    return { index: 'GSI2' as const, pk: `SHIPMENTS#CARRIER#${part(by.carrier)}#${month}` };
  if (by.warehouseId !== undefined)
    return { index: 'GSI3' as const, pk: `SHIPMENTS#WH#${by.warehouseId}#${month}` };
  return { index: 'GSI1' as const, pk: `SHIPMENTS#${month}` };
}

export interface ShipmentCell {
  day: string;
  carrier: string;
  service: string;
  warehouseId?: string;
  status: string;
  source: string;
  currency?: string;
}

/**
 * Totals for one combination of the filters over one day (`day` YYYY-MM-DD), or over a whole month
 * (`day` YYYY-MM): month cells sort after the month's day cells (`M#` after digits), so a range of days
 * and the month's cells are each one key range of the month's partition. The layout before sharding:
 * writers use shardedShipmentTotalsKey, whose sort keys are these.
 */
export const shipmentTotalsKey = (cell: ShipmentCell): ItemKey => {
  const combination = [
    part(cell.carrier),
    part(cell.service),
    cell.warehouseId ?? '-',
    cell.status,
    cell.source,
    cell.currency ?? '-',
  ].join('#');
  const wholeMonth = cell.day.length === 7;
  return {
    PK: `SHIPTOTALS#${monthOf(cell.day)}`,
    SK: wholeMonth ? `M#${combination}` : `${cell.day}#${combination}`,
  };
};
/** A month's totals partition: its day cells (SK from a day to a day) and its month cells (SK prefix M#). */
export const shipmentTotalsOfMonth = (month: string) => ({
  pk: `SHIPTOTALS#${month}`,
  monthCellPrefix: 'M#',
});

/*
 * Sharded shipment indexes and totals (docs/scale.md). Index entries: `SHIPMENTS@<n>#…` by a hash of the
 * shipment id, merged by sort key on read. Totals: a cell per combination per shard
 * (`SHIPTOTALS@<n>#<month>`, the shard by a hash of the shipment id), summed over the shards on read.
 * Readers include the partitions of the layout before until `npm run migrate` has run.
 */
export const shipmentIndexShard = (shipmentId: string) => shardOf(shipmentId, shardCounts.shipmentIndex);
export const shardedShipmentIndexKeys = (shipment: {
  id: string;
  shipDate: string;
  carrier: string;
  warehouseId?: string;
}) => {
  const month = monthOf(shipment.shipDate);
  const sort = `${shipment.shipDate}#${shipment.id}`;
  const shard = shipmentIndexShard(shipment.id);
  return {
    GSI1PK: `SHIPMENTS@${shard}#${month}`,
    GSI1SK: sort,
    GSI2PK: `SHIPMENTS@${shard}#CARRIER#${part(shipment.carrier)}#${month}`,
    GSI2SK: sort,
    GSI3PK: `SHIPMENTS@${shard}#WH#${shipment.warehouseId ?? '-'}#${month}`,
    GSI3SK: sort,
  };
};
/** Every partition (shards, then the legacy one) listing a month's shipments, narrowed as shipmentsOfMonth. */
export function shipmentsOfMonthPartitions(month: string, by: { carrier?: string; warehouseId?: string }) {
  const legacy = shipmentsOfMonth(month, by);
  const rest = legacy.pk.slice('SHIPMENTS#'.length);
  return [
    ...allShards('shipmentIndex').map((shard) => ({
      name: String(shard),
      index: legacy.index,
      pk: `SHIPMENTS@${shard}#${rest}`,
    })),
    { name: 'legacy', ...legacy },
  ];
}
/** The totals shard a shipment's cells are moved in. */
export const shipmentTotalsShard = (shipmentId: string) => shardOf(shipmentId, shardCounts.shipmentTotals);
/** A totals cell in one shard: the same sort keys as shipmentTotalsKey, in the shard's month partition. */
export const shardedShipmentTotalsKey = (cell: ShipmentCell, shard: number): ItemKey => ({
  PK: `SHIPTOTALS@${shard}#${monthOf(cell.day)}`,
  SK: shipmentTotalsKey(cell).SK,
});
/**
 * Every partition of a month's totals (shards, then those of the layouts before: the shards past today's
 * count and the unsharded key): sum a cell over all of them.
 */
export const shipmentTotalsOfMonthPartitions = (month: string) => [
  ...allShards('shipmentTotals').map((shard) => ({
    name: String(shard),
    pk: `SHIPTOTALS@${shard}#${month}`,
    monthCellPrefix: 'M#',
  })),
  ...Array.from({ length: retiredShipmentTotalsShards - shardCounts.shipmentTotals }, (_, n) => ({
    name: 'retired',
    pk: `SHIPTOTALS@${shardCounts.shipmentTotals + n}#${month}`,
    monthCellPrefix: 'M#',
  })),
  { name: 'legacy', ...shipmentTotalsOfMonth(month) },
];

/** The shard of today's count that a cell of a retired shard (`SHIPTOTALS@<n>#…`, n ≥ the count) moves into. */
export function retiredTotalsShard(pk: string): number | undefined {
  const shard = /^SHIPTOTALS@(\d+)#/.exec(pk)?.[1];
  if (shard === undefined || Number(shard) < shardCounts.shipmentTotals) return undefined;
  return Number(shard) % shardCounts.shipmentTotals;
}
