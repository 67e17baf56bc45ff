/**
 * Units on hand per SKU over every warehouse (worst sellers name the SKUs in stock that sold nothing):
 * every partition of each warehouse's stock (its shards and the layout before), read in parallel. O(SKUs in stock), bounded by the catalogue.
 */
import { allWarehouses, stockInWarehousePartitions } from '../../shared/db/keys';
import { queryAll } from '../../shared/db/query';
import { queryEveryPartition } from '../../shared/db/every-partition';
import { withSlotTotals } from '../../shared/stock/slots';

export async function unitsOnHandBySku(): Promise<Map<string, number>> {
  const warehouses = await queryAll(allWarehouses());
  const stock = await Promise.all(
    warehouses.map((warehouse) => queryEveryPartition(stockInWarehousePartitions(String(warehouse.id)))),
  );
  const onHand = new Map<string, number>();
  // A record with slots counts its slots' unfolded shipments off on hand.
  for (const record of await withSlotTotals(stock.flat())) {
    const sku = String(record.sku);
    onHand.set(sku, (onHand.get(sku) ?? 0) + Number(record.onHand ?? 0));
  }
  return onHand;
}
