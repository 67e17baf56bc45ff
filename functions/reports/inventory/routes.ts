/** The inventory reports (interface §4.1): what to reorder, what is held, what moved, its value and age. Data only. */
import { route } from '../../../shared/http/catalogue';
import { report } from '../report-route';
import {
  agingAnswer,
  agingQuery,
  lowStockAnswer,
  lowStockQuery,
  movementsReportAnswer,
  movementsReportQuery,
  stockLevelsAnswer,
  stockLevelsQuery,
  valuationAnswer,
  valuationQuery,
  warehouseCapacityAnswer,
  warehouseCapacityQuery,
} from './schemas';

export const inventoryRoutes = {
  getLowStockReport: route(
    report(
      '/v1/reports/inventory/low-stock',
      'getLowStockReport',
      'Every SKU and warehouse an enabled alert rule stands low for, with available, velocity, days of cover, the reorder suggestion, the vendor and the explanation of every number; filters warehouse, vendor, rule',
      lowStockQuery,
      lowStockAnswer,
    ),
  ),
  getStockLevels: route(
    report(
      '/v1/reports/inventory/stock-levels',
      'getStockLevels',
      'On hand, allocated, available, backordered and average unit cost per SKU and warehouse, warehouse by warehouse in SKU order; filters warehouse, SKU prefix, in stock, backordered; paginated',
      stockLevelsQuery,
      stockLevelsAnswer,
    ),
  ),
  getInventoryMovements: route(
    report(
      '/v1/reports/inventory/movements',
      'getInventoryMovements',
      'The stock ledger over a range of reporting days, oldest first: by SKU, by warehouse, or every movement, and by type; paginated',
      movementsReportQuery,
      movementsReportAnswer,
    ),
  ),
  getInventoryValuation: route(
    report(
      '/v1/reports/inventory/valuation',
      'getInventoryValuation',
      'On hand valued per warehouse and SKU at average cost and at FIFO (the remaining receipt layers shown), now or at the end of a past day replayed from the ledger (asOf)',
      valuationQuery,
      valuationAnswer,
    ),
  ),
  getInventoryAging: route(
    report(
      '/v1/reports/inventory/aging',
      'getInventoryAging',
      'On hand by age of receipt (FIFO: the units left are the latest received) in 0-30, 31-60, 61-90, 91-120, 121-180 and 180+ day buckets, units and value, per SKU and warehouse',
      agingQuery,
      agingAnswer,
    ),
  ),
  getWarehouseCapacity: route(
    report(
      '/v1/reports/inventory/warehouse-capacity',
      'getWarehouseCapacity',
      'Units on hand against capacity per warehouse, with units on hand at the end of each of the last 30 reporting days',
      warehouseCapacityQuery,
      warehouseCapacityAnswer,
    ),
  ),
};
