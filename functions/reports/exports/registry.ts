/**
 * Every report an export or a scheduled job can name (report-names.ts), by its name in kebab case: the
 * GET operation's query and the report read as tables (report-table.ts).
 */
import { inventoryReports } from '../inventory/tables';
import type { ExportableReport } from '../report-table';
import { salesReports } from '../sales-tables';
import { shippingReports } from '../shipping/tables';

export const exportableReports: Readonly<Record<string, ExportableReport>> = {
  ...salesReports,
  ...shippingReports,
  ...inventoryReports,
} as unknown as Record<string, ExportableReport>;

/** The report of that name; undefined for a name that is not one (including inherited names). */
export function reportNamed(name: string): ExportableReport | undefined {
  return Object.hasOwn(exportableReports, name) ? exportableReports[name] : undefined;
}
