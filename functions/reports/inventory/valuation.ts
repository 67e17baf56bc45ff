/**
 * The stock valuation: per warehouse and SKU, on hand, average unit cost, value at average and at FIFO.
 * Now, from the stock records; as of a past day, replayed from the ledger's movements before the end of
 * that day (shared/domain/stock-valuation.ts). The movements are read in bulk: each warehouse's
 * partition at once (or, for a SKU prefix, each SKU's), never one Query per record.
 */
import type { output } from 'zod/v4/core';
import { reportingTimeZone } from '../../../shared/aggregates/time-zone';
import { addDays, reportingDay, startOfDay } from '../../../shared/domain/reporting-days';
import type { Day } from '../../../shared/domain/reporting-days';
import { replayedByRecord, valueOf } from '../../../shared/domain/stock-valuation';
import type { ReplayedStock } from '../../../shared/domain/stock-valuation';
import { ValidationFailed } from '../../../shared/errors';
import { inventoryCurrency } from '../../../shared/inventory/cost-currency';
import { replayMovementsBefore, stockRecords } from './read';
import type { valuationQuery } from './schemas';
import { warehousesOf } from './warehouses';

/** A valuation as of a day after today (in the reporting zone) would show today's stock under a future date. */
export function checkValuationDay(asOf: Day | undefined, today: Day, timeZone: string): void {
  if (asOf === undefined || asOf <= today) return;
  throw new ValidationFailed(
    `The valuation cannot be as of ${asOf}: today is ${today} in ${timeZone}, and stock is known up to now.`,
    [{ path: 'query.asOf', message: `must be a day up to today (${today} in ${timeZone})` }],
  );
}

export async function valuation(query: output<typeof valuationQuery>) {
  const timeZone = reportingTimeZone();
  checkValuationDay(query.asOf, reportingDay(new Date(), timeZone), timeZone);
  const warehouses = await warehousesOf(query.warehouseId);
  const warehouseIds = warehouses.map((record) => record.warehouse.id);
  const records = await stockRecords(warehouseIds, query.sku);
  let stockOf = (record: (typeof records)[number]): ReplayedStock => ({
    onHand: record.onHand,
    averageUnitCost: record.averageUnitCost,
    layers: record.layers ?? [],
  });
  if (query.asOf !== undefined) {
    const before = startOfDay(addDays(query.asOf, 1), timeZone).toISOString();
    const replayed = replayedByRecord(
      await replayMovementsBefore({ warehouseIds, records, before, skuPrefix: query.sku }),
    );
    const none: ReplayedStock = { onHand: 0, averageUnitCost: 0, layers: [] };
    stockOf = (record) => replayed.get(record.warehouseId)?.get(record.sku) ?? none;
  }
  const items = records.map((record) => {
    const stock = stockOf(record);
    const value = valueOf(stock);
    return {
      warehouseId: record.warehouseId,
      sku: record.sku,
      onHand: stock.onHand,
      averageUnitCost: stock.averageUnitCost,
      averageValue: value.averageValue,
      fifoValue: value.fifoValue,
      layers: stock.layers,
    };
  });
  const sum = (rows: ReadonlyArray<{ onHand: number; averageValue: number; fifoValue: number }>) => ({
    onHand: rows.reduce((total, row) => total + row.onHand, 0),
    averageValue: rows.reduce((total, row) => total + row.averageValue, 0),
    fifoValue: rows.reduce((total, row) => total + row.fifoValue, 0),
  });
  const byWarehouse = warehouses.map(({ warehouse }) => {
    const held = items
      .filter((item) => item.warehouseId === warehouse.id && (item.onHand !== 0 || item.layers.length > 0))
      .map(({ warehouseId: _warehouseId, ...item }) => item);
    return { warehouseId: warehouse.id, warehouseCode: warehouse.code, ...sum(held), items: held };
  });
  return {
    asOf: query.asOf ?? null,
    timeZone,
    currency: inventoryCurrency(),
    warehouses: byWarehouse,
    total: sum(byWarehouse),
  };
}
