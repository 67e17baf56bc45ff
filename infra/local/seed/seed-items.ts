/**
 * Every item of the data set, in the shapes the service writes, made by the service's own key builders,
 * item builders and domain rules. A generator: items stream out as the year is played forward, so
 * 100,000 orders never sit in memory at once. Deterministic for a given seed and `now`.
 */
import { historyPut, orderPut, paymentPut } from '../../../shared/orders/repository';
import type { PoSource } from '../../../functions/vendors/po-sources/schemas';
import type { Vendor } from '../../../functions/vendors/vendors/schemas';
import {
  defaultWarehouseKey,
  poSourceIndexKeys,
  poSourceKey,
  poSourceUniqueKey,
  vendorCodeKey,
  vendorIndexKeys,
  vendorKey,
  warehouseCodeKey,
  warehouseCounterShard,
} from '../../../shared/db/keys';
import type { TransactItem } from '../../../shared/db/transactions';
import { deriveTotals } from '../../../shared/domain/order';
import { noStockCounts } from '../../../shared/domain/stock-ledger';
import { counterShardItem, shardFlagsOf } from '../../../shared/warehouses/counters';
import { warehouseItem } from '../../../shared/warehouses/repository';
import { allShards } from '../../../shared/db/keys/shards';
import { shipmentItem, shipmentRefItem, shipmentTotalsItem } from '../../../shared/shipments/repository';
import { ShipmentCellSums } from '../../../shared/shipments/cell-sums';
import { buildCatalogue } from './skus';
import { OrderFactory } from './order-factory';
import { linePicker } from './order-lines';
import { planOrder } from './order-plan';
import { tellOrder } from './order-story';
import { createRandom } from './random';
import { replenishment, stockedAssortment } from './replenishment';
import type { Item } from './stock-book';
import { StockBook } from './stock-book';
import { StockTimeline } from './stock-timeline';
import { timeline } from './timeline';
import { buildVendors, buildPoSources } from './vendors';
import { buildWarehouses, warehouseOf } from './warehouses';
import { builtInStatus } from '../../../shared/domain/order-status';

export interface SeedOptions {
  orders: number;
  seed: number;
  /** The moment the data set ends at; orders spread over the `days` before it. */
  now: number;
  days: number;
  skus: number;
}

export type ItemKind =
  | 'warehouse'
  | 'vendor'
  | 'po-source'
  | 'marker'
  | 'warehouse-counters'
  | 'stock-record'
  | 'receipt'
  | 'allocation'
  | 'release'
  | 'shipment'
  | 'shipment-record'
  | 'shipment-totals'
  | 'order'
  | 'payment'
  | 'history';

export interface SeedItem {
  kind: ItemKind;
  item: Item;
}

const minute = 60_000;
const day = 86_400_000;

/** The item of a Put the service would send (its table name is the writer's business). */
const putItem = (put: TransactItem): Item => put.Put!.Item as Item;

function vendorItems(vendor: Vendor): SeedItem[] {
  return [
    {
      kind: 'vendor',
      item: { ...vendorKey(vendor.id), ...vendorIndexKeys(vendor), entity: 'vendor', ...vendor },
    },
    { kind: 'marker', item: { ...vendorCodeKey(vendor.code), vendorId: vendor.id } },
  ];
}

function poSourceItems(source: PoSource): SeedItem[] {
  return [
    {
      kind: 'po-source',
      item: { ...poSourceKey(source.id), ...poSourceIndexKeys(source), entity: 'po-source', ...source },
    },
    { kind: 'marker', item: { ...poSourceUniqueKey(source), poSourceId: source.id } },
  ];
}

const movementKind = (item: Item) => item.type as ItemKind;

/** Delay between a channel taking the order and the order reaching the service. */
function importDelay(payment: string, random: ReturnType<typeof createRandom>): number {
  if (payment === 'marketplace') return random.int(2, 20) * minute;
  if (payment === 'terms') return random.int(10, 240) * minute;
  return random.int(5, 60) * 1000;
}

