/**
 * The pending-orders index (GSI4, sparse): an order is in it while its status's category is pending
 * (open, on hold) and it has units left to ship, and the pending-shipments report reads its 4
 * partitions once the table's layout item says every such order is there. Orders written before the
 * index came are put in it by `npm run migrate`.
 */
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ordersInStatuses,
  ordersOfPendingIndex,
  pendingStatuses,
} from '../../functions/reports/shipping/read';
import { localDynamoClient } from '../../infra/local/dynamodb-local';
import { db, tableName } from '../../shared/db/client';
import { orderKey, pendingOrderPartitions } from '../../shared/db/keys';
import { migrateTable } from '../../shared/db/migrations/run';
import { getItem } from '../../shared/db/query';
import { newTableLayoutItem } from '../../shared/db/table-layout';
import { forgetReference } from '../../shared/reference/cache';
import { dockOrigin, seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';

const scanner = DynamoDBDocumentClient.from(localDynamoClient(process.env.DYNAMODB_ENDPOINT!), {
  marshallOptions: { removeUndefinedValues: true },
});

const pendingPath = '/v1/reports/pending-shipments?limit=200';
let warehouseId: string;

async function place(
  overrides: Record<string, unknown>,
  lines = [orderLine({ itemId: 'A', sku: 'PIX-1', quantity: 2 })],
) {
  const id = orderId();
  const answer = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({ lines, warehouseId, ...overrides }),
    role: 'operator',
  });
  expect(answer.status, answer.text).toBe(201);
  return { id, total: answer.body.totals.total as number };
}

const pay = async (id: string, amount: number) =>
  expect(
    (await call({ method: 'POST', path: `/v1/orders/${id}/payments`, body: { amount, method: 'card' } }))
      .status,
  ).toBe(201);

async function pending(query = '') {
  const answer = await call({ method: 'GET', path: `${pendingPath}${query}`, role: 'viewer' });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as {
    orders: number;
    units: number;
    oldest: Array<{ orderId: string; unitsUnshipped: number; statusId: string; total: number }>;
  };
}

const indexEntry = async (id: string) => {
  const header = await getItem(orderKey(id), true);
  return header?.GSI4PK === undefined ? undefined : { pk: header.GSI4PK, units: header.pendingUnits };
};

const placed: Record<string, { id: string; total: number }> = {};

beforeAll(async () => {
  // This table holds no order from before the index: its layout item says so, as a new table's does.
  await db().send(new PutCommand({ TableName: tableName(), Item: newTableLayoutItem() }));
  forgetReference('table-layout');
  warehouseId = (await seedWarehouse({ originAddress: dockOrigin })).id;
  await stock('PIX-1', warehouseId, 100);
  await stock('PIX-2', warehouseId, 100);
  const custom = await call({
    method: 'POST',
    path: '/v1/orders/statuses',
    body: { name: 'Gift wrap first', category: 'open' },
  });
  expect(custom.status, custom.text).toBe(201);

  placed.unpaid = await place({ orderDate: '2026-11-01T08:00:00.000Z' });
  placed.paid = await place({ orderDate: '2026-11-02T08:00:00.000Z' });
  await pay(placed.paid.id, placed.paid.total);
  placed.onHold = await place({ orderDate: '2026-11-03T08:00:00.000Z', statusId: 'on-hold' });
  placed.custom = await place({ orderDate: '2026-11-04T08:00:00.000Z', statusId: custom.body.id });
  placed.partlyCancelled = await place(
    { orderDate: '2026-11-05T08:00:00.000Z', statusId: 'awaiting-shipment' },
    [
      orderLine({ itemId: 'A', sku: 'PIX-1', quantity: 2 }),
      orderLine({ itemId: 'B', sku: 'PIX-2', quantity: 3 }),
    ],
  );
  const cancelled = await call({
    method: 'POST',
    path: `/v1/orders/${placed.partlyCancelled.id}/items/B/cancel`,
  });
  expect(cancelled.status, cancelled.text).toBe(200);
  placed.allCancelled = await place({ orderDate: '2026-11-06T08:00:00.000Z', statusId: 'awaiting-shipment' });
  const all = await call({ method: 'POST', path: `/v1/orders/${placed.allCancelled.id}/items/A/cancel` });
  expect(all.status, all.text).toBe(200);
});

