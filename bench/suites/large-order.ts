/**
 * What the orders handler adds to replacing a 100-SKU order that holds stock in its warehouse, against
 * the DynamoDB calls it makes, sent bare with the same client. Each PUT moves the allocation of 45 SKUs
 * (their quantities alternate 1 and 2), so the write is: GetItem of the warehouse (it must exist), the
 * consistent Query of the order's partition, the Query of the rules, a consistent BatchGetItem of the 45
 * stock records and one TransactWriteItems of the 45 records (on the versions read), the header (on
 * its version) and the history entries. Target: ≤ 1.10 × bare median.
 *
 * A second measure, with no bare side: a PUT that moves all 100 allocations needs more than one
 * transaction, so the ledger stages and confirms it (shared/stock/staged.ts); its latency is reported.
 */
import { deepStrictEqual } from 'node:assert/strict';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { buildApiEvent } from '../../infra/local/api-event';
import { db } from '../../shared/db/client';
import { stockKey } from '../../shared/db/keys';
import { claimsFor } from '../../test/support/call';
import { round, summarize } from '../lib/stats';
import type { Suite } from '../lib/suite';
import { interleave } from '../lib/timing';
import { deepFreeze } from '../support/deep-freeze';
import { withHandlerEnvironment } from '../support/dynamo-local';
import { lambdaContext } from '../support/lambda-context';
import { captureCommands, orderBody, summaryRows } from './orders';

const target = 1.1;
const tableName = 'bench-large-order';
const orderId = 'WS-BENCH-100';
const skuCount = 100;
const moving = 45;
const schedule = { warmup: 30, rounds: 10, perRound: 10 };
const stagedSchedule = { warmup: 4, rounds: 1, perRound: 20 };

type Handler = (event: unknown, context: typeof lambdaContext) => Promise<unknown>;
type Item = Record<string, unknown>;

const sku = (i: number) => `BIG-${String(i).padStart(3, '0')}`;

function largeOrderBody(warehouseId: string, quantity: (i: number) => number) {
  const base = orderBody([]);
  return {
    ...base,
    warehouseId,
    lines: Array.from({ length: skuCount }, (_, i) => ({
      itemId: `L${i + 1}`,
      sku: sku(i),
      title: `Benchmark product ${i + 1}`,
      quantity: quantity(i),
      unitPrice: 1000 + i,
      tax: 80,
    })),
  };
}

