/**
 * Reference data on write paths is cached per container for at most 5 seconds (shared/reference/cache):
 * a change made elsewhere (another container, written here straight to the table) may be missed by
 * writes within the bound and applies to every write after it. The cache's clock is injected.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { db, tableName } from '../../shared/db/client';
import { automationRuleKey, warehouseKey } from '../../shared/db/keys';
import { referenceMaxAgeMs, setReferenceClock } from '../../shared/reference/cache';
import { seedWarehouse } from '../support/builders';
import { createWarehouse } from '../support/inventory-builders';
import { call } from '../support/call';
import { orderId, orderInput } from '../support/order-builders';

let now = Date.now();
setReferenceClock(() => now);
afterEach(() => {
  now = Date.now();
});

const putOrder = (body: Record<string, unknown> = {}) =>
  call({ method: 'PUT', path: `/v1/orders/${orderId()}`, body: orderInput(body), role: 'operator' });

describe('reference data cached for at most 5 seconds', () => {
  it('an automation rule changed elsewhere: writes within the bound may apply the old rule, after it the new one', async () => {
    const created = await call({
      method: 'POST',
      path: '/v1/orders/automation-rules',
      body: {
        name: 'Tag new orders',
        trigger: 'order.created',
        match: 'all',
        enabled: true,
        priority: 1,
        actions: [{ type: 'add_tag', tag: 'old-rule' }],
      },
    });
    expect(created.status, created.text).toBe(201);
    // Written through its own operation in this container: the next write applies it at once.
    const first = await putOrder();
    expect(first.body.tags).toEqual(['old-rule']);

    // Another container changes the rule.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: automationRuleKey(created.body.id),
        UpdateExpression: 'SET actions = :actions, version = version + :one',
        ExpressionAttributeValues: { ':actions': [{ type: 'add_tag', tag: 'new-rule' }], ':one': 1 },
      }),
    );
    now += referenceMaxAgeMs - 1;
    const within = await putOrder();
    expect(within.status, within.text).toBe(201);
    expect(within.body.tags).toEqual(['old-rule']);

    now += 1;
    const after = await putOrder();
    expect(after.status, after.text).toBe(201);
    expect(after.body.tags).toEqual(['new-rule']);
  });

  it('a warehouse deleted elsewhere: orders may still name it within the bound, not after it', async () => {
    const warehouse = await seedWarehouse();
    // Orders that hold no stock there (cancelled): only the check before the commit reads the warehouse.
    const named = () => putOrder({ warehouseId: warehouse.id, statusId: 'cancelled' });
    const first = await named();
    expect(first.status, first.text).toBe(201);

    await db().send(new DeleteCommand({ TableName: tableName(), Key: warehouseKey(warehouse.id) }));
    now += referenceMaxAgeMs - 1;
    const within = await named();
    expect(within.status, within.text).toBe(201);

    now += 1;
    const after = await named();
    expect(after.status).toBe(400);
    expect(after.body.errors).toEqual([{ path: 'body.warehouseId', message: 'no warehouse has this id' }]);
  });

  it('a warehouse deleted through its own operation in this container is gone for the next write at once', async () => {
    const created = await createWarehouse();
    // The first warehouse of a table is its default, which cannot be deleted: make another one.
    const other = created.isDefault ? await createWarehouse() : created;
    // Read (and cached) by an order write that holds no stock there (a cancelled order).
    const cached = await putOrder({ warehouseId: other.id, statusId: 'cancelled' });
    expect(cached.status, cached.text).toBe(201);
    const deleted = await call({ method: 'DELETE', path: `/v1/inventory/warehouses/${other.id}` });
    expect(deleted.status, deleted.text).toBe(204);
    expect((await putOrder({ warehouseId: other.id })).status).toBe(400);
  });
});
