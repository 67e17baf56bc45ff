/**
 * The sharded stock and movement indexes and the warehouse counter shards (issue 33 §1), with items of
 * the layout before sharding mixed in, as a deployed table holds them until `npm run migrate` has run:
 * listings page through every shard and the legacy partition in order, complete, with filters; counters
 * are the sums over the shards and the warehouse item; a warehouse delete racing stock writes ends one
 * way only; a deactivation racing restocks leaves no restock after it.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../../shared/db/client';
import { acceptsWorkOrdersCondition } from '../../functions/orders/work-orders/repository';
import {
  allWarehouseCounterKeys,
  movementKey,
  stockInWarehouse,
  stockInWarehousePartitions,
  warehouseKey,
} from '../../shared/db/keys';
import { shardCounts } from '../../shared/db/keys/shards';
import { getItems } from '../../shared/db/query';
import { queryEveryPartition } from '../../shared/db/every-partition';
import type { Movement } from '../../shared/domain/stock-ledger';
import { WarehouseRefused } from '../../shared/domain/stock-ledger';
import { applyStockMovements } from '../../shared/stock/ledger';
import { listMovements } from '../../shared/stock/movements';
import { warehouseIsActive } from '../../shared/warehouses/counters';
import { call } from '../support/call';
import { createWarehouse, listAll, storedItem } from '../support/inventory-builders';
import {
  addLegacyCounters,
  putLegacyMovement,
  putLegacyStockRecord,
  storedCounters,
} from '../support/stock-layout';

const path = '/v1/inventory/warehouses';
const sortKey = (movement: Pick<Movement, 'at' | 'id'>) => `${movement.at}#${movement.id}`;
const bySortKey = (a: Movement, b: Movement) => (sortKey(a) < sortKey(b) ? -1 : 1);
const receipt = (sku: string, warehouseId: string, quantity = 5) => ({
  sku,
  warehouseId,
  type: 'receipt' as const,
  quantity,
  unitCost: 100,
});

/** Replaces the warehouse's editable fields with these changes (no If-Match). */
async function editWarehouse(id: string, changes: Record<string, unknown>) {
  const { body } = await call({ method: 'GET', path: `${path}/${id}` });
  const {
    code,
    name,
    originAddress,
    returnAddress,
    capacity,
    active,
    acceptsWorkOrders,
    acceptsPurchaseOrders,
  } = body;
  return call({
    method: 'PUT',
    path: `${path}/${id}`,
    body: {
      code,
      name,
      originAddress,
      returnAddress,
      capacity,
      active,
      acceptsWorkOrders,
      acceptsPurchaseOrders,
      ...changes,
    },
  });
}

/** The warehouse's counter shard items that exist. */
const counterShards = (warehouseId: string) => getItems(allWarehouseCounterKeys(warehouseId), true);

/** Every page of a listing, asserting no item shows twice. */
async function pages<T>(listing: string, limit: number, idOf: (item: T) => string): Promise<T[]> {
  const items = await listAll<T>(listing, limit);
  expect(new Set(items.map(idOf)).size).toBe(items.length);
  return items;
}

let west: { id: string; code: string };
let east: { id: string; code: string };
const movements: Movement[] = [];
const skus = {
  west: [] as Array<{ sku: string; onHand: number }>,
  east: [] as Array<{ sku: string; onHand: number }>,
};

