/**
 * The local stream consumer never stops: DynamoDB Local's `{}` empty maps decode, and a record it
 * cannot read goes to the dead-letter file with its reason while the events after it still arrive.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { startStreamPoller } from '../../infra/local/stream-poller';
import { db, tableName } from '../../shared/db/client';
import type { StreamRecord } from '../../shared/events/domain-events';
import { toDomainEvent } from '../../shared/events/domain-events';
import { readAggregates } from '../../shared/aggregates/read';
import { call } from '../support/call';
import { orderId, orderInput, orderLine } from '../support/order-builders';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const lines = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];

async function until<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  ms = 15_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const put = (Item: Record<string, unknown>) => db().send(new PutCommand({ TableName: tableName(), Item }));

async function poller(decode?: (record: StreamRecord) => ReturnType<typeof toDomainEvent>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'stream-'));
  dirs.push(dataDir);
  const started = await startStreamPoller({
    endpoint: process.env.DYNAMODB_ENDPOINT!,
    tableName: tableName(),
    dataDir,
    intervalMs: 50,
    quiet: true,
    decode,
  });
  return {
    started,
    events: join(dataDir, 'events.jsonl'),
    deadLetters: join(dataDir, 'events-dead-letter.jsonl'),
    aggregateDeadLetters: join(dataDir, 'aggregates-dead-letter.jsonl'),
  };
}

describe('the local stream poller', () => {
  it('counts an order written through the API into the report aggregates, and sets aside an order item it cannot read', async () => {
    const { started, aggregateDeadLetters } = await poller();
    try {
      await put({
        PK: 'ORDER#E-BAD',
        SK: 'A#ORDER',
        entity: 'order',
        eventType: 'order.created',
        id: 'E-BAD',
        version: 1,
      });
      const id = orderId();
      const created = await call({
        method: 'PUT',
        path: `/v1/orders/${id}`,
        body: orderInput({
          orderDate: '2024-02-29T12:00:00.000Z',
          channel: 'poller-test',
          shippingCharge: 0,
          lines: [orderLine({ sku: 'POLL-1', quantity: 3, unitPrice: 700, tax: 0, discount: 0 })],
        }),
        role: 'operator',
      });
      expect(created.status, created.text).toBe(201);
      const counted = await until('the order in the aggregates', async () => {
        const cells = await readAggregates('channel', { from: '2024-02-29', to: '2024-02-29' });
        return cells.find((cell) => cell.cell.name === 'poller-test');
      });
      expect(counted.figures).toEqual({ orders: 1, units: 3, gross: 2100, net: 2100, awaitingShipment: 1 });
      const set = lines(aggregateDeadLetters);
      expect(set.map((entry) => entry.reason)).toEqual([
        'an order image without a readable orderDate, channel, currency, shippingCharge, lines',
      ]);
    } finally {
      await started.stop();
    }
  });

  it('never counts on a restart what was in the stream before its first start (a seed counts itself)', async () => {
    const order = (channel: string) =>
      call({
        method: 'PUT',
        path: `/v1/orders/${orderId()}`,
        body: orderInput({
          orderDate: '2024-03-01T12:00:00.000Z',
          channel,
          shippingCharge: 0,
          lines: [orderLine({ sku: 'POLL-2', quantity: 1, unitPrice: 500, tax: 0, discount: 0 })],
        }),
        role: 'operator',
      });
    const channelCells = async (channel: string) =>
      (await readAggregates('channel', { from: '2024-03-01', to: '2024-03-01' })).filter(
        (cell) => cell.cell.name === channel,
      );
    // Written before the poller ever ran (as a seed writes, counting itself by a rebuild).
    expect((await order('before-first-start')).status).toBe(201);
    const dataDir = mkdtempSync(join(tmpdir(), 'stream-'));
    dirs.push(dataDir);
    const start = () =>
      startStreamPoller({
        endpoint: process.env.DYNAMODB_ENDPOINT!,
        tableName: tableName(),
        dataDir,
        intervalMs: 50,
        quiet: true,
      });
    // First start, and a restart with nothing new in between: the record before it stays uncounted.
    await (await start()).stop();
    const restarted = await start();
    try {
      expect((await order('after-restart')).status).toBe(201);
      await until('the later order in the aggregates', async () => (await channelCells('after-restart'))[0]);
      expect(await channelCells('before-first-start')).toEqual([]);
    } finally {
      await restarted.stop();
    }
  });

  it('reads an order with empty maps, then publishes the vendor created after it', async () => {
    const { started, events } = await poller();
    try {
      await put({
        PK: 'ORDER#E-1',
        SK: 'A#ORDER',
        entity: 'order',
        eventType: 'order.created',
        id: 'E-1',
        allocations: {},
        version: 1,
      });
      await put({
        PK: 'VENDOR#V-1',
        SK: 'VENDOR',
        entity: 'vendor',
        id: 'V-1',
        code: 'V1',
        name: 'V',
        version: 1,
      });
      const vendor = await until('vendor.created', () =>
        lines(events).find((event) => event.type === 'vendor.created'),
      );
      expect(vendor).toMatchObject({ resourceId: 'V-1', version: 1 });
      expect(lines(events).map((event) => event.type)).toEqual(['order.created', 'vendor.created']);
    } finally {
      await started.stop();
    }
  });

  it('sends a record it cannot read to the dead-letter file, with the reason, and goes on', async () => {
    const decode = (record: StreamRecord) => {
      if (JSON.stringify(record.dynamodb?.NewImage ?? {}).includes('POISON'))
        throw new Error('cannot read this one');
      return toDomainEvent(record);
    };
    const { started, events, deadLetters } = await poller(decode);
    try {
      await put({ PK: 'VENDOR#POISON', SK: 'VENDOR', entity: 'vendor', id: 'POISON', version: 1 });
      await put({
        PK: 'VENDOR#V-2',
        SK: 'VENDOR',
        entity: 'vendor',
        id: 'V-2',
        code: 'V2',
        name: 'V',
        version: 1,
      });
      await until('vendor V-2', () => lines(events).find((event) => event.resourceId === 'V-2'));
      const [dead] = lines(deadLetters);
      expect(dead).toMatchObject({ reason: 'cannot read this one', record: { eventName: 'INSERT' } });
      expect(lines(events).some((event) => event.resourceId === 'POISON')).toBe(false);
    } finally {
      await started.stop();
    }
  });
});