describe('the pending-orders index', () => {
  it('holds each order waiting to ship with its units left, and no other', async () => {
    expect(await indexEntry(placed.unpaid!.id)).toBeUndefined();
    expect(await indexEntry(placed.allCancelled!.id)).toBeUndefined();
    expect(await indexEntry(placed.paid!.id)).toMatchObject({
      units: 2,
      pk: expect.stringMatching(/^PENDING@[0-3]$/),
    });
    expect(await indexEntry(placed.onHold!.id)).toMatchObject({ units: 2 });
    expect(await indexEntry(placed.custom!.id)).toMatchObject({ units: 2 });
    expect(await indexEntry(placed.partlyCancelled!.id)).toMatchObject({ units: 2 });
  });

  it('serves the pending-shipments report from its 4 partitions alone', async () => {
    const queried: string[] = [];
    const commands: string[] = [];
    db().middlewareStack.add(
      (next, context) => async (args) => {
        const input = (args as { input: { ExpressionAttributeValues?: Record<string, unknown> } }).input;
        commands.push(String(context.commandName));
        if (context.commandName === 'QueryCommand')
          queried.push(String(input.ExpressionAttributeValues?.[':pk']));
        return next(args);
      },
      { step: 'initialize', name: 'pendingIndexWatch' },
    );
    let report: Awaited<ReturnType<typeof pending>>;
    try {
      report = await pending();
    } finally {
      db().middlewareStack.remove('pendingIndexWatch');
    }
    // Its 4 partitions, and no order index partition (the statuses and warehouse codes are reference data).
    expect(queried.filter((pk) => pk.startsWith('PENDING@')).sort()).toEqual(
      pendingOrderPartitions().map((partition) => partition.pk),
    );
    expect(queried.filter((pk) => pk.startsWith('ORDERS'))).toEqual([]);
    // No order header read behind the entries: the index holds what the report shows.
    expect(commands.filter((command) => command === 'BatchGetItemCommand')).toEqual([]);
    expect(queried.length, queried.join(', ')).toBeLessThanOrEqual(7);
    const expected = ['paid', 'onHold', 'custom', 'partlyCancelled'].map((name) => placed[name]!.id);
    expect(report.oldest.map((order) => order.orderId)).toEqual(expected);
    expect(report.orders).toBe(4);
    expect(report.units).toBe(8);
    expect(report.oldest.find((order) => order.orderId === placed.paid!.id)).toMatchObject({
      statusId: 'awaiting-shipment',
      unitsUnshipped: 2,
      total: placed.paid!.total,
    });
    // The same entries as every pending status's shards hold.
    const statuses = await pendingStatuses(['open', 'on_hold']);
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    expect((await ordersOfPendingIndex(statuses)).sort(byId)).toEqual(
      (await ordersInStatuses(statuses)).filter((entry) => entry.unitsUnshipped > 0).sort(byId),
    );
    const onHold = await pending('&statusCategory=on_hold');
    expect(onHold.oldest.map((order) => order.orderId)).toEqual([placed.onHold!.id]);
    const open = await pending('&statusCategory=open');
    expect(open.oldest.map((order) => order.orderId)).toEqual(
      ['paid', 'custom', 'partlyCancelled'].map((name) => placed[name]!.id),
    );
  });

  it('drops an order once it is shipped or leaves for a status that is not pending', async () => {
    const printed = await call({
      method: 'POST',
      path: `/v1/fulfillment/ship-now/${placed.paid!.id}/print`,
      body: {
        processorCode: 'parcel',
        serviceCode: 'ground',
        packages: [{ weightGrams: 1200, dimensionsCm: { length: 30, width: 20, height: 10 } }],
        shipDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      },
      role: 'operator',
    });
    expect(printed.status, printed.text).toBe(201);
    expect(await indexEntry(placed.paid!.id)).toBeUndefined();
    const report = await pending();
    expect(report.oldest.map((order) => order.orderId)).not.toContain(placed.paid!.id);
    expect(report.orders).toBe(3);
  });

  it('takes in, through npm run migrate, an order waiting to ship that was written before it', async () => {
    // As a header written before the index came: no index keys, no units left.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orderKey(placed.onHold!.id),
        UpdateExpression: 'REMOVE GSI4PK, GSI4SK, pendingUnits',
      }),
    );
    expect((await pending()).oldest.map((order) => order.orderId)).not.toContain(placed.onHold!.id);
    const result = await migrateTable({ client: scanner, pageSize: 50 });
    expect(result.outcome).toBe('finished');
    expect(result.counts['pending-index']).toMatchObject({ moved: 1 });
    expect(await indexEntry(placed.onHold!.id)).toMatchObject({ units: 2 });
    expect((await pending()).oldest.map((order) => order.orderId)).toContain(placed.onHold!.id);
    // The layout item keeps saying so, updated by the run, not replaced.
    expect(await getItem({ PK: 'TABLE_LAYOUT', SK: 'TABLE_LAYOUT' }, true)).toMatchObject({
      layout: 'sharded',
      layoutVersion: 2,
    });
  });
});
