/**
 * Report aggregate cells (shared/domain/aggregates.ts) and the markers that make each stream record count
 * once. A cell lives in its dimension's month partition, one per shard: a busy day's writes spread over
 * the shards, and a report over a year reads twelve month partitions per shard, never every order.
 * Client text (channel, SKU, payment method) is encoded in the sort key, so `#` cannot split it.
 */
import type { AggregateCell, AggregateDimension } from '../../domain/aggregates';
import type { ItemKey } from './item-key';

/** Shards per dimension (docs/scale.md sizes them from the peak's key stream). */
export const aggregateShards: Readonly<Record<AggregateDimension, number>> = {
  channel: 1,
  sku: 1,
  warehouse: 1,
  payment: 1,
};

const part = (value: string) => encodeURIComponent(value);

export const aggregateKey = (cell: AggregateCell, shard: number): ItemKey => ({
  PK: `AGG#${cell.dimension}#${cell.day.slice(0, 7)}#${shard}`,
  SK: `${cell.day}#${part(cell.currency)}#${part(cell.name)}`,
});

/** One shard of a dimension's month: its cells from day `from` to day `to`, both included. */
export const aggregatesOfMonth = (
  dimension: AggregateDimension,
  month: string,
  shard: number,
  days: { from: string; to: string },
) => ({
  pk: `AGG#${dimension}#${month}#${shard}`,
  skBetween: { from: `${days.from}#`, to: `${days.to}#\uffff` },
});

/** A part of a stream record (`<recordId>#<n>`) already counted into the aggregates. */
export const aggregateRecordKey = (recordId: string): ItemKey => ({
  PK: `AGGREC#${recordId}`,
  SK: 'AGGREC',
});
