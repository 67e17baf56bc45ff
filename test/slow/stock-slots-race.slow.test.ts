/**
 * A flash sale on one SKU: many writers allocate, ship (and some release) at once until it sells out and
 * every order shipped, through the real ledger against DynamoDB Local. Nothing oversold, nothing
 * negative, and every sum agrees: the orders' allocations, the slots', the record's, the movements'; the
 * record itself is written far less often than units ship (shipments write their home slot alone).
 */
import { StorageBusy } from '../../shared/db/errors';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tableName } from '../../shared/db/client';
import { stockSlotKeys } from '../../shared/db/keys';
import { getItem, getItems, queryAll } from '../../shared/db/query';
import type { NamedItem } from '../../shared/db/transactions';
import { InsufficientStock } from '../../shared/domain/stock-ledger';
import { configureSlotPolicy, slotPolicy, totalsOf } from '../../shared/domain/stock-slots';
import { applyStockMovements, readStock } from '../../shared/stock/ledger';
import { listMovements } from '../../shared/stock/movements';
import { withSlotTotals } from '../../shared/stock/slots';
import { stockKey, warehouseKey } from '../../shared/db/keys';
import { readCounterShards, sumCounters } from '../../shared/warehouses/counter-shards';
import { toWarehouseRecord } from '../../shared/warehouses/repository';
import { storedItem } from '../support/inventory-builders';
import { seedWarehouse } from '../support/builders';

const sku = `FLASH-${Date.now()}`;
const clients = 20;

/** The test's stand-in for an order: its allocated units, moved in the ledger's own transaction. */
const orderItem = (orderId: string, units: number): NamedItem => [
  'order',
  {
    Update: {
      TableName: tableName(),
      Key: { PK: `RACE#${sku}`, SK: `ORDER#${orderId}` },
      UpdateExpression: 'ADD allocated :units',
      ExpressionAttributeValues: { ':units': units },
    },
  },
];