export const largeOrder: Suite = {
  name: 'large-order',
  description:
    'PUT of a 100-SKU order holding stock through the orders handler against its bare DynamoDB calls',
  run: () =>
    withHandlerEnvironment(tableName, async (stdout) => {
      const { handler } = (await import('../../functions/orders/handler')) as { handler: Handler };
      const send = async (method: string, path: string, body: unknown, expected: number) => {
        const { group: _group, ...apiEvent } = buildApiEvent({
          method,
          path,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          claims: claimsFor('manager'),
        });
        const response = (await handler(deepFreeze(apiEvent), lambdaContext)) as {
          statusCode: number;
          body: string;
        };
        if (response.statusCode !== expected)
          throw new Error(`handler answered ${response.statusCode}: ${response.body}`);
        return JSON.parse(response.body) as Item;
      };
      const { handler: inventory } = (await import('../../functions/inventory/handler')) as {
        handler: Handler;
      };
      const { group: _g, ...warehouseEvent } = buildApiEvent({
        method: 'POST',
        path: '/v1/inventory/warehouses',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          code: 'BENCH',
          name: 'Bench warehouse',
          acceptsWorkOrders: true,
        }),
        claims: claimsFor('manager'),
      });
      const warehouse = JSON.parse(
        ((await inventory(warehouseEvent, lambdaContext)) as { body: string }).body,
      ) as { id: string };
      await send(
        'POST',
        '/v1/orders/work-orders',
        {
          warehouseId: warehouse.id,
          reason: 'receipt',
          lines: Array.from({ length: skuCount }, (_, i) => ({ sku: sku(i), quantity: 1000, unitCost: 100 })),
        },
        201,
      );
      await send(
        'PUT',
        `/v1/orders/${orderId}`,
        largeOrderBody(warehouse.id, () => 1),
        201,
      );

      let handlerPuts = 0;
      const bodies = [
        largeOrderBody(warehouse.id, (i) => (i < moving ? 2 : 1)),
        largeOrderBody(warehouse.id, () => 1),
      ];
      const putViaHandler = () => send('PUT', `/v1/orders/${orderId}`, bodies[handlerPuts++ % 2]!, 200);

      // The bare side replays the commands the handler was recorded sending, with the versions it reads.
      const recorder = captureCommands(db());
      await putViaHandler();
      recorder.stop();
      const names = recorder.calls.map((call) => call.name);
      deepStrictEqual(names, [
        'GetItemCommand',
        'QueryCommand',
        'QueryCommand',
        'BatchGetItemCommand',
        'TransactWriteItemsCommand',
      ]);
      const [warehouseGet, partitionQuery, rulesQuery] = recorder.calls;
      const recordedWrites = recorder.calls[4]!.input.TransactItems as Array<{ Put: { Item: Item } }>;
      const historyTemplate = recordedWrites
        .map((write) => write.Put.Item)
        .filter((item) => String(item.SK).startsWith('H#'));
      let barePuts = 1;
      const putBare = async () => {
        const allocate = barePuts++ % 2 === 0;
        await db().send(new GetCommand(warehouseGet!.input as never));
        const read = await db().send(new QueryCommand(partitionQuery!.input as never));
        await db().send(new QueryCommand(rulesQuery!.input as never));
        const keys = Array.from({ length: moving }, (_, i) => stockKey(sku(i), warehouse.id));
        const stock = await db().send(
          new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }),
        );
        const header = read.Items!.find((item) => item.SK === 'A#ORDER')!;
        const at = new Date().toISOString();
        const records = stock.Responses![tableName]!.map((record) => ({
          Put: {
            TableName: tableName,
            Item: {
              ...record,
              allocated: Number(record.allocated) + (allocate ? 1 : -1),
              available: Number(record.available) - (allocate ? 1 : -1),
              version: Number(record.version) + 1,
              updatedAt: at,
            },
            ConditionExpression: 'version = :read',
            ExpressionAttributeValues: { ':read': record.version },
          },
        }));
        await db().send(
          new TransactWriteCommand({
            TransactItems: [
              ...records,
              {
                Put: {
                  TableName: tableName,
                  Item: { ...header, version: Number(header.version) + 1, updatedAt: at },
                  ConditionExpression: 'version = :read',
                  ExpressionAttributeValues: { ':read': header.version },
                },
              },
              ...historyTemplate.map((entry, index) => ({
                Put: { TableName: tableName, Item: { ...entry, SK: `H#${at}#${index}`, at } },
              })),
            ],
          }),
        );
      };
      const samples = await interleave(
        [
          { name: 'handler', call: putViaHandler },
          { name: 'bare', call: putBare },
        ],
        schedule,
      );

      // Every allocation moves: staged and confirmed (no bare side: DynamoDB has no one call for it).
      let stagedPuts = 0;
      const stagedBodies = [largeOrderBody(warehouse.id, () => 3), largeOrderBody(warehouse.id, () => 1)];
      const staged = await interleave(
        [
          {
            name: 'staged',
            call: () => send('PUT', `/v1/orders/${orderId}`, stagedBodies[stagedPuts++ % 2]!, 200),
          },
        ],
        stagedSchedule,
      );
      const stagedSummary = summarize(staged.get('staged')!);
      const writes = stdout.writes();
      return {
        tables: [
          {
            title: `Large order: PUT of a ${skuCount}-SKU order moving ${moving} allocations against its bare calls (target ≤ ${target} ×)`,
            rows: [
              ...summaryRows(
                'PUT',
                samples.get('handler')!,
                samples.get('bare')!,
                `GetItem+Query+Query+BatchGet(${moving})+TransactWrite(${recordedWrites.length})`,
                target,
              ),
              {
                call: `PUT moving all ${skuCount} allocations (staged, handler only)`,
                n: stagedSummary.n,
                'median ms': round(stagedSummary.medianMs, 3),
                'p95 ms': round(stagedSummary.p95Ms, 3),
                'overhead median ms': null,
                '× bare (median)': null,
                verdict: null,
              },
            ],
          },
        ],
        notes: [
          `DynamoDB Local in memory; one order of ${skuCount} lines in one warehouse holding 1000 units of each SKU; PUTs alternate the quantity of ${moving} lines between 1 and 2, so each moves ${moving} allocations in one transaction of ${recordedWrites.length} items. ${schedule.warmup} warm-up calls each, then ${schedule.rounds} alternating rounds of ${schedule.perRound}.`,
          'The bare side sends the commands the handler was recorded sending (the same GetItem and Queries, a BatchGetItem of the same stock records, and a transaction of the same records, header and history), skipping only the handler’s own work: parsing and validating the 100-line body, deciding the change, shaping and logging the response.',
          `The staged row: every PUT moves all ${skuCount} allocations (quantities alternate 1 and 3), more than one transaction holds; the ledger writes an intent, two chunks of stock records, the confirm with the order, then settles (markers dropped). ${stagedSchedule.perRound} calls after ${stagedSchedule.warmup} warm-up.`,
          `LOG_LEVEL=info; ${writes} log lines swallowed while measuring.`,
        ],
      };
    }),
};
