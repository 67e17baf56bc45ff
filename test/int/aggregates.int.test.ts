/**
 * Report aggregates counted exactly once against DynamoDB Local: the same records delivered twice, a batch
 * half of which was counted before, two deliveries at once, and a record too large for one transaction.
 */
import { describe, expect, it } from 'vitest';
import { applyAggregateRecords } from '../../shared/aggregates/apply';
import { readAggregates } from '../../shared/aggregates/read';
import { readUnitsSold } from '../../shared/aggregates/units-sold';
import { orderKey } from '../../shared/db/keys';
import { getItem, queryAll } from '../../shared/db/query';
import { call } from '../support/call';
import { orderId, orderInput, orderLine } from '../support/order-builders';

let records = 0;
const recordId = () => `${Date.now().toString(36)}-${(records += 1)}`;

/** A day of its own per test, so tests never share cells. */
let dayNumber = 0;
const nextDay = () => {
  dayNumber += 1;
  return `2025-0${1 + (dayNumber % 9)}-${String(1 + dayNumber).padStart(2, '0')}`;
};

async function storedOrder(
  day: string,
  lines = [orderLine({ sku: `AGG-${day}`, quantity: 2, unitPrice: 1000, tax: 0, discount: 0 })],
) {
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({ orderDate: `${day}T12:00:00.000Z`, lines, shippingCharge: 0, channel: `ch-${day}` }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  return (await getItem(orderKey(id), true))!;
}

const channelFigures = async (day: string) =>
  (await readAggregates('channel', { from: day, to: day })).map((delta) => delta.figures);

describe('applyAggregateRecords', () => {
  it('counts a record once however often it is delivered', async () => {
    const day = nextDay();
    const order = await storedOrder(day);
    const delivery = [{ id: recordId(), new: order }];
    expect(await applyAggregateRecords(delivery, 'UTC')).toEqual({ counted: 1, alreadyCounted: 0 });
    expect(await applyAggregateRecords(delivery, 'UTC')).toEqual({ counted: 0, alreadyCounted: 1 });
    expect(await channelFigures(day)).toEqual([
      { orders: 1, units: 2, gross: 2000, net: 2000, awaitingShipment: 1 },
    ]);
  });

  it('counts the rest of a batch half of which an earlier delivery counted', async () => {
    const day = nextDay();
    const orders = await Promise.all([1, 2, 3, 4].map(() => storedOrder(day)));
    const batch = orders.map((order) => ({ id: recordId(), new: order }));
    await applyAggregateRecords(batch.slice(0, 2), 'UTC');
    expect(await applyAggregateRecords(batch, 'UTC')).toEqual({ counted: 2, alreadyCounted: 2 });
    expect(await channelFigures(day)).toEqual([
      { orders: 4, units: 8, gross: 8000, net: 8000, awaitingShipment: 4 },
    ]);
  });

  it('counts a batch once when two deliveries of it run at the same time', async () => {
    const day = nextDay();
    const orders = await Promise.all([1, 2, 3].map(() => storedOrder(day)));
    const batch = orders.map((order) => ({ id: recordId(), new: order }));
    const [first, second] = await Promise.all([
      applyAggregateRecords(batch, 'UTC'),
      applyAggregateRecords(batch, 'UTC'),
    ]);
    expect(first.counted + second.counted).toBe(3);
    expect(first.alreadyCounted + second.alreadyCounted).toBe(3);
    expect(await channelFigures(day)).toEqual([
      { orders: 3, units: 6, gross: 6000, net: 6000, awaitingShipment: 3 },
    ]);
  });

  it('counts a record too large for one transaction in parts, each once', async () => {
    const day = nextDay();
    const lines = Array.from({ length: 150 }, (_, index) =>
      orderLine({
        itemId: `L${index}`,
        sku: `BIG-${day}-${index}`,
        quantity: 1,
        unitPrice: 100,
        tax: 0,
        discount: 0,
      }),
    );
    const order = await storedOrder(day, lines);
    const delivery = [{ id: recordId(), new: order }];
    // 302 cells (channel, warehouse, and a sku and a sold cell per SKU) in parts of 98.
    expect(await applyAggregateRecords(delivery, 'UTC')).toEqual({ counted: 4, alreadyCounted: 0 });
    expect(await applyAggregateRecords(delivery, 'UTC')).toEqual({ counted: 0, alreadyCounted: 4 });
    expect(await readAggregates('sku', { from: day, to: day })).toHaveLength(150);
    for (const index of [0, 97, 98, 149]) {
      expect([...(await readUnitsSold(`BIG-${day}-${index}`, { from: day, to: day }))]).toEqual([[day, 1]]);
    }
    expect(await channelFigures(day)).toEqual([
      { orders: 1, units: 150, gross: 15000, net: 15000, awaitingShipment: 1 },
    ]);
  });

  it('moves the figures by a change’s difference, and keeps each record’s marker two days', async () => {
    const day = nextDay();
    const order = await storedOrder(day);
    const cancelled = {
      ...order,
      lines: (order.lines as Array<Record<string, unknown>>).map((line) => ({
        ...line,
        status: 'cancelled',
      })),
    };
    const created = recordId();
    const cancelledId = recordId();
    const result = await applyAggregateRecords(
      [
        { id: created, new: order },
        { id: cancelledId, old: order, new: cancelled },
      ],
      'UTC',
    );
    // Both counted; summed in one transaction, their cells cancel out and are not written at all.
    expect(result).toEqual({ counted: 2, alreadyCounted: 0 });
    expect(await channelFigures(day)).toEqual([]);
    expect(await queryAll({ pk: `AGG#channel#${day.slice(0, 7)}#0`, skPrefix: `${day}#` })).toEqual([]);
    for (const id of [created, cancelledId]) {
      const marker = await getItem({ PK: `AGGREC#${id}#0`, SK: 'AGGREC' }, true);
      expect(Number(marker!.expiresAt) - Date.now() / 1000).toBeGreaterThan(2 * 86_400 - 60);
    }
  });
});
