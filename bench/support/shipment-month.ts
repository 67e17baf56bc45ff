/**
 * A month of shipments for the shipments benchmark, as the service stores them: shipment items from
 * `shipmentItem` and per-day cells (in each shipment's totals shard) summed from `cellOf`/`figuresOf`,
 * written with BatchWriteItem.
 * Deterministic: the same count and month give the same data. Only what the list, totals and export
 * read is written (shipments and cells; not the orders behind them).
 */
import { writeAll } from '../../infra/local/seed/batch-writer';
import { createRandom } from '../../infra/local/seed/random';
import { db } from '../../shared/db/client';
import type { Shipment } from '../../shared/domain/shipment';
import { ShipmentCellSums } from '../../shared/shipments/cell-sums';
import { shipmentItem, shipmentTotalsItem } from '../../shared/shipments/repository';

const services: ReadonlyArray<readonly [string, string, number]> = [
  ['UPS', 'Ground', 30],
  ['UPS', '2nd Day Air', 8],
  ['USPS', 'Priority Mail', 20],
  ['USPS', 'Ground Advantage', 22],
  ['FedEx', 'Home Delivery', 12],
  ['DHL', 'Express Worldwide', 8],
];

/**
 * Every combination the totals keep a cell for (service, warehouse, status, source): the month's first
 * shipments take one each, so every size uses all of them and the sizes differ in volume only.
 */
function combinations(warehouseIds: readonly string[]) {
  return services.flatMap(([carrier, service]) =>
    warehouseIds.flatMap((warehouseId) =>
      (['active', 'voided'] as const).flatMap((status) =>
        (['label', 'manual'] as const).map((source) => ({ carrier, service, warehouseId, status, source })),
      ),
    ),
  );
}

/** The shipments of one month (YYYY-MM), spread over its days. */
export function* monthOfShipments(
  count: number,
  month: string,
  warehouseIds: readonly string[],
): Generator<Shipment> {
  const random = createRandom(count);
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const weights = services.reduce((sum, [, , weight]) => sum + weight, 0);
  const everyCombination = combinations(warehouseIds);
  for (let i = 0; i < count; i += 1) {
    const day = 1 + Math.floor((i * days) / count);
    const shipDate = `${month}-${String(day).padStart(2, '0')}`;
    const at = Date.parse(`${shipDate}T08:00:00Z`) + Math.floor(random.next() * 10 * 3600_000);
    let pick = random.next() * weights;
    const [pickedCarrier, pickedService] =
      services.find(([, , weight]) => (pick -= weight) < 0) ?? services[0]!;
    const units = 1 + Math.floor(random.next() * 3);
    const weightGrams = 200 + Math.floor(random.next() * 4000);
    const pickedSource = random.next() < 0.9 ? 'label' : 'manual';
    const pickedStatus = random.next() < 0.97 ? 'active' : 'voided';
    const { carrier, service, warehouseId, status, source } = everyCombination[i] ?? {
      carrier: pickedCarrier,
      service: pickedService,
      warehouseId: warehouseIds[i % warehouseIds.length],
      status: pickedStatus,
      source: pickedSource,
    };
    yield {
      id: random.ulid(at),
      orderId: `BENCH-${month}-${i}`,
      source,
      carrier,
      service,
      trackingNumber: `1Z${String(i).padStart(16, '0')}`,
      trackingStatus: random.next() < 0.8 ? 'delivered' : 'in_transit',
      lines: [{ itemId: 'L1', sku: `SKU-${i % 500}`, quantity: units }],
      warehouseId,
      shipDate,
      packages: random.next() < 0.9 ? 1 : 2,
      weightGrams,
      cost: { amount: 500 + Math.floor(weightGrams / 10), currency: 'USD' },
      status,
      createdBy: 'fulfillment',
      createdAt: new Date(at).toISOString(),
      updatedAt: new Date(at).toISOString(),
      version: 1,
    };
  }
}

/** Writes the month into the current table: the shipments, then their summed day and month cells. */
export async function loadMonth(
  count: number,
  month: string,
  warehouseIds: readonly string[],
): Promise<number> {
  const sums = new ShipmentCellSums();
  function* items() {
    for (const shipment of monthOfShipments(count, month, warehouseIds)) {
      sums.add(shipment);
      yield shipmentItem(shipment);
    }
  }
  const table = process.env.TABLE_NAME!;
  const options = { concurrency: 8, onWritten: () => undefined };
  await writeAll(db(), table, items(), options);
  const cells = sums.cells();
  await writeAll(db(), table, cells.map(shipmentTotalsItem), options);
  return cells.filter(({ cell }) => cell.day.length === 10).length;
}