describe('sharded stock and movement indexes, with the layout before mixed in', () => {
  beforeAll(async () => {
    // The first warehouse is the default; the ones later tests delete are not.
    await createWarehouse({ code: 'AAA-DEFAULT' });
    west = await createWarehouse({ code: 'IDX-WEST' });
    east = await createWarehouse({ code: 'IDX-EAST' });
    // Even numbers through the ledger (sharded keys), odd ones as the layout before left them, so the
    // SKU order alternates between a shard and the legacy partition; several land in every stock shard.
    for (let i = 0; i < 48; i++) {
      const sku = `IDX-${String(i).padStart(3, '0')}`;
      const warehouse = i % 3 === 0 ? east : west;
      const onHand = i % 5 === 0 ? 0 : i + 1;
      if (i % 2 === 0) {
        // A record with nothing on hand: an allocation left it in use, backordered.
        const result = await applyStockMovements([
          onHand > 0
            ? receipt(sku, warehouse.id, onHand)
            : { sku, warehouseId: warehouse.id, type: 'allocation', quantity: 1, allowBackorder: true },
        ]);
        movements.push(...result.movements);
      } else {
        await putLegacyStockRecord({ sku, warehouseId: warehouse.id, onHand });
        if (onHand > 0)
          movements.push(
            await putLegacyMovement({
              sku,
              warehouseId: warehouse.id,
              at: new Date().toISOString(),
              quantity: onHand,
            }),
          );
      }
      (warehouse === east ? skus.east : skus.west).push({ sku, onHand });
    }
    // The ledger's records of one warehouse span many shards of its stock index.
    const sharded = new Set(
      (await queryEveryPartition(stockInWarehousePartitions(west.id))).map((record) => record.GSI1PK),
    );
    expect(sharded.size).toBeGreaterThan(4);
  });

  it('lists stock levels warehouse by warehouse in SKU order across every shard, paged and filtered', async () => {
    const levels = await pages<{ warehouseCode: string; sku: string; onHand: number }>(
      '/v1/reports/inventory/stock-levels',
      4,
      (item) => `${item.warehouseCode}:${item.sku}`,
    );
    const expected = [
      ...skus.east.map(({ sku }) => `${east.code}:${sku}`),
      ...skus.west.map(({ sku }) => `${west.code}:${sku}`),
    ];
    // Only the default warehouse is ahead by code, and it holds nothing.
    expect(levels.map((item) => `${item.warehouseCode}:${item.sku}`)).toEqual(expected);

    const inStock = await pages<{ sku: string; onHand: number }>(
      `/v1/reports/inventory/stock-levels?warehouseId=${west.id}&inStock=true`,
      3,
      (item) => item.sku,
    );
    expect(inStock.map((item) => item.sku)).toEqual(
      skus.west.filter(({ onHand }) => onHand > 0).map(({ sku }) => sku),
    );
    expect(inStock.every((item) => item.onHand > 0)).toBe(true);

    // The cursor keeps the page's last item only: as short over every partition as over one.
    const first = await call({
      method: 'GET',
      path: `/v1/reports/inventory/stock-levels?warehouseId=${west.id}&limit=2`,
    });
    expect(first.body.nextCursor.length).toBeLessThan(600);

    const prefixed = await pages<{ sku: string }>(
      `/v1/reports/inventory/stock-levels?warehouseId=${west.id}&sku=IDX-01`,
      2,
      (item) => item.sku,
    );
    expect(prefixed.map((item) => item.sku)).toEqual(
      skus.west.filter(({ sku }) => sku.startsWith('IDX-01')).map(({ sku }) => sku),
    );
  });

  it("lists a warehouse's movements and a day's movements in time order across shards, paged and filtered", async () => {
    const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
    const westMovements = movements.filter((movement) => movement.warehouseId === west.id).sort(bySortKey);
    expect(westMovements.length).toBeGreaterThan(20);

    const byWarehouse = await pages<Movement>(
      `/v1/reports/inventory/movements?warehouseId=${west.id}`,
      5,
      (item) => item.id,
    );
    expect(ids(byWarehouse)).toEqual(ids(westMovements));

    // No SKU or warehouse: the day partitions, every shard of each and the legacy one.
    const everything = await pages<Movement>('/v1/reports/inventory/movements', 7, (item) => item.id);
    expect(ids(everything)).toEqual(ids([...movements].sort(bySortKey)));
    const receipts = await pages<Movement>(
      '/v1/reports/inventory/movements?type=receipt',
      3,
      (item) => item.id,
    );
    expect(ids(receipts)).toEqual(ids(movements.filter((m) => m.type === 'receipt').sort(bySortKey)));

    // The ledger's own listing by warehouse (shared/stock/movements.ts), page by page with its cursor.
    const listed: Movement[] = [];
    let cursor: string | undefined;
    do {
      const page = await listMovements({
        warehouseId: west.id,
        from: '2000-01-01T00:00:00.000Z',
        to: '2100-01-01T00:00:00.000Z',
        limit: 4,
        cursor,
      });
      listed.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(ids(listed)).toEqual(ids(westMovements));
  }, 120_000);

  it('reads every stock record of a warehouse for the reports that need them all (valuation)', async () => {
    const all = await queryEveryPartition(stockInWarehousePartitions(west.id));
    expect(all.map((record) => record.sku)).toEqual(skus.west.map(({ sku }) => sku));
    const valuation = await call({
      method: 'GET',
      path: `/v1/reports/inventory/valuation?warehouseId=${west.id}`,
    });
    expect(valuation.status, valuation.text).toBe(200);
    const units = skus.west.reduce((sum, { onHand }) => sum + onHand, 0);
    expect(valuation.body.total.onHand).toBe(units);
    expect(valuation.body.warehouses[0].items.map((item: { sku: string }) => item.sku)).toEqual(
      skus.west.filter(({ onHand }) => onHand > 0).map(({ sku }) => sku),
    );
  });
});

describe('warehouse counters on their shards, with the counters of the layout before', () => {
  it('sums every shard and the warehouse item, names what uses it, and deletes it once the sums are zero', async () => {
    const warehouse = await createWarehouse({ code: 'CNT-MIXED', capacity: 100 });
    // Before the shards: 10 units of OLD-A on the item's counters, and OLD-B allocated with nothing on hand.
    await putLegacyStockRecord({ sku: 'OLD-A', warehouseId: warehouse.id, onHand: 10 });
    await putLegacyStockRecord({ sku: 'OLD-B', warehouseId: warehouse.id, onHand: 0, allocated: 2 });
    await addLegacyCounters(warehouse.id, {
      unitsOnHand: 10,
      skusHeld: 1,
      stockRecordsInUse: 2,
      skusBackordered: 1,
    });
    const fresh = ['NEW-A', 'NEW-B', 'NEW-C', 'NEW-D', 'NEW-E'];
    // One change each: a change adds to one counter shard picked for it, so five spread over several.
    for (const sku of fresh) await applyStockMovements([receipt(sku, warehouse.id, 3)]);
    expect((await counterShards(warehouse.id)).length).toBeGreaterThan(1);

    const expected = { unitsOnHand: 25, skusHeld: 6, stockRecordsInUse: 7, skusBackordered: 1 };
    expect(await storedCounters(warehouse.id)).toMatchObject(expected);
    const read = await call({ method: 'GET', path: `${path}/${warehouse.id}` });
    expect(read.body.stockSummary).toEqual({
      unitsOnHand: 25,
      skusHeld: 6,
      skusBackordered: 1,
      capacityUsed: 0.25,
    });
    const listed = (await listAll<{ id: string; stockSummary: unknown }>(path)).find(
      (w) => w.id === warehouse.id,
    );
    expect(listed?.stockSummary).toEqual(read.body.stockSummary);
    const capacity = await call({
      method: 'GET',
      path: `/v1/reports/inventory/warehouse-capacity?warehouseId=${warehouse.id}`,
    });
    expect(capacity.status, capacity.text).toBe(200);
    expect(capacity.body.warehouses).toEqual([
      expect.objectContaining({ warehouseId: warehouse.id, unitsOnHand: 25, skusHeld: 6 }),
    ]);

    const refused = await call({ method: 'DELETE', path: `${path}/${warehouse.id}` });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ unitsOnHand: 25, skusHeld: 6, stockRecordsInUse: 7 });
    expect(refused.body.allocations).toEqual([{ sku: 'OLD-B', allocated: 2, backordered: 2 }]);

    // Emptied through the ledger in one change: its shard goes below zero, the item's counters make up for it.
    await applyStockMovements([
      { sku: 'OLD-A', warehouseId: warehouse.id, type: 'adjustment', quantity: -10 },
      { sku: 'OLD-B', warehouseId: warehouse.id, type: 'release', quantity: 2 },
      ...fresh.map((sku) => ({ sku, warehouseId: warehouse.id, type: 'adjustment' as const, quantity: -3 })),
    ]);
    expect(
      (await counterShards(warehouse.id)).some((item) => Number(item.unitsOnHand) < 0),
      'a shard below zero',
    ).toBe(true);
    expect(await storedCounters(warehouse.id)).toMatchObject({
      unitsOnHand: 0,
      skusHeld: 0,
      stockRecordsInUse: 0,
      skusBackordered: 0,
    });
    const deleted = await call({ method: 'DELETE', path: `${path}/${warehouse.id}` });
    expect(deleted.status, deleted.text).toBe(204);

    // Every shard is a tombstone: a write that still believes in the warehouse is refused.
    const tombstones = await counterShards(warehouse.id);
    expect(tombstones).toHaveLength(shardCounts.warehouseCounters);
    expect(tombstones.every((item) => item.deleted === true)).toBe(true);
    await expect(applyStockMovements([receipt('LATE', warehouse.id)])).rejects.toBeInstanceOf(
      WarehouseRefused,
    );
    expect(await storedItem({ PK: 'STOCK#LATE', SK: `WH#${warehouse.id}` })).toBeUndefined();
  });

  it('lets exactly one side win when a delete races stock writes from many clients', async () => {
    const outcomes = { deleted: 0, refused: 0 };
    for (let round = 0; round < 6; round++) {
      const warehouse = await createWarehouse({ code: `RACE-${round}` });
      const writes = Array.from({ length: 8 }, (_, i) =>
        new Promise((resolve) => setTimeout(resolve, (i % 4) * round)).then(() =>
          applyStockMovements([receipt(`RACE-${round}-${i}`, warehouse.id)]),
        ),
      );
      const removal = call({ method: 'DELETE', path: `${path}/${warehouse.id}` });
      const [deleteAnswer, ...written] = await Promise.allSettled([removal, ...writes]);
      const status = deleteAnswer.status === 'fulfilled' ? deleteAnswer.value.status : 500;
      const committed = written.filter((result) => result.status === 'fulfilled').length;
      for (const result of written) {
        if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(WarehouseRefused);
      }
      const records = await queryEveryPartition(stockInWarehousePartitions(warehouse.id));
      if (status === 204) {
        // The delete won: no write landed before it, none after it.
        outcomes.deleted += 1;
        expect(committed).toBe(0);
        expect(records).toEqual([]);
        expect(await storedItem(warehouseKey(warehouse.id))).toBeUndefined();
        const shards = await counterShards(warehouse.id);
        expect(shards.every((item) => item.deleted === true && !item.unitsOnHand)).toBe(true);
      } else {
        // A write won: the delete is refused as in use, and every write committed.
        outcomes.refused += 1;
        expect(status).toBe(409);
        expect(committed).toBe(8);
        expect(records).toHaveLength(8);
        expect(await storedCounters(warehouse.id)).toMatchObject({ unitsOnHand: 40, stockRecordsInUse: 8 });
      }
    }
    expect(outcomes.deleted + outcomes.refused).toBe(6);
  }, 120_000);

  it('refuses every restock after a deactivation commits, whatever the writer read, and restocks again once active', async () => {
    const warehouse = await createWarehouse({ code: 'DEACT' });
    const restock = (sku: string) =>
      applyStockMovements([receipt(sku, warehouse.id)], { warehouseCondition: warehouseIsActive });
    await restock('DEACT-0');
    const racing = Array.from({ length: 8 }, (_, i) => restock(`DEACT-R${i}`));
    const deactivated = await editWarehouse(warehouse.id, { active: false });
    expect(deactivated.status, deactivated.text).toBe(200);
    const raced = await Promise.allSettled(racing);
    for (const result of raced) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(WarehouseRefused);
    }
    // Every shard carries the flag: no restock commits after the edit, whichever shard its SKU uses.
    const shards = await counterShards(warehouse.id);
    expect(shards).toHaveLength(shardCounts.warehouseCounters);
    expect(shards.every((item) => item.inactive === true)).toBe(true);
    for (let i = 0; i < 10; i++)
      await expect(restock(`DEACT-LATE-${i}`)).rejects.toBeInstanceOf(WarehouseRefused);
    const records = await queryEveryPartition(stockInWarehousePartitions(warehouse.id));
    const landed = raced.filter((result) => result.status === 'fulfilled').length;
    expect(records).toHaveLength(1 + landed);
    expect((await storedCounters(warehouse.id)).unitsOnHand).toBe(5 * (1 + landed));
    // The warehouse item changed only with the staff edit.
    expect((await storedItem(warehouseKey(warehouse.id)))?.version).toBe(2);

    expect((await editWarehouse(warehouse.id, { active: true })).status).toBe(200);
    expect((await counterShards(warehouse.id)).some((item) => 'inactive' in item)).toBe(false);
    await restock('DEACT-AGAIN');
  });

  it('refuses work orders on the shards once a warehouse stops accepting them, restocks still allowed', async () => {
    const warehouse = await createWarehouse({ code: 'NOWO' });
    expect((await editWarehouse(warehouse.id, { acceptsWorkOrders: false })).status).toBe(200);
    await expect(
      applyStockMovements([receipt('NOWO-1', warehouse.id)], {
        warehouseCondition: acceptsWorkOrdersCondition,
      }),
    ).rejects.toBeInstanceOf(WarehouseRefused);
    await applyStockMovements([receipt('NOWO-1', warehouse.id)], { warehouseCondition: warehouseIsActive });
    const created = await call({
      method: 'POST',
      path: '/v1/orders/work-orders',
      body: {
        warehouseId: warehouse.id,
        reason: 'receipt',
        lines: [{ sku: 'NOWO-2', quantity: 1, unitCost: 100 }],
      },
    });
    expect(created.status).toBe(400);
  });

  it('gives a warehouse from before the shards its flags with its next edit', async () => {
    // Inactive, written as the layout before left it: the flag on the warehouse item only.
    const warehouse = await createWarehouse({ code: 'BEFORE' });
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: warehouseKey(warehouse.id),
        UpdateExpression: 'SET active = :no',
        ExpressionAttributeValues: { ':no': false },
      }),
    );
    expect(await counterShards(warehouse.id)).toEqual([]);
    expect((await editWarehouse(warehouse.id, { name: 'Renamed' })).status).toBe(200);
    const shards = await counterShards(warehouse.id);
    expect(shards).toHaveLength(shardCounts.warehouseCounters);
    expect(shards.every((item) => item.inactive === true)).toBe(true);
    await expect(
      applyStockMovements([receipt('BEFORE-1', warehouse.id)], { warehouseCondition: warehouseIsActive }),
    ).rejects.toBeInstanceOf(WarehouseRefused);
  });

  it('writes no stock record or movement under the index keys of the layout before', async () => {
    const { movements: written } = await applyStockMovements([receipt('NOW-1', west.id)]);
    const legacy = await queryEveryPartition([stockInWarehouse(west.id)]);
    expect(legacy.map((record) => record.sku)).not.toContain('NOW-1');
    const stored = await storedItem(movementKey(written[0]!));
    expect(stored?.PK).toMatch(/^MOVEMENTS@\d+#SKU#NOW-1$/);
    expect(stored?.GSI1PK).toMatch(/^MOVEMENTS@\d+#WH#/);
    expect(stored?.GSI2PK).toMatch(/^MOVEMENTS@\d+#DAY#/);
  });
});
