/** Races too slow to share the machine with the rest of the suite: run on their own (project slow). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureRetryPolicy } from '../../shared/db/retry';
import { stockOfSku } from '../../shared/db/keys';
import { queryAll } from '../../shared/db/query';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { storedMovementsOf } from '../support/stock-layout';
import { orderId, orderInput, orderLine } from '../support/order-builders';

// The policy's 20 s deadline is sized for DynamoDB; DynamoDB Local serves a few dozen transactions a
// second, fewer on a busy 2-core machine, so these races get more time to show that every request that
// fits is accepted exactly once. Giving up on contention is tested in test/int/retry-policy.int.test.ts.
beforeAll(() => configureRetryPolicy({ deadlineMs: 90_000 }));
afterAll(() => configureRetryPolicy(undefined));

async function stockOf(sku: string) {
  return queryAll(stockOfSku(sku));
}

const movementsOf = storedMovementsOf;

/** Racers per item: enough to make every write meet others on the item, few enough to keep the run short. */
const racers = 20;

describe(`${racers} concurrent payments on one order`, () => {
  it(`accepts ${racers} concurrent payments that all fit`, async () => {
    const id = orderId();
    const created = await call({
      method: 'PUT',
      path: `/v1/orders/${id}`,
      body: orderInput({
        lines: [orderLine({ quantity: racers, unitPrice: 100, tax: 0 })],
        shippingCharge: 0,
      }),
    });
    const total = created.body.totals.total as number;
    expect(total).toBe(racers * 100);
    const answers = await Promise.all(
      Array.from({ length: racers }, () =>
        call({ method: 'POST', path: `/v1/orders/${id}/payments`, body: { amount: 100, method: 'card' } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(racers).fill(201));
    const order = await call({ method: 'GET', path: `/v1/orders/${id}` });
    expect(order.body.totals).toMatchObject({ paid: racers * 100, balance: 0 });
    expect(order.body.payments).toHaveLength(racers);
  });
});

describe(`${racers} concurrent work orders on one SKU in one warehouse`, () => {
  it('keeps on hand equal to the sum of the accepted ones, records nothing for refused ones, never goes negative', async () => {
    const warehouse = await seedWarehouse();
    const sku = 'RACE-SKU';
    await call({
      method: 'POST',
      path: '/v1/orders/work-orders',
      body: { warehouseId: warehouse.id, reason: 'receipt', lines: [{ sku, quantity: 20, unitCost: 100 }] },
    });
    // Alternating +3 and -7: together they would remove 40 more units than they add, more than the 20 on
    // hand, so some must be refused.
    const changes = Array.from({ length: racers }, (_, i) => (i % 2 === 0 ? 3 : -7));
    const results = await Promise.all(
      changes.map((quantity) =>
        call({
          method: 'POST',
          path: '/v1/orders/work-orders',
          body: { warehouseId: warehouse.id, reason: 'adjustment', lines: [{ sku, quantity }] },
        }),
      ),
    );
    const accepted = results.flatMap((result, i) => (result.status === 201 ? [changes[i]!] : []));
    const refused = results.filter((result) => result.status !== 201);
    // Every refusal is a true shortfall, not a lost race: the ledger retries races.
    for (const result of refused) expect(result.body.shortfalls?.[0]?.sku, result.text).toBe(sku);
    expect(refused.length).toBeGreaterThan(0);
    const [stock] = await stockOf(sku);
    expect(stock!.onHand).toBe(20 + accepted.reduce((sum, q) => sum + q, 0));
    const movements = await movementsOf(sku);
    expect(movements).toHaveLength(1 + accepted.length);
    expect(movements.every((movement) => (movement.onHandAfter as number) >= 0)).toBe(true);
    const recordedIds = new Set(movements.map((movement) => movement.id));
    for (const result of results.filter((r) => r.status === 201)) {
      expect(recordedIds.has(result.body.movementIds[0])).toBe(true);
    }
    console.info(
      `race: ${accepted.length} accepted (${accepted.filter((q) => q > 0).length} adds, ${accepted.filter((q) => q < 0).length} removals), ${refused.length} refused, final on hand ${stock!.onHand}`,
    );
  });
});
