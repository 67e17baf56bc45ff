/**
 * Recomputes every report aggregate cell from the orders and payments themselves: after a change of the
 * reporting time zone, or on a table written before the aggregates consumer existed. An offline tool,
 * not a request path: it scans the table, so it takes a client of its own.
 *
 * It never touches the live figures: it writes a new generation of cells beside the live one
 * (generations.ts) and switches the readers to it in one conditional write once every cell is written.
 * A rebuild that fails or is killed before that leaves the live generation as it was; its half-written
 * generation is never read, and the next rebuild clears it. After the switch the old generation's cells
 * are cleared (best effort: left over, they are never read either).
 *
 * The stream consumer counts into the live generation meanwhile. A change committed while the rebuild
 * scans may or may not be in its recount, so the rebuild switches only when none was: the caller says
 * how many order and payment changes were committed since it began (`changesSinceStart`, locally read
 * from the stream), and any is a refusal (RebuildRefused) with the live figures unchanged.
 *
 * The result equals what the stream builds: each order and payment counts its current image's figures
 * (the fold of an insert), summed per cell, and nothing else is in the new generation.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from '../db/batch-write';
import { aggregateKey } from '../db/keys';
import { nextBuild } from '../domain/aggregate-generations';
import type { AggregateDelta } from '../domain/aggregates';
import { aggregateDeltas, aggregateSource, mergeDeltas, UnreadableImage } from '../domain/aggregates';
import type { RebuildStore } from './generations';
import { claimBuild, clearGenerationsExcept, readGenerations, switchTo } from './generations';

/** What a display is told; it can never fail the rebuild (a throwing one is switched off and noted). */
export interface RebuildProgress {
  /** Items read (orders and payments) so far. */
  read?(count: number): void;
  /** How many cells the new generation gets, known once everything is read. */
  writing?(total: number): void;
  /** Cells written so far. */
  written?(count: number): void;
}

export interface RebuildResult {
  orders: number;
  payments: number;
  /** Items skipped with the reason (a payment whose order is gone, an unreadable image). */
  skipped: Array<{ key: string; reason: string }>;
  /** The generation now live, and the one it replaced. */
  generation: number;
  replaced: number;
  cellsWritten: number;
  /** Cells cleared per generation: before the build, any left by earlier rebuilds; after the switch, the replaced one's. */
  cellsRemoved: Map<number, number>;
  /** A half-written generation an earlier rebuild left (its cells are among those removed). */
  abandoned?: number;
  /** What went wrong without touching the figures: the display, clearing the old cells. */
  notes: string[];
}

/** Order and payment changes were committed while the rebuild ran: it did not switch. */
export class RebuildRefused extends Error {
  override readonly name = 'RebuildRefused';
}

function addCounts(total: Map<number, number>, more: Map<number, number>) {
  for (const [generation, count] of more) total.set(generation, (total.get(generation) ?? 0) + count);
}

/** Cells written per step of the progress display. */
const cellsPerStep = 500;

/** The display's calls, each unable to throw: the first failure switches it off and is noted. */
function guarded(progress: RebuildProgress | undefined, notes: string[]): Required<RebuildProgress> {
  let broken = progress === undefined;
  const call = (report: () => void) => {
    if (broken) return;
    try {
      report();
    } catch (error) {
      broken = true;
      notes.push(`the progress display failed and was switched off: ${(error as Error).message}`);
    }
  };
  return {
    read: (count) => call(() => progress?.read?.(count)),
    writing: (total) => call(() => progress?.writing?.(total)),
    written: (count) => call(() => progress?.written?.(count)),
  };
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
  /** Order and payment changes committed since the rebuild began; any, and it does not switch. */
  changesSinceStart?: () => Promise<number>;
}): Promise<RebuildResult> {
  const { client, table, timeZone } = options;
  const store: RebuildStore = { client, table };
  const notes: string[] = [];
  const progress = guarded(options.progress, notes);

  // Claimed before the abandoned generation is cleared: a rebuild still writing it can then never switch.
  const state = await readGenerations(store);
  const { generation, abandoned } = nextBuild(state);
  await claimBuild(store, state, generation);
  const result: RebuildResult = {
    orders: 0,
    payments: 0,
    skipped: [],
    generation,
    replaced: state.live,
    cellsWritten: 0,
    cellsRemoved: new Map(),
    notes,
  };
  if (abandoned !== undefined) result.abandoned = abandoned;
  // Whatever earlier rebuilds left: a half-written generation, an old one whose clearing failed.
  addCounts(result.cellsRemoved, await clearGenerationsExcept(store, [state.live, generation]));
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
    progress.read(items.length);
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

  const cells = mergeDeltas(deltas);
  const puts = cells.map(({ cell, figures }) => ({
    PutRequest: {
      Item: {
        ...aggregateKey(cell, generation),
        day: cell.day,
        dimension: cell.dimension,
        name: cell.name,
        currency: cell.currency,
        ...(cell.warehouseId === undefined ? {} : { warehouseId: cell.warehouseId }),
        ...figures,
      },
    },
  }));
  progress.writing(puts.length);
  for (let startAt = 0; startAt < puts.length; startAt += cellsPerStep) {
    const slice = puts.slice(startAt, startAt + cellsPerStep);
    await batchWrite(slice, client, table);
    progress.written(slice.length);
  }
  result.cellsWritten = puts.length;

  const changes = (await options.changesSinceStart?.()) ?? 0;
  if (changes > 0)
    throw new RebuildRefused(
      `${changes.toLocaleString('en-US')} order and payment changes were committed while it ran, so its recount may miss or repeat them; it did not switch`,
    );
  await switchTo(store, generation, state.live);
  try {
    addCounts(result.cellsRemoved, await clearGenerationsExcept(store, [generation]));
  } catch (error) {
    notes.push(
      `the replaced generation's cells were not all cleared (${(error as Error).message}); they are never read, and the next rebuild clears them`,
    );
  }
  return result;
}
