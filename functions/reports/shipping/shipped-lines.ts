/**
 * The shipped report's lines in a table (PDF and Excel), so every column sums to its total lines.
 * A day/carrier/warehouse row can carry costs in several currencies, and shipments without a cost
 * beside them; its counts (shipments, packages, weight, manifests) cannot be split by currency. So:
 * - a row shows its counts once, on its first currency's line (a row without a cost: on a line
 *   without a currency), and its other currencies' costs on lines of their own without counts;
 * - the totals are one line of counts, without a currency, then one line per currency for the cost
 *   (money is never added across currencies, nor set beside counts it does not belong to).
 */
import type { SheetColumn } from '../../../shared/render/xlsx';
import type { ReportRow, ReportSection } from '../report-table';

export interface ShippedFigures {
  shipments: number;
  packages: number;
  weightGrams: number;
  cost: ReadonlyArray<{ currency: string; amount: number }>;
  onClosedManifests: number;
  onOpenManifests: number;
  withoutManifest: number;
}

const counts = (figures: ShippedFigures) => ({
  shipments: figures.shipments,
  packages: figures.packages,
  kilograms: figures.weightGrams / 1000,
  onClosedManifests: figures.onClosedManifests,
  onOpenManifests: figures.onOpenManifests,
  withoutManifest: figures.withoutManifest,
});

/** A row's lines: its counts with its first currency's cost, then a line per further currency. */
export function shippedRowLines(label: ReportRow, figures: ShippedFigures): ReportRow[] {
  const [first, ...others] = figures.cost;
  return [
    { ...label, ...counts(figures), ...(first ? { cost: first.amount, currency: first.currency } : {}) },
    ...others.map(({ currency, amount }) => ({ ...label, cost: amount, currency })),
  ];
}

/** The total lines: every count on one line without a currency, then the cost per currency. */
export function shippedTotalLines(label: ReportRow, figures: ShippedFigures): ReportRow[] {
  return [
    { ...label, ...counts(figures) },
    ...figures.cost.map(({ currency, amount }) => ({ ...label, cost: amount, currency })),
  ];
}

const count = (header: string, key: string, width = 9): SheetColumn => ({
  header,
  key,
  type: 'number',
  numFmt: '#,##0',
  width,
});

export const shippedColumns: SheetColumn[] = [
  { header: 'Ship date', key: 'day', type: 'date' },
  { header: 'Carrier', key: 'carrier', width: 14 },
  // A code: a PDF prints it whole on one line.
  { header: 'Warehouse', key: 'warehouse', width: 10, identifier: true },
  count('Shipments', 'shipments'),
  count('Packages', 'packages'),
  { header: 'Weight (kg)', key: 'kilograms', type: 'number', numFmt: '#,##0.00', width: 10 },
  { header: 'Cost', key: 'cost', type: 'money' },
  { header: 'Currency', key: 'currency', width: 8 },
  count('On a closed manifest', 'onClosedManifests', 10),
  count('On an open manifest', 'onOpenManifests', 10),
  count('On no manifest', 'withoutManifest', 10),
];

export interface ShippedRow extends ShippedFigures {
  day: string;
  carrier: string;
  warehouseCode: string | null;
}

/** The "Shipped" table: a row per day, carrier and warehouse (and further currency), then the totals. */
export function shippedSection(report: {
  rows: readonly ShippedRow[];
  totals: ShippedFigures;
}): ReportSection {
  return {
    name: 'Shipped',
    columns: shippedColumns,
    rows: report.rows.flatMap((row) =>
      shippedRowLines({ day: row.day, carrier: row.carrier, warehouse: row.warehouseCode ?? '' }, row),
    ),
    totals: shippedTotalLines({ day: 'Total' }, report.totals),
  };
}
