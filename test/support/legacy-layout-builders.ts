/**
 * A table as a deployment before sharding holds it, for `npm run migrate`'s tests: order headers (with
 * payments beside them), stock records, movements, shipments, shipment totals cells and warehouses with
 * their counters, every key written as the old strings themselves (the writers no longer build them).
 * Deterministic; a few items already in the sharded layout, as the deployed service writes them while
 * the migration waits to run.
 */
import { shardedOrderIndexKeys, shardedShipmentTotalsKey, warehouseCounterKey } from '../../shared/db/keys';
import type { Item } from '../../shared/db/query';

export const legacyStatuses = ['awaiting-payment', 'paid', 'on-hold', 'shipped', 'cancelled'];
export const legacyChannels = ['web', 'amazon', 'ebay', 'pos'];
export const legacyWarehouses = [
  { id: 'wh-east', code: 'EAST', active: true, counters: true },
  { id: 'wh-west', code: 'WEST', active: true, counters: true },
  { id: 'wh-old', code: 'OLD', active: false, counters: true },
  { id: 'wh-never', code: 'NEVER', active: false, counters: false },
];
const stockedWarehouses = ['wh-east', 'wh-west', 'wh-old'];
const carriers = ['postal', 'ups', 'dhl express'];
const days = Array.from({ length: 20 }, (_, n) => `2026-03-${String(n + 11).padStart(2, '0')}`).concat([
  '2026-04-01',
  '2026-04-02',
]);
export const legacyDays = [...new Set(days)];

const id = (kind: string, n: number) => `01J${kind}${String(n).padStart(22 - kind.length, '0')}`;
const part = (value: string) => encodeURIComponent(value.toLowerCase());
const instant = (day: string, n: number) =>
  `${day}T${String(n % 24).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}:${String((n * 7) % 60).padStart(2, '0')}.000Z`;

export interface LegacyTable {
  items: Item[];
  /** Items per family in the legacy layout (what the steps move). */
  legacy: Record<'orders' | 'stock' | 'movements' | 'shipments' | 'totals' | 'warehouses', number>;
  skus: string[];
}

