/** The inventory reports as tables, for the PDF and Excel exports (report-table.ts). */
import type { SheetColumn } from '../../../shared/render/xlsx';
import type { ReportRow } from '../report-table';
import { reportingDay } from '../../../shared/domain/reporting-days';
import { allPages, exportPage, exportable, filterLine } from '../report-table';
import { tally, totalsOf } from '../totals';
import {
  aging,
  draftPurchaseOrder,
  lowStock,
  movementsReport,
  stockLevels,
  warehouseCapacity,
} from './operations';
import {
  agingQuery,
  lowStockQuery,
  movementsReportQuery,
  stockLevelsQuery,
  valuationQuery,
  warehouseCapacityQuery,
} from './schemas';
import { valuation } from './valuation';
import { codesCheckingFilter } from '../warehouses';
import { warehousesOf } from './warehouses';

const units = (header: string, key: string, width = 10): SheetColumn => ({
  header,
  key,
  type: 'number',
  numFmt: '#,##0',
  width,
});
const decimal = (header: string, key: string, numFmt = '0.00'): SheetColumn => ({
  header,
  key,
  type: 'number',
  numFmt,
  width: 10,
});
const money = (header: string, key: string): SheetColumn => ({ header, key, type: 'money' });
const text = (header: string, key: string, width: number): SheetColumn => ({ header, key, width });
/** SKUs, codes, movement references: a PDF prints them whole on one line, never cut. */
const identifier = (header: string, key: string, width: number): SheetColumn => ({
  ...text(header, key, width),
  identifier: true,
});
const sku = identifier('SKU', 'sku', 18);
const warehouse = identifier('Warehouse', 'warehouseCode', 10);
const currency = text('Currency', 'currency', 8);

