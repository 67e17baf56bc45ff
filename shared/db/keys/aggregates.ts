/**
 * Report aggregate cells (shared/domain/aggregates.ts) and the markers that make each stream record count
 * once. A report cell lives in one shard of its dimension's month partition (by its name): a busy day's
 * cells spread over the shards, and a report over a year reads thirteen months of every shard, never every
 * order. A `sold` cell lives in its SKU's own partition (`AGG#sold#<sku>`, not sharded: one SKU's days in
 * any warehouse are one Query), keyed by day, warehouse and currency.
 * Client text (channel, SKU, warehouse, payment method) is encoded in the keys, so `#` cannot split it.
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

/** The key of any aggregate cell: the one builder the consumer, the rebuild and the benches use. */
export function aggregateKey(cell: AggregateCell): ItemKey {
  switch (cell.dimension) {
    case 'sold':
      return {
        PK: `AGG#sold#${part(cell.name)}`,
        SK: `${cell.day}#${part(cell.warehouseId ?? '-')}#${part(cell.currency)}`,
      };
    default:
      return {
        PK: `AGG#${cell.dimension}#${cell.day.slice(0, 7)}#${cellShard(cell)}`,
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
) => ({
  pk: `AGG#${dimension}#${month}#${shard}`,
  skBetween: { from: `${days.from}#`, to: `${days.to}#\uffff` },
});

/** A SKU's `sold` cells from day `from` to day `to`, both included: every warehouse and currency. */
export const unitsSoldOfSku = (sku: string, days: { from: Day; to: Day }) => ({
  pk: `AGG#sold#${part(sku)}`,
  skBetween: { from: `${days.from}#`, to: `${days.to}#\uffff` },
});

/** A part of a stream record (`<recordId>#<n>`) already counted into the aggregates. */
export const aggregateRecordKey = (recordId: string): ItemKey => ({
  PK: `AGGREC#${recordId}`,
  SK: 'AGGREC',
});
