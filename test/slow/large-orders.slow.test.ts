/**
 * Orders of any allowed size: 500 lines of 500 distinct SKUs in one warehouse need more than one
 * transaction, so the ledger stages the stock and confirms it with the order. The client sees all or
 * nothing, also when the process dies half way through staging.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../../shared/db/client';
import { stockKey } from '../../shared/db/keys';
import { getItems } from '../../shared/db/query';
import { configureStagingLease } from '../../shared/stock/staged';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { orderId, orderInput, orderLine } from '../support/order-builders';

const skuCount = 500;
const skus = (prefix: string) => Array.from({ length: skuCount }, (_, i) => `${prefix}-${i}`);

/**
 * Counts TransactWriteItems calls from now on; `fail(n)` true makes the n-th fail and, with `dies`, every
 * command after it too (the process is gone: it cannot release anything either).
 */
let failing:
  | {
      calls: number;
      fail: (call: number) => boolean;
      dies?: boolean;
      dead?: boolean;
      /** The n-th is applied, but its answer never arrives. */
      loseAnswer?: (call: number) => boolean;
    }
  | undefined;
db().middlewareStack.add(
  (next, context) => async (args) => {
    const crash = () => Object.assign(new Error('simulated crash'), { name: 'Crash' });
    if (failing?.dead) throw crash();
    if (failing && context.commandName === 'TransactWriteItemsCommand') {
      failing.calls += 1;
      if (failing.loseAnswer?.(failing.calls)) {
        await next(args);
        throw crash();
      }
      if (failing.fail(failing.calls)) {
        failing.dead = failing.dies;
        throw crash();
      }
    }
    return next(args);
  },
  { step: 'initialize', name: 'crashInjection' },
);
afterEach(() => {
  failing = undefined;
  configureStagingLease(undefined);
});

async function warehouseWith(prefix: string, units: number) {
  const warehouse = await seedWarehouse();
  const receipt = await call({
    method: 'POST',
    path: '/v1/orders/work-orders',
    body: {
      warehouseId: warehouse.id,
      reason: 'receipt',
      lines: skus(prefix).map((sku) => ({ sku, quantity: units, unitCost: 100 })),
    },
  });
  expect(receipt.status, receipt.text).toBe(201);
  return warehouse.id;
}

async function stockOf(prefix: string, warehouseId: string) {
  const items = await getItems(
    skus(prefix).map((sku) => stockKey(sku, warehouseId)),
    true,
  );
  return new Map(items.map((item) => [String(item.sku), item]));
}

const linesFor = (prefix: string, quantity: (i: number) => number) =>
  skus(prefix).map((sku, i) =>
    orderLine({ itemId: `I${i}`, sku, quantity: quantity(i), unitPrice: 100, tax: 0 }),
  );

const put = (id: string, body: unknown) => call({ method: 'PUT', path: `/v1/orders/${id}`, body });

