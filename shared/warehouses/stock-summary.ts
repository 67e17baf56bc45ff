/**
 * What a warehouse holds, from the counters the stock ledger keeps for it (shared/warehouses/counters.ts,
 * moved in the transaction of each stock write, summed over its counter shards on read). Pure: reports
 * can reuse it.
 */
import * as z from 'zod/mini';

export interface StockCounters {
  unitsOnHand: number;
  skusHeld: number;
  /** SKUs whose allocations exceed what is on hand (absent on items written before it was kept: 0). */
  skusBackordered: number;
}

export const stockSummarySchema = z.object({
  skusHeld: z.number(),
  unitsOnHand: z.number(),
  /** SKUs that orders allocated beyond what is on hand: their available is 0, their excess backordered. */
  skusBackordered: z.number(),
  /** unitsOnHand / capacity (1 = full, above 1 = over capacity); null without a capacity. */
  capacityUsed: z.nullable(z.number()),
});
export type StockSummary = z.infer<typeof stockSummarySchema>;

/** Fraction of the capacity in use; null when the warehouse has no (or a zero) capacity. */
export function capacityUsed(unitsOnHand: number, capacity: number | undefined): number | null {
  if (capacity === undefined || capacity <= 0) return null;
  return unitsOnHand / capacity;
}

export function stockSummary(counters: StockCounters, capacity: number | undefined): StockSummary {
  return {
    skusHeld: counters.skusHeld,
    unitsOnHand: counters.unitsOnHand,
    skusBackordered: counters.skusBackordered,
    capacityUsed: capacityUsed(counters.unitsOnHand, capacity),
  };
}
