/** Shipments in the single table: the items a shipment change commits, and the reads of one order's shipments. */
import { tableName } from '../db/client';
import {
  shardedShipmentIndexKeys,
  shardedShipmentTotalsKey,
  shipmentKey,
  shipmentRefKey,
  shipmentsOfOrder,
  shipmentTotalsShard,
} from '../db/keys/shipments';
import { getItem, queryAll, queryPage } from '../db/query';
import type { Page } from '../db/query';
import { toResource } from '../db/resource';
import type { NamedItem } from '../db/transactions';
import type { Shipment } from '../domain/shipment';
import { shipmentSchema } from '../domain/shipment';
import type { ShipmentCell } from '../db/keys/shipments';
import type { ShipmentFigures, TotalsCell } from './totals';
import { cellOf, figuresOf } from './totals';

export function shipmentPut(shipment: Shipment): NamedItem {
  return [
    `shipment:${shipment.id}`,
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...shipmentKey(shipment.orderId, shipment.id),
          ...shardedShipmentIndexKeys(shipment),
          entity: 'shipment',
          // The service, case-folded: the list's service filter compares it (services are typed by hand).
          serviceKey: shipment.service.toLowerCase(),
          ...shipment,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/** Replaces the shipment on the version read (a void): a second change racing this one is refused by name. */
export function shipmentReplace(next: Shipment, read: Shipment): NamedItem {
  const [name, { Put }] = shipmentPut(next);
  return [
    name,
    {
      Put: {
        ...Put!,
        ConditionExpression: 'version = :read',
        ExpressionAttributeValues: { ':read': read.version },
      },
    },
  ];
}

/**
 * The pointer from a shipment's id to its order. It has no `entity`: it is bookkeeping, not a resource,
 * and publishes no event.
 */
export function shipmentRefPut(shipment: Shipment): NamedItem {
  return [
    `shipment-ref:${shipment.id}`,
    {
      Put: {
        TableName: tableName(),
        Item: shipmentRefItem(shipment),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

export function shipmentRefDelete(shipment: Shipment): NamedItem {
  return [
    `shipment-ref:${shipment.id}`,
    { Delete: { TableName: tableName(), Key: shipmentRefKey(shipment.id) } },
  ];
}

/** The pointer item of a shipment (as shipmentRefPut writes it): for bulk loads too. */
export function shipmentRefItem(shipment: Pick<Shipment, 'id' | 'orderId'>): Record<string, unknown> {
  return { ...shipmentRefKey(shipment.id), orderId: shipment.orderId };
}

/** Deletes the shipment on the version read: a second removal racing this one is refused by name. */
export function shipmentDelete(shipment: Shipment): NamedItem {
  return [
    `shipment:${shipment.id}`,
    {
      Delete: {
        TableName: tableName(),
        Key: shipmentKey(shipment.orderId, shipment.id),
        ConditionExpression: 'version = :read',
        ExpressionAttributeValues: { ':read': shipment.version },
      },
    },
  ];
}

/**
 * Adds a shipment's figures to its day's cell and its month's cell (sign −1 takes them out), in the totals
 * shard of its id: a void or removal takes them out of the shard they went into. (A shipment written before
 * sharding added to the unsharded cells; taking it out of a shard leaves that shard's cell negative and
 * the sum over every partition exact, which is all readers use.)
 */
export function shipmentTotalsUpdates(shipment: Shipment, sign: 1 | -1): NamedItem[] {
  const day = cellOf(shipment);
  const figures = figuresOf(shipment, sign);
  const shard = shipmentTotalsShard(shipment.id);
  return [
    cellUpdate('day', day, shard, figures),
    cellUpdate('month', { ...day, day: day.day.slice(0, 7) }, shard, figures),
  ];
}

function cellUpdate(
  kind: 'day' | 'month',
  cell: ShipmentCell,
  shard: number,
  figures: ShipmentFigures,
): NamedItem {
  const key = shardedShipmentTotalsKey(cell, shard);
  return [
    `totals:${kind}:${key.SK}`,
    {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression:
          'SET #day = :day, carrier = :carrier, service = :service, #status = :status, #source = :source' +
          (cell.warehouseId === undefined ? '' : ', warehouseId = :warehouseId') +
          (cell.currency === undefined ? '' : ', currency = :currency') +
          ' ADD shipments :shipments, packages :packages, weightGrams :weightGrams, cost :cost',
        ExpressionAttributeNames: { '#day': 'day', '#status': 'status', '#source': 'source' },
        ExpressionAttributeValues: {
          ':day': cell.day,
          ':carrier': cell.carrier,
          ':service': cell.service,
          ':status': cell.status,
          ':source': cell.source,
          ...(cell.warehouseId === undefined ? {} : { ':warehouseId': cell.warehouseId }),
          ...(cell.currency === undefined ? {} : { ':currency': cell.currency }),
          ':shipments': figures.shipments,
          ':packages': figures.packages,
          ':weightGrams': figures.weightGrams,
          ':cost': figures.cost,
        },
      },
    },
  ];
}

/** The stored item of a shipment (as shipmentPut writes it): for bulk loads (the seed, benchmarks). */
export function shipmentItem(shipment: Shipment): Record<string, unknown> {
  return shipmentPut(shipment)[1].Put!.Item!;
}

/** A totals cell of one shard, its figures summed beforehand: what bulk loads write. */
export interface ShardTotalsCell {
  shard: number;
  cell: TotalsCell;
}

/** A whole totals cell (day or month) of one shard as an item: for bulk loads. */
export function shipmentTotalsItem({ shard, cell }: ShardTotalsCell): Record<string, unknown> {
  return { ...shardedShipmentTotalsKey(cell, shard), ...cell };
}

/** The month cells of a set of day cells (their sums per shard, month and combination): for bulk loads. */
export function monthCellsOf(dayCells: Iterable<ShardTotalsCell>): ShardTotalsCell[] {
  const months = new Map<string, ShardTotalsCell>();
  for (const { shard, cell } of dayCells) {
    const month = { ...cell, day: cell.day.slice(0, 7) };
    const key = shardedShipmentTotalsKey(month, shard);
    const sum = months.get(`${key.PK} ${key.SK}`);
    if (!sum) months.set(`${key.PK} ${key.SK}`, { shard, cell: month });
    else {
      sum.cell.shipments += cell.shipments;
      sum.cell.packages += cell.packages;
      sum.cell.weightGrams += cell.weightGrams;
      sum.cell.cost += cell.cost;
    }
  }
  return [...months.values()];
}

export async function findShipment(orderId: string, shipmentId: string): Promise<Shipment | undefined> {
  const item = await getItem(shipmentKey(orderId, shipmentId), true);
  return item ? toResource(shipmentSchema, item) : undefined;
}

/** A shipment named by its id alone, through its pointer (consistent reads both). */
export async function findShipmentById(shipmentId: string): Promise<Shipment | undefined> {
  const ref = await getItem(shipmentRefKey(shipmentId), true);
  if (!ref || typeof ref.orderId !== 'string') return undefined;
  return findShipment(ref.orderId, shipmentId);
}

/** Every shipment of an order, newest first (a bounded set), read strongly. */
export async function allShipmentsOfOrder(orderId: string): Promise<Shipment[]> {
  const items = await queryAll({ ...shipmentsOfOrder(orderId), consistent: true, ascending: false });
  return items.map((item) => toResource(shipmentSchema, item));
}

/** An order's shipments, newest first (ids are ULIDs), a page at a time. */
export async function shipmentsOfOrderPage(
  orderId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<Shipment>> {
  const result = await queryPage({
    ...shipmentsOfOrder(orderId),
    limit: page.limit,
    cursor: page.cursor,
    scope: `shipments-of-order:${orderId}`,
    ascending: false,
    consistent: true,
  });
  return {
    items: result.items.map((item) => toResource(shipmentSchema, item)),
    nextCursor: result.nextCursor,
  };
}
