import { beforeEach, describe, expect, it } from 'vitest';
import { defaultWarehouseKey } from '../../shared/db/keys';
import { call } from '../support/call';
import {
  createWarehouse,
  defaultPointer,
  listAll,
  storedItem,
  warehouseInput,
} from '../support/inventory-builders';

const path = '/v1/inventory/warehouses';

interface Listed {
  id: string;
  code: string;
  isDefault: boolean;
}

/** Deletes every warehouse through the API, the default last, so each test starts with none. */
async function deleteAllWarehouses(): Promise<void> {
  const all = await listAll<Listed>(path);
  for (const warehouse of [...all.filter((w) => !w.isDefault), ...all.filter((w) => w.isDefault)]) {
    const response = await call({ method: 'DELETE', path: `${path}/${warehouse.id}` });
    if (response.status !== 204)
      throw new Error(`deleting ${warehouse.code}: ${response.status} ${response.text}`);
  }
}

/** Exactly one warehouse is flagged default, the pointer names it, and the pointer counts them all. */
async function expectOneDefault(ids: string[]): Promise<string> {
  const warehouses = await Promise.all(
    ids.map(async (id) => (await call({ method: 'GET', path: `${path}/${id}` })).body),
  );
  const defaults = warehouses.filter((warehouse) => warehouse.isDefault).map((warehouse) => warehouse.id);
  expect(defaults).toHaveLength(1);
  expect(await defaultPointer()).toBe(defaults[0]);
  expect((await storedItem(defaultWarehouseKey()))?.warehouseCount).toBe(ids.length);
  return defaults[0]!;
}

beforeEach(deleteAllWarehouses);

