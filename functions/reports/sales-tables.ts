/**
 * The sales reports and the dashboard as tables, for the PDF and Excel exports. Each reads its figures
 * through the GET operation itself, so a file always says what the API answers for the same query.
 */
import type { SheetColumn } from '../../shared/render/xlsx';
import type { OperationInput, RouteDefinition } from '../../shared/http/catalogue';
import { reportOperations, reportRange, salesDetailedPage } from './operations';
import type { ReportRow, ReportTable } from './report-table';
import { allPages, exportable, filterLine } from './report-table';
import { dashboardQuery, detailedQuery, paymentsQuery, salesRangeQuery, sellersQuery } from './schemas';
import { codesCheckingFilter } from './warehouses';

/** The operations read only their query; the rest of an input is the HTTP kernel's. */
const withQuery = <Q>(query: Q) => ({ query }) as unknown as OperationInput<RouteDefinition> & { query: Q };

const rangeLine = (body: { from: string; to: string }) => `${body.from} to ${body.to}`;

const money = (header: string, key: string): SheetColumn => ({ header, key, type: 'money' });
const number = (header: string, key: string, width = 10): SheetColumn => ({
  header,
  key,
  type: 'number',
  numFmt: '#,##0',
  width,
});

const salesMoneyColumns: SheetColumn[] = [
  { header: 'Currency', key: 'currency', width: 9 },
  number('Orders', 'ordersInCurrency'),
  money('Gross', 'gross'),
  money('Discounts', 'discounts'),
  money('Tax', 'tax'),
  money('Shipping', 'shipping'),
  money('Refunds', 'refunds'),
  money('Net', 'net'),
  money('Average order', 'averageOrderValue'),
];

interface Figures {
  orders: number;
  units: number;
  money: Array<{ currency: string; orders: number } & Record<string, number | string>>;
}

/** One row per currency (a row with the counts alone when nothing was sold). */
function moneyRows(lead: ReportRow, figures: Figures): ReportRow[] {
  if (figures.money.length === 0) return [{ ...lead, orders: figures.orders, units: figures.units }];
  return figures.money.map(({ orders, ...amounts }) => ({
    ...lead,
    orders: figures.orders,
    units: figures.units,
    ...amounts,
    ordersInCurrency: orders,
  }));
}

type DetailedQuery = Parameters<typeof reportOperations.getSalesDetailed>[0]['query'];

/**
 * Every line of the detailed report, 200 a page (its read limit per request), the next page read ahead.
 * The first page is read before the file starts (a bad cursor or an unknown warehouse refuses the export
 * with nothing written); the warehouse is checked once, not on every page.
 */
async function detailedRows(query: DetailedQuery) {
  if (query.warehouseId !== undefined) await codesCheckingFilter(query.warehouseId);
  const read = (cursor: string | undefined) => salesDetailedPage({ ...query, limit: 200, cursor });
  const first = await read(query.cursor);
  async function* rows() {
    for await (const line of allPages(read, first)) yield { ...line, warehouseId: line.warehouseId ?? '' };
  }
  return rows();
}

