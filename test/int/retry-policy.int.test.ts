/**
 * The one retry policy, against failures DynamoDB Local never produces: they are injected into the
 * client's middleware stack (transaction conflicts, throttling, a refused connection).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../../shared/db/client';
import { configureRetryPolicy } from '../../shared/db/retry';
import { call } from '../support/call';
import { orderId, orderInput, orderLine } from '../support/order-builders';

type Injection = (commandName: string) => Error | undefined;
let inject: Injection | undefined;
db().middlewareStack.add(
  (next, context) => async (args) => {
    const failure = inject?.(String(context.commandName));
    if (failure) throw failure;
    return next(args);
  },
  { step: 'initialize', name: 'failureInjection' },
);

afterEach(() => {
  inject = undefined;
  configureRetryPolicy(undefined);
});

function sdkError(name: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(name), { name, $metadata: {}, ...extra });
}

const conflict = () =>
  sdkError('TransactionCanceledException', {
    CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }],
  });

/** Fails the first `times` commands of that name with the error, then lets them through. */
function failFirst(command: string, times: number, error: () => Error): () => number {
  let failed = 0;
  inject = (name) => {
    if (name !== command || failed >= times) return undefined;
    failed += 1;
    return error();
  };
  return () => failed;
}

async function newOrder(lines = [orderLine({ quantity: 30, unitPrice: 100, tax: 0 })]) {
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({ lines, shippingCharge: 0 }),
  });
  expect(created.status, created.text).toBe(201);
  return { id, total: created.body.totals.total as number };
}

const pay = (id: string, amount: number) =>
  call({ method: 'POST', path: `/v1/orders/${id}/payments`, body: { amount, method: 'card' } });

describe('the retry policy', () => {
  it('retries injected transaction conflicts until the write commits, once', async () => {
    const { id } = await newOrder();
    const failures = failFirst('TransactWriteItemsCommand', 4, conflict);
    const paid = await pay(id, 500);
    expect(paid.status, paid.text).toBe(201);
    expect(failures()).toBe(4);
    expect(paid.body.payments).toHaveLength(1);
  });

  it('decides a race lost on another item again without reading the order again; a refused order is read afresh', async () => {
    const { id } = await newOrder();
    /** Records every command; the first `times` transactions are cancelled with these reasons (by position). */
    const cancelTransactions = (times: number, reasons: string[]) => {
      const sent: string[] = [];
      let failed = 0;
      inject = (name) => {
        sent.push(name);
        if (name !== 'TransactWriteItemsCommand' || failed >= times) return undefined;
        failed += 1;
        return sdkError('TransactionCanceledException', {
          CancellationReasons: reasons.map((Code) => ({ Code })),
        });
      };
      return (command: string) => sent.filter((name) => name === command).length;
    };
    // The transaction's second item (the payment) lost a race twice: the order read once serves all three.
    const lostElsewhere = cancelTransactions(2, ['None', 'TransactionConflict']);
    const paid = await pay(id, 500);
    expect(paid.status, paid.text).toBe(201);
    expect(lostElsewhere('TransactWriteItemsCommand')).toBe(3);
    expect(lostElsewhere('QueryCommand')).toBe(1);
    // The order itself refused (changed since it was read): the next attempt reads it again.
    const orderRefused = cancelTransactions(1, ['ConditionalCheckFailed', 'None']);
    const again = await pay(id, 500);
    expect(again.status, again.text).toBe(201);
    expect(orderRefused('QueryCommand')).toBe(2);
  });

  it('answers 409 with Retry-After when contention outlasts the deadline, changing nothing', async () => {
    const { id } = await newOrder();
    configureRetryPolicy({ deadlineMs: 200 });
    inject = (name) => (name === 'TransactWriteItemsCommand' ? conflict() : undefined);
    const refused = await pay(id, 500);
    expect(refused.status).toBe(409);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['content-type']).toBe('application/problem+json');
    inject = undefined;
    expect((await call({ method: 'GET', path: `/v1/orders/${id}` })).body.payments).toEqual([]);
  });

  it('retries throttling, and answers 503 with Retry-After when it lasts', async () => {
    const { id } = await newOrder();
    const throttled = () => sdkError('ProvisionedThroughputExceededException');
    failFirst('TransactWriteItemsCommand', 3, throttled);
    expect((await pay(id, 100)).status).toBe(201);

    configureRetryPolicy({ deadlineMs: 200 });
    inject = (name) => (name === 'TransactWriteItemsCommand' ? throttled() : undefined);
    const refused = await pay(id, 100);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('answers 503 with Retry-After when DynamoDB cannot be reached, on reads as on writes', async () => {
    const { id } = await newOrder();
    configureRetryPolicy({ deadlineMs: 200 });
    inject = () => sdkError('Error', { code: 'ECONNREFUSED' });
    const read = await call({ method: 'GET', path: `/v1/orders/${id}` });
    expect(read.status).toBe(503);
    expect(read.headers['retry-after']).toBeDefined();
    const write = await pay(id, 100);
    expect(write.status).toBe(503);
    expect(write.body.detail).toContain('unreachable');
  });
});