describe('one SKU from many writers until it sells out', () => {
  // The policy's own figures, scaled down: 240 units make about 150 allocations, in seconds here.
  beforeEach(() => configureSlotPolicy({ minAvailable: 240, count: 8 }));
  afterEach(() => configureSlotPolicy(undefined));

  it('never oversells, never goes negative, and every sum agrees', async () => {
    const warehouse = await seedWarehouse();
    const warehouseId = warehouse.id;
    const received = slotPolicy.minAvailable;
    await applyStockMovements([{ sku, warehouseId, type: 'receipt', quantity: received, unitCost: 250 }]);

    let allocations = 0;
    let releases = 0;
    let shipments = 0;
    let unitsShipped = 0;
    // Contention that outlasts the retry policy is a 503: nothing changed, and a client sends it again.
    const untilAnswered = async (change: () => Promise<unknown>) => {
      for (;;) {
        try {
          return await change();
        } catch (error) {
          if (!(error instanceof StorageBusy)) throw error;
        }
      }
    };
    const allocate = async (orderId: string, units: number) => {
      await untilAnswered(() =>
        applyStockMovements(
          [
            {
              sku,
              warehouseId,
              type: 'allocation',
              quantity: units,
              reference: { type: 'order', id: orderId },
            },
          ],
          { with: () => [orderItem(orderId, units)] },
        ),
      );
      allocations += 1;
    };
    // As print ships an order: its release folded into the shipment, whose units come out of its allocation.
    const ship = async (orderId: string, units: number) => {
      await untilAnswered(() =>
        applyStockMovements(
          [
            {
              sku,
              warehouseId,
              type: 'shipment',
              quantity: units,
              fromAllocation: units,
              reference: { type: 'shipment', id: `S-${orderId}` },
              allocationOf: { type: 'order', id: orderId },
            },
          ],
          { with: () => [orderItem(orderId, -units)] },
        ),
      );
      shipments += 1;
      unitsShipped += units;
    };
    const client = async (index: number) => {
      const held = new Map<string, number>();
      for (let n = 0; ; n++) {
        const orderId = `C${index}-O${n}`;
        const units = 1 + ((index + n) % 3);
        try {
          await allocate(orderId, units);
          held.set(orderId, units);
        } catch (error) {
          if (!(error instanceof InsufficientStock)) throw error;
          const left = error.shortfalls[0]!.available;
          if (left === 0) return held;
          await allocate(orderId, left)
            .then(() => held.set(orderId, left))
            .catch((again: unknown) => {
              if (!(again instanceof InsufficientStock)) throw again;
            });
          continue;
        }
        const [oldest, oldestUnits] = [...held][0]!;
        if (n % 5 === 4) {
          // About one order in five is cancelled: its units go back for the others.
          await untilAnswered(() =>
            applyStockMovements(
              [
                {
                  sku,
                  warehouseId,
                  type: 'release',
                  quantity: oldestUnits,
                  reference: { type: 'order', id: oldest },
                },
              ],
              { with: () => [orderItem(oldest, -oldestUnits)] },
            ),
          );
          releases += 1;
        } else if (held.size > 1) {
          // The others ship while the rest of the writers allocate.
          await ship(oldest, oldestUnits);
        } else continue;
        held.delete(oldest);
      }
    };
    const stillHeld = await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
    // Releases after a writer stopped left units: one last writer takes them.
    const { records: afterRace, slots: slotsAfterRace } = await readStock(
      [{ sku, warehouseId }],
      new Date().toISOString(),
    );
    const record = afterRace.values().next().value!;
    const rest = totalsOf(record, slotsAfterRace.values().next().value ?? []).available;
    const last = new Map<string, number>(rest > 0 ? [['LAST', rest]] : []);
    if (rest > 0) await allocate('LAST', rest);
    // Every order left ships, in parallel.
    await Promise.all(
      [...stillHeld, last].map(async (held) => {
        for (const [orderId, units] of held) await ship(orderId, units);
      }),
    );

    const stored = (await getItem(stockKey(sku, warehouseId), true))!;
    expect(stored.slots).toBe(slotPolicy.count);
    const slots = await getItems(stockSlotKeys(sku, warehouseId, slotPolicy.count), true);
    const [totals] = await withSlotTotals([stored], true);
    const orders = await queryAll({ pk: `RACE#${sku}`, consistent: true });
    const ordersAllocated = orders.reduce((sum, item) => sum + Number(item.allocated), 0);
    const movements = await listMovements({ sku, from: '2000-01-01', to: '2100-01-01', limit: 1000 });

    console.info(
      `slot race: ${allocations} allocations, ${releases} releases, ${shipments} shipments, record version ${String(stored.version)}`,
    );
    // Sold out and shipped, nothing oversold, nothing negative.
    expect(unitsShipped).toBe(received);
    expect(totals).toMatchObject({
      onHand: received - unitsShipped,
      allocated: 0,
      available: 0,
      backordered: 0,
    });
    for (const slot of slots) {
      expect(slot.free).toBeGreaterThanOrEqual(0);
      expect(slot.allocated).toBeGreaterThanOrEqual(0);
      expect(Number(slot.shipped ?? 0)).toBeGreaterThanOrEqual(0);
    }
    expect(Number(stored.allocated)).toBeGreaterThanOrEqual(0);
    expect(Number(stored.onHand)).toBeGreaterThanOrEqual(0);
    // Sums: the slots hold what the record handed them (shipped units not yet folded included); the
    // record's on hand less those shipped units is the totals'; the orders' allocations are the totals'.
    const unfolded = slots.reduce((sum, slot) => sum + Number(slot.shipped ?? 0), 0);
    expect(
      slots.reduce(
        (sum, slot) => sum + Number(slot.free) + Number(slot.allocated) + Number(slot.shipped ?? 0),
        0,
      ),
    ).toBe(stored.slotted);
    expect(Number(stored.onHand) - unfolded).toBe(totals!.onHand);
    expect(Number(stored.allocated) + slots.reduce((sum, slot) => sum + Number(slot.allocated), 0)).toBe(
      totals!.allocated,
    );
    expect(ordersAllocated).toBe(totals!.allocated);
    // The warehouse counters (every shard) count the totals: nothing left, nothing held.
    const shards = (await readCounterShards([warehouseId], true)).get(warehouseId)!;
    const legacy = toWarehouseRecord((await storedItem(warehouseKey(warehouseId)))!).counters;
    expect(sumCounters(legacy, shards)).toMatchObject({
      unitsOnHand: 0,
      skusHeld: 0,
      stockRecordsInUse: 0,
      skusBackordered: 0,
    });
    // Allocations and releases make no movements: the receipt and one per shipment, summing to on hand.
    expect(movements.items.filter((movement) => movement.type === 'receipt')).toHaveLength(1);
    expect(movements.items.filter((movement) => movement.type === 'shipment')).toHaveLength(shipments);
    expect(movements.items.reduce((sum, movement) => sum + movement.quantity, 0)).toBe(totals!.onHand);
    // Most allocations and shipments wrote a slot alone: the record changed only at refills and folds.
    expect(allocations).toBeGreaterThan(received / 3);
    expect(releases).toBeGreaterThan(0);
    expect(shipments).toBeGreaterThan(received / 4);
    // Before slot shipments every shipment wrote the record: its version was above their number.
    expect(Number(stored.version)).toBeLessThan(shipments / 2);
  });
});
