/**
 * The seed writes what the service writes: its orders read back through the real handler (the response
 * schema is validated in tests), and its stock ledger, stock records, warehouse counters and order
 * allocations agree with one another.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { channels } from '../../infra/local/seed/channels';
import type { SeedSummary } from '../../infra/local/seed/seed-database';
import { seedDatabase, TableNotEmpty } from '../../infra/local/seed/seed-database';
import { db, tableName } from '../../shared/db/client';
import {
  allWarehouses,
  defaultWarehouseKey,
  ordersFromChannelPartitions,
  shardedOrderIndexKeys,
  stockInWarehouse,
  stockInWarehousePartitions,
} from '../../shared/db/keys';
import { queryEveryPartition } from '../../shared/db/every-partition';
import { storedCounters, storedMovementsOf } from '../support/stock-layout';
import { getItem, queryAll } from '../../shared/db/query';
import type { Order } from '../../shared/domain/order';
import { deriveTotals, fulfillmentStateOf } from '../../shared/domain/order';
import { orderFromItem } from '../../shared/orders/repository';
import type { StockRecord } from '../../shared/domain/stock-ledger';
import type { Shipment } from '../../shared/domain/shipment';
import { shipmentsOfOrder } from '../../shared/db/keys/shipments';
import { historyOfOrder } from '../../shared/db/keys/orders';
import type { HistoryEntry } from '../../shared/domain/order-history';
import { createHash } from 'node:crypto';
import { seedItems } from '../../infra/local/seed/seed-items';
import type { CallResult } from '../support/call';
import { call } from '../support/call';

type Item = Record<string, unknown>;

// Three days of orders, so a good share is still unshipped and holds stock; a fixed end keeps it deterministic.
const options = { orders: 50, seed: 7, days: 3, skus: 60, now: Date.UTC(2026, 10, 20, 12) };

let summary: SeedSummary;
let orders: Order[];
let orderItems: Item[];

beforeAll(async () => {
  summary = await seedDatabase({ client: db(), tableName: tableName(), ...options });
  const perChannel = await Promise.all(
    channels.map((channel) => queryEveryPartition(ordersFromChannelPartitions(channel.code))),
  );
  orderItems = perChannel.flat();
  orders = orderItems.map(orderFromItem);
});

const pairKey = (sku: string, warehouseId: string) => `${sku}@${warehouseId}`;
const lastDay = (day: string) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).toISOString().slice(0, 10);

describe('npm run seed (seedDatabase)', () => {
  it('writes the orders asked for, across channels and states', () => {
    expect(summary.counts.order).toBe(options.orders);
    expect(orders).toHaveLength(options.orders);
    // In the sharded order indexes only, as the order writer writes them.
    for (const item of orderItems) expect(item).toMatchObject(shardedOrderIndexKeys(orderFromItem(item)));
    expect(new Set(orders.map((order) => order.channel)).size).toBeGreaterThan(2);
    const states = new Set(orders.map((order) => order.fulfillmentState));
    expect(states).toContain('shipped');
    expect(states).toContain('unshipped');
  });

  it('answers its orders through GET /v1/orders/{id} with totals derived from lines and payments', async () => {
    const sample = [
      ...orders.filter((order) => order.fulfillmentState !== 'shipped').slice(0, 4),
      ...orders.slice(0, 6),
    ];
    for (const order of sample) {
      const response = await call({ method: 'GET', path: `/v1/orders/${order.id}`, role: 'viewer' });
      expect(response.status, response.text).toBe(200);
      const body = response.body as Order & { payments: Array<{ amount: number }> };
      const paid = body.payments.reduce((sum, payment) => sum + payment.amount, 0);
      expect(body.totals).toEqual(deriveTotals(body, { paid, refunded: 0, credited: 0 }));
      expect(body.totals.balance).toBeGreaterThanOrEqual(0);
      expect(body.fulfillmentState).toBe(fulfillmentStateOf(body.lines));
      expect(response.headers.etag).toBe(`"${body.version}"`);
    }
  });

  it('keeps stock records, the ledger, warehouse counters and order allocations consistent', async () => {
    const warehouses = await queryAll({ ...allWarehouses() });
    expect(warehouses.length).toBeGreaterThanOrEqual(3);
    const allocatedByOrders = new Map<string, number>();
    for (const order of orders) {
      for (const [sku, units] of Object.entries(order.allocations)) {
        const key = pairKey(sku, order.warehouseId!);
        allocatedByOrders.set(key, (allocatedByOrders.get(key) ?? 0) + units);
      }
    }
    expect(allocatedByOrders.size).toBeGreaterThan(0);

    const records: StockRecord[] = [];
    for (const warehouse of warehouses) {
      const held = (await queryEveryPartition(
        stockInWarehousePartitions(String(warehouse.id)),
      )) as unknown as StockRecord[];
      records.push(...held);
      // The seed writes the sharded layout only: nothing under the key strings of the layout before.
      expect(await queryAll(stockInWarehouse(String(warehouse.id)))).toEqual([]);
      const counters = await storedCounters(String(warehouse.id));
      expect(counters.unitsOnHand).toBe(held.reduce((sum, record) => sum + record.onHand, 0));
      expect(counters.skusHeld).toBe(held.filter((record) => record.onHand > 0).length);
      expect(counters.stockRecordsInUse).toBe(
        held.filter((record) => record.onHand > 0 || record.allocated > 0).length,
      );
      expect(counters.skusBackordered).toBe(held.filter((record) => record.allocated > record.onHand).length);
      const sources = await queryAll({ index: 'GSI3', pk: 'POSOURCES' });
      expect(counters.poSourceCount).toBe(
        sources.filter((source) => source.warehouseId === warehouse.id).length,
      );
      const view = await call({ method: 'GET', path: `/v1/inventory/warehouses/${String(warehouse.id)}` });
      expect(view.status, view.text).toBe(200);
      expect(view.body.stockSummary.unitsOnHand).toBe(counters.unitsOnHand);
    }
    for (const record of records) {
      expect(record.available).toBe(record.onHand - record.allocated);
      expect(record.backordered).toBe(0);
      expect(record.allocated).toBe(allocatedByOrders.get(pairKey(record.sku, record.warehouseId)) ?? 0);
    }

    const movementsBySku = new Map<string, Item[]>();
    for (const sku of new Set(records.map((record) => record.sku))) {
      movementsBySku.set(sku, await storedMovementsOf(sku));
    }
    for (const record of records) {
      const movements = movementsBySku.get(record.sku)!.filter((m) => m.warehouseId === record.warehouseId);
      expect(movements.reduce((sum, m) => sum + Number(m.quantity), 0)).toBe(record.onHand);
      expect(movements.reduce((sum, m) => sum + Number(m.allocatedChange), 0)).toBe(record.allocated);
      // In time order, each movement's on-hand figure follows from the one before.
      let onHand = 0;
      for (const movement of movements) {
        onHand += Number(movement.quantity);
        expect(movement.onHandAfter).toBe(onHand);
        expect(movement.entity).toBe('stock-movement');
      }
    }
  });

  it('records every shipped unit in exactly one shipment, listed and totalled as the service does', async () => {
    const shipments = (
      await Promise.all(orders.map((order) => queryAll({ ...shipmentsOfOrder(order.id), consistent: true })))
    ).flat() as unknown as Shipment[];
    expect(shipments.length).toBe(summary.counts['shipment-record']);
    expect(shipments.length).toBeGreaterThan(0);
    for (const order of orders) {
      const own = shipments.filter((shipment) => shipment.orderId === order.id);
      for (const line of order.lines) {
        const units = own.flatMap((s) => s.lines).filter((l) => l.itemId === line.itemId);
        expect(
          units.reduce((sum, l) => sum + l.quantity, 0),
          `${order.id} ${line.itemId}`,
        ).toBe(line.shippedQuantity);
      }
      if (own.length > 0) expect(own.every((s) => s.warehouseId === order.warehouseId)).toBe(true);
    }
    // Each shipment is named by its order's fulfillment history entry, with the same tracking number.
    const sample = shipments.slice(0, 20);
    for (const shipment of sample) {
      const history = (await queryAll({
        ...historyOfOrder(shipment.orderId),
        consistent: true,
      })) as unknown as HistoryEntry[];
      const entry = history.find((h) => h.changes?.shipmentId?.to === shipment.id);
      expect(entry, shipment.id).toBeDefined();
      expect(entry!.kind).toBe('fulfillment');
      expect(entry!.summary).toContain(`tracking ${shipment.trackingNumber} (label shipment ${shipment.id})`);
      expect(entry!.at).toBe(shipment.createdAt);
      // Its stock left the warehouse as 'shipment' movements that name it.
      const sku = shipment.lines[0]!.sku;
      const moved = (await storedMovementsOf(sku)).filter(
        (m) => m.type === 'shipment' && (m.reference as { id: string } | undefined)?.id === shipment.id,
      );
      expect(moved.every((m) => m.warehouseId === shipment.warehouseId)).toBe(true);
      expect(-moved.reduce((sum, m) => sum + Number(m.quantity), 0)).toBe(
        shipment.lines.filter((l) => l.sku === sku).reduce((sum, l) => sum + l.quantity, 0),
      );
    }
    const days = shipments.map((s) => s.shipDate).sort();
    const range = `from=${days[0]}&to=${days.at(-1)}`;
    const listed: string[] = [];
    let cursor: string | null = null;
    do {
      const page: CallResult = await call({
        method: 'GET',
        path: `/v1/orders/shipments?${range}&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(page.status, page.text).toBe(200);
      listed.push(...page.body.items.map((item: Shipment) => item.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(listed.sort()).toEqual(shipments.map((s) => s.id).sort());
    const costs = new Map<string, number>();
    for (const s of shipments)
      costs.set(s.cost!.currency, (costs.get(s.cost!.currency) ?? 0) + s.cost!.amount);
    // The month's whole range reads the month cells; the seeded days alone read day cells: both agree.
    for (const query of [range, `from=${days[0]!.slice(0, 7)}-01&to=${lastDay(days.at(-1)!)}`]) {
      const totals = await call({ method: 'GET', path: `/v1/orders/shipments/totals?${query}` });
      expect(totals.status, totals.text).toBe(200);
      expect(totals.body).toMatchObject({
        shipments: shipments.length,
        packages: shipments.reduce((sum, s) => sum + s.packages, 0),
        weightGrams: shipments.reduce((sum, s) => sum + s.weightGrams, 0),
      });
      expect(
        new Map(totals.body.cost.map((c: { currency: string; amount: number }) => [c.currency, c.amount])),
      ).toEqual(costs);
    }
  });

  it('makes the same items from the same seed and end', () => {
    const digest = () => {
      const hash = createHash('sha256');
      for (const { kind, item } of seedItems({ ...options, orders: 20 })) {
        hash.update(kind).update(JSON.stringify(item));
      }
      return hash.digest('hex');
    };
    expect(digest()).toBe(digest());
  });

  it('names exactly one default warehouse and counts them all', async () => {
    const warehouses = await queryAll({ ...allWarehouses() });
    const defaults = warehouses.filter((warehouse) => warehouse.isDefault === true);
    expect(defaults).toHaveLength(1);
    const pointer = await getItem(defaultWarehouseKey());
    expect(pointer).toMatchObject({ warehouseId: defaults[0]!.id, warehouseCount: warehouses.length });
  });

  it('refuses a table that already has warehouses', async () => {
    await expect(seedDatabase({ client: db(), tableName: tableName(), ...options })).rejects.toBeInstanceOf(
      TableNotEmpty,
    );
  });
});
