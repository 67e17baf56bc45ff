import { describe, expect, it } from 'vitest';
import { stockRuleKey, stockRuleUniqueKey, warehouseKey } from '../../shared/db/keys';
import { call } from '../support/call';
import {
  createRulePeriod,
  createStockRule,
  createWarehouse,
  listAll,
  rulePeriodInput,
  stockRuleInput,
  storedItem,
} from '../support/inventory-builders';

const path = '/v1/inventory/rules';
const unknownId = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

describe('stock rules', () => {
  it('creates a rule with a Location and an ETag, counted on its warehouse, and reads it back', async () => {
    const warehouse = await createWarehouse();
    const input = stockRuleInput({
      skuPattern: 'TSHIRT-*',
      warehouseId: warehouse.id,
      minLevel: 10,
      maxLevel: 80,
    });
    const created = await call({ method: 'POST', path, body: input, role: 'operator' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      ...input,
      enabled: true,
      id: expect.any(String),
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(created.headers.location).toBe(`${path}/${created.body.id}`);
    expect(created.headers.etag).toBe('"1"');
    const read = await call({ method: 'GET', path: `${path}/${created.body.id}`, role: 'viewer' });
    expect(read.body).toEqual(created.body);
    expect(read.headers.etag).toBe('"1"');
    expect((await storedItem(warehouseKey(warehouse.id)))?.stockRuleCount).toBe(1);
    expect((await storedItem(stockRuleKey(created.body.id)))?.entity).toBe('stock-rule');
    expect(await storedItem(stockRuleUniqueKey(input))).not.toHaveProperty('entity');
  });

  it('allows one rule per pattern and warehouse (or all), with 409 naming the holder', async () => {
    const warehouse = await createWarehouse();
    const everywhere = await createStockRule({ skuPattern: 'MUG-1' });
    const inOne = await createStockRule({ skuPattern: 'MUG-1', warehouseId: warehouse.id });
    const again = await call({ method: 'POST', path, body: stockRuleInput({ skuPattern: 'MUG-1' }) });
    expect(again.status).toBe(409);
    expect(again.body.existingRuleId).toBe(everywhere.id);
    const againInOne = await call({
      method: 'POST',
      path,
      body: stockRuleInput({ skuPattern: 'MUG-1', warehouseId: warehouse.id }),
    });
    expect(againInOne.status).toBe(409);
    expect(againInOne.body.existingRuleId).toBe(inOne.id);
  });

  it('names the field for an unknown warehouse, min above max and a bad pattern', async () => {
    const noWarehouse = await call({
      method: 'POST',
      path,
      body: stockRuleInput({ warehouseId: unknownId }),
    });
    expect(noWarehouse.status).toBe(400);
    expect(noWarehouse.body.errors).toEqual([
      { path: 'body.warehouseId', message: 'no warehouse has this id' },
    ]);
    const inverted = await call({ method: 'POST', path, body: stockRuleInput({ minLevel: 9, maxLevel: 3 }) });
    expect(inverted.status).toBe(400);
    expect(inverted.body.errors).toEqual([{ path: 'body.maxLevel', message: 'must be at least minLevel' }]);
    for (const skuPattern of ['*SHIRT', 'A*B*', 'has space', '']) {
      const bad = await call({ method: 'POST', path, body: stockRuleInput({ skuPattern }) });
      expect(bad.status, skuPattern).toBe(400);
      expect(bad.body.errors[0].path).toBe('body.skuPattern');
    }
    const negative = await call({
      method: 'POST',
      path,
      body: stockRuleInput({ minLevel: -1, maxLevel: 1.5 }),
    });
    expect(negative.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'body.maxLevel',
      'body.minLevel',
    ]);
  });

  it('answers 404 for an unknown rule', async () => {
    expect((await call({ method: 'GET', path: `${path}/${unknownId}` })).status).toBe(404);
    expect((await call({ method: 'PUT', path: `${path}/${unknownId}`, body: stockRuleInput() })).status).toBe(
      404,
    );
    expect((await call({ method: 'DELETE', path: `${path}/${unknownId}` })).status).toBe(404);
  });

  it('replaces with If-Match (412 when stale), moving its uniqueness and warehouse count', async () => {
    const [from, to] = [await createWarehouse(), await createWarehouse()];
    const rule = await createStockRule({ skuPattern: 'CAP-*', warehouseId: from.id });
    const moved = await call({
      method: 'PUT',
      path: `${path}/${rule.id}`,
      body: stockRuleInput({
        skuPattern: 'HAT-*',
        warehouseId: to.id,
        minLevel: 1,
        maxLevel: 2,
        enabled: false,
      }),
      headers: { 'if-match': '"1"' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ skuPattern: 'HAT-*', warehouseId: to.id, enabled: false, version: 2 });
    expect(moved.body.createdAt).toBe(rule.createdAt);
    expect(moved.headers.etag).toBe('"2"');
    expect((await storedItem(warehouseKey(from.id)))?.stockRuleCount).toBe(0);
    expect((await storedItem(warehouseKey(to.id)))?.stockRuleCount).toBe(1);
    // The old key is free, the new one taken.
    expect(
      (
        await call({
          method: 'POST',
          path,
          body: stockRuleInput({ skuPattern: 'CAP-*', warehouseId: from.id }),
        })
      ).status,
    ).toBe(201);
    const taken = await call({
      method: 'POST',
      path,
      body: stockRuleInput({ skuPattern: 'HAT-*', warehouseId: to.id }),
    });
    expect(taken.status).toBe(409);

    const stale = await call({
      method: 'PUT',
      path: `${path}/${rule.id}`,
      body: stockRuleInput({ skuPattern: 'HAT-*', warehouseId: to.id }),
      headers: { 'if-match': '"1"' },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.currentVersion).toBe(2);
    const everywhere = await call({
      method: 'PUT',
      path: `${path}/${rule.id}`,
      body: stockRuleInput({ skuPattern: 'HAT-*' }),
      headers: { 'if-match': '"2"' },
    });
    expect(everywhere.status).toBe(200);
    expect(everywhere.body).not.toHaveProperty('warehouseId');
    expect((await storedItem(warehouseKey(to.id)))?.stockRuleCount).toBe(0);
    const noWarehouse = await call({
      method: 'PUT',
      path: `${path}/${rule.id}`,
      body: stockRuleInput({ skuPattern: 'HAT-*', warehouseId: unknownId }),
    });
    expect(noWarehouse.status).toBe(400);
    expect(noWarehouse.body.errors[0].path).toBe('body.warehouseId');
  });

  it('lists by pattern, filtered by matching SKU, warehouse and enabled flag, with a cursor', async () => {
    const warehouse = await createWarehouse();
    const exact = await createStockRule({ skuPattern: 'ZED-RED-L' });
    const prefix = await createStockRule({ skuPattern: 'ZED-RED-*', warehouseId: warehouse.id });
    const broad = await createStockRule({ skuPattern: 'ZED-*', enabled: false });
    const all = await createStockRule({ skuPattern: '*', warehouseId: warehouse.id });
    await createStockRule({ skuPattern: 'ZED-BLUE-*' });
    await createStockRule({ skuPattern: 'ZED-RED-LX' });

    const ids = (items: Array<{ id: string }>) => items.map((rule) => rule.id);
    const matching = await listAll<{ id: string }>(`${path}?sku=ZED-RED-L`, 2);
    expect(ids(matching).sort()).toEqual([exact.id, prefix.id, broad.id, all.id].sort());
    const first = await call({ method: 'GET', path: `${path}?sku=ZED-RED-L&limit=2`, role: 'viewer' });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    // In pattern order: '*' sorts before letters.
    expect(ids(first.body.items)).toEqual([all.id, broad.id]);

    const enabledOnly = await listAll<{ id: string }>(`${path}?sku=ZED-RED-L&enabled=true`);
    expect(ids(enabledOnly).sort()).toEqual([exact.id, prefix.id, all.id].sort());
    const inWarehouse = await listAll<{ id: string }>(`${path}?warehouseId=${warehouse.id}`);
    expect(ids(inWarehouse).sort()).toEqual([prefix.id, all.id].sort());
    const bad = await call({ method: 'GET', path: `${path}?sku=bad%20sku&enabled=maybe` });
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'query.enabled',
      'query.sku',
    ]);
  });

  it('deletes a rule with all its periods in one transaction, and frees its key and warehouse', async () => {
    const warehouse = await createWarehouse();
    const rule = await createStockRule({ warehouseId: warehouse.id });
    await createRulePeriod(rule.id, { from: '2025-01-01', to: '2025-01-31' });
    await createRulePeriod(rule.id, { from: '2025-02-01', to: '2025-02-28' });
    const stale = await call({
      method: 'DELETE',
      path: `${path}/${rule.id}`,
      headers: { 'if-match': '"7"' },
    });
    expect(stale.status).toBe(412);
    expect((await call({ method: 'DELETE', path: `${path}/${rule.id}`, role: 'operator' })).status).toBe(403);
    const deleted = await call({ method: 'DELETE', path: `${path}/${rule.id}` });
    expect(deleted.status, deleted.text).toBe(204);
    expect((await call({ method: 'GET', path: `${path}/${rule.id}` })).status).toBe(404);
    expect((await call({ method: 'GET', path: `${path}/periods?ruleId=${rule.id}` })).body.items).toEqual([]);
    expect(await storedItem(stockRuleUniqueKey(rule))).toBeUndefined();
    expect((await call({ method: 'DELETE', path: `/v1/inventory/warehouses/${warehouse.id}` })).status).toBe(
      204,
    );
  });

  it('refuses (400) to delete a rule whose periods overflow one transaction', async () => {
    const rule = await createStockRule();
    // 98 periods + the rule + its marker = 100 items: still one transaction. One more does not fit.
    const day = (n: number) => new Date(Date.UTC(2030, 0, 1 + n)).toISOString().slice(0, 10);
    for (let n = 0; n < 99; n++) {
      const created = await call({
        method: 'POST',
        path: `${path}/periods`,
        body: rulePeriodInput(rule.id, { name: `Day ${n}`, from: day(n), to: day(n) }),
      });
      expect(created.status, created.text).toBe(201);
    }
    const refused = await call({ method: 'DELETE', path: `${path}/${rule.id}` });
    expect(refused.status).toBe(400);
    expect(refused.body.periodCount).toBe(99);
    expect((await call({ method: 'GET', path: `${path}/${rule.id}` })).status).toBe(200);

    const periods = await listAll<{ id: string }>(`${path}/periods?ruleId=${rule.id}`);
    expect(periods).toHaveLength(99);
    expect((await call({ method: 'DELETE', path: `${path}/periods/${periods[0]!.id}` })).status).toBe(204);
    expect((await call({ method: 'DELETE', path: `${path}/${rule.id}` })).status).toBe(204);
    expect(await listAll(`${path}/periods?ruleId=${rule.id}`)).toEqual([]);
  });
});
