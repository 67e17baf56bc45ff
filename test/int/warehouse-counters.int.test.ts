/**
 * The counters the stock ledger keeps for a warehouse on its counter shards (units on hand, SKUs held,
 * stock records in use, SKUs backordered) equal the sums over the stored stock records after every write:
 * one-transaction changes, changes staged over several transactions, and staged changes that fail or die
 * half way. Allocations on a record already in use leave the counters alone; no stock write touches the
 * warehouse item.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../../shared/db/client';
import { allWarehouseCounterKeys, stockInWarehousePartitions, warehouseKey } from '../../shared/db/keys';
import { queryEveryPartition } from '../../shared/db/every-partition';
import { readCounterShards, sumCounters } from '../../shared/warehouses/counter-shards';
import { toWarehouseRecord } from '../../shared/warehouses/repository';
import type { WarehouseStockCounts } from '../../shared/domain/stock-ledger';
import { addStockCounts, noStockCounts, stockCountsOf } from '../../shared/domain/stock-ledger';
import { applyStockMovements } from '../../shared/stock/ledger';
import { configureStagingLease } from '../../shared/stock/staged';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { storedItem } from '../support/inventory-builders';
import { orderId, orderInput, orderLine } from '../support/order-builders';

/** The items of every TransactWriteItems call; `fail(n)` makes the n-th throw (with `dies`, all after it). */
const transactions: Array<Array<Record<string, { Key?: Record<string, unknown> }>>> = [];
let failing: { calls: number; fail: (call: number) => boolean; dies?: boolean; dead?: boolean } | undefined;
db().middlewareStack.add(
  (next, context) => async (args) => {
    const crash = () => Object.assign(new Error('simulated crash'), { name: 'Crash' });
    if (failing?.dead) throw crash();
    if (context.commandName === 'TransactWriteItemsCommand') {
      transactions.push((args.input as { TransactItems: (typeof transactions)[number] }).TransactItems);
      if (failing) {
        failing.calls += 1;
        if (failing.fail(failing.calls)) {
          failing.dead = failing.dies;
          throw crash();
        }
      }
    }
    return next(args);
  },
  { step: 'initialize', name: 'crashInjection' },
);
afterEach(() => {
  failing = undefined;
  configureStagingLease(undefined);
});

/** The counters as readers see them: every shard plus what the warehouse item holds from before. */
async function countersOf(warehouseId: string): Promise<WarehouseStockCounts> {
  const legacy = toWarehouseRecord((await storedItem(warehouseKey(warehouseId)))!).counters;
  const shards = (await readCounterShards([warehouseId], true)).get(warehouseId)!;
  const { unitsOnHand, skusHeld, stockRecordsInUse, skusBackordered } = sumCounters(legacy, shards);
  return { unitsOnHand, skusHeld, stockRecordsInUse, skusBackordered };
}

/** The warehouse's counters are the sums over its stored stock records; answers them. */
async function expectCountersMatchRecords(warehouseId: string): Promise<WarehouseStockCounts> {
  const records = await queryEveryPartition(stockInWarehousePartitions(warehouseId));
  const sums = records.reduce<WarehouseStockCounts>(
    (total, record) =>
      addStockCounts(total, stockCountsOf({ onHand: record.onHand, allocated: record.allocated })),
    noStockCounts,
  );
  const counters = await countersOf(warehouseId);
  expect(counters).toEqual(sums);
  return counters;
}

const touches = (items: (typeof transactions)[number], pks: readonly string[]) =>
  items.some((item) => Object.values(item).some((operation) => pks.includes(String(operation.Key?.PK))));
/** Whether a transaction writes or checks one of the warehouse's counter shards. */
const touchesWarehouse = (items: (typeof transactions)[number], warehouseId: string) =>
  touches(
    items,
    allWarehouseCounterKeys(warehouseId).map((key) => key.PK),
  );
const touchesWarehouseItem = (items: (typeof transactions)[number], warehouseId: string) =>
  touches(items, [warehouseKey(warehouseId).PK]);

const skus = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
const backorder = (id: string, warehouseId: string, lineSkus: string[], statusId = 'backordered') =>
  call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    role: 'operator',
    body: orderInput({
      lines: lineSkus.map((sku, i) =>
        orderLine({ itemId: `I${i}`, sku, quantity: 1, unitPrice: 100, tax: 0 }),
      ),
      warehouseId,
      statusId,
    }),
  });

