/**
 * Counts stream records into the report aggregates exactly once, however often the stream delivers
 * them (a retried batch, a batch split in two, a replay): each record's cell deltas commit in one
 * transaction with a marker of the record (`AGGREC#<id>`, put only if absent, kept two days: beyond the
 * stream's 24 hours). A transaction refused on markers drops the records already counted and commits
 * the rest. Records are packed several to a transaction, their deltas summed per cell, so a busy cell
 * takes one write per transaction, not one per record. A record with more cells than one transaction
 * holds (an order of a hundred SKUs) is counted in parts, each part with its own marker (`<id>#<n>`).
 *
 * The cells are the live generation's (generations.ts: read once per call). The markers are not per
 * generation: a rebuild switches only when no order or payment changed since it began (rebuild.ts), so a
 * record counted before a switch is already in the new generation's recount, and a redelivery of it must
 * count nowhere.
 *
 * Why markers rather than a sequence-number fence per cell: Lambda's stream records carry no shard id,
 * and sequence numbers are ordered only within a shard.
 */
import { tableName } from '../db/client';
import { TransactionCancelled } from '../db/errors';
import { aggregateKey, aggregateRecordKey } from '../db/keys';
import { withRetry } from '../db/retry';
import type { NamedItem } from '../db/transactions';
import { maxTransactionItems, transactWrite } from '../db/transactions';
import type { AggregateGeneration } from '../db/keys';
import type { AggregateDelta } from '../domain/aggregates';
import { aggregateDeltas, cellKey, mergeDeltas } from '../domain/aggregates';
import { liveGeneration } from './generations';

export interface AggregateRecord {
  /** The stream record's id (eventID): the same on every delivery of the record. */
  id: string;
  old?: Record<string, unknown>;
  new?: Record<string, unknown>;
}

export interface AppliedRecords {
  /** Records (or parts) counted by this call. */
  counted: number;
  /** Records (or parts) an earlier delivery had counted. */
  alreadyCounted: number;
}

/** How long a marker is kept: the stream keeps records 24 hours. */
const markerSeconds = 2 * 86_400;
/** Cells per part of one record, leaving room for its marker. */
const cellsPerPart = maxTransactionItems - 2;

interface Part {
  /** The marker's id: `<record>#<n>`, n from 0 (most records are one part). */
  id: string;
  deltas: AggregateDelta[];
}

function partsOf(record: AggregateRecord, timeZone: string): Part[] {
  const deltas = aggregateDeltas(record, timeZone);
  if (deltas.length === 0) return [];
  // Always numbered, even a record of one part: whatever the fold makes of it later, its parts keep ids.
  const parts: Part[] = [];
  for (let start = 0; start < deltas.length; start += cellsPerPart) {
    parts.push({
      id: `${record.id}#${start / cellsPerPart}`,
      deltas: deltas.slice(start, start + cellsPerPart),
    });
  }
  return parts;
}

/** Parts packed into transactions: each with its marker, the cells merged, at most one transaction's items. */
function pack(parts: readonly Part[]): Part[][] {
  const groups: Part[][] = [];
  let group: Part[] = [];
  let cells = new Set<string>();
  for (const part of parts) {
    const next = new Set([...cells, ...part.deltas.map((delta) => cellKey(delta.cell))]);
    if (group.length > 0 && group.length + 1 + next.size > maxTransactionItems - 1) {
      groups.push(group);
      group = [];
      cells = new Set(part.deltas.map((delta) => cellKey(delta.cell)));
    } else {
      cells = next;
    }
    group.push(part);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

const markerName = (id: string) => `record:${id}`;

function markerPut(id: string, now: number): NamedItem {
  return [
    markerName(id),
    {
      Put: {
        TableName: tableName(),
        Item: { ...aggregateRecordKey(id), expiresAt: Math.floor(now / 1000) + markerSeconds },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

function cellUpdate(delta: AggregateDelta, index: number, generation: AggregateGeneration): NamedItem {
  const { cell, figures } = delta;
  const names: Record<string, string> = {
    '#day': 'day',
    '#dimension': 'dimension',
    '#name': 'name',
    '#currency': 'currency',
  };
  const values: Record<string, unknown> = {
    ':day': cell.day,
    ':dimension': cell.dimension,
    ':name': cell.name,
    ':currency': cell.currency,
  };
  const sets = ['#day = :day', '#dimension = :dimension', '#name = :name', '#currency = :currency'];
  // A `sold` cell names its warehouse (part of its key, kept as an attribute like its name).
  if (cell.warehouseId !== undefined) {
    names['#warehouseId'] = 'warehouseId';
    values[':warehouseId'] = cell.warehouseId;
    sets.push('#warehouseId = :warehouseId');
  }
  const adds = Object.entries(figures).map(([figure, value], position) => {
    names[`#f${position}`] = figure;
    values[`:f${position}`] = value;
    return `#f${position} :f${position}`;
  });
  return [
    `cell:${index}`,
    {
      Update: {
        TableName: tableName(),
        Key: aggregateKey(cell, generation),
        UpdateExpression: `SET ${sets.join(', ')} ADD ${adds.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  ];
}

/** One transaction: the parts' markers and their summed cells; parts counted before are dropped and the rest retried. */
async function commitGroup(
  group: Part[],
  result: AppliedRecords,
  generation: AggregateGeneration,
): Promise<void> {
  let pending = group;
  while (pending.length > 0) {
    const now = Date.now();
    const cells = mergeDeltas(pending.flatMap((part) => part.deltas));
    try {
      await withRetry({ what: 'The report aggregates' }, () =>
        transactWrite([
          ...pending.map((part) => markerPut(part.id, now)),
          ...cells.map((cell, index) => cellUpdate(cell, index, generation)),
        ]),
      );
      result.counted += pending.length;
      return;
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      const counted = new Set(
        pending.filter((part) => error.refused(markerName(part.id))).map((part) => part.id),
      );
      if (counted.size === 0) throw error;
      result.alreadyCounted += counted.size;
      pending = pending.filter((part) => !counted.has(part.id));
    }
  }
}

/**
 * The transactions a batch of records becomes (each part's marker id and the summed cells), without
 * writing them: what the key-distribution bench feeds its batches through.
 */
export function plannedTransactions(records: readonly AggregateRecord[], timeZone: string) {
  return pack(records.flatMap((record) => partsOf(record, timeZone))).map((group) => ({
    markers: group.map((part) => part.id),
    cells: mergeDeltas(group.flatMap((part) => part.deltas)),
  }));
}

/** Counts the records into the aggregates, each exactly once across every delivery. */
export async function applyAggregateRecords(
  records: readonly AggregateRecord[],
  timeZone: string,
): Promise<AppliedRecords> {
  const result: AppliedRecords = { counted: 0, alreadyCounted: 0 };
  const groups = pack(records.flatMap((record) => partsOf(record, timeZone)));
  if (groups.length === 0) return result;
  const generation = await liveGeneration();
  for (const group of groups) {
    await commitGroup(group, result, generation);
  }
  return result;
}
