/**
 * What the orders handler adds to reading and replacing a 20-line order, against the DynamoDB calls it
 * makes, sent bare with the same client:
 * - GET /v1/orders/{id}: one consistent Query of the order's partition (header and payments);
 * - PUT /v1/orders/{id} replacing it (built-in status, no warehouse, so no stock): a consistent Query of
 *   the partition, a Query of the automation rules of `order.updated` (the rules run inside the write),
 *   and one TransactWriteItems of the header (on the version read) and its history entries.
 * The commands and item shapes of both sides are compared before measuring. Target: ≤ 1.10 × bare median.
 */
import { deepStrictEqual } from 'node:assert/strict';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { buildApiEvent } from '../../infra/local/api-event';
import { db } from '../../shared/db/client';
import { automationRulesByPriority, historyKey, orderPartition } from '../../shared/db/keys';
import { equalsFilter } from '../../shared/db/query';
import { claimsFor } from '../../test/support/call';
import { round, summarize } from '../lib/stats';
import type { Row, Suite } from '../lib/suite';
import { interleave } from '../lib/timing';
import { verdict } from '../lib/verdict';
import { deepFreeze } from '../support/deep-freeze';
import { withHandlerEnvironment } from '../support/dynamo-local';
import { lambdaContext } from '../support/lambda-context';

const target = 1.1;
const tableName = 'bench-orders';
const orderId = 'WS-BENCH-20';
const lineCount = 20;
const schedules = {
  get: { warmup: 200, rounds: 20, perRound: 50 },
  put: { warmup: 60, rounds: 12, perRound: 25 },
};

type Handler = (event: unknown, context: typeof lambdaContext) => Promise<unknown>;
type Item = Record<string, unknown>;

export function orderBody(tags: string[]) {
  return {
    channel: 'webshop',
    orderDate: '2026-11-20T09:30:00.000Z',
    customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+1 415 555 0100' },
    shipTo: {
      name: 'Ada Lovelace',
      line1: '1 Main St',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      country: 'US',
    },
    billTo: {
      name: 'Ada Lovelace',
      line1: '1 Main St',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      country: 'US',
    },
    lines: Array.from({ length: lineCount }, (_, i) => ({
      itemId: `L${i + 1}`,
      sku: `BENCH-${String(i + 1).padStart(3, '0')}`,
      title: `Benchmark product ${i + 1}, Navy, M`,
      quantity: 1 + (i % 3),
      unitPrice: 1500 + i * 100,
      tax: 120 + i * 8,
      discount: i % 5 === 0 ? 150 : 0,
      weightGrams: 180 + i * 10,
    })),
    currency: 'USD',
    shippingCharge: 595,
    requestedShippingService: 'UPS Ground',
    tags,
  };
}

/** Rules as a merchant has them: only the enabled order.updated one is read back, and it does not match. */
const rules = [
  {
    name: 'Tag wholesale',
    trigger: 'order.created',
    priority: 10,
    conditions: [{ field: 'channel', operator: 'equals', value: 'wholesale' }],
    actions: [{ type: 'add_tag', tag: 'wholesale' }],
  },
  {
    name: 'Hold big orders',
    trigger: 'order.created',
    priority: 20,
    conditions: [{ field: 'totals.total', operator: 'greater_than', value: 500000 }],
    actions: [{ type: 'hold' }],
  },
  {
    name: 'Etsy paid',
    trigger: 'order.paid',
    priority: 30,
    conditions: [{ field: 'channel', operator: 'equals', value: 'etsy' }],
    actions: [{ type: 'add_tag', tag: 'etsy-paid' }],
  },
  {
    name: 'Amazon edits',
    trigger: 'order.updated',
    priority: 40,
    conditions: [{ field: 'channel', operator: 'equals', value: 'amazon' }],
    actions: [{ type: 'add_tag', tag: 'amazon-edit' }],
  },
  {
    name: 'Old rule',
    trigger: 'order.updated',
    priority: 50,
    enabled: false,
    actions: [{ type: 'add_tag', tag: 'old' }],
  },
];

/** Records the commands a client sends (name and input) until stopped. */
export function captureCommands(client: DynamoDBDocumentClient) {
  const calls: Array<{ name: string; input: Item }> = [];
  const name = 'benchCapture';
  client.middlewareStack.add(
    (next, context) => async (args) => {
      calls.push({ name: String(context.commandName), input: structuredClone(args.input as Item) });
      return next(args);
    },
    { step: 'initialize', name },
  );
  return { calls, stop: () => client.middlewareStack.remove(name) };
}

/** What must agree between the handler's transaction and the bare one: operations, conditions, attribute names. */
function transactionShape(input: Item) {
  return (input.TransactItems as Array<{ Put: { Item: Item; ConditionExpression?: string } }>).map(
    (entry) => ({
      condition: entry.Put.ConditionExpression,
      sk: String(entry.Put.Item.SK).split('#')[0],
      attributes: Object.keys(entry.Put.Item).sort(),
    }),
  );
}

