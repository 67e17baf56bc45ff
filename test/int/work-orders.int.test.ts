import { describe, expect, it } from 'vitest';
import { stockOfSku } from '../../shared/db/keys';
import { queryAll } from '../../shared/db/query';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';

async function stockOf(sku: string) {
  return queryAll(stockOfSku(sku));
}

async function movementsOf(sku: string) {
  return queryAll({ pk: `MOVEMENTS#SKU#${sku}` });
}

describe('work orders', () => {
  it('applies every line atomically through the ledger and records its movements', async () => {
    const warehouse = await seedWarehouse();
    const created = await call({
      method: 'POST',
      path: '/v1/orders/work-orders',
      role: 'operator',
      body: {
        warehouseId: warehouse.id,
        reason: 'receipt',
        lines: [
          { sku: 'WO-A', quantity: 10, unitCost: 150 },
          { sku: 'WO-B', quantity: 4, unitCost: 900 },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      status: 'applied',
      warehouseId: warehouse.id,
      createdBy: 'user-operator',
    });
    expect(created.body.movementIds).toHaveLength(2);
    const [stock] = await stockOf('WO-A');
    expect(stock).toMatchObject({ onHand: 10, available: 10, averageUnitCost: 150 });
    const warehouseItem = await call({ method: 'GET', path: '/v1/orders/work-orders/warehouses' });
    expect(warehouseItem.status).toBe(200);
  });

  it('refuses the whole work order when one line would overdraw, naming SKU, warehouse and missing units', async () => {
    const warehouse = await seedWarehouse();
    await call({
      method: 'POST',
      path: '/v1/orders/work-orders',
      body: { warehouseId: warehouse.id, reason: 'receipt', lines: [{ sku: 'WO-C', quantity: 3 }] },
    });
    const refused = await call({
      method: 'POST',
      path: '/v1/orders/work-orders',
      body: {
        warehouseId: warehouse.id,
        reason: 'assembly',
        lines: [
          { sku: 'WO-KIT', quantity: 1 },
          { sku: 'WO-C', quantity: -5 },
        ],
      },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.shortfalls).toEqual([
      { sku: 'WO-C', warehouseId: warehouse.id, requested: 5, available: 3, missing: 2 },
    ]);
    expect(await stockOf('WO-KIT')).toEqual([]);
    expect(await movementsOf('WO-KIT')).toEqual([]);
    expect((await stockOf('WO-C'))[0]).toMatchObject({ onHand: 3 });
  });

  it('refuses warehouses that do not accept work orders, and receipts that remove units', async () => {
    const closed = await seedWarehouse({ acceptsWorkOrders: false });
    const open = await seedWarehouse();
    const refused = await call({
      method: 'POST',
      path: '/v1/orders/work-orders',
      body: { warehouseId: closed.id, reason: 'adjustment', lines: [{ sku: 'WO-D', quantity: 2 }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].path).toBe('body.warehouseId');
    const unknown = await call({
      method: 'POST',
      path: '/v1/orders/work-orders',
      body: {
        warehouseId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
        reason: 'adjustment',
        lines: [{ sku: 'WO-D', quantity: 2 }],
      },
    });
    expect(unknown.status).toBe(400);
    const negativeReceipt = await call({
      method: 'POST',
      path: '/v1/orders/work-orders',
      body: { warehouseId: open.id, reason: 'receipt', lines: [{ sku: 'WO-D', quantity: -2 }] },
    });
    expect(negativeReceipt.status).toBe(400);
    expect(negativeReceipt.body.errors[0].path).toBe('body.lines[0].quantity');
    expect(await stockOf('WO-D')).toEqual([]);
  });

  it('states the transaction limit when the lines do not fit one transaction', async () => {
    const warehouse = await seedWarehouse();
    const lines = Array.from({ length: 60 }, (_, i) => ({ sku: `WO-MANY-${i}`, quantity: 1 }));
    const refused = await call({
      method: 'POST',
      path: '/v1/orders/work-orders',
      body: { warehouseId: warehouse.id, reason: 'count', lines },
    });
    expect(refused.status).toBe(413);
    expect(refused.body.detail).toContain('at most 100');
    expect(await stockOf('WO-MANY-0')).toEqual([]);
  });

  it('records open work orders without touching stock and counts them per warehouse', async () => {
    const warehouse = await seedWarehouse({ code: 'WO-OPEN' });
    for (let i = 0; i < 2; i++) {
      const open = await call({
        method: 'POST',
        path: '/v1/orders/work-orders',
        body: {
          warehouseId: warehouse.id,
          reason: 'count',
          lines: [{ sku: 'WO-E', quantity: 5 }],
          apply: false,
        },
      });
      expect(open.body).toMatchObject({ status: 'open', movementIds: [] });
    }
    expect(await stockOf('WO-E')).toEqual([]);
    const listed = await call({
      method: 'GET',
      path: '/v1/orders/work-orders/warehouses?limit=200',
      role: 'viewer',
    });
    const mine = listed.body.items.find((w: { id: string }) => w.id === warehouse.id);
    expect(mine.openWorkOrders).toBe(2);
  });

  it('replays a retried work order once (Idempotency-Key)', async () => {
    const warehouse = await seedWarehouse();
    const request = {
      method: 'POST',
      path: '/v1/orders/work-orders',
      headers: { 'idempotency-key': `wo-${Date.now()}` },
      body: { warehouseId: warehouse.id, reason: 'receipt', lines: [{ sku: 'WO-F', quantity: 7 }] },
    };
    const first = await call(request);
    const retry = await call(request);
    expect(retry.body).toEqual(first.body);
    expect((await stockOf('WO-F'))[0]).toMatchObject({ onHand: 7 });
  });
});

describe('50 concurrent work orders on one SKU in one warehouse', () => {
  it('keeps on hand equal to the sum of the accepted ones, records nothing for refused ones, never goes negative', async () => {
    const warehouse = await seedWarehouse();
    const sku = 'RACE-SKU';
    await call({
      method: 'POST',
      path: '/v1/orders/work-orders',
      body: { warehouseId: warehouse.id, reason: 'receipt', lines: [{ sku, quantity: 20, unitCost: 100 }] },
    });
    // Alternating +3 and -7: together they would remove 100 more units than they add, so some must be refused.
    const changes = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? 3 : -7));
    const results = await Promise.all(
      changes.map((quantity) =>
        call({
          method: 'POST',
          path: '/v1/orders/work-orders',
          body: { warehouseId: warehouse.id, reason: 'adjustment', lines: [{ sku, quantity }] },
        }),
      ),
    );
    const accepted = results.flatMap((result, i) => (result.status === 201 ? [changes[i]!] : []));
    const refused = results.filter((result) => result.status !== 201);
    // Every refusal is a true shortfall, not a lost race: the ledger retries races.
    for (const result of refused) expect(result.body.shortfalls?.[0]?.sku, result.text).toBe(sku);
    expect(refused.length).toBeGreaterThan(0);
    const [stock] = await stockOf(sku);
    expect(stock!.onHand).toBe(20 + accepted.reduce((sum, q) => sum + q, 0));
    const movements = await movementsOf(sku);
    expect(movements).toHaveLength(1 + accepted.length);
    expect(movements.every((movement) => (movement.onHandAfter as number) >= 0)).toBe(true);
    const recordedIds = new Set(movements.map((movement) => movement.id));
    for (const result of results.filter((r) => r.status === 201)) {
      expect(recordedIds.has(result.body.movementIds[0])).toBe(true);
    }
    console.info(
      `race: ${accepted.length} accepted (${accepted.filter((q) => q > 0).length} adds, ${accepted.filter((q) => q < 0).length} removals), ${refused.length} refused, final on hand ${stock!.onHand}`,
    );
  });
});
