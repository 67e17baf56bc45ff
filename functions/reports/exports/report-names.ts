/**
 * Every report an export or a schedule can name, in kebab case. Data only, so the contract (the export
 * body's schema) takes it without loading the report tables and their reads; registry.ts holds the
 * reports under these names, and a unit test keeps the two lists equal.
 */
export const reportNames = [
  'aging',
  'dashboard',
  'low-stock',
  'movements',
  'payments-collected',
  'pending-shipments',
  'sales-daily',
  'sales-detailed',
  'sales-summary',
  'sales-trend',
  'shipped-manifest',
  'shipped-manifest-detail',
  'stock-levels',
  'top-sellers',
  'valuation',
  'warehouse-capacity',
  'worst-sellers',
] as const;

export type ReportName = (typeof reportNames)[number];