export function summaryRows(
  name: string,
  handlerSamples: number[],
  bareSamples: number[],
  bareCall: string,
  limit = target,
): Row[] {
  const viaHandler = summarize(handlerSamples);
  const bare = summarize(bareSamples);
  const ratio = viaHandler.medianMs / bare.medianMs;
  return [
    {
      call: `${name} handler(event, context)`,
      n: viaHandler.n,
      'median ms': round(viaHandler.medianMs, 3),
      'p95 ms': round(viaHandler.p95Ms, 3),
      'overhead median ms': round(viaHandler.medianMs - bare.medianMs, 3),
      '× bare (median)': round(ratio, 3),
      verdict: verdict(ratio, limit),
    },
    {
      call: `${name} bare ${bareCall}`,
      n: bare.n,
      'median ms': round(bare.medianMs, 3),
      'p95 ms': round(bare.p95Ms, 3),
      'overhead median ms': null,
      '× bare (median)': 1,
      verdict: null,
    },
  ];
}

export const orders: Suite = {
  name: 'orders',
  description:
    'GET and PUT of a 20-line order through the orders handler against the bare DynamoDB calls they make',
  run: () =>
    withHandlerEnvironment(tableName, async (stdout) => {
      const { handler } = (await import('../../functions/orders/handler')) as { handler: Handler };
      const event = (
        method: string,
        path: string,
        role: 'viewer' | 'operator' | 'manager',
        body?: unknown,
      ) => {
        const { group, ...apiEvent } = buildApiEvent({
          method,
          path,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
          claims: claimsFor(role),
        });
        if (group !== 'orders') throw new Error(`${method} ${path} routes to ${group}, not orders`);
        return deepFreeze(apiEvent);
      };
      const send = async (request: ReturnType<typeof event>, expected: number) => {
        const response = (await handler(request, lambdaContext)) as { statusCode: number; body: string };
        if (response.statusCode !== expected)
          throw new Error(`handler answered ${response.statusCode}: ${response.body}`);
        return response;
      };

      // The order (20 lines, one part payment) and the merchant's rules, written through the handler.
      for (const rule of rules)
        await send(event('POST', '/v1/orders/automation-rules', 'manager', rule), 201);
      await send(event('PUT', `/v1/orders/${orderId}`, 'operator', orderBody(['bench-a'])), 201);
      await send(
        event('POST', `/v1/orders/${orderId}/payments`, 'manager', { amount: 5000, method: 'card' }),
        201,
      );

      const getEvent = event('GET', `/v1/orders/${orderId}`, 'viewer');
      const putEvents = [
        event('PUT', `/v1/orders/${orderId}`, 'operator', orderBody(['bench-b'])),
        event('PUT', `/v1/orders/${orderId}`, 'operator', orderBody(['bench-a'])),
      ];
      let handlerPuts = 0;
      const getViaHandler = () => send(getEvent, 200);
      const putViaHandler = () => send(putEvents[handlerPuts++ % 2]!, 200);

      // Exactly the commands loadOrder and rulesForTrigger send (shared/db/query.ts queryPage).
      const partitionQuery = () => {
        const { pk, skPrefix } = orderPartition(orderId);
        return new QueryCommand({
          TableName: tableName,
          IndexName: undefined,
          KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :sk)',
          FilterExpression: undefined,
          ExpressionAttributeNames: { '#pk': 'PK', '#sk': 'SK' },
          ExpressionAttributeValues: { ':pk': pk, ':sk': skPrefix },
          ExclusiveStartKey: undefined,
          ScanIndexForward: true,
          ConsistentRead: true,
          Limit: 201,
        });
      };
      const rulesQuery = () => {
        const filter = equalsFilter({ trigger: 'order.updated', enabled: true })!;
        return new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: '#pk = :pk',
          FilterExpression: filter.expression,
          ExpressionAttributeNames: { '#pk': 'GSI1PK', ...filter.names },
          ExpressionAttributeValues: { ':pk': automationRulesByPriority().pk, ...filter.values },
          ExclusiveStartKey: undefined,
          ScanIndexForward: true,
          ConsistentRead: undefined,
          Limit: 200,
        });
      };
      const getBare = async () => {
        const result = await db().send(partitionQuery());
        if (!result.Items?.some((item) => item.SK === 'A#ORDER'))
          throw new Error('the bare Query found no order');
      };
      // The same replacement: the header on the version read with the other tags, and the history
      // entries the handler writes for it (their content is taken from the handler's own first PUT).
      let historyTemplate: Item[] = [];
      const putBare = async () => {
        const read = await db().send(partitionQuery());
        await db().send(rulesQuery());
        const header = read.Items!.find((item) => item.SK === 'A#ORDER')!;
        const at = new Date().toISOString();
        const tags = (header.tags as string[])[0] === 'bench-a' ? ['bench-b'] : ['bench-a'];
        const entries = historyTemplate.map(({ PK: _pk, SK: _sk, ...entry }) => {
          const id = ulid();
          return { ...historyKey(orderId, { at, id }), ...entry, id, at };
        });
        await db().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...header, tags, version: Number(header.version) + 1, updatedAt: at },
                  ConditionExpression: 'version = :read',
                  ExpressionAttributeValues: { ':read': header.version },
                },
              },
              ...entries.map((Item) => ({ Put: { TableName: tableName, Item } })),
            ],
          }),
        );
      };

      // Both sides send the same commands, with the same reads and the same shape of writes.
      const capture = async (call: () => Promise<unknown>) => {
        const recorder = captureCommands(db());
        try {
          await call();
        } finally {
          recorder.stop();
        }
        return recorder.calls;
      };
      const [getByHandler, getByBare] = [await capture(getViaHandler), await capture(getBare)];
      deepStrictEqual(getByBare, getByHandler, 'GET: the bare Query is the one the handler sends');
      const putByHandler = await capture(putViaHandler);
      const handlerWrites = putByHandler.at(-1)!.input.TransactItems as Array<{ Put: { Item: Item } }>;
      historyTemplate = handlerWrites.slice(1).map((write) => write.Put.Item);
      const putByBare = await capture(putBare);
      deepStrictEqual(
        putByBare.map((call) => call.name),
        ['QueryCommand', 'QueryCommand', 'TransactWriteItemsCommand'],
      );
      deepStrictEqual(
        putByHandler.map((call) => call.name),
        putByBare.map((call) => call.name),
        'PUT: the handler sends Query, Query, TransactWriteItems',
      );
      deepStrictEqual(putByBare.slice(0, 2), putByHandler.slice(0, 2), 'PUT: the same two Queries');
      deepStrictEqual(
        transactionShape(putByBare[2]!.input),
        transactionShape(putByHandler[2]!.input),
        'PUT: the same transaction items',
      );

      const getSamples = await interleave(
        [
          { name: 'handler', call: getViaHandler },
          { name: 'bare', call: getBare },
        ],
        schedules.get,
      );
      const putSamples = await interleave(
        [
          { name: 'handler', call: putViaHandler },
          { name: 'bare', call: putBare },
        ],
        schedules.put,
      );
      const writes = stdout.writes();
      return {
        tables: [
          {
            title: `Orders: a ${lineCount}-line order through the orders handler against its bare DynamoDB calls (target ≤ ${target} ×)`,
            rows: [
              ...summaryRows('GET', getSamples.get('handler')!, getSamples.get('bare')!, 'Query'),
              ...summaryRows(
                'PUT',
                putSamples.get('handler')!,
                putSamples.get('bare')!,
                `Query+Query+TransactWrite(${1 + historyTemplate.length})`,
              ),
            ],
          },
        ],
        notes: [
          `DynamoDB Local in memory; one order of ${lineCount} lines with one part payment; ${rules.length} automation rules (one enabled for order.updated, not matching). GET: ${schedules.get.warmup} warm-up calls each, then ${schedules.get.rounds} alternating rounds of ${schedules.get.perRound}; PUT: ${schedules.put.warmup} warm-up calls, ${schedules.put.rounds} rounds of ${schedules.put.perRound}. One call at a time, same document client.`,
          'GET = one consistent Query of the order partition (SK begins_with A#: header and payments), compared input for input with the handler’s.',
          `PUT (replace; built-in status, no warehouse, so no stock movements) = consistent Query of the partition (the version, payments and shipped quantities the replacement must respect) + Query of the automation rules for order.updated (GSI1 AUTORULES, filtered on trigger and enabled: the rules run inside the write) + TransactWriteItems of the header Put (on the version read) and the history Puts the handler writes for the change (the PUTs alternate two tag sets). The bare side sends the same three commands with the same keys, conditions and attribute names, and the same history content; it skips only the handler’s own work (parsing and validating the 20-line body, deriving totals, evaluating rules, shaping and logging the response).`,
          `History entries per PUT, as the handler writes them: ${historyTemplate.map((entry) => `${String(entry.kind)} "${String(entry.summary)}"`).join('; ')}.`,
          'A custom status would add a GetItem (status lookup) and a ConditionCheck in the transaction; an assigned warehouse would add a GetItem (warehouse exists), a BatchGetItem of the stock records and stock, movement and warehouse-counter items in the transaction.',
          `LOG_LEVEL=info: access-log lines are built and serialized, the stdout write is a no-op while measuring (${writes} lines swallowed).`,
        ],
      };
    }),
};
