import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { shardCounts } from '../../shared/db/keys/shards';
import { describe, expect, it } from 'vitest';
import { raiseDeletionFence } from '../../functions/orders/statuses/repository';
import { db, tableName } from '../../shared/db/client';
import { orderIdsInStatus } from '../../functions/orders/statuses/order-moves';
import {
  historyOfOrder,
  orderKey,
  ordersInStatusPartitions,
  shardedOrderIndexKeys,
} from '../../shared/db/keys';
import { queryEveryPartition } from '../../shared/db/every-partition';
import { queryAll } from '../../shared/db/query';
import type { Order } from '../../shared/domain/order';
import { builtInStatuses } from '../../shared/domain/order-status';
import { call } from '../support/call';
import { legacyLayoutKeys } from '../support/order-builders';

const unknownId = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
let sequence = 0;

async function createStatus(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const response = await call({
    method: 'POST',
    path: '/v1/orders/statuses',
    body: { name: `Status ${sequence} ${ulid().slice(-6)}`, category: 'open', ...overrides },
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/**
 * Order headers as the order writes store them (or, `legacy`, as the writes before the order indexes were
 * sharded did); only what moving them needs has to be right.
 */
async function seedOrder(
  statusId: string,
  layout: 'sharded' | 'legacy' = 'sharded',
  orderDate = new Date().toISOString(),
): Promise<Order> {
  const now = new Date().toISOString();
  const order: Order = {
    id: `T-${ulid()}`,
    channel: 'web',
    orderDate,
    customer: { name: 'Test Customer' },
    shipTo: { line1: '1 Main St', city: 'Portland', postalCode: '97201', country: 'US' },
    lines: [
      {
        itemId: '1',
        sku: 'SKU-1',
        title: 'Thing',
        quantity: 1,
        unitPrice: 1000,
        tax: 0,
        discount: 0,
        status: 'active',
        shippedQuantity: 0,
      },
    ],
    currency: 'USD',
    shippingCharge: 0,
    tags: [],
    statusId,
    totals: {
      subtotal: 1000,
      shipping: 0,
      tax: 0,
      discount: 0,
      total: 1000,
      paid: 0,
      refunded: 0,
      credited: 0,
      balance: 1000,
      refundable: 0,
    },
    fulfillmentState: 'unshipped',
    allocations: {},
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...orderKey(order.id),
        ...(layout === 'legacy' ? legacyLayoutKeys(order) : shardedOrderIndexKeys(order)),
        entity: 'order',
        ...order,
      },
    }),
  );
  return order;
}

async function storedOrder(id: string) {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: orderKey(id), ConsistentRead: true }),
  );
  return result.Item!;
}

