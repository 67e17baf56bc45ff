/**
 * Recomputes every report aggregate cell from the orders and payments themselves: after a change of the
 * reporting time zone, or on a table written before the aggregates consumer existed. An offline tool,
 * not a request path: it scans the table (orders and payments, then the old cells), so it takes a client
 * of its own. Run it while nothing writes orders (locally: with `npm start` stopped); a change committed
 * during the rebuild may be counted twice or not at all.
 *
 * The result equals what the stream builds: each order and payment counts its current image's figures
 * (the fold of an insert), summed per cell, and nothing else is left in the cells.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { WriteRequest } from '../db/batch-write';
import { batchWrite } from '../db/batch-write';
import { aggregateKey } from '../db/keys';
import type { AggregateDelta } from '../domain/aggregates';
import { aggregateDeltas, aggregateSource, mergeDeltas, UnreadableImage } from '../domain/aggregates';

export interface RebuildProgress {
  /** Items read (orders and payments) so far. */
  read(count: number): void;
  /** Cells written so far. */
  written(count: number): void;
}

export interface RebuildResult {
  orders: number;
  payments: number;
  /** Items skipped with the reason (a payment whose order is gone, an unreadable image). */
  skipped: Array<{ key: string; reason: string }>;
  cellsRemoved: number;
  cellsWritten: number;
}

async function* scan(
  client: DynamoDBDocumentClient,
  table: string,
  filter: { expression: string; values: Record<string, unknown> },
) {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: table,
        FilterExpression: filter.expression,
        ExpressionAttributeValues: filter.values,
        ExclusiveStartKey: start,
      }),
    );
    yield page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start);
}

export async function rebuildAggregates(options: {
  client: DynamoDBDocumentClient;
  table: string;
  timeZone: string;
  progress?: RebuildProgress;
}): Promise<RebuildResult> {
  const { client, table, timeZone, progress } = options;
  const result: RebuildResult = { orders: 0, payments: 0, skipped: [], cellsRemoved: 0, cellsWritten: 0 };
  const currencyOf = new Map<string, string>();
  const payments: Array<Record<string, unknown>> = [];
  const deltas: AggregateDelta[] = [];
  const count = (item: Record<string, unknown>) => {
    try {
      deltas.push(...aggregateDeltas({ new: item }, timeZone));
    } catch (error) {
      if (!(error instanceof UnreadableImage)) throw error;
      result.skipped.push({ key: `${String(item.PK)} ${String(item.SK)}`, reason: error.message });
    }
  };

  for await (const items of scan(client, table, {
    expression: 'begins_with(PK, :order)',
    values: { ':order': 'ORDER#' },
  })) {
    for (const item of items) {
      const source = aggregateSource(item);
      if (source === 'order') {
        result.orders += 1;
        currencyOf.set(String(item.id), String(item.currency));
        count(item);
      } else if (source === 'payment') {
        payments.push(item);
      }
    }
    progress?.read(items.length);
  }
  // Payments written before they carried their order's currency take it from their order.
  for (const payment of payments) {
    result.payments += 1;
    const currency = payment.currency ?? currencyOf.get(String(payment.orderId));
    if (currency === undefined) {
      result.skipped.push({
        key: `${String(payment.PK)} ${String(payment.SK)}`,
        reason: 'a payment whose order is gone',
      });
      continue;
    }
    count({ ...payment, currency });
  }

  const removals: WriteRequest[] = [];
  for await (const items of scan(client, table, {
    expression: 'begins_with(PK, :cell)',
    values: { ':cell': 'AGG#' },
  })) {
    removals.push(...items.map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })));
  }
  await batchWrite(removals, client, table);
  result.cellsRemoved = removals.length;

  const cells = mergeDeltas(deltas);
  const puts = cells.map(({ cell, figures }) => ({
    PutRequest: {
      Item: {
        ...aggregateKey(cell),
        day: cell.day,
        dimension: cell.dimension,
        name: cell.name,
        currency: cell.currency,
        ...(cell.warehouseId === undefined ? {} : { warehouseId: cell.warehouseId }),
        ...figures,
      },
    },
  }));
  for (let startAt = 0; startAt < puts.length; startAt += 500) {
    const slice = puts.slice(startAt, startAt + 500);
    await batchWrite(slice, client, table);
    progress?.written(slice.length);
  }
  result.cellsWritten = puts.length;
  return result;
}