describe('an order of 500 distinct SKUs in one warehouse', () => {
  it('is created, replaced, cancelled line by line and reinstated with exact allocations', async () => {
    const warehouseId = await warehouseWith('BIG', 3);
    const id = orderId();
    const created = await put(id, orderInput({ lines: linesFor('BIG', () => 2), warehouseId }));
    expect(created.status, created.text).toBe(201);
    expect(Object.keys(created.body.allocations)).toHaveLength(skuCount);
    let stock = await stockOf('BIG', warehouseId);
    expect([...stock.values()].every((record) => record.allocated === 2 && record.available === 1)).toBe(
      true,
    );
    expect([...stock.values()].some((record) => record.staged !== undefined)).toBe(false);

    const replaced = await put(
      id,
      orderInput({ lines: linesFor('BIG', (i) => (i % 2 === 0 ? 1 : 3)), warehouseId }),
    );
    expect(replaced.status, replaced.text).toBe(200);
    stock = await stockOf('BIG', warehouseId);
    expect(stock.get('BIG-0')).toMatchObject({ allocated: 1, available: 2 });
    expect(stock.get('BIG-1')).toMatchObject({ allocated: 3, available: 0 });

    for (const itemId of ['I0', 'I1', 'I2']) {
      const cancelled = await call({ method: 'POST', path: `/v1/orders/${id}/items/${itemId}/cancel` });
      expect(cancelled.status, cancelled.text).toBe(200);
    }
    const reinstated = await call({ method: 'POST', path: `/v1/orders/${id}/items/I1/reinstate` });
    expect(reinstated.status, reinstated.text).toBe(200);
    stock = await stockOf('BIG', warehouseId);
    expect(stock.get('BIG-0')).toMatchObject({ allocated: 0 });
    expect(stock.get('BIG-1')).toMatchObject({ allocated: 3 });
    expect(stock.get('BIG-2')).toMatchObject({ allocated: 0 });
    expect(reinstated.body.allocations['BIG-2']).toBeUndefined();

    const cancelledOrder = await put(id, {
      ...orderInput({ lines: linesFor('BIG', () => 1), warehouseId }),
      statusId: 'cancelled',
    });
    expect(cancelledOrder.status, cancelledOrder.text).toBe(200);
    stock = await stockOf('BIG', warehouseId);
    expect([...stock.values()].every((record) => record.allocated === 0 && record.available === 3)).toBe(
      true,
    );
  });

  it('answers one 409 naming every short SKU, and changes nothing', async () => {
    const warehouseId = await warehouseWith('SHORT', 2);
    const id = orderId();
    const short = new Set([7, 250, 499]);
    const refused = await put(
      id,
      orderInput({ lines: linesFor('SHORT', (i) => (short.has(i) ? 5 : 2)), warehouseId }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.shortfalls.map((s: { sku: string }) => s.sku)).toEqual([
      'SHORT-7',
      'SHORT-250',
      'SHORT-499',
    ]);
    expect((await call({ method: 'GET', path: `/v1/orders/${id}` })).status).toBe(404);
    const stock = await stockOf('SHORT', warehouseId);
    expect([...stock.values()].every((record) => record.allocated === 0)).toBe(true);
  });

  it('leaves no partial allocation when the process dies half way through staging', async () => {
    const warehouseId = await warehouseWith('CRASH', 2);
    const id = orderId();
    const body = orderInput({ lines: linesFor('CRASH', () => 1), warehouseId });
    configureStagingLease(300);
    // The intent and two chunks are written; then every command fails, the release too: a dead process.
    failing = { calls: 0, fail: (n) => n === 4, dies: true };
    const crashed = await put(id, body);
    expect(crashed.status).toBe(500);
    failing = undefined;
    let stock = await stockOf('CRASH', warehouseId);
    const held = [...stock.values()].filter((record) => record.allocated > 0).length;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(skuCount);

    // Another change touching one of those SKUs after the lease takes the dead change's delta out.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const other = await put(
      orderId(),
      orderInput({ lines: [orderLine({ sku: 'CRASH-0', quantity: 1 })], warehouseId }),
    );
    expect(other.status, other.text).toBe(201);
    expect((await stockOf('CRASH', warehouseId)).get('CRASH-0')).toMatchObject({
      allocated: 1,
      available: 1,
    });

    // The client's retry releases the rest at once and applies the order exactly once.
    const retried = await put(id, body);
    expect(retried.status, retried.text).toBe(201);
    stock = await stockOf('CRASH', warehouseId);
    expect(stock.get('CRASH-0')).toMatchObject({ allocated: 2, available: 0 });
    expect(
      [...stock.values()].filter((record) => record.sku !== 'CRASH-0').every((r) => r.allocated === 1),
    ).toBe(true);
    expect([...stock.values()].some((record) => record.staged !== undefined)).toBe(false);
  });

  it('takes its staged stock back out when the order write itself is refused at the confirm', async () => {
    const warehouseId = await warehouseWith('RACE', 2);
    const id = orderId();
    const created = await put(id, orderInput({ lines: linesFor('RACE', () => 1), warehouseId }));
    expect(created.status).toBe(201);
    // Intent, six chunks of 98 records, then the confirm: refuse the order in the confirm, as if
    // another write had changed it meanwhile.
    failing = {
      calls: 0,
      fail: (n) => {
        if (n !== 8) return false;
        throw Object.assign(new Error('cancelled'), {
          name: 'TransactionCanceledException',
          $metadata: {},
          CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
        });
      },
    };
    const refused = await call({
      method: 'PUT',
      path: `/v1/orders/${id}`,
      body: orderInput({ lines: linesFor('RACE', () => 2), warehouseId }),
      headers: { 'if-match': '"1"' },
    });
    expect(failing.calls).toBeGreaterThanOrEqual(8);
    failing = undefined;
    expect(refused.status, refused.text).toBe(412);
    const stock = await stockOf('RACE', warehouseId);
    expect([...stock.values()].every((record) => record.allocated === 1 && record.staged === undefined)).toBe(
      true,
    );
  });

  it('keeps its stock when the confirm was applied but its answer was lost', async () => {
    const warehouseId = await warehouseWith('LOST', 2);
    const id = orderId();
    expect((await put(id, orderInput({ lines: linesFor('LOST', () => 1), warehouseId }))).status).toBe(201);
    // Intent, six chunks, then the confirm: applied, its answer lost on the way back.
    failing = { calls: 0, fail: () => false, loseAnswer: (n) => n === 8 };
    const lost = await call({
      method: 'PUT',
      path: `/v1/orders/${id}`,
      body: orderInput({ lines: linesFor('LOST', () => 2), warehouseId }),
      headers: { 'if-match': '"1"' },
    });
    failing = undefined;
    // The confirm's answer never came: the change may have completed (DESIGN §3), and it had.
    expect(lost.status).toBe(504);
    const order = await call({ method: 'GET', path: `/v1/orders/${id}` });
    expect(order.body.lines.every((line: { quantity: number }) => line.quantity === 2)).toBe(true);
    const stock = await stockOf('LOST', warehouseId);
    expect(
      [...stock.values()].every((record) => record.allocated === 2),
      JSON.stringify([...new Set([...stock.values()].map((r) => `${r.allocated}/${String(r.staged)}`))]),
    ).toBe(true);
  });
});