// Each case writes changes of 120 records staged over several transactions (past one transaction's 90),
// some of them four times: 2.5-8 s alone, past the int default of 30 s with two files side by side on a
// busy machine (not a hang: the dead-change case measured 5.5 s alone on main).
describe('warehouse stock counters', { timeout: 90_000 }, () => {
  it('move only when a record turns in use, idle or backordered, not on every allocation', async () => {
    const warehouse = await seedWarehouse();
    const sku = 'CNT-A';
    await applyStockMovements([
      { sku, warehouseId: warehouse.id, type: 'receipt', quantity: 5, unitCost: 100 },
    ]);
    expect(await expectCountersMatchRecords(warehouse.id)).toEqual({
      unitsOnHand: 5,
      skusHeld: 1,
      stockRecordsInUse: 1,
      skusBackordered: 0,
    });
    const before = transactions.length;
    await applyStockMovements([{ sku, warehouseId: warehouse.id, type: 'allocation', quantity: 3 }]);
    expect(transactions.slice(before).some((items) => touchesWarehouse(items, warehouse.id))).toBe(false);

    // Past what is on hand, the record becomes backordered: that write counts it.
    const crossing = transactions.length;
    await applyStockMovements([
      { sku, warehouseId: warehouse.id, type: 'allocation', quantity: 4, allowBackorder: true },
    ]);
    expect(transactions.slice(crossing).some((items) => touchesWarehouse(items, warehouse.id))).toBe(true);
    expect(await expectCountersMatchRecords(warehouse.id)).toMatchObject({
      stockRecordsInUse: 1,
      skusBackordered: 1,
    });
    await applyStockMovements([{ sku, warehouseId: warehouse.id, type: 'release', quantity: 7 }]);
    await applyStockMovements([{ sku, warehouseId: warehouse.id, type: 'adjustment', quantity: -5 }]);
    expect(await expectCountersMatchRecords(warehouse.id)).toEqual(noStockCounts);
    // Only staff edits write the warehouse item (and GSI1:WAREHOUSES): no stock write did.
    expect(transactions.some((items) => touchesWarehouseItem(items, warehouse.id))).toBe(false);
  });

  it('count each record of a change staged over several transactions once, and its release takes them out', async () => {
    const warehouse = await seedWarehouse();
    const id = orderId();
    const lines = skus('STG', 120);
    const created = await backorder(id, warehouse.id, lines);
    expect(created.status, created.text).toBe(201);
    expect(await expectCountersMatchRecords(warehouse.id)).toEqual({
      unitsOnHand: 0,
      skusHeld: 0,
      stockRecordsInUse: 120,
      skusBackordered: 120,
    });
    const summary = (await call({ method: 'GET', path: `/v1/inventory/warehouses/${warehouse.id}` })).body
      .stockSummary;
    expect(summary).toMatchObject({ unitsOnHand: 0, skusBackordered: 120 });

    const cancelled = await backorder(id, warehouse.id, lines, 'cancelled');
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await expectCountersMatchRecords(warehouse.id)).toEqual(noStockCounts);
  });

  it('are put back by the undo of a staged change that fails half way', async () => {
    const warehouse = await seedWarehouse();
    // The intent, the first chunk, then the second chunk fails: the first chunk's records are undone.
    failing = { calls: 0, fail: (n) => n === 3 };
    const refused = await backorder(orderId(), warehouse.id, skus('UNDO', 120));
    expect(refused.status).toBe(500);
    failing = undefined;
    expect(await expectCountersMatchRecords(warehouse.id)).toEqual(noStockCounts);
  });

  it('match the records while a dead staged change is left behind, and after others finish it', async () => {
    const warehouse = await seedWarehouse();
    const id = orderId();
    const lines = skus('DEAD', 120);
    configureStagingLease(300);
    // The intent and the first chunk are written; then the process dies, its undo included.
    failing = { calls: 0, fail: (n) => n === 3, dies: true };
    expect((await backorder(id, warehouse.id, lines)).status).toBe(500);
    failing = undefined;
    const left = await expectCountersMatchRecords(warehouse.id);
    expect(left.stockRecordsInUse).toBeGreaterThan(0);
    expect(left.stockRecordsInUse).toBeLessThan(120);

    // After the lease, another change on one of those records takes the dead delta out in its own write.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const other = orderId();
    expect((await backorder(other, warehouse.id, ['DEAD-0'])).status).toBe(201);
    await expectCountersMatchRecords(warehouse.id);

    // The client's retry undoes the rest and applies the order once; cancelling both empties the warehouse.
    const retried = await backorder(id, warehouse.id, lines);
    expect(retried.status, retried.text).toBe(201);
    expect(await expectCountersMatchRecords(warehouse.id)).toMatchObject({
      stockRecordsInUse: 120,
      skusBackordered: 120,
    });
    expect((await backorder(id, warehouse.id, lines, 'cancelled')).status).toBe(200);
    expect((await backorder(other, warehouse.id, ['DEAD-0'], 'cancelled')).status).toBe(200);
    expect(await expectCountersMatchRecords(warehouse.id)).toEqual(noStockCounts);
  });
});