export function* seedItems(options: SeedOptions): Generator<SeedItem> {
  const random = createRandom(options.seed);
  const period = timeline(options.now - 5 * minute, options.days);
  const setupAt = period.start - 30 * day;
  const stockFrom = period.start - 7 * day;

  const warehouses = buildWarehouses(random, setupAt);
  const skus = buildCatalogue(random, options.skus);
  const vendors = buildVendors(random, setupAt + day);
  const stocked = stockedAssortment(skus, warehouses, random);
  const sources = buildPoSources(random, skus, vendors, stocked, warehouses, setupAt + 2 * day);
  for (const vendor of vendors) yield* vendorItems(vendor);
  for (const source of sources) yield* poSourceItems(source);

  const book = new StockBook(random);
  const policy = replenishment(skus, warehouses, sources, options.orders / options.days);
  const stock = new StockTimeline(
    book,
    new Map(skus.map((sku) => [sku.sku, sku])),
    policy,
    random,
    stockFrom,
  );
  // Opening stock: one purchase order per SKU a warehouse carries, received over the first week.
  let opening = 0;
  for (const warehouse of warehouses) {
    for (const sku of skus) {
      if (!stocked(sku, warehouse)) continue;
      const pack = policy.casePack(sku.sku);
      const quantity = Math.max(
        pack,
        Math.ceil(policy.reorderQuantity(sku, warehouse.id, random) / pack) * pack,
      );
      const at = stockFrom + (opening++ % (7 * 24 * 60)) * minute;
      yield { kind: 'receipt', item: stock.receive(sku, warehouse.id, quantity, at) };
    }
  }

  const factory = new OrderFactory(linePicker(skus), random);
  const totals = new ShipmentCellSums();
  for (let index = 0; index < options.orders; index++) {
    const orderDate = period.at((index + random.next()) / options.orders);
    // Stock changes before this order are final: later orders only add changes after their own date.
    for (const item of stock.advance(orderDate)) yield { kind: movementKind(item), item };

    const made = factory.make(orderDate);
    const delay = importDelay(made.channel.payment, random);
    const createdAt = Math.max(orderDate, Math.min(options.now - 1000, orderDate + delay));
    const serving = warehouses.find((warehouse) => warehouse.serves(made.country, made.city))!;
    // Australian orders are routed by hand, just before they ship.
    const routedByHand = made.country.code === 'AU';
    const plan = planOrder({
      channel: made.channel,
      total: deriveTotals(made.basics, { paid: 0, refunded: 0, credited: 0 }).total,
      lineCount: made.basics.lines.length,
      orderDate,
      createdAt,
      now: options.now,
      routedByHand,
      random,
    });
    const story = tellOrder({
      basics: made.basics,
      initialStatus: made.channel.payment === 'terms' ? 'awaiting-shipment' : 'awaiting-payment',
      createdAt,
      creator: made.channel.payment === 'terms' ? 'tom.b' : `integration:${made.channel.code}`,
      ...(routedByHand ? {} : { warehouse: serving }),
      routedTo: serving,
      plan,
      random,
      now: options.now,
    });
    for (const change of story.stock) stock.schedule(change.at, change.requests);
    yield {
      kind: 'order',
      item: putItem(
        orderPut(story.order, undefined, 'order.created', builtInStatus(story.order.statusId)!.category),
      ),
    };
    for (const payment of story.payments) {
      yield { kind: 'payment', item: putItem(paymentPut(story.order, payment)) };
    }
    for (const entry of story.history) yield { kind: 'history', item: putItem(historyPut(entry)) };
    for (const shipment of story.shipments) {
      totals.add(shipment);
      yield { kind: 'shipment-record', item: shipmentItem(shipment) };
      yield { kind: 'marker', item: shipmentRefItem(shipment) };
    }
  }
  // The shipments' day and month totals, as the writer's updates would have summed them.
  for (const cell of totals.cells()) yield { kind: 'shipment-totals', item: shipmentTotalsItem(cell) };
  for (const item of stock.advance(Number.POSITIVE_INFINITY)) yield { kind: movementKind(item), item };

  for (const item of book.stockItems()) yield { kind: 'stock-record', item };
  // Warehouses last, with their counter shards: what the ledger's and the sources' writes summed to.
  const counters = book.counters();
  const sourcesInto = new Map<string, Map<number, number>>();
  for (const source of sources) {
    const shards = sourcesInto.get(source.warehouseId) ?? new Map<number, number>();
    const shard = warehouseCounterShard(source.sku);
    shards.set(shard, (shards.get(shard) ?? 0) + 1);
    sourcesInto.set(source.warehouseId, shards);
  }
  for (const warehouse of warehouses) {
    const resource = warehouseOf(warehouse);
    yield { kind: 'warehouse', item: warehouseItem(resource) };
    yield { kind: 'marker', item: { ...warehouseCodeKey(warehouse.code), warehouseId: warehouse.id } };
    const flags = shardFlagsOf(resource);
    const flagged = Object.values(flags).some(Boolean);
    for (const shard of allShards('warehouseCounters')) {
      const held = counters.get(warehouse.id)?.get(shard);
      const poSourceCount = sourcesInto.get(warehouse.id)?.get(shard);
      if (!held && !poSourceCount && !flagged) continue;
      const item = counterShardItem(
        warehouse.id,
        shard,
        { ...(held ?? noStockCounts), poSourceCount: poSourceCount ?? 0 },
        flags,
      );
      yield { kind: 'warehouse-counters', item };
    }
  }
  const defaultWarehouse = warehouses.find((warehouse) => warehouse.isDefault)!;
  yield {
    kind: 'marker',
    item: { ...defaultWarehouseKey(), warehouseId: defaultWarehouse.id, warehouseCount: warehouses.length },
  };
}
