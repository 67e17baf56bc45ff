/** The inventory reports as tables, for the PDF and Excel exports (report-table.ts). */
import type { SheetColumn } from '../../../shared/render/xlsx';
import type { ReportRow } from '../report-table';
import { allPages, exportPage, exportable, filterLine } from '../report-table';
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
    async table(query) {
      const report = await lowStock(query);
      const lines = await draftPurchaseOrder(report.items);
      // A subtotal row after each vendor's lines (per currency), then the lines of the next.
      const order: ReportRow[] = [];
      lines.forEach((line, index) => {
        order.push(line);
        const next = lines[index + 1];
        if (!next || next.vendorId !== line.vendorId || next.currency !== line.currency) {
          const own = lines.filter((l) => l.vendorId === line.vendorId && l.currency === line.currency);
          order.push({
            vendorName: `${line.vendorName}, total`,
            quantity: own.reduce((sum, l) => sum + l.quantity, 0),
            lineCost: own.reduce((sum, l) => sum + l.lineCost, 0),
            currency: line.currency,
          });
        }
      });
      return {
        title: 'Low stock',
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
            rows: order,
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
    async table(query) {
      const warehouses = await warehousesOf(query.warehouseId);
      const read = (cursor: string | undefined) =>
        stockLevels({ ...query, limit: exportPage, cursor }, { warehouses });
      const first = await read(query.cursor);
      return {
        title: 'Stock levels',
        subtitle: filterLine({ ...query, limit: undefined, cursor: undefined }),
        sections: [
          {
            name: 'Stock levels',
            columns: [
              warehouse,
              sku,
              units('On hand', 'onHand'),
              units('Allocated', 'allocated'),
              units('Available', 'available'),
              units('Backordered', 'backordered'),
              money('Average unit cost', 'averageUnitCost'),
              money('Value', 'value'),
              currency,
            ],
            rows: allPages(read, first),
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
    async table(query) {
      const report = await valuation(query);
      const withCurrency = (row: ReportRow) => ({ ...row, currency: report.currency });
      return {
        title: 'Stock valuation',
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
            rows: [
              ...report.warehouses.map(withCurrency),
              withCurrency({ warehouseCode: 'All', ...report.total }),
            ],
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
            ? units(`${bucket.bucket} d`, `units${bucket.bucket}`, 9)
            : money(`${bucket.bucket} d value`, `value${bucket.bucket}`),
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
      return {
        title: 'Stock aging',
        subtitle: [`Age of receipt in days on ${report.today} (FIFO)`, ...filterLine(query)],
        sections: [
          {
            name: 'By warehouse',
            columns: columns.filter((column) => column.key !== 'sku'),
            rows: report.warehouses.map((w) => ({
              warehouseCode: w.warehouseCode,
              onHand: w.onHand,
              ...spread(w.buckets),
              currency: report.currency,
            })),
          },
          {
            name: 'By SKU',
            columns,
            rows: report.warehouses.flatMap((w) =>
              w.items.map((item) => ({
                warehouseCode: w.warehouseCode,
                sku: item.sku,
                onHand: item.onHand,
                ...spread(item.buckets),
                currency: report.currency,
              })),
            ),
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
      return {
        title: 'Warehouse capacity',
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
