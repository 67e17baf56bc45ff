/**
 * Reads report aggregate cells over a range of days: per month of the range, every shard of the
 * dimension, summed back into one cell per day, currency and name. O(days), never O(orders). The report
 * dimensions only: `sold` cells live in per-SKU partitions (read them with units-sold.ts). The cells of
 * the live generation (generations.ts): a rebuild's half-written one is never read.
 */
import { aggregateShards, aggregatesOfMonth } from '../db/keys';
import { monthsOf } from '../db/month-pages';
import { queryAll } from '../db/query';
import type { AggregateDelta, ReportDimension } from '../domain/aggregates';
import { mergeDeltas, reportDimensions } from '../domain/aggregates';
import type { Day } from '../domain/reporting-days';
import { liveGeneration } from './generations';

const cellAttributes = new Set(['PK', 'SK', 'day', 'dimension', 'name', 'currency', 'warehouseId']);

export async function readAggregates(
  dimension: ReportDimension,
  days: { from: Day; to: Day },
): Promise<AggregateDelta[]> {
  // Callers outside the type system (a cast, plain JS): `sold` has no month partitions to read.
  if (!(reportDimensions as readonly string[]).includes(dimension))
    throw new Error(`readAggregates reads the report dimensions, not ${dimension}`);
  const generation = await liveGeneration();
  const shards = Array.from({ length: aggregateShards[dimension] }, (_, shard) => shard);
  const pages = await Promise.all(
    monthsOf(days.from, days.to).flatMap((month) =>
      shards.map((shard) =>
        queryAll({ ...aggregatesOfMonth(dimension, month, shard, days, generation), consistent: true }),
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