describe('the default warehouse', () => {
  it('is the first warehouse, whatever it asks; later ones are not', async () => {
    const first = await createWarehouse({ isDefault: false });
    expect(first.isDefault).toBe(true);
    const second = await createWarehouse();
    expect(second.isDefault).toBe(false);
    expect(await expectOneDefault([first.id, second.id])).toBe(first.id);
  });

  it('moves to a warehouse created with isDefault: true; the previous one gets a new version', async () => {
    const first = await createWarehouse();
    const second = await createWarehouse({ isDefault: true });
    expect(second.isDefault).toBe(true);
    const previous = await call({ method: 'GET', path: `${path}/${first.id}` });
    expect(previous.body).toMatchObject({ isDefault: false, version: 2 });
    expect(previous.headers.etag).toBe('"2"');
    expect(await expectOneDefault([first.id, second.id])).toBe(second.id);
  });

  it('moves with PUT isDefault: true; false on the default is a 409; absent keeps it', async () => {
    const first = await createWarehouse();
    const second = await createWarehouse();
    const moved = await call({
      method: 'PUT',
      path: `${path}/${second.id}`,
      body: warehouseInput({ code: second.code, isDefault: true }),
      headers: { 'if-match': '"1"' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ isDefault: true, version: 2 });
    expect(await expectOneDefault([first.id, second.id])).toBe(second.id);

    const refused = await call({
      method: 'PUT',
      path: `${path}/${second.id}`,
      body: warehouseInput({ code: second.code, isDefault: false }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('default');

    const renamed = await call({
      method: 'PUT',
      path: `${path}/${second.id}`,
      body: warehouseInput({ code: second.code, name: 'Main' }),
    });
    expect(renamed.body).toMatchObject({ name: 'Main', isDefault: true, version: 3 });
    // isDefault: false on a warehouse that is not the default changes nothing about the default.
    const noop = await call({
      method: 'PUT',
      path: `${path}/${first.id}`,
      body: warehouseInput({ code: first.code, isDefault: false }),
    });
    expect(noop.body.isDefault).toBe(false);
    expect(await expectOneDefault([first.id, second.id])).toBe(second.id);
  });

  it('cannot be deleted while others exist unless the request names a valid new default', async () => {
    const main = await createWarehouse();
    const other = await createWarehouse();
    const spare = await createWarehouse();
    const refused = await call({ method: 'DELETE', path: `${path}/${main.id}` });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('newDefaultId');

    const itself = await call({ method: 'DELETE', path: `${path}/${main.id}?newDefaultId=${main.id}` });
    expect(itself.status).toBe(400);
    expect(itself.body.errors[0].path).toBe('query.newDefaultId');
    const unknown = await call({
      method: 'DELETE',
      path: `${path}/${main.id}?newDefaultId=01ARZ3NDEKTSV4RRFFQ69G5FAV`,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe('query.newDefaultId');
    const notDefault = await call({ method: 'DELETE', path: `${path}/${other.id}?newDefaultId=${spare.id}` });
    expect(notDefault.status).toBe(400);
    expect(await expectOneDefault([main.id, other.id, spare.id])).toBe(main.id);

    const handedOver = await call({ method: 'DELETE', path: `${path}/${main.id}?newDefaultId=${spare.id}` });
    expect(handedOver.status, handedOver.text).toBe(204);
    const successor = await call({ method: 'GET', path: `${path}/${spare.id}` });
    expect(successor.body).toMatchObject({ isDefault: true, version: 2 });
    expect(await expectOneDefault([other.id, spare.id])).toBe(spare.id);
  });

  it('is always active: the first warehouse cannot be created inactive', async () => {
    const refused = await call({ method: 'POST', path, body: warehouseInput({ active: false }) });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('The first warehouse becomes the default');
    expect(await storedItem(defaultWarehouseKey())).toBeUndefined();
    const first = await createWarehouse();
    expect(first).toMatchObject({ isDefault: true, active: true });
    // Later warehouses may be inactive; only the default may not.
    expect((await createWarehouse({ active: false })).active).toBe(false);
  });

  it('is always active: no deactivating it, and no inactive warehouse made the default', async () => {
    const main = await createWarehouse();
    const idle = await createWarehouse({ active: false });
    const deactivated = await call({
      method: 'PUT',
      path: `${path}/${main.id}`,
      body: warehouseInput({ code: main.code, active: false }),
    });
    expect(deactivated.status).toBe(409);
    expect(deactivated.body.detail).toContain('the default warehouse is always active');

    const promoted = await call({
      method: 'PUT',
      path: `${path}/${idle.id}`,
      body: warehouseInput({ code: idle.code, active: false, isDefault: true }),
    });
    expect(promoted.status).toBe(400);
    expect(promoted.body.errors).toEqual([
      { path: 'body.active', message: 'must be true for the default warehouse' },
    ]);
    const createdDefault = await call({
      method: 'POST',
      path,
      body: warehouseInput({ active: false, isDefault: true }),
    });
    expect(createdDefault.status).toBe(400);
    const successor = await call({ method: 'DELETE', path: `${path}/${main.id}?newDefaultId=${idle.id}` });
    expect(successor.status).toBe(400);
    expect(successor.body.errors).toEqual([
      { path: 'query.newDefaultId', message: 'must name an active warehouse' },
    ]);
    expect(await expectOneDefault([main.id, idle.id])).toBe(main.id);

    // Activated in the same write, it may take the default over.
    const activated = await call({
      method: 'PUT',
      path: `${path}/${idle.id}`,
      body: warehouseInput({ code: idle.code, active: true, isDefault: true }),
    });
    expect(activated.status, activated.text).toBe(200);
    expect(await expectOneDefault([main.id, idle.id])).toBe(idle.id);
  });

  it('goes with the last warehouse, clearing the pointer; the next one becomes the default', async () => {
    const only = await createWarehouse();
    expect((await call({ method: 'DELETE', path: `${path}/${only.id}` })).status).toBe(204);
    expect(await storedItem(defaultWarehouseKey())).toBeUndefined();
    const next = await createWarehouse();
    expect(next.isDefault).toBe(true);
    expect(await expectOneDefault([next.id])).toBe(next.id);
  });

  it('stays unique when concurrent PUTs make different warehouses the default', async () => {
    const warehouses = [await createWarehouse()];
    for (let i = 0; i < 5; i++) warehouses.push(await createWarehouse());
    const ids = warehouses.map((warehouse) => warehouse.id);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        warehouses.map((warehouse) =>
          call({
            method: 'PUT',
            path: `${path}/${warehouse.id}`,
            body: warehouseInput({ code: warehouse.code, name: `Round ${round}`, isDefault: true }),
          }),
        ),
      );
      for (const result of results) expect([200, 409], result.text).toContain(result.status);
      const winners = results.filter((result) => result.status === 200).map((result) => result.body.id);
      expect(winners.length).toBeGreaterThan(0);
      expect(winners).toContain(await expectOneDefault(ids));
    }
  });

  it('stays unique when the first warehouses are created concurrently', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call({ method: 'POST', path, body: warehouseInput() })),
    );
    expect(results.map((result) => result.status)).toEqual([201, 201, 201, 201, 201]);
    const flagged = results.filter((result) => result.body.isDefault).map((result) => result.body.id);
    expect(flagged).toHaveLength(1);
    expect(await expectOneDefault(results.map((result) => result.body.id))).toBe(flagged[0]);
  });

  it('is never lost to a concurrent create beside the delete of the last warehouse', async () => {
    for (let round = 0; round < 4; round++) {
      await deleteAllWarehouses();
      const only = await createWarehouse();
      const [deleted, created] = await Promise.all([
        call({ method: 'DELETE', path: `${path}/${only.id}` }),
        call({ method: 'POST', path, body: warehouseInput() }),
      ]);
      expect(created.status).toBe(201);
      const remaining = deleted.status === 204 ? [created.body.id] : [only.id, created.body.id];
      if (deleted.status !== 204) expect(deleted.status).toBe(409);
      await expectOneDefault(remaining);
    }
  });
});
