/**
 * What the orders handler and the stock ledger add to a 25-line work order, against the DynamoDB calls
 * it makes: one consistent BatchGetItem of the 25 stock records and one TransactWriteItems of 52 to 59 items
 * (25 stock records, the warehouse's counter shards, 25 movements, the work order). Target: ≤ 1.15 × bare median.
 */
import { BatchGetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { buildApiEvent } from '../../infra/local/api-event';
import { db } from '../../shared/db/client';
import {
  movementKey,
  shardedMovementIndexKeys,
  shardedStockIndexKeys,
  stockKey,
  warehouseCounterKey,
  warehouseCounterShard,
  workOrderKey,
} from '../../shared/db/keys';
import { warehouseItem } from '../../shared/warehouses/repository';
import { warehouse as warehouseBuilder } from '../../test/support/builders';
import { claimsFor } from '../../test/support/call';
import { round, summarize } from '../lib/stats';
import type { Suite } from '../lib/suite';
import { interleave } from '../lib/timing';
import { verdict } from '../lib/verdict';
import { withHandlerEnvironment } from '../support/dynamo-local';
import { lambdaContext } from '../support/lambda-context';

const target = 1.15;
const tableName = 'bench-work-order';
const lineCount = 25;
const schedule = { warmup: 6, rounds: 6, perRound: 10 };

/** Lines per warehouse counter shard: the ledger adds each SKU's counts to its shard. */
function shardLines(lines: ReadonlyArray<{ sku: string }>): Map<number, number> {
  const shards = new Map<number, number>();
  for (const { sku } of lines) {
    const shard = warehouseCounterShard(sku);
    shards.set(shard, (shards.get(shard) ?? 0) + 1);
  }
  return shards;
}

export const workOrder: Suite = {
  name: 'work-order',
  description: 'POST /v1/orders/work-orders with 25 lines against the bare BatchGet + transaction it issues',
  run: () =>
    withHandlerEnvironment(tableName, async () => {
      const warehouse = warehouseBuilder();
      await db().send(new PutCommand({ TableName: tableName, Item: warehouseItem(warehouse) }));
      const { handler } = await import('../../functions/orders/handler');
      const lines = Array.from({ length: lineCount }, (_, i) => ({
        sku: `BENCH-${i}`,
        quantity: 2,
        unitCost: 100,
      }));
      const { group, ...event } = buildApiEvent({
        method: 'POST',
        path: '/v1/orders/work-orders',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ warehouseId: warehouse.id, reason: 'receipt', lines }),
        claims: claimsFor('operator'),
      });
      if (group !== 'orders') throw new Error(`POST /v1/orders/work-orders routes to ${group}`);
      const viaHandler = async () => {
        const response = (await handler(event, lambdaContext)) as { statusCode: number; body: string };
        if (response.statusCode !== 201)
          throw new Error(`handler answered ${response.statusCode}: ${response.body}`);
      };

      // The same reads and writes, built directly: stock records written on the version read.
      let bareCalls = 0;
      const bare = async () => {
        const quantity = bareCalls++ % 2 === 0 ? 2 : -2;
        const keys = lines.map((line) => stockKey(line.sku, warehouse.id));
        const read = await db().send(
          new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }),
        );
        const versions = new Map(
          (read.Responses?.[tableName] ?? []).map((item) => [item.sku as string, item]),
        );
        const at = new Date().toISOString();
        const workOrderId = ulid();
        const items = [
          ...lines.map((line) => {
            const previous = versions.get(line.sku);
            const onHand = ((previous?.onHand as number) ?? 0) + quantity;
            return {
              Put: {
                TableName: tableName,
                Item: {
                  ...stockKey(line.sku, warehouse.id),
                  ...shardedStockIndexKeys({ sku: line.sku, warehouseId: warehouse.id }),
                  sku: line.sku,
                  warehouseId: warehouse.id,
                  onHand,
                  allocated: 0,
                  available: onHand,
                  averageUnitCost: 100,
                  layers: [
                    ...((previous?.layers as unknown[]) ?? []),
                    { receivedAt: at, quantity: line.quantity, unitCost: 100 },
                  ],
                  version: ((previous?.version as number) ?? 0) + 1,
                  updatedAt: at,
                },
                ConditionExpression: previous ? 'version = :read' : 'attribute_not_exists(PK)',
                ExpressionAttributeValues: previous ? { ':read': previous.version } : undefined,
              },
            };
          }),
          ...[...shardLines(lines)].map(([shard, count]) => ({
            Update: {
              TableName: tableName,
              Key: warehouseCounterKey(warehouse.id, shard),
              UpdateExpression: 'ADD unitsOnHand :units, skusHeld :skus',
              ConditionExpression:
                'attribute_not_exists(deleted) AND (attribute_not_exists(inactive) AND attribute_not_exists(refusesWorkOrders))',
              ExpressionAttributeValues: { ':units': count * quantity, ':skus': 0 },
            },
          })),
          ...lines.map((line) => {
            const movement = { id: ulid(), sku: line.sku, warehouseId: warehouse.id, at };
            return {
              Put: {
                TableName: tableName,
                Item: {
                  ...movementKey(movement),
                  ...shardedMovementIndexKeys(movement),
                  entity: 'stock-movement',
                  ...movement,
                  type: 'receipt',
                  quantity: 2,
                },
              },
            };
          }),
          {
            Put: {
              TableName: tableName,
              Item: { ...workOrderKey(workOrderId), entity: 'work-order', id: workOrderId, lines },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ];
        await db().send(new TransactWriteCommand({ TransactItems: items }));
      };

      await viaHandler();
      const samples = await interleave(
        [
          { name: 'handler', call: viaHandler },
          { name: 'bare', call: bare },
        ],
        schedule,
      );
      const handlerSummary = summarize(samples.get('handler')!);
      const bareSummary = summarize(samples.get('bare')!);
      const ratio = handlerSummary.medianMs / bareSummary.medianMs;
      return {
        tables: [
          {
            title: `Work order: ${lineCount}-line POST /v1/orders/work-orders against its bare BatchGet + transaction (target ≤ ${target} ×)`,
            rows: [
              {
                call: 'handler(event, context)',
                n: handlerSummary.n,
                'median ms': round(handlerSummary.medianMs, 3),
                'p95 ms': round(handlerSummary.p95Ms, 3),
                '× bare (median)': round(ratio, 3),
                verdict: verdict(ratio, target),
              },
              {
                call: 'BatchGet + TransactWrite (52 items)',
                n: bareSummary.n,
                'median ms': round(bareSummary.medianMs, 3),
                'p95 ms': round(bareSummary.p95Ms, 3),
                '× bare (median)': 1,
                verdict: null,
              },
            ],
          },
        ],
        notes: [
          `DynamoDB Local in memory; ${schedule.warmup} warm-up calls each, then ${schedule.rounds} alternating rounds of ${schedule.perRound}; calls alternate adding and removing 2 units of each of ${lineCount} SKUs (adjustments), so records keep their size.`,
        ],
      };
    }),
};
