/**
 * Idempotency-Key: the record commits in the change's own transaction, large responses are kept in
 * parts, a crash between commit and reply never lets the retry apply the change again, and key parts
 * are encoded so no two callers' records collide.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { db, tableName } from '../../shared/db/client';
import { idempotencyKey } from '../../shared/db/keys';
import { getItem } from '../../shared/db/query';
import { call } from '../support/call';
import { orderId, orderInput, orderLine } from '../support/order-builders';

/** Set to fail the next transaction after DynamoDB committed it, as a process dying before its reply. */
let crashAfterCommit = false;
db().middlewareStack.add(
  (next, context) => async (args) => {
    const result = await next(args);
    if (crashAfterCommit && context.commandName === 'TransactWriteItemsCommand') {
      crashAfterCommit = false;
      throw new Error('simulated crash after the commit');
    }
    return result;
  },
  { step: 'initialize', name: 'crashAfterCommit' },
);
afterEach(() => {
  crashAfterCommit = false;
});

const pay = (id: string, key: string, amount = 100) =>
  call({
    method: 'POST',
    path: `/v1/orders/${id}/payments`,
    body: { amount, method: 'card' },
    headers: { 'idempotency-key': key },
  });

async function newOrder(lines = [orderLine({ quantity: 10, unitPrice: 1000 })]) {
  const id = orderId();
  const created = await call({ method: 'PUT', path: `/v1/orders/${id}`, body: orderInput({ lines }) });
  expect(created.status, created.text).toBe(201);
  return id;
}

const paymentsOf = async (id: string) =>
  (await call({ method: 'GET', path: `/v1/orders/${id}` })).body.payments;

describe('Idempotency-Key', () => {
  it('keeps a response too large for one item in parts, and replays it exactly', async () => {
    const lines = Array.from({ length: 500 }, (_, index) =>
      orderLine({
        sku: `BIG-${index}`,
        title: `${'Long title '.repeat(27)}${index}`,
        quantity: 1,
        unitPrice: 100,
      }),
    );
    const id = await newOrder(lines);
    const answers = [await pay(id, 'big-1'), await pay(id, 'big-1'), await pay(id, 'big-1')];
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(answers[0]!.text.length).toBeGreaterThan(200_000);
    expect(answers[1]!.text).toBe(answers[0]!.text);
    expect(answers[2]!.headers['idempotent-replayed']).toBe('true');
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('never applies a change twice when the process dies between the commit and the reply', async () => {
    const id = await newOrder();
    crashAfterCommit = true;
    const crashed = await pay(id, 'crash-1');
    // The commit call got no answer: it may have completed (never a 503 "retry").
    expect(crashed.status).toBe(504);
    expect(crashed.headers['retry-after']).toBeUndefined();
    expect(await paymentsOf(id)).toHaveLength(1);
    // A real crash leaves the record as it was committed, lock and all; let the lock expire.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: idempotencyKey('user-manager', 'addOrderPayment', 'crash-1'),
        UpdateExpression: 'SET lockedUntil = :past',
        ExpressionAttributeValues: { ':past': 0 },
      }),
    );
    // The record was written `done`, with its answer, by the change's own transaction: the retry gets
    // the answer the crash lost.
    const retried = await pay(id, 'crash-1');
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(await paymentsOf(id)).toHaveLength(1);
    expect((retried.body as { payments: unknown[] }).payments).toEqual(await paymentsOf(id));
  });

  it('lets a retry take over a claim whose invocation died before committing, applying once', async () => {
    const id = await newOrder();
    const key = idempotencyKey('user-manager', 'addOrderPayment', 'dead-1');
    const first = await pay(id, 'dead-1');
    expect(first.status).toBe(201);
    // As if that invocation had died before its change: in progress, lock expired, another token.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #state = :inProgress, lockedUntil = :past, #token = :other REMOVE #response',
        ExpressionAttributeNames: { '#state': 'state', '#token': 'token', '#response': 'response' },
        ExpressionAttributeValues: { ':inProgress': 'in-progress', ':past': 0, ':other': 'dead' },
      }),
    );
    const retried = await pay(id, 'dead-1');
    expect(retried.status).toBe(201);
    expect(await paymentsOf(id)).toHaveLength(2);
    expect(await getItem(key)).toMatchObject({ state: 'done' });
  });

  it('keeps the records of two callers apart even when their subject and key contain #', async () => {
    const body = { name: 'Shared name', columns: [{ field: 'id', width: 100, visible: true }] };
    const create = (subject: string, key: string) =>
      call({
        method: 'POST',
        path: '/v1/orders/column-views',
        body,
        subject,
        role: 'viewer',
        headers: { 'idempotency-key': key },
      });
    const first = await create('a', 'createColumnView#k');
    const second = await create('a#createColumnView', 'k');
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.owner).toBe('a#createColumnView');
  });
});
