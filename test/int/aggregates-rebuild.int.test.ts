/**
 * The rebuild recomputes from the orders exactly what the stream built: orders created, paid, replaced,
 * with a line cancelled, in several channels, days and currencies. Both ways in the reporting zone. The
 * report dimensions' cells and the `sold` cells of the orders' SKUs alike.
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { localDynamoClient } from '../../infra/local/dynamodb-local';
import { applyAggregateRecords } from '../../shared/aggregates/apply';
import { liveGeneration } from '../../shared/aggregates/generations';
import { readAggregates } from '../../shared/aggregates/read';
import { aggregateRecordsOf } from '../../shared/aggregates/records';
import { rebuildAggregates } from '../../shared/aggregates/rebuild';
import { unitsSoldOfSku } from '../../shared/db/keys';
import { queryAll } from '../../shared/db/query';
import { reportDimensions } from '../../shared/domain/aggregates';
import { call } from '../support/call';
import { orderId, orderInput, orderLine } from '../support/order-builders';
import { drainStream } from '../support/stream-drain';

const zone = 'America/New_York';
const range = { from: '2026-03-01', to: '2026-03-31' };

const skus = ['RB-MUG', 'RB-TEE', 'RB-CAP'];

/**
 * The `sold` cells of the test's SKUs in the live generation, as stored (cells whose units came back to
 * 0 are no sale); the sort key, as the partition key names the generation.
 */
async function soldCells(): Promise<Array<Record<string, unknown>>> {
  const generation = await liveGeneration();
  const items = await Promise.all(
    skus.map((sku) => queryAll({ ...unitsSoldOfSku(sku, range, generation), consistent: true })),
  );
  return items
    .flat()
    .filter((item) => item.units !== 0)
    .map(({ PK: _partition, SK, ...cell }) => ({ key: String(SK), ...cell }));
}

async function allCells(): Promise<Array<Record<string, unknown>>> {
  const cells = await Promise.all(reportDimensions.map((dimension) => readAggregates(dimension, range)));
  return [...cells.flat().map((delta) => ({ ...delta.cell, ...delta.figures })), ...(await soldCells())].sort(
    (a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)),
  );
}

async function order(overrides: Record<string, unknown>) {
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput(overrides),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  return { id, body: created.body };
}

describe('aggregates:rebuild', () => {
  it('recomputes from the orders what the stream built, and a replay of the stream changes nothing', async () => {
    // Around the DST change (March 8 in New York), one just before local midnight.
    const a = await order({
      orderDate: '2026-03-08T04:30:00.000Z',
      channel: 'webshop',
      lines: [
        orderLine({ itemId: 'A', sku: 'RB-MUG', quantity: 2 }),
        orderLine({ itemId: 'B', sku: 'RB-TEE', quantity: 1 }),
      ],
    });
    const b = await order({
      orderDate: '2026-03-09T15:00:00.000Z',
      channel: 'amazon',
      currency: 'EUR',
      lines: [orderLine({ itemId: 'A', sku: 'RB-MUG', quantity: 5 })],
    });
    await order({
      orderDate: '2026-03-10T23:59:00.000Z',
      channel: 'webshop',
      lines: [orderLine({ itemId: 'A', sku: 'RB-CAP', quantity: 1 })],
    });
    expect(
      (
        await call({
          method: 'POST',
          path: `/v1/orders/${a.id}/payments`,
          body: { amount: a.body.totals.total, method: 'card' },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call({
          method: 'POST',
          path: `/v1/orders/${b.id}/payments`,
          body: { amount: 100, method: 'paypal' },
        })
      ).status,
    ).toBe(201);
    expect(
      (await call({ method: 'POST', path: `/v1/orders/${a.id}/items/B/cancel`, role: 'operator' })).status,
    ).toBe(200);
    const replaced = await call({
      method: 'PUT',
      path: `/v1/orders/${b.id}`,
      body: orderInput({
        orderDate: '2026-03-09T15:00:00.000Z',
        channel: 'amazon',
        currency: 'EUR',
        lines: [orderLine({ itemId: 'A', sku: 'RB-MUG', quantity: 3 })],
      }),
      role: 'operator',
    });
    expect(replaced.status, replaced.text).toBe(200);

    const count = () =>
      drainStream((records) => applyAggregateRecords(aggregateRecordsOf(records, zone).readable, zone));
    expect(await count()).toBeGreaterThan(0);
    const fromStream = await allCells();
    expect(
      fromStream.find(
        (cell) => cell.dimension === 'sku' && cell.name === 'RB-MUG' && cell.currency === 'EUR',
      ),
    ).toMatchObject({
      day: '2026-03-09',
      units: 3,
    });
    // 04:30 UTC on March 8 is 23:30 on March 7 in New York.
    expect(
      fromStream.find(
        (cell) => cell.dimension === 'channel' && cell.name === 'webshop' && cell.day === '2026-03-07',
      ),
    ).toMatchObject({
      orders: 1,
      units: 2,
    });
    // The replaced order moved its SKU's units sold by the difference; the cancelled line's SKU sold nothing.
    expect(fromStream.filter((cell) => cell.dimension === 'sold' && cell.name === 'RB-MUG')).toMatchObject([
      { day: '2026-03-07', currency: 'USD', units: 2 },
      { day: '2026-03-09', currency: 'EUR', units: 3 },
    ]);
    expect(fromStream.filter((cell) => cell.dimension === 'sold' && cell.name === 'RB-TEE')).toEqual([]);
    await count();
    expect(await allCells()).toEqual(fromStream);

    const client = DynamoDBDocumentClient.from(localDynamoClient(process.env.DYNAMODB_ENDPOINT!), {
      marshallOptions: { removeUndefinedValues: true },
    });
    try {
      const result = await rebuildAggregates({ client, table: process.env.TABLE_NAME!, timeZone: zone });
      expect(result).toMatchObject({ orders: 3, payments: 2, skipped: [] });
    } finally {
      client.destroy();
    }
    expect(await allCells()).toEqual(fromStream);
  });
});