async function listStatuses(query = '') {
  const response = await call({ method: 'GET', path: `/v1/orders/statuses${query}`, role: 'viewer' });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe('status names', () => {
  it('are one name in NFC and NFD spellings: the second is a duplicate (409)', async () => {
    const base = `Re\u0301vision ${ulid()}`;
    const composed = base.normalize('NFC');
    const created = await createStatus({ name: base });
    expect(created.name).toBe(composed);
    const again = await call({
      method: 'POST',
      path: '/v1/orders/statuses',
      body: { name: composed, category: 'open' },
    });
    expect(again.status, again.text).toBe(409);
  });
});

describe('listing statuses', () => {
  it('answers the built-in statuses first, then custom ones by name, in one page', async () => {
    const zed = await createStatus({ name: `Zed ${ulid()}` });
    const alpha = await createStatus({ name: `alpha ${ulid()}` });
    const listed = await listStatuses();
    expect(listed.nextCursor).toBeNull();
    const ids = listed.items.map((status: { id: string }) => status.id);
    expect(ids.slice(0, builtInStatuses.length)).toEqual(builtInStatuses.map((status) => status.id));
    expect(ids.indexOf(alpha.id)).toBeLessThan(ids.indexOf(zed.id));
    expect(listed.items[0]).toEqual({
      id: 'awaiting-payment',
      name: 'Awaiting payment',
      category: 'awaiting_payment',
      allowBackorder: false,
      builtIn: true,
    });
  });

  it('pages with limit and a cursor: built-in ones, then custom ones, each once', async () => {
    for (const letter of ['p', 'q', 'r', 's']) await createStatus({ name: `${letter} ${ulid()}` });
    const whole = (await listStatuses('?limit=200')).items.map((status: { id: string }) => status.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listStatuses(`?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((status: { id: string }) => status.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);
    expect(seen).toEqual(whole);
    expect(pages).toBeGreaterThan(2);

    const onHold = await listStatuses('?category=on_hold&limit=1');
    expect(onHold.items.map((status: { id: string }) => status.id)).toEqual(['on-hold']);
    const rest = await listStatuses(
      `?category=on_hold&limit=1&cursor=${encodeURIComponent(onHold.nextCursor)}`,
    );
    expect(rest.items.every((status: { category: string }) => status.category === 'on_hold')).toBe(true);

    // A cursor of another listing (another category) or a tampered one is a 400.
    const other = await call({
      method: 'GET',
      path: `/v1/orders/statuses?category=open&cursor=${encodeURIComponent(onHold.nextCursor)}`,
    });
    expect(other.status).toBe(400);
    const tampered = await call({ method: 'GET', path: '/v1/orders/statuses?cursor=abc.def' });
    expect(tampered.status).toBe(400);
  });

  it('filters by category, built-in and custom alike', async () => {
    const held = await createStatus({ category: 'on_hold' });
    const listed = await listStatuses('?category=on_hold');
    expect(listed.items.map((status: { id: string }) => status.id)).toEqual(['on-hold', held.id]);
    const bad = await call({ method: 'GET', path: '/v1/orders/statuses?category=nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('query.category');
  });

  it('needs a token', async () => {
    expect((await call({ method: 'GET', path: '/v1/orders/statuses', role: null })).status).toBe(401);
  });
});

describe('creating statuses', () => {
  it('creates a custom status with a ULID id, defaults and a normalised colour', async () => {
    const created = await call({
      method: 'POST',
      path: '/v1/orders/statuses',
      body: { name: '  Waiting for engraving ', category: 'on_hold', color: '#FFAA00' },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      name: 'Waiting for engraving',
      category: 'on_hold',
      allowBackorder: false,
      builtIn: false,
      color: '#ffaa00',
      createdAt: expect.any(String),
    });
    const listed = await listStatuses('?category=on_hold');
    expect(listed.items).toContainEqual(created.body);
  });

  it('refuses a name already taken, by a custom or a built-in status, ignoring case', async () => {
    const taken = await createStatus({ name: `Engraving ${ulid()}` });
    const again = await call({
      method: 'POST',
      path: '/v1/orders/statuses',
      body: { name: taken.name.toUpperCase(), category: 'cancelled' },
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain(taken.name.toUpperCase());
    const builtIn = await call({
      method: 'POST',
      path: '/v1/orders/statuses',
      body: { name: 'ON HOLD', category: 'on_hold' },
    });
    expect(builtIn.status).toBe(409);
  });

  it('validates the body, naming each field', async () => {
    const response = await call({
      method: 'POST',
      path: '/v1/orders/statuses',
      body: { name: '', category: 'paused', color: 'red', allowBackorder: 'yes', extra: 1 },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      'body.allowBackorder',
      'body.category',
      'body.color',
      'body.extra',
      'body.name',
    ]);
  });

  it('is for managers only', async () => {
    for (const role of ['viewer', 'operator'] as const) {
      const response = await call({
        method: 'POST',
        path: '/v1/orders/statuses',
        body: { name: `Role ${role} ${ulid()}`, category: 'open' },
        role,
      });
      expect(response.status, role).toBe(403);
    }
  });

  it('replays a retried create with the same Idempotency-Key', async () => {
    const body = { name: `Retried ${ulid()}`, category: 'open' };
    const headers = { 'idempotency-key': `status-${ulid()}` };
    const first = await call({ method: 'POST', path: '/v1/orders/statuses', body, headers });
    const retry = await call({ method: 'POST', path: '/v1/orders/statuses', body, headers });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });
});

describe('deleting statuses', () => {
  it('deletes an unused custom status and frees its name', async () => {
    const status = await createStatus();
    const deleted = await call({ method: 'DELETE', path: `/v1/orders/statuses/${status.id}` });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({
      deleted: status.id,
      replacementStatusId: null,
      movedOrders: 0,
      updatedRuleIds: [],
    });
    const listed = await listStatuses();
    expect(listed.items.map((s: { id: string }) => s.id)).not.toContain(status.id);
    await createStatus({ name: status.name });
    expect((await call({ method: 'DELETE', path: `/v1/orders/statuses/${status.id}` })).status).toBe(404);
  });

  it('refuses built-in statuses with 409, naming them as built-in', async () => {
    const response = await call({ method: 'DELETE', path: '/v1/orders/statuses/on-hold' });
    expect(response.status).toBe(409);
    expect(response.body.detail).toContain('built-in');
    expect(response.body.detail).toContain('On hold');
    expect(response.body.builtIn).toBe(true);
  });

  it('answers 404 for an unknown status and 400 for an id of the wrong shape', async () => {
    expect((await call({ method: 'DELETE', path: `/v1/orders/statuses/${unknownId}` })).status).toBe(404);
    expect((await call({ method: 'DELETE', path: '/v1/orders/statuses/no-such-status' })).status).toBe(404);
    const bad = await call({ method: 'DELETE', path: '/v1/orders/statuses/Bad%20Id' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('path.statusId');
  });

  it('is for managers only', async () => {
    const status = await createStatus();
    const response = await call({
      method: 'DELETE',
      path: `/v1/orders/statuses/${status.id}`,
      role: 'operator',
    });
    expect(response.status).toBe(403);
  });

  it('refuses a status that orders use, naming how many, and changes nothing', async () => {
    const status = await createStatus();
    const orders = [await seedOrder(status.id), await seedOrder(status.id, 'legacy')];
    const refused = await call({ method: 'DELETE', path: `/v1/orders/statuses/${status.id}` });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('2 orders');
    expect(refused.body.orderCount).toBe(2);
    expect((await listStatuses()).items.map((s: { id: string }) => s.id)).toContain(status.id);
    for (const order of orders) expect((await storedOrder(order.id)).version).toBe(1);
    // The refusal lifted its deletion fence: rules may still name the status.
    const rule = await call({
      method: 'POST',
      path: '/v1/orders/automation-rules',
      body: {
        name: 'Uses it',
        trigger: 'order.created',
        priority: 1,
        actions: [{ type: 'set_status', statusId: status.id }],
      },
    });
    expect(rule.status, rule.text).toBe(201);
  });

  it('moves every order to the replacement, with a history entry each, then deletes', async () => {
    const status = await createStatus({ category: 'open' });
    const orders = await Promise.all(
      (['sharded', 'legacy', 'sharded'] as const).map((layout) => seedOrder(status.id, layout)),
    );
    const deleted = await call({
      method: 'DELETE',
      path: `/v1/orders/statuses/${status.id}?replacementStatusId=awaiting-shipment`,
      subject: 'mia',
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({
      deleted: status.id,
      replacementStatusId: 'awaiting-shipment',
      movedOrders: 3,
      updatedRuleIds: [],
    });
    for (const order of orders) {
      const stored = await storedOrder(order.id);
      expect(stored).toMatchObject({
        statusId: 'awaiting-shipment',
        GSI1PK: shardedOrderIndexKeys({ ...order, statusId: 'awaiting-shipment' }).GSI1PK,
        GSI1SK: `${order.orderDate}#${order.id}`,
        version: 2,
      });
      expect(stored.updatedAt >= order.updatedAt).toBe(true);
      const history = await queryAll(historyOfOrder(order.id));
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({
        orderId: order.id,
        kind: 'status',
        actor: 'mia',
        changes: { statusId: { from: status.id, to: 'awaiting-shipment' } },
      });
      expect(history[0]!.summary).toContain(status.name);
    }
    expect(await queryEveryPartition(ordersInStatusPartitions(status.id))).toEqual([]);
    expect((await listStatuses()).items.map((s: { id: string }) => s.id)).not.toContain(status.id);
  });

  it('moves orders to a custom replacement too, and rules that set the status follow it', async () => {
    const status = await createStatus({ category: 'on_hold' });
    const replacement = await createStatus({ category: 'on_hold' });
    const order = await seedOrder(status.id);
    const rule = await call({
      method: 'POST',
      path: '/v1/orders/automation-rules',
      body: {
        name: 'Hold big ones',
        trigger: 'order.created',
        priority: 5,
        actions: [
          { type: 'add_tag', tag: 'big' },
          { type: 'set_status', statusId: status.id },
        ],
      },
    });
    expect(rule.status, rule.text).toBe(201);
    const refused = await call({ method: 'DELETE', path: `/v1/orders/statuses/${status.id}` });
    expect(refused.status).toBe(409);
    expect(refused.body.ruleIds).toEqual([rule.body.id]);
    expect(refused.body.detail).toContain('Hold big ones');

    const deleted = await call({
      method: 'DELETE',
      path: `/v1/orders/statuses/${status.id}?replacementStatusId=${replacement.id}`,
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toMatchObject({ movedOrders: 1, updatedRuleIds: [rule.body.id] });
    expect((await storedOrder(order.id)).statusId).toBe(replacement.id);
    const rules = await call({ method: 'GET', path: '/v1/orders/automation-rules' });
    const updated = rules.body.items.find((r: { id: string }) => r.id === rule.body.id);
    expect(updated.actions).toEqual([
      { type: 'add_tag', tag: 'big' },
      { type: 'set_status', statusId: replacement.id },
    ]);
    expect(updated.version).toBe(2);
  });

  it('refuses a replacement that is unknown, the status itself, or holds stock differently', async () => {
    const status = await createStatus({ category: 'open' });
    await seedOrder(status.id);
    for (const replacement of [unknownId, status.id, 'cancelled', 'shipped']) {
      const response = await call({
        method: 'DELETE',
        path: `/v1/orders/statuses/${status.id}?replacementStatusId=${replacement}`,
      });
      expect(response.status, replacement).toBe(400);
      expect(response.body.errors[0].path).toBe('query.replacementStatusId');
    }
    expect((await listStatuses()).items.map((s: { id: string }) => s.id)).toContain(status.id);
  });

  it('counts and moves the orders of every shard and the legacy partition, page after page, oldest first', async () => {
    const status = await createStatus({ category: 'open' });
    // More than one page of moves (100), a third of them written before the indexes were sharded.
    const start = Date.parse('2026-06-01T08:00:00.000Z');
    const orders = await Promise.all(
      Array.from({ length: 110 }, (_, at) =>
        seedOrder(status.id, at % 3 === 0 ? 'legacy' : 'sharded', new Date(start + at * 1000).toISOString()),
      ),
    );
    const shards = new Set(orders.map((order) => shardedOrderIndexKeys(order).GSI1PK));
    expect(shards.size, 'the orders lie in every shard').toBe(shardCounts.orderIndex);
    const oldestFirst = [...orders].sort((a, b) => (a.orderDate < b.orderDate ? -1 : 1)).map((o) => o.id);
    expect(await orderIdsInStatus(status.id, 7)).toEqual(oldestFirst.slice(0, 7));

    const refused = await call({ method: 'DELETE', path: `/v1/orders/statuses/${status.id}` });
    expect(refused.status).toBe(409);
    expect(refused.body.orderCount).toBe(110);

    // A busy machine may use up a request's moving time: the delete is repeated until done, as a client would.
    let moved = 0;
    for (let attempt = 0; ; attempt++) {
      const deleted = await call({
        method: 'DELETE',
        path: `/v1/orders/statuses/${status.id}?replacementStatusId=backordered`,
      });
      moved += deleted.body.movedOrders;
      if (deleted.status === 200) break;
      expect(deleted.status, deleted.text).toBe(409);
      expect(attempt).toBeLessThan(3);
    }
    expect(moved).toBe(110);
    expect(await queryEveryPartition(ordersInStatusPartitions(status.id))).toEqual([]);
    const inReplacement = new Set(
      (await queryEveryPartition(ordersInStatusPartitions('backordered'))).map((item) => String(item.id)),
    );
    const stored = await Promise.all(orders.map((order) => storedOrder(order.id)));
    for (const [at, order] of orders.entries()) {
      expect(inReplacement.has(order.id), order.id).toBe(true);
      expect(stored[at]).toMatchObject({
        statusId: 'backordered',
        version: 2,
        ...shardedOrderIndexKeys({ ...order, statusId: 'backordered' }),
      });
    }
  }, 120_000); // 110 orders moved one transaction each: about 15 s alone, more on a busy machine.

  it('two racing deletes move each order once; exactly one delete succeeds', async () => {
    const status = await createStatus();
    const orders = await Promise.all(
      Array.from({ length: 12 }, (_, at) => seedOrder(status.id, at % 3 === 0 ? 'legacy' : 'sharded')),
    );
    const results = await Promise.all(
      [1, 2].map(() =>
        call({
          method: 'DELETE',
          path: `/v1/orders/statuses/${status.id}?replacementStatusId=backordered`,
        }),
      ),
    );
    const statuses = results.map((result) => result.status).sort();
    expect(statuses[0]).toBe(200);
    expect([404, 409]).toContain(statuses[1]);
    const moved = results.reduce((sum, result) => sum + (result.body.movedOrders ?? 0), 0);
    expect(moved).toBe(12);
    for (const order of orders) {
      expect(await storedOrder(order.id)).toMatchObject({ statusId: 'backordered', version: 2 });
      expect(await queryAll(historyOfOrder(order.id))).toHaveLength(1);
    }
  });
});

describe('the deletion fence', () => {
  it('keeps rules (and, by the same check, order writes) from naming a status being deleted', async () => {
    const status = await createStatus();
    await raiseDeletionFence(status.id, {
      token: 'test',
      until: new Date(Date.now() + 60_000).toISOString(),
    });
    const body = {
      name: 'Too late',
      trigger: 'order.created',
      priority: 1,
      actions: [{ type: 'set_status', statusId: status.id }],
    };
    const refused = await call({ method: 'POST', path: '/v1/orders/automation-rules', body });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: 'body.actions[0].statusId', message: 'no status has this id' },
    ]);
    // A fence left behind by a crashed delete expires by itself.
    await raiseDeletionFence(status.id, { token: 'stale', until: new Date(Date.now() - 1000).toISOString() });
    expect((await call({ method: 'POST', path: '/v1/orders/automation-rules', body })).status).toBe(201);
  });
});