export function legacyTable(options: {
  orders: number;
  skus: number;
  movements: number;
  shipments: number;
}): LegacyTable {
  const items: Item[] = [];
  const skus = Array.from({ length: options.skus }, (_, n) => `SKU-${String(n).padStart(4, '0')}`);
  let sharded = 0;

  const orders: Array<{ id: string; day: string; warehouseId: string }> = [];
  for (let n = 0; n < options.orders; n++) {
    const order = {
      id: id('ORD', n),
      statusId: legacyStatuses[n % legacyStatuses.length]!,
      orderDate: instant(days[n % days.length]!, n),
      channel: legacyChannels[(n * 3) % legacyChannels.length]!,
    };
    const warehouseId = stockedWarehouses[n % 2]!;
    const sort = `${order.orderDate}#${order.id}`;
    // One order in a hundred was written by the deployed service already: sharded keys.
    const keys =
      n % 100 === 99
        ? (sharded++, shardedOrderIndexKeys(order))
        : {
            GSI1PK: `ORDERS#STATUS#${order.statusId}`,
            GSI1SK: sort,
            GSI2PK: `ORDERS#DAY#${order.orderDate.slice(0, 10)}`,
            GSI2SK: sort,
            GSI3PK: `ORDERS#CHANNEL#${order.channel}`,
            GSI3SK: sort,
          };
    items.push({
      PK: `ORDER#${order.id}`,
      SK: 'A#ORDER',
      ...keys,
      entity: 'order',
      eventType: 'order.created',
      ...order,
      currency: n % 7 === 0 ? 'EUR' : 'USD',
      warehouseId,
      totals: { total: 1000 + n, paid: n % 2 === 0 ? 1000 + n : 0 },
      version: 1 + (n % 3),
    });
    if (n % 10 === 0) {
      items.push({
        PK: `ORDER#${order.id}`,
        SK: `A#PAYMENT#${order.orderDate}#${id('PAY', n)}`,
        orderId: order.id,
        currency: 'USD',
        amount: 1000 + n,
      });
    }
    orders.push({ id: order.id, day: order.orderDate.slice(0, 10), warehouseId });
  }

  for (const sku of skus) {
    for (const warehouseId of stockedWarehouses) {
      items.push({
        PK: `STOCK#${sku}`,
        SK: `WH#${warehouseId}`,
        GSI1PK: `WH_STOCK#${warehouseId}`,
        GSI1SK: `SKU#${sku}`,
        sku,
        warehouseId,
        onHand: sku.length + warehouseId.length,
        allocated: 1,
        version: 2,
      });
    }
  }

  for (let n = 0; n < options.movements; n++) {
    const movement = {
      id: id('MOV', n),
      sku: skus[n % skus.length]!,
      warehouseId: stockedWarehouses[n % stockedWarehouses.length]!,
      at: instant(days[n % days.length]!, n),
    };
    const sort = `${movement.at}#${movement.id}`;
    items.push({
      PK: `MOVEMENTS#SKU#${movement.sku}`,
      SK: sort,
      GSI1PK: `MOVEMENTS#WH#${movement.warehouseId}`,
      GSI1SK: sort,
      GSI2PK: `MOVEMENTS#DAY#${movement.at.slice(0, 10)}`,
      GSI2SK: sort,
      entity: 'stock-movement',
      ...movement,
      type: n % 2 === 0 ? 'receipt' : 'allocation',
      change: (n % 5) + 1,
    });
  }

  const cells = new Map<string, Item>();
  const addToCell = (PK: string, SK: string, cell: Item, figures: Record<string, number>) => {
    const key = `${PK}|${SK}`;
    const held = cells.get(key) ?? { PK, SK, ...cell, shipments: 0, packages: 0, weightGrams: 0, cost: 0 };
    for (const [name, value] of Object.entries(figures)) held[name] = (held[name] as number) + value;
    cells.set(key, held);
  };
  for (let n = 0; n < options.shipments; n++) {
    const order = orders[n]!;
    const month = order.day.slice(0, 7);
    const shipment = {
      id: id('SHP', n),
      orderId: order.id,
      shipDate: order.day,
      carrier: carriers[n % carriers.length]!,
      service: n % 2 === 0 ? 'ground' : 'express',
      status: 'shipped',
      source: 'ship-now',
      // One shipment in ten from no warehouse (a drop-shipped order): the `-` partition.
      warehouseId: n % 10 === 5 ? undefined : order.warehouseId,
    };
    const sort = `${shipment.shipDate}#${shipment.id}`;
    items.push({
      PK: `ORDER#${order.id}`,
      SK: `S#${shipment.id}`,
      GSI1PK: `SHIPMENTS#${month}`,
      GSI1SK: sort,
      GSI2PK: `SHIPMENTS#CARRIER#${part(shipment.carrier)}#${month}`,
      GSI2SK: sort,
      GSI3PK: `SHIPMENTS#WH#${shipment.warehouseId ?? '-'}#${month}`,
      GSI3SK: sort,
      entity: 'shipment',
      serviceKey: shipment.service,
      ...Object.fromEntries(Object.entries(shipment).filter(([, value]) => value !== undefined)),
      version: 1,
    });
    const combination = [
      part(shipment.carrier),
      part(shipment.service),
      shipment.warehouseId ?? '-',
      shipment.status,
      shipment.source,
      'USD',
    ].join('#');
    const cell = {
      carrier: shipment.carrier,
      service: shipment.service,
      ...(shipment.warehouseId ? { warehouseId: shipment.warehouseId } : {}),
      status: shipment.status,
      source: shipment.source,
      currency: 'USD',
    };
    const figures = { shipments: 1, packages: 1 + (n % 3), weightGrams: 500 + n, cost: 700 + (n % 50) };
    addToCell(`SHIPTOTALS#${month}`, `${order.day}#${combination}`, { ...cell, day: order.day }, figures);
    addToCell(`SHIPTOTALS#${month}`, `M#${combination}`, { ...cell, day: month }, figures);
  }
  const legacyCells = [...cells.values()];
  items.push(...legacyCells);
  // The deployed service's shards hold a share of some of the same cells already.
  for (const cell of legacyCells.slice(0, 5)) {
    items.push({
      ...cell,
      ...shardedShipmentTotalsKey(cell as never, 5),
      SK: cell.SK,
      shipments: 2,
      packages: 2,
      weightGrams: 900,
      cost: 1500,
    });
    items.push({
      ...cell,
      PK: `SHIPTOTALS@0#${String(cell.day).slice(0, 7)}`,
      shipments: 1,
      packages: 1,
      weightGrams: 100,
      cost: 100,
    });
  }

  for (const [n, warehouse] of legacyWarehouses.entries()) {
    items.push({
      PK: `WAREHOUSE#${warehouse.id}`,
      SK: 'WAREHOUSE',
      GSI1PK: 'WAREHOUSES',
      GSI1SK: `CODE#${warehouse.code.toLowerCase()}`,
      entity: 'warehouse',
      id: warehouse.id,
      code: warehouse.code,
      name: `Warehouse ${warehouse.code}`,
      active: warehouse.active,
      isDefault: n === 0,
      version: 4,
      stockRuleCount: 1,
      ...(warehouse.counters
        ? {
            unitsOnHand: 1000 + n,
            skusHeld: 40 + n,
            stockRecordsInUse: 45 + n,
            skusBackordered: n,
            poSourceCount: 2,
          }
        : {}),
    });
    // The deployed service's counter shards hold a share already.
    if (warehouse.counters)
      items.push({
        ...warehouseCounterKey(warehouse.id, 3),
        unitsOnHand: 17,
        skusHeld: 1,
        stockRecordsInUse: 1,
      });
  }

  return {
    items,
    legacy: {
      orders: options.orders - sharded,
      stock: skus.length * stockedWarehouses.length,
      movements: options.movements,
      shipments: options.shipments,
      totals: legacyCells.length,
      warehouses: legacyWarehouses.length,
    },
    skus,
  };
}