export const inventoryReports = {
  'low-stock': exportable({
    query: lowStockQuery,
    async table(query, { timeZone }) {
      const report = await lowStock(query);
      const lines = await draftPurchaseOrder(report.items);
      // Each vendor's total (per currency) below the lines, not among them: the columns still add up.
      const vendorTotals: ReportRow[] = [];
      lines.forEach((line, index) => {
        const next = lines[index + 1];
        if (!next || next.vendorId !== line.vendorId || next.currency !== line.currency) {
          const own = lines.filter((l) => l.vendorId === line.vendorId && l.currency === line.currency);
          vendorTotals.push({
            vendorName: `${line.vendorName}, total`,
            quantity: own.reduce((sum, l) => sum + l.quantity, 0),
            lineCost: own.reduce((sum, l) => sum + l.lineCost, 0),
            currency: line.currency,
          });
        }
      });
      return {
        title: 'Low stock',
        covers: reportingDay(new Date(), timeZone),
        subtitle: [
          `${report.items.length} SKUs low in their warehouses${report.alertsEnabled ? '' : ' (alerts are off: figures as last assessed)'}`,
          ...filterLine(query),
        ],
        sections: [
          {
            name: 'Low stock',
            columns: [
              sku,
              warehouse,
              units('On hand', 'onHand'),
              units('Available', 'available'),
              decimal('Velocity / day', 'velocity', '0.000'),
              decimal('Days of cover', 'daysOfCover', '0.0'),
              units('Suggested', 'suggestedQuantity'),
              text('Vendor', 'vendorName', 20),
              money('Unit cost', 'unitCost'),
              currency,
              units('Lead time (days)', 'leadTimeDays', 9),
              text('Lead time from', 'leadTimeFrom', 14),
              text('Rules', 'ruleNames', 24),
              { header: 'Low since (UTC)', key: 'lowSince', type: 'datetime' },
            ],
            rows: report.items.map((item) => ({
              ...item,
              vendorName: item.vendor ? (item.vendor.vendorName ?? item.vendor.vendorId) : '',
              unitCost: item.vendor?.unitCost.amount,
              currency: item.vendor?.unitCost.currency,
              // The lead time the suggestion used (an alert rule's own may replace the source's).
              leadTimeDays: item.leadTimeDays ?? undefined,
              leadTimeFrom: item.leadTimeFrom ?? '',
              ruleNames: item.rules.map((rule) => rule.ruleName).join(', '),
            })),
          },
          {
            name: 'Draft purchase order',
            columns: [
              text('Vendor', 'vendorName', 24),
              sku,
              identifier('Vendor SKU', 'vendorSku', 16),
              identifier('Receiving warehouse', 'warehouseCode', 10),
              units('Quantity', 'quantity'),
              money('Unit cost', 'unitCost'),
              money('Line cost', 'lineCost'),
              currency,
            ],
            rows: lines,
            totals: vendorTotals,
          },
          {
            // Its own sheet: a paragraph per row would crowd the figures out of the first one.
            name: 'How it was figured',
            columns: [
              sku,
              warehouse,
              text('Rule applied', 'ruleName', 20),
              text('Why this rule', 'reason', 40),
              { ...text('Explanation', 'text', 110), maxLines: 16 },
            ],
            rows: report.items.map((item) => ({
              sku: item.sku,
              warehouseCode: item.warehouseCode,
              ruleName: item.appliedRule.ruleName,
              reason: item.appliedRule.reason,
              text: typeof item.explanation.text === 'string' ? item.explanation.text : '',
            })),
          },
        ],
      };
    },
  }),

  'stock-levels': exportable({
    query: stockLevelsQuery,
    async table(query, { timeZone }) {
      const warehouses = await warehousesOf(query.warehouseId);
      const read = (cursor: string | undefined) =>
        stockLevels({ ...query, limit: exportPage, cursor }, { warehouses });
      const first = await read(query.cursor);
      const columns = [
        warehouse,
        sku,
        units('On hand', 'onHand'),
        units('Allocated', 'allocated'),
        units('Available', 'available'),
        units('Backordered', 'backordered'),
        money('Average unit cost', 'averageUnitCost'),
        money('Value', 'value'),
        currency,
      ];
      const sums = tally(columns, { label: { warehouseCode: 'Total' }, notSummed: ['averageUnitCost'] });
      return {
        title: 'Stock levels',
        covers: reportingDay(new Date(), timeZone),
        subtitle: filterLine({ ...query, limit: undefined, cursor: undefined }),
        sections: [
          {
            name: 'Stock levels',
            columns,
            rows: sums.through(allPages(read, first)),
            totals: () => sums.lines(),
          },
        ],
      };
    },
  }),

  movements: exportable({
    query: movementsReportQuery,
    async table(query) {
      const codes = await codesCheckingFilter(query.warehouseId);
      const read = (cursor: string | undefined) =>
        movementsReport({ ...query, limit: exportPage, cursor }, { codes });
      const first = await read(query.cursor);
      return {
        title: 'Stock movements',
        covers: `${first.from} to ${first.to}`,
        subtitle: [
          `${first.from} to ${first.to}`,
          ...filterLine({ ...query, from: undefined, to: undefined, limit: undefined, cursor: undefined }),
        ],
        sections: [
          {
            name: 'Movements',
            columns: [
              { header: 'At (UTC)', key: 'at', type: 'datetime' },
              sku,
              warehouse,
              text('Type', 'type', 14),
              units('Quantity', 'quantity', 9),
              units('Allocated change', 'allocatedChange', 9),
              money('Unit cost', 'unitCost'),
              units('On hand after', 'onHandAfter', 9),
              units('Available after', 'availableAfter', 9),
              identifier('Reference', 'reference', 26),
            ],
            rows: (async function* () {
              for await (const movement of allPages(read, first))
                yield { ...movement, currency: first.currency };
            })(),
          },
        ],
      };
    },
  }),

  valuation: exportable({
    query: valuationQuery,
    async table(query, { timeZone }) {
      const report = await valuation(query);
      const withCurrency = (row: ReportRow) => ({ ...row, currency: report.currency });
      return {
        title: 'Stock valuation',
        covers: report.asOf ?? reportingDay(new Date(), timeZone),
        subtitle: [
          report.asOf ? `At the end of ${report.asOf}, replayed from the ledger` : 'Now',
          ...filterLine({ ...query, asOf: undefined }),
        ],
        sections: [
          {
            name: 'By warehouse',
            columns: [
              warehouse,
              units('On hand', 'onHand'),
              money('Average cost value', 'averageValue'),
              money('FIFO value', 'fifoValue'),
              currency,
            ],
            rows: report.warehouses.map(withCurrency),
            totals: [withCurrency({ warehouseCode: 'Total', ...report.total })],
          },
          {
            name: 'By SKU',
            columns: [
              warehouse,
              sku,
              units('On hand', 'onHand'),
              money('Average unit cost', 'averageUnitCost'),
              money('Average cost value', 'averageValue'),
              money('FIFO value', 'fifoValue'),
              currency,
            ],
            rows: report.warehouses.flatMap((w) =>
              w.items.map((item) => withCurrency({ warehouseCode: w.warehouseCode, ...item })),
            ),
            totals: [withCurrency({ warehouseCode: 'Total', ...report.total })],
          },
          {
            name: 'FIFO layers',
            columns: [
              warehouse,
              sku,
              { header: 'Received (UTC)', key: 'receivedAt', type: 'datetime' },
              units('Units', 'quantity'),
              money('Unit cost', 'unitCost'),
              currency,
            ],
            rows: report.warehouses.flatMap((w) =>
              w.items.flatMap((item) =>
                item.layers.map((layer) =>
                  withCurrency({ warehouseCode: w.warehouseCode, sku: item.sku, ...layer }),
                ),
              ),
            ),
          },
        ],
      };
    },
  }),

  aging: exportable({
    query: agingQuery,
    async table(query) {
      const report = await aging(query);
      const bucketColumns = (kind: 'units' | 'value'): SheetColumn[] =>
        report.warehouses[0]?.buckets.map((bucket) =>
          kind === 'units'
            ? units(`Units ${bucket.bucket} days`, `units${bucket.bucket}`, 9)
            : money(`Value ${bucket.bucket} days`, `value${bucket.bucket}`),
        ) ?? [];
      const spread = (buckets: ReadonlyArray<{ bucket: string; units: number; value: number }>) =>
        Object.fromEntries(
          buckets.flatMap((b) => [
            [`units${b.bucket}`, b.units],
            [`value${b.bucket}`, b.value],
          ]),
        );
      const columns = [
        warehouse,
        sku,
        units('On hand', 'onHand'),
        ...bucketColumns('units'),
        ...bucketColumns('value'),
        currency,
      ];
      const byWarehouseColumns = columns.filter((column) => column.key !== 'sku');
      const byWarehouse = report.warehouses.map((w) => ({
        warehouseCode: w.warehouseCode,
        onHand: w.onHand,
        ...spread(w.buckets),
        currency: report.currency,
      }));
      const bySku = report.warehouses.flatMap((w) =>
        w.items.map((item) => ({
          warehouseCode: w.warehouseCode,
          sku: item.sku,
          onHand: item.onHand,
          ...spread(item.buckets),
          currency: report.currency,
        })),
      );
      return {
        title: 'Stock aging',
        covers: report.today,
        subtitle: [`Age of receipt in days on ${report.today} (FIFO)`, ...filterLine(query)],
        sections: [
          {
            name: 'By warehouse',
            columns: byWarehouseColumns,
            rows: byWarehouse,
            totals: totalsOf(byWarehouse, byWarehouseColumns, { label: { warehouseCode: 'Total' } }),
          },
          {
            name: 'By SKU',
            columns,
            rows: bySku,
            totals: totalsOf(bySku, columns, { label: { warehouseCode: 'Total' } }),
          },
        ],
      };
    },
  }),

  'warehouse-capacity': exportable({
    query: warehouseCapacityQuery,
    async table(query) {
      const report = await warehouseCapacity(query);
      const percent = (used: number | null) => (used === null ? null : Math.round(used * 1000) / 10);
      // A total capacity only when every warehouse has one: a share of a partial capacity misleads.
      const capacity = report.warehouses.every((w) => w.capacity !== null)
        ? report.warehouses.reduce((sum, w) => sum + (w.capacity ?? 0), 0)
        : null;
      const unitsOnHand = report.warehouses.reduce((sum, w) => sum + w.unitsOnHand, 0);
      return {
        title: 'Warehouse capacity',
        covers: report.today,
        subtitle: [
          `On ${report.today}; the trend is units on hand at the end of each of the last 30 days`,
          ...filterLine(query),
        ],
        sections: [
          {
            name: 'Capacity',
            columns: [
              warehouse,
              text('Name', 'name', 22),
              units('Capacity', 'capacity'),
              units('On hand', 'unitsOnHand'),
              decimal('Used %', 'usedPercent', '0.0'),
              units('SKUs held', 'skusHeld'),
            ],
            rows: report.warehouses.map((w) => ({ ...w, usedPercent: percent(w.capacityUsed) })),
            // A SKU held in two warehouses counts in each: SKUs held do not add up.
            totals: [
              {
                warehouseCode: 'Total',
                capacity,
                unitsOnHand,
                usedPercent: capacity ? percent(unitsOnHand / capacity) : null,
              },
            ],
          },
          {
            name: 'Trend',
            columns: [
              warehouse,
              { header: 'Day', key: 'day', type: 'date' },
              units('On hand', 'unitsOnHand'),
              decimal('Used %', 'usedPercent', '0.0'),
            ],
            rows: report.warehouses.flatMap((w) =>
              w.trend.map((point) => ({
                warehouseCode: w.warehouseCode,
                ...point,
                usedPercent: percent(point.capacityUsed),
              })),
            ),
          },
        ],
      };
    },
  }),
};
