import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { localDynamoClient } from '../../infra/local/dynamodb-local';
import { db, tableName } from '../../shared/db/client';
import {
  ordersFromChannelPartitions,
  ordersOfUtcDayPartitions,
  shardedOrderIndexKeys,
} from '../../shared/db/keys';
import { queryMergedPages } from '../../shared/db/merged-pages';
import { projectionInput, tableDefinition } from '../../shared/db/table-definition';
import { call } from '../support/call';
import { orderId, orderInput, orderLine } from '../support/order-builders';

const orderDate = '2026-11-20T09:30:00.000Z';
const dayPartitions = () =>
  ordersOfUtcDayPartitions('2026-11-20', { from: '2026-11-20T00:00:00', before: '2026-11-21T00:00:00' });

async function placeOrder(channel: string) {
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({
      channel,
      orderDate,
      lines: [orderLine({ sku: 'PROJ-A', quantity: 2 }), orderLine({ sku: 'PROJ-B', quantity: 1 })],
    }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  return { id, total: created.body.totals.total as number };
}

/** Index units each write command consumed while `work` ran, summed per index. */
async function indexUnitsOf(work: () => Promise<void>): Promise<Record<string, number>> {
  const units: Record<string, number> = {};
  const name = 'indexUnits';
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      const writes = /^(PutItem|UpdateItem|DeleteItem|TransactWriteItems|BatchWriteItem)Command$/;
      if (writes.test(String(context.commandName))) input.ReturnConsumedCapacity = 'INDEXES';
      const output = await next(args);
      const consumed = (output.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      for (const entry of [consumed ?? []].flat() as Array<{
        GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
      }>) {
        for (const [index, used] of Object.entries(entry.GlobalSecondaryIndexes ?? {}))
          units[index] = (units[index] ?? 0) + (used.CapacityUnits ?? 0);
      }
      return output;
    },
    { step: 'initialize', name },
  );
  try {
    await work();
  } finally {
    db().middlewareStack.remove(name);
  }
  return units;
}

describe('secondary index projections', () => {
  it('builds the table with the projections of the shared definition', async () => {
    const client = localDynamoClient(process.env.DYNAMODB_ENDPOINT!);
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName() }));
      const described = new Map(
        (Table?.GlobalSecondaryIndexes ?? []).map((index) => [index.IndexName, index.Projection]),
      );
      for (const index of tableDefinition.globalIndexes) {
        const expected = projectionInput(index.projection);
        expect(described.get(index.indexName)?.ProjectionType, index.indexName).toBe(expected.ProjectionType);
        expect([...(described.get(index.indexName)?.NonKeyAttributes ?? [])].sort()).toEqual(
          [...(expected.NonKeyAttributes ?? [])].sort(),
        );
      }
    } finally {
      client.destroy();
    }
  });

  it('keeps only keys and filter attributes of an order in GSI2, and readers still get the whole order', async () => {
    const { id } = await placeOrder('projection-shop');
    // The order's day shard (the status plays no part in GSI2).
    const pk = shardedOrderIndexKeys({ id, statusId: '', orderDate, channel: 'projection-shop' }).GSI2PK;
    const raw = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
      }),
    );
    const entry = raw.Items!.find((item) => item.PK === `ORDER#${id}`)!;
    expect(entry, 'the index holds the order without its lines').toMatchObject({
      channel: 'projection-shop',
      currency: 'USD',
    });
    expect(entry.lines).toBeUndefined();
    const page = await queryMergedPages({ partitions: dayPartitions(), limit: 50, scope: 'internal' });
    const order = page.items.find((item) => item.id === id)!;
    expect(order.lines).toHaveLength(2);
    expect(order).toMatchObject({ channel: 'projection-shop', orderDate, GSI2SK: `${orderDate}#${id}` });
    // A filter on a projected attribute still narrows the index's page.
    const filtered = await queryMergedPages({
      partitions: dayPartitions(),
      filter: { expression: 'channel = :channel', values: { ':channel': 'projection-shop' } },
      limit: 50,
      scope: 'internal',
    });
    expect(filtered.items.map((item) => item.id)).toContain(id);
    expect(filtered.items.every((item) => item.channel === 'projection-shop')).toBe(true);
    const byChannel = await queryMergedPages({
      partitions: ordersFromChannelPartitions('projection-shop'),
      limit: 1,
      scope: 'internal',
    });
    expect(byChannel.items[0]).toMatchObject({ id, lines: order.lines });
  });

  it('writes nothing to GSI2 or GSI3 when a payment changes an order in place', async () => {
    let placed = { id: '', total: 0 };
    const placing = await indexUnitsOf(async () => {
      placed = await placeOrder('projection-pay');
    });
    // A new order enters all three indexes.
    expect(placing).toMatchObject({
      GSI1: expect.any(Number),
      GSI2: expect.any(Number),
      GSI3: expect.any(Number),
    });
    expect(Math.min(placing.GSI1!, placing.GSI2!, placing.GSI3!)).toBeGreaterThan(0);
    const { id, total } = placed;
    const units = await indexUnitsOf(async () => {
      const paid = await call({
        method: 'POST',
        path: `/v1/orders/${id}/payments`,
        body: { amount: total, method: 'card' },
        role: 'manager',
      });
      expect(paid.status, paid.text).toBe(201);
    });
    // GSI1 (orders by status) holds the whole header; the others hold nothing a payment changes.
    expect(units.GSI1).toBeGreaterThan(0);
    expect(units.GSI2 ?? 0).toBe(0);
    expect(units.GSI3 ?? 0).toBe(0);
  });
});
