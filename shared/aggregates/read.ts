/**
 * Reads report aggregate cells over a range of days: per month of the range, every shard of the
 * dimension, summed back into one cell per day, currency and name. O(days), never O(orders).
 */
import { aggregateShards, aggregatesOfMonth } from '../db/keys';
import { monthsOf } from '../db/month-pages';
import { queryAll } from '../db/query';
import type { AggregateDelta, AggregateDimension } from '../domain/aggregates';
import { mergeDeltas } from '../domain/aggregates';
import type { Day } from '../domain/reporting-days';

const cellAttributes = new Set(['PK', 'SK', 'day', 'dimension', 'name', 'currency']);

export async function readAggregates(
  dimension: AggregateDimension,
  days: { from: Day; to: Day },
): Promise<AggregateDelta[]> {
  const shards = Array.from({ length: aggregateShards[dimension] }, (_, shard) => shard);
  const pages = await Promise.all(
    monthsOf(days.from, days.to).flatMap((month) =>
      shards.map((shard) =>
        queryAll({ ...aggregatesOfMonth(dimension, month, shard, days), consistent: true }),
      ),
    ),
  );
  const cells = pages.flat().map((item) => ({
    cell: {
      day: String(item.day),
      dimension,
      name: String(item.name),
      currency: String(item.currency),
    },
    figures: Object.fromEntries(
      Object.entries(item).filter(([name, value]) => !cellAttributes.has(name) && typeof value === 'number'),
    ) as Record<string, number>,
  }));
  return mergeDeltas(cells);
}
