/**
 * Report aggregate cells (shared/domain/aggregates.ts) and the markers that make each stream record count
 * once. A report cell lives in one shard of its dimension's month partition (by its name): a busy day's
 * cells spread over the shards, and a report over a year reads thirteen months of every shard, never every
 * order. A `sold` cell lives in its SKU's own partition (`AGG#sold#<sku>`, not sharded: one SKU's days in
 * any warehouse are one Query), keyed by day, warehouse and currency.
 * Client text (channel, SKU, warehouse, payment method) is encoded in the keys, so `#` cannot split it.
 *
 * Cells belong to a generation (shared/aggregates/generations.ts): the readers read the one the pointer
 * (`AGGGEN`) names live, and a rebuild writes the next one beside it. Generation 0, the first, keeps the
 * unprefixed keys (`AGG#<dimension>#…`), so cells counted before generations existed stay live; a later
 * one prefixes them with `G<n>#` (`AGG#G<n>#<dimension>#…`), which no dimension name starts with.
 */
import type { AggregateCell, AggregateDimension, ReportDimension } from '../../domain/aggregates';
import type { Day } from '../../domain/reporting-days';
import type { ItemKey } from './item-key';

/**
 * Shards per dimension (docs/scale.md sizes them from the peak's key stream: `npm run bench -- keys`).
 * `sold` is 1: its partition is the SKU's own, never hash-sharded.
 */
export const aggregateShards: Readonly<Record<AggregateDimension, number>> = {
  channel: 4,
  sku: 16,
  warehouse: 2,
  payment: 2,
  sold: 1,
};

/**
 * The shard a cell lives in: fixed by its name and currency (FNV-1a), so each cell is one item (a report
 * reads every shard of a month but never the same cell twice) and a month's cells spread over the shards.
 */
export function cellShard(cell: Pick<AggregateCell, 'dimension' | 'name' | 'currency'>): number {
  const shards = aggregateShards[cell.dimension];
  if (shards === 1) return 0;
  let hash = 0x811c9dc5;
  for (const char of `${cell.currency}|${cell.name}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}

const part = (value: string) => encodeURIComponent(value);

/** A generation of aggregate cells: 0 (the first, unprefixed keys), 1, 2, … */
export type AggregateGeneration = number;

/** Where a generation's cells start: `AGG#` for generation 0, `AGG#G<n>#` after. */
const cellsOf = (generation: AggregateGeneration) => (generation === 0 ? 'AGG#' : `AGG#G${generation}#`);

/** Every aggregate cell's partition key starts so, whatever its generation (and nothing else's does). */
export const aggregateCellsPrefix = 'AGG#';

/** The generation a cell's partition key belongs to (`AGG#G<n>#…`: n; unprefixed: 0). */
export function generationOfCellKey(pk: string): AggregateGeneration {
  const match = /^AGG#G(\d+)#/.exec(pk);
  return match ? Number(match[1]) : 0;
}

/** The key of any aggregate cell: the one builder the consumer, the rebuild and the benches use. */
export function aggregateKey(cell: AggregateCell, generation: AggregateGeneration = 0): ItemKey {
  const prefix = cellsOf(generation);
  switch (cell.dimension) {
    case 'sold':
      return {
        PK: `${prefix}sold#${part(cell.name)}`,
        SK: `${cell.day}#${part(cell.warehouseId ?? '-')}#${part(cell.currency)}`,
      };
    default:
      return {
        PK: `${prefix}${cell.dimension}#${cell.day.slice(0, 7)}#${cellShard(cell)}`,
        SK: `${cell.day}#${part(cell.currency)}#${part(cell.name)}`,
      };
  }
}

/** One shard of a report dimension's month: its cells from day `from` to day `to`, both included. */
export const aggregatesOfMonth = (
  dimension: ReportDimension,
  month: string,
  shard: number,
  days: { from: string; to: string },
  generation: AggregateGeneration = 0,
) => ({
  pk: `${cellsOf(generation)}${dimension}#${month}#${shard}`,
  skBetween: { from: `${days.from}#`, to: `${days.to}#\uffff` },
});

/** A SKU's `sold` cells from day `from` to day `to`, both included: every warehouse and currency. */
export const unitsSoldOfSku = (
  sku: string,
  days: { from: Day; to: Day },
  generation: AggregateGeneration = 0,
) => ({
  pk: `${cellsOf(generation)}sold#${part(sku)}`,
  skBetween: { from: `${days.from}#`, to: `${days.to}#\uffff` },
});

/**
 * The generation pointer: which generation the readers read (`live`) and which one a rebuild is writing
 * (`building`, absent when none). Absent itself: generation 0 is live and nothing is being built.
 */
export const aggregateGenerationKey = (): ItemKey => ({ PK: 'AGGGEN', SK: 'AGGGEN' });

/** A part of a stream record (`<recordId>#<n>`) already counted into the aggregates. */
export const aggregateRecordKey = (recordId: string): ItemKey => ({
  PK: `AGGREC#${recordId}`,
  SK: 'AGGREC',
});
