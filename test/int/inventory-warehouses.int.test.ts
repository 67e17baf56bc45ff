import { inUseCountersOf, readCounterShards } from '../../shared/warehouses/counter-shards';
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteWarehouse } from '../../functions/inventory/warehouses/repository';
import { TransactionCancelled } from '../../shared/db/errors';
import { defaultWarehouseKey, stockKey, warehouseCodeKey, warehouseKey } from '../../shared/db/keys';
import { WarehouseRefused } from '../../shared/domain/stock-ledger';
import { applyStockMovements } from '../../shared/stock/ledger';
import { findWarehouseRecord } from '../../shared/warehouses/repository';
import { poSourceInput, vendorInput } from '../support/builders';
import { call } from '../support/call';
import { storedCounters } from '../support/stock-layout';
import {
  createStockRule,
  createWarehouse,
  listAll,
  storedItem,
  warehouseInput,
} from '../support/inventory-builders';
import { orderId, orderInput, orderLine } from '../support/order-builders';

const path = '/v1/inventory/warehouses';
const unknownId = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

// The first warehouse of the table is the default; the tests below work on the others.
beforeAll(async () => {
  await createWarehouse({ code: 'ANCHOR' });
});

describe('warehouses', () => {
  it('creates a warehouse with defaults, Location, ETag and an empty stock summary', async () => {
    const input = warehouseInput({ code: 'EAST-1', name: 'East coast' });
    const created = await call({ method: 'POST', path, body: input });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      ...input,
      id: expect.any(String),
      active: true,
      acceptsWorkOrders: true,
      acceptsPurchaseOrders: true,
      isDefault: false,
      version: 1,
      stockSummary: { skusHeld: 0, unitsOnHand: 0, skusBackordered: 0, capacityUsed: 0 },
    });
    expect(created.headers.location).toBe(`${path}/${created.body.id}`);
    expect(created.headers.etag).toBe('"1"');
    const read = await call({ method: 'GET', path: `${path}/${created.body.id}`, role: 'viewer' });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    expect(read.headers.etag).toBe('"1"');
  });

  it('refuses a duplicate code, case-insensitively, with 409', async () => {
    await createWarehouse({ code: 'DUP-WH' });
    const again = await call({ method: 'POST', path, body: warehouseInput({ code: 'dup-wh' }) });
    expect(again.status).toBe(409);
    expect(again.headers['content-type']).toBe('application/problem+json');
    expect(again.body.detail).toContain('dup-wh');
  });

  it('answers 404 for an unknown warehouse and 400 for an id that is not a ULID', async () => {
    expect((await call({ method: 'GET', path: `${path}/${unknownId}` })).status).toBe(404);
    const put = await call({ method: 'PUT', path: `${path}/${unknownId}`, body: warehouseInput() });
    expect(put.status).toBe(404);
    expect((await call({ method: 'DELETE', path: `${path}/${unknownId}` })).status).toBe(404);
    const bad = await call({ method: 'GET', path: `${path}/not-an-id` });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: 'path.id', message: 'must be a ULID' }]);
  });

  it('validates the body, naming every bad field', async () => {
    const response = await call({
      method: 'POST',
      path,
      body: { code: 'has space', name: '', capacity: 0, originAddress: { line1: 'x' }, extra: 1 },
    });
    expect(response.status).toBe(400);
    const paths = response.body.errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.code',
        'body.name',
        'body.capacity',
        'body.originAddress.city',
        'body.originAddress.country',
        'body.extra',
      ]),
    );
  });

  it('replaces with If-Match (412 when stale), dropping omitted fields and moving the code', async () => {
    const warehouse = await createWarehouse({ code: 'OLD-WH' });
    const {
      capacity: _capacity,
      returnAddress: _returnAddress,
      ...rest
    } = warehouseInput({
      code: 'NEW-WH',
      name: 'Renamed',
      active: false,
    });
    const updated = await call({
      method: 'PUT',
      path: `${path}/${warehouse.id}`,
      body: rest,
      headers: { 'if-match': '"1"' },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ code: 'NEW-WH', name: 'Renamed', active: false, version: 2 });
    expect(updated.body.createdAt).toBe(warehouse.createdAt);
    expect(updated.body).not.toHaveProperty('capacity');
    expect(updated.body).not.toHaveProperty('returnAddress');
    expect(updated.body.stockSummary.capacityUsed).toBeNull();
    expect(updated.headers.etag).toBe('"2"');
    const read = await call({ method: 'GET', path: `${path}/${warehouse.id}` });
    expect(read.body).toEqual(updated.body);

    const stale = await call({
      method: 'PUT',
      path: `${path}/${warehouse.id}`,
      body: rest,
      headers: { 'if-match': '"1"' },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.currentVersion).toBe(2);
    // The old code is free again; the new one is taken.
    expect((await call({ method: 'POST', path, body: warehouseInput({ code: 'old-wh' }) })).status).toBe(201);
    expect((await call({ method: 'POST', path, body: warehouseInput({ code: 'new-wh' }) })).status).toBe(409);
    const taken = await call({
      method: 'PUT',
      path: `${path}/${warehouse.id}`,
      body: warehouseInput({ code: 'OLD-WH' }),
    });
    expect(taken.status).toBe(409);
  });

  it('lets exactly one of concurrent updates with the same If-Match win', async () => {
    const warehouse = await createWarehouse();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call({
          method: 'PUT',
          path: `${path}/${warehouse.id}`,
          body: warehouseInput({ code: warehouse.code, name: `Racer ${i}` }),
          headers: { 'if-match': '"1"' },
        }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(5);
    expect((await call({ method: 'GET', path: `${path}/${warehouse.id}` })).body.version).toBe(2);
  });

  it('summarizes its stock, keeps the counters through updates, and is deleted only empty', async () => {
    const warehouse = await createWarehouse({ capacity: 400 });
    await applyStockMovements([
      { sku: 'SUM-A', warehouseId: warehouse.id, type: 'receipt', quantity: 5, unitCost: 100 },
      { sku: 'SUM-B', warehouseId: warehouse.id, type: 'receipt', quantity: 3, unitCost: 250 },
    ]);
    const read = await call({ method: 'GET', path: `${path}/${warehouse.id}` });
    expect(read.body.stockSummary).toEqual({
      skusHeld: 2,
      unitsOnHand: 8,
      skusBackordered: 0,
      capacityUsed: 0.02,
    });

    const renamed = await call({
      method: 'PUT',
      path: `${path}/${warehouse.id}`,
      body: warehouseInput({ code: warehouse.code, name: 'Still stocked', capacity: 800 }),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.stockSummary).toEqual({
      skusHeld: 2,
      unitsOnHand: 8,
      skusBackordered: 0,
      capacityUsed: 0.01,
    });
    expect(await storedCounters(warehouse.id)).toMatchObject({ unitsOnHand: 8, skusHeld: 2 });

    const refused = await call({ method: 'DELETE', path: `${path}/${warehouse.id}` });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ unitsOnHand: 8, skusHeld: 2 });
    expect(refused.body.detail).toContain('8 units');

    await applyStockMovements([
      { sku: 'SUM-A', warehouseId: warehouse.id, type: 'adjustment', quantity: -5 },
      { sku: 'SUM-B', warehouseId: warehouse.id, type: 'adjustment', quantity: -3 },
    ]);
    const deleted = await call({ method: 'DELETE', path: `${path}/${warehouse.id}` });
    expect(deleted.status, deleted.text).toBe(204);
    expect(deleted.text).toBe('');
    expect((await call({ method: 'GET', path: `${path}/${warehouse.id}` })).status).toBe(404);
    expect(await storedItem(warehouseCodeKey(warehouse.code))).toBeUndefined();
    expect(
      (await call({ method: 'POST', path, body: warehouseInput({ code: warehouse.code }) })).status,
    ).toBe(201);
  });

  it('honours If-Match on delete', async () => {
    const warehouse = await createWarehouse();
    await call({
      method: 'PUT',
      path: `${path}/${warehouse.id}`,
      body: warehouseInput({ code: warehouse.code }),
    });
    const stale = await call({
      method: 'DELETE',
      path: `${path}/${warehouse.id}`,
      headers: { 'if-match': '"1"' },
    });
    expect(stale.status).toBe(412);
    const current = await call({
      method: 'DELETE',
      path: `${path}/${warehouse.id}`,
      headers: { 'if-match': '"2"' },
    });
    expect(current.status).toBe(204);
  });

  it('cannot be deleted while a stock rule names it', async () => {
    const warehouse = await createWarehouse();
    const rule = await createStockRule({ warehouseId: warehouse.id });
    const refused = await call({ method: 'DELETE', path: `${path}/${warehouse.id}` });
    expect(refused.status).toBe(409);
    expect(refused.body.stockRuleCount).toBe(1);
    expect((await call({ method: 'DELETE', path: `/v1/inventory/rules/${rule.id}` })).status).toBe(204);
    expect((await call({ method: 'DELETE', path: `${path}/${warehouse.id}` })).status).toBe(204);
  });

  it('cannot be deleted while an order holds allocations in it, even a backorder with nothing on hand', async () => {
    const warehouse = await createWarehouse();
    const sku = 'BO-SKU';
    const order = orderId();
    const lines = [orderLine({ sku, quantity: 3 })];
    const backordered = await call({
      method: 'PUT',
      path: `/v1/orders/${order}`,
      role: 'operator',
      body: orderInput({ lines, warehouseId: warehouse.id, statusId: 'backordered' }),
    });
    expect(backordered.status, backordered.text).toBe(201);
    // Every read of the stock agrees with the ledger: onHand − allocated = available − backordered.
    expect(await storedItem(stockKey(sku, warehouse.id))).toMatchObject({
      onHand: 0,
      allocated: 3,
      available: 0,
      backordered: 3,
    });
    const read = await call({ method: 'GET', path: `${path}/${warehouse.id}` });
    expect(read.body.stockSummary).toMatchObject({ unitsOnHand: 0, skusHeld: 0, skusBackordered: 1 });

    const refused = await call({ method: 'DELETE', path: `${path}/${warehouse.id}` });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.detail).toContain(`orders hold allocations of ${sku} (3 allocated, 3 backordered)`);
    expect(refused.body.allocations).toEqual([{ sku, allocated: 3, backordered: 3 }]);

    // A receipt covers part of the backorder; cancelling the order releases the rest.
    await applyStockMovements([
      { sku, warehouseId: warehouse.id, type: 'receipt', quantity: 1, unitCost: 100 },
    ]);
    expect(await storedItem(stockKey(sku, warehouse.id))).toMatchObject({ available: 0, backordered: 2 });
    const cancelled = await call({
      method: 'PUT',
      path: `/v1/orders/${order}`,
      role: 'operator',
      body: orderInput({ lines, warehouseId: warehouse.id, statusId: 'cancelled' }),
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    await applyStockMovements([{ sku, warehouseId: warehouse.id, type: 'adjustment', quantity: -1 }]);
    expect((await call({ method: 'GET', path: `${path}/${warehouse.id}` })).body.stockSummary).toMatchObject({
      unitsOnHand: 0,
      skusBackordered: 0,
    });
    expect((await call({ method: 'DELETE', path: `${path}/${warehouse.id}` })).status).toBe(204);
  });

  it('cannot be deleted while purchase-order sources receive into it, counted through every source delete', async () => {
    const warehouse = await createWarehouse();
    const vendors = [];
    for (let i = 0; i < 2; i++) {
      const vendor = await call({ method: 'POST', path: '/v1/vendors', body: vendorInput() });
      expect(vendor.status).toBe(201);
      vendors.push(vendor.body);
    }
    const sources = [];
    for (const vendor of vendors) {
      const source = await call({
        method: 'POST',
        path: '/v1/vendors/po-sources',
        body: poSourceInput(vendor.id, warehouse.id),
      });
      expect(source.status, source.text).toBe(201);
      sources.push(source.body);
    }
    expect(await storedCounters(warehouse.id)).toMatchObject({ poSourceCount: 2 });
    const refused = await call({ method: 'DELETE', path: `${path}/${warehouse.id}` });
    expect(refused.status).toBe(409);
    expect(refused.body.poSourceCount).toBe(2);
    expect(refused.body.detail).toContain(
      `2 purchase-order sources receive into it (delete them: GET /v1/vendors/po-sources?warehouseId=${warehouse.id})`,
    );

    // One source deleted on its own, the other with its vendor.
    const one = await call({ method: 'DELETE', path: `/v1/vendors/po-sources?ids=${sources[0].id}` });
    expect(one.status, one.text).toBe(200);
    expect(await storedCounters(warehouse.id)).toMatchObject({ poSourceCount: 1 });
    const withVendor = await call({
      method: 'DELETE',
      path: `/v1/vendors?ids=${vendors[1].id}&withPoSources=true`,
    });
    expect(withVendor.status, withVendor.text).toBe(200);
    expect(await storedCounters(warehouse.id)).toMatchObject({ poSourceCount: 0 });
    expect((await call({ method: 'DELETE', path: `${path}/${warehouse.id}` })).status).toBe(204);

    // A source into the deleted warehouse is a clear 400, and leaves no bare warehouse item behind.
    const gone = await call({
      method: 'POST',
      path: '/v1/vendors/po-sources',
      body: poSourceInput(vendors[0].id, warehouse.id),
    });
    expect(gone.status).toBe(400);
    expect(gone.body.errors).toEqual([
      { path: 'body.warehouseId', message: 'no warehouse with this id accepts purchase orders' },
    ]);
    expect(await storedItem(warehouseKey(warehouse.id))).toBeUndefined();
  });

  it('refuses the delete transaction when an allocation or a source lands after its read', async () => {
    const warehouse = await createWarehouse();
    const sku = 'RACE-SKU';
    const stale = (await findWarehouseRecord(warehouse.id, true))!.warehouse;
    // The counters as read before anything used it: nothing on the item, no shard yet.
    const staleCounters = {
      onItem: { unitsOnHand: 0, stockRecordsInUse: 0, poSourceCount: 0 },
      onShards: new Map(),
    };
    const refusedByWarehouse = (error: unknown) =>
      error instanceof TransactionCancelled && error.refusedWithPrefix('counterShard:') !== undefined;

    // An allocation with nothing on hand commits between the delete's read and its write.
    await applyStockMovements([
      { sku, warehouseId: warehouse.id, type: 'allocation', quantity: 2, allowBackorder: true },
    ]);
    await expect(
      deleteWarehouse(stale, staleCounters, { kind: 'count' }, new Date().toISOString()),
    ).rejects.toSatisfy(refusedByWarehouse);
    await applyStockMovements([{ sku, warehouseId: warehouse.id, type: 'release', quantity: 2 }]);

    // So does a purchase-order source.
    const vendor = await call({ method: 'POST', path: '/v1/vendors', body: vendorInput() });
    const source = await call({
      method: 'POST',
      path: '/v1/vendors/po-sources',
      body: poSourceInput(vendor.body.id, warehouse.id),
    });
    expect(source.status).toBe(201);
    await expect(
      deleteWarehouse(stale, staleCounters, { kind: 'count' }, new Date().toISOString()),
    ).rejects.toSatisfy(refusedByWarehouse);
    expect((await call({ method: 'GET', path: `${path}/${warehouse.id}` })).status).toBe(200);
    await call({ method: 'DELETE', path: `/v1/vendors/po-sources?ids=${source.body.id}` });

    // Once nothing uses it the write goes through on the counters as they are now (a change adds to a
    // shard picked for it: the allocation and its release left two shards at +1 and −1, summing to 0);
    // an allocation after it finds the warehouse gone.
    const shards = (await readCounterShards([warehouse.id], true)).get(warehouse.id)!;
    await deleteWarehouse(
      stale,
      { ...staleCounters, onShards: inUseCountersOf(shards) },
      { kind: 'count' },
      new Date().toISOString(),
    );
    await expect(
      applyStockMovements([
        { sku, warehouseId: warehouse.id, type: 'allocation', quantity: 1, allowBackorder: true },
      ]),
    ).rejects.toBeInstanceOf(WarehouseRefused);
  });

  it('lists by code with flag filters, page by page with an opaque cursor', async () => {
    const codes = ['LST-3', 'LST-1', 'LST-5', 'LST-2', 'LST-4'];
    for (const code of codes) await createWarehouse({ code, acceptsWorkOrders: false });
    await createWarehouse({ code: 'LST-6', acceptsWorkOrders: false, active: false });

    const filter = `${path}?acceptsWorkOrders=false&active=true`;
    const first = await call({ method: 'GET', path: `${filter}&limit=2`, role: 'viewer' });
    expect(first.status).toBe(200);
    expect(first.body.items.map((w: { code: string }) => w.code)).toEqual(['LST-1', 'LST-2']);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await call({
      method: 'GET',
      path: `${filter}&limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    });
    expect(second.body.items.map((w: { code: string }) => w.code)).toEqual(['LST-3', 'LST-4']);
    const all = await listAll<{ code: string; stockSummary: unknown }>(filter, 2);
    expect(all.map((w) => w.code)).toEqual(['LST-1', 'LST-2', 'LST-3', 'LST-4', 'LST-5']);
    expect(all[0]!.stockSummary).toEqual({
      skusHeld: 0,
      unitsOnHand: 0,
      skusBackordered: 0,
      capacityUsed: 0,
    });

    const inactive = await call({ method: 'GET', path: `${path}?active=false&acceptsWorkOrders=false` });
    expect(inactive.body.items.map((w: { code: string }) => w.code)).toEqual(['LST-6']);
    // A cursor belongs to its listing; a tampered one is refused.
    const replayed = await call({
      method: 'GET',
      path: `${path}?active=false&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    });
    expect(replayed.status).toBe(400);
    expect((await call({ method: 'GET', path: `${path}?cursor=abc.def` })).status).toBe(400);
    expect((await call({ method: 'GET', path: `${path}?active=yes` })).body.errors[0].path).toBe(
      'query.active',
    );
  });

  it("feeds the vendors group's purchase-order warehouses, without its counters", async () => {
    const accepting = await createWarehouse({ code: 'PO-ACCEPT' });
    const refusing = await createWarehouse({ code: 'PO-REFUSE', acceptsPurchaseOrders: false });
    const inactive = await createWarehouse({ code: 'PO-CLOSED', active: false });
    await applyStockMovements([
      { sku: 'PO-SKU', warehouseId: accepting.id, type: 'receipt', quantity: 2, unitCost: 100 },
    ]);
    const listed = await call({
      method: 'GET',
      path: '/v1/vendors/po-sources/warehouses?limit=200',
      role: 'viewer',
    });
    expect(listed.status).toBe(200);
    const ids = listed.body.items.map((w: { id: string }) => w.id);
    expect(ids).toContain(accepting.id);
    expect(ids).not.toContain(refusing.id);
    expect(ids).not.toContain(inactive.id);
    const { stockSummary: _summary, ...resource } = accepting;
    expect(listed.body.items.find((w: { id: string }) => w.id === accepting.id)).toEqual(resource);
  });

  it('gives only the warehouse item an entity: marker and pointer publish no events', async () => {
    const warehouse = await createWarehouse();
    expect((await storedItem(warehouseKey(warehouse.id)))?.entity).toBe('warehouse');
    const marker = await storedItem(warehouseCodeKey(warehouse.code));
    expect(marker).toMatchObject({ warehouseId: warehouse.id });
    expect(marker).not.toHaveProperty('entity');
    const pointer = await storedItem(defaultWarehouseKey());
    expect(pointer?.warehouseId).toEqual(expect.any(String));
    expect(pointer).not.toHaveProperty('entity');
  });
});