export const salesReports = {
  'sales-detailed': exportable({
    query: detailedQuery,
    async table(query, { timeZone }): Promise<ReportTable> {
      const range = reportRange(query, timeZone);
      return {
        title: 'Sales, detailed',
        subtitle: [rangeLine(range), ...filterLine(query)],
        sections: [
          {
            name: 'Order lines',
            columns: [
              { header: 'Day', key: 'day', type: 'date' },
              { header: 'Order date (UTC)', key: 'orderDate', type: 'datetime' },
              { header: 'Order', key: 'orderId', width: 20, identifier: true },
              { header: 'Channel', key: 'channel', width: 12, identifier: true },
              { header: 'Status', key: 'statusId', width: 14 },
              { header: 'SKU', key: 'sku', width: 16, identifier: true },
              { header: 'Title', key: 'title', width: 30 },
              number('Quantity', 'quantity', 9),
              money('Unit price', 'unitPrice'),
              money('Discount', 'discount'),
              money('Tax', 'tax'),
              money('Line total', 'lineTotal'),
              { header: 'Currency', key: 'currency', width: 9 },
            ],
            rows: await detailedRows({ ...query, from: range.from, to: range.to }),
          },
        ],
      };
    },
  }),

  'sales-summary': exportable({
    query: salesRangeQuery,
    async table(query): Promise<ReportTable> {
      const { body } = await reportOperations.getSalesSummary(withQuery(query));
      const rows = [
        ...body!.channels.flatMap((channel) => moneyRows({ channel: channel.channel }, channel)),
        ...moneyRows({ channel: 'All channels' }, body!.total),
      ];
      return {
        title: 'Sales by channel',
        subtitle: [rangeLine(body!), ...filterLine(query)],
        sections: [
          {
            name: 'By channel',
            columns: [
              { header: 'Channel', key: 'channel', width: 16, identifier: true },
              number('Orders', 'orders'),
              number('Units', 'units'),
              ...salesMoneyColumns,
            ],
            rows,
          },
        ],
      };
    },
  }),

  'sales-daily': exportable({
    query: salesRangeQuery,
    async table(query): Promise<ReportTable> {
      const { body } = await reportOperations.getSalesDaily(withQuery(query));
      return {
        title: 'Sales per day',
        subtitle: [rangeLine(body!), ...filterLine(query)],
        sections: [
          {
            name: 'Days',
            columns: [
              { header: 'Day', key: 'day', type: 'date' },
              number('Orders', 'orders'),
              number('Units', 'units'),
              ...salesMoneyColumns,
            ],
            rows: body!.days.flatMap((day) => moneyRows({ day: day.day }, day)),
          },
        ],
      };
    },
  }),

  'payments-collected': exportable({
    query: paymentsQuery,
    async table(query): Promise<ReportTable> {
      const { body } = await reportOperations.getPaymentsCollected(withQuery(query));
      const paymentColumns: SheetColumn[] = [
        { header: 'Currency', key: 'currency', width: 9 },
        number('Payments', 'payments'),
        money('Collected', 'collected'),
        number('Refunds', 'refunds'),
        money('Refunded', 'refunded'),
        money('Net', 'net'),
      ];
      const method: SheetColumn = { header: 'Method', key: 'method', width: 14 };
      return {
        title: 'Payments collected',
        subtitle: [rangeLine(body!), ...filterLine(query)],
        sections: [
          { name: 'By method', columns: [method, ...paymentColumns], rows: body!.methods },
          {
            name: 'By day',
            columns: [{ header: 'Day', key: 'day', type: 'date' }, method, ...paymentColumns],
            rows: body!.days.flatMap((day) => day.methods.map((row) => ({ day: day.day, ...row }))),
          },
          { name: 'Total', columns: paymentColumns, rows: body!.total },
        ],
      };
    },
  }),

  'top-sellers': exportable({
    query: sellersQuery,
    table: (query) => sellersTable(query, 'top'),
  }),
  'worst-sellers': exportable({
    query: sellersQuery,
    table: (query) => sellersTable(query, 'worst'),
  }),

  dashboard: exportable({
    query: dashboardQuery,
    async table(query): Promise<ReportTable> {
      const { body } = await reportOperations.getDashboard(withQuery(query));
      const rows: ReportRow[] = [];
      for (const period of body!.periods) {
        const lead = { period: period.period, from: period.from, to: period.to };
        for (const metric of ['orders', 'units', 'awaitingShipment'] as const)
          rows.push({ ...lead, metric, ...period[metric] });
        for (const metric of ['revenue', 'averageOrderValue'] as const) {
          for (const { currency, ...figures } of period[metric]) {
            rows.push({
              ...lead,
              metric,
              currency,
              valueMoney: figures.value,
              previousMoney: figures.previous,
              changeMoney: figures.change,
              changePercent: figures.changePercent,
            });
          }
        }
      }
      return {
        title: 'Dashboard',
        subtitle: [`Today is ${body!.today}`, ...filterLine(query)],
        sections: [
          {
            name: 'Periods',
            columns: [
              { header: 'Period', key: 'period', width: 12 },
              { header: 'From', key: 'from', type: 'date' },
              { header: 'To', key: 'to', type: 'date' },
              { header: 'Figure', key: 'metric', width: 18 },
              number('Value', 'value'),
              number('Previous', 'previous'),
              number('Change', 'change'),
              { header: 'Currency', key: 'currency', width: 9 },
              money('Amount', 'valueMoney'),
              money('Previous amount', 'previousMoney'),
              money('Amount change', 'changeMoney'),
              { header: 'Change %', key: 'changePercent', type: 'number', numFmt: '0.0' },
            ],
            rows,
          },
        ],
      };
    },
  }),

  'sales-trend': exportable({
    query: salesRangeQuery,
    async table(query): Promise<ReportTable> {
      const { body } = await reportOperations.getSalesTrend(withQuery(query));
      const rows = body!.days.flatMap((day) => {
        const lead = {
          day: day.day,
          previousDay: day.previousDay,
          orders: day.orders.value,
          previousOrders: day.orders.previous,
          units: day.units.value,
          previousUnits: day.units.previous,
        };
        if (day.revenue.length === 0) return [lead];
        return day.revenue.map((revenue) => ({
          ...lead,
          currency: revenue.currency,
          revenue: revenue.value,
          previousRevenue: revenue.previous,
        }));
      });
      return {
        title: 'Sales trend',
        subtitle: [
          `${rangeLine(body!)}, against ${body!.previous.from} to ${body!.previous.to}`,
          ...filterLine(query),
        ],
        sections: [
          {
            name: 'Days',
            columns: [
              { header: 'Day', key: 'day', type: 'date' },
              { header: 'Previous day', key: 'previousDay', type: 'date' },
              number('Orders', 'orders'),
              number('Previous orders', 'previousOrders'),
              number('Units', 'units'),
              number('Previous units', 'previousUnits'),
              { header: 'Currency', key: 'currency', width: 9 },
              money('Revenue', 'revenue'),
              money('Previous revenue', 'previousRevenue'),
            ],
            rows,
          },
        ],
      };
    },
  }),
};

async function sellersTable(
  query: Parameters<typeof reportOperations.getTopSellers>[0]['query'],
  order: 'top' | 'worst',
): Promise<ReportTable> {
  const operation = order === 'top' ? reportOperations.getTopSellers : reportOperations.getWorstSellers;
  const { body } = await operation(withQuery(query));
  // One row per SKU and currency of its revenue: amounts in two currencies never share a cell.
  const rows = body!.items.flatMap(({ revenue, ...item }) =>
    revenue.length === 0 ? [item] : revenue.map((amount) => ({ ...item, ...amount })),
  );
  return {
    title: order === 'top' ? 'Top sellers' : 'Worst sellers',
    subtitle: [`${rangeLine(body!)}, by ${body!.by}`, ...filterLine({ ...query, by: undefined })],
    sections: [
      {
        name: 'Sellers',
        columns: [
          number('Rank', 'rank', 6),
          { header: 'SKU', key: 'sku', width: 18, identifier: true },
          number('Orders', 'orders'),
          number('Units', 'units'),
          ...(order === 'worst' ? [number('On hand', 'onHand')] : []),
          { header: 'Currency', key: 'currency', width: 9 },
          money('Revenue', 'amount'),
        ],
        rows,
      },
    ],
  };
}
