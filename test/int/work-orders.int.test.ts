import { describe, expect, it } from 'vitest';
import { stockOfSku } from '../../shared/db/keys';
import { queryAll } from '../../shared/db/query';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { storedMovementsOf } from '../support/stock-layout';

async function stockOf(sku: string) {
  return queryAll(stockOfSku(sku));
}

const movementsOf = storedMovementsOf;

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
      body: {
        warehouseId: warehouse.id,
        reason: 'receipt',
        lines: [{ sku: 'WO-C', quantity: 3, unitCost: 200 }],
      },
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

  it('applies a work order larger than one transaction all at once, staged and confirmed', async () => {
    const warehouse = await seedWarehouse();
    const lines = Array.from({ length: 150 }, (_, i) => ({ sku: `WO-MANY-${i}`, quantity: 2, unitCost: 50 }));
    const applied = await call({
      method: 'POST',
      path: '/v1/orders/work-orders',
      body: { warehouseId: warehouse.id, reason: 'receipt', lines },
    });
    expect(applied.status, applied.text).toBe(201);
    expect(applied.body.movementIds).toHaveLength(150);
    const [first] = await stockOf('WO-MANY-0');
    const [last] = await stockOf('WO-MANY-149');
    for (const record of [first, last]) {
      expect(record).toMatchObject({ onHand: 2, available: 2 });
      expect(record!.staged).toBeUndefined();
    }
    expect(await movementsOf('WO-MANY-149')).toHaveLength(1);

    // One short line refuses the whole work order, naming it, and changes nothing.
    const overdraw = lines.map((line, i) => ({ sku: line.sku, quantity: i === 149 ? -3 : -1 }));
    const refused = await call({
      method: 'POST',
      path: '/v1/orders/work-orders',
      body: { warehouseId: warehouse.id, reason: 'count', lines: overdraw },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.shortfalls).toEqual([expect.objectContaining({ sku: 'WO-MANY-149', missing: 1 })]);
    expect((await stockOf('WO-MANY-0'))[0]).toMatchObject({ onHand: 2 });
  });

  it('applies when created: apply false is refused, and no open work orders are counted or listed', async () => {
    const warehouse = await seedWarehouse({ code: 'WO-OPEN' });
    const open = await call({
      method: 'POST',
      path: '/v1/orders/work-orders',
      body: {
        warehouseId: warehouse.id,
        reason: 'count',
        lines: [{ sku: 'WO-E', quantity: 5, unitCost: 100 }],
        apply: false,
      },
    });
    expect(open.status).toBe(400);
    expect(open.body.errors).toEqual([
      {
        path: 'body.apply',
        message: 'must be true or left out: work orders apply when created, there are no open ones',
      },
    ]);
    expect(await stockOf('WO-E')).toEqual([]);
    const applied = await call({
      method: 'POST',
      path: '/v1/orders/work-orders',
      body: {
        warehouseId: warehouse.id,
        reason: 'count',
        lines: [{ sku: 'WO-E', quantity: 5, unitCost: 100 }],
        apply: true,
      },
    });
    expect(applied.status, applied.text).toBe(201);
    expect(applied.body.status).toBe('applied');
    const listed = await call({
      method: 'GET',
      path: '/v1/orders/work-orders/warehouses?limit=200',
      role: 'viewer',
    });
    const mine = listed.body.items.find((w: { id: string }) => w.id === warehouse.id);
    expect(mine).toEqual(warehouse);
  });

  it('takes the average cost for inbound lines without one, and needs one while there is none', async () => {
    const warehouse = await seedWarehouse();
    const post = (lines: unknown[], reason = 'receipt') =>
      call({
        method: 'POST',
        path: '/v1/orders/work-orders',
        body: { warehouseId: warehouse.id, reason, lines },
      });
    const unknown = await post([
      { sku: 'WO-COST-A', quantity: 2, unitCost: 100 },
      { sku: 'WO-COST-B', quantity: 10 },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { path: 'body.lines[1].unitCost', message: 'required: WO-COST-B has no average cost here yet' },
    ]);
    expect(await stockOf('WO-COST-A')).toEqual([]);

    expect((await post([{ sku: 'WO-COST-B', quantity: 10, unitCost: 100 }])).status).toBe(201);
    // Without a cost the units come in at the average (100): the average stays, it does not halve.
    expect((await post([{ sku: 'WO-COST-B', quantity: 10 }])).status).toBe(201);
    expect((await post([{ sku: 'WO-COST-B', quantity: 5 }], 'count')).status).toBe(201);
    const [stock] = await stockOf('WO-COST-B');
    expect(stock).toMatchObject({ onHand: 25, averageUnitCost: 100 });
    expect((stock!.layers as Array<{ unitCost: number }>).map((layer) => layer.unitCost)).toEqual([
      100, 100, 100,
    ]);
    const movements = await movementsOf('WO-COST-B');
    expect(movements.map((movement) => movement.unitCost)).toEqual([100, 100, 100]);
  });

  it('replays a retried work order once (Idempotency-Key)', async () => {
    const warehouse = await seedWarehouse();
    const request = {
      method: 'POST',
      path: '/v1/orders/work-orders',
      headers: { 'idempotency-key': `wo-${Date.now()}` },
      body: {
        warehouseId: warehouse.id,
        reason: 'receipt',
        lines: [{ sku: 'WO-F', quantity: 7, unitCost: 100 }],
      },
    };
    const first = await call(request);
    const retry = await call(request);
    expect(retry.body).toEqual(first.body);
    expect((await stockOf('WO-F'))[0]).toMatchObject({ onHand: 7 });
  });
});
