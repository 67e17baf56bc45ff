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
import { averageOf } from './figures';
import { tally, totalsOf } from './totals';
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

/** A row per currency: each order has one currency, so a row's counts are its own currency's orders. */
const salesColumns: SheetColumn[] = [
  { header: 'Currency', key: 'currency', width: 9 },
  number('Orders', 'orders'),
  number('Units sold', 'units'),
  money('Gross sales', 'gross'),
  money('Discounts', 'discounts'),
  money('Tax', 'tax'),
  money('Shipping', 'shipping'),
  money('Refunds', 'refunds'),
  money('Net sales', 'net'),
  money('Average order value', 'averageOrderValue'),
];

/**
 * Why the detailed export's line totals come to less than the summary's net sales: shipping is charged
 * per order, not per line, and refunds come after the sale.
 */
export const detailedTotalsNote =
  'Line totals (quantity × unit price − discount + tax) exclude order shipping charges and refunds; ' +
  'net sales in the sales summary add shipping and subtract refunds.';

/** An average is not a sum: its total line answers net sales over orders instead. */
const notSummed = ['averageOrderValue'];

type SalesMoneyRow = { currency: string; orders: number; units: number } & Record<string, number | string>;

/**
 * A row per currency the figures moved in (orders, units or money); a row of zeros, without a currency,
 * when nothing moved at all, so a quiet day still shows.
 */
function salesRows(lead: ReportRow, money: readonly SalesMoneyRow[]): ReportRow[] {
  const moved = money.filter((entry) =>
    Object.entries(entry).some(([name, value]) => name !== 'currency' && value !== 0),
  );
  if (moved.length === 0) return [{ ...lead, orders: 0, units: 0 }];
  return moved.map((entry) => ({ ...lead, ...entry }));
}

/** Total lines summed from the rows, each currency's average order value figured from its own sums. */
function salesTotals(rows: readonly ReportRow[], columns: readonly SheetColumn[], label: ReportRow) {
  return totalsOf(rows, columns, { label, notSummed }).map((line) =>
    typeof line.currency === 'string'
      ? { ...line, averageOrderValue: averageOf(Number(line.net ?? 0), Number(line.orders ?? 0)) }
      : line,
  );
}

type DetailedQuery = Parameters<typeof reportOperations.getSalesDetailed>[0]['query'];

/**
 * Every line of the detailed report, 200 a page (its read limit per request), the next page read ahead.
 * The first page is read before the file starts (a bad cursor or an unknown warehouse refuses the export
 * with nothing written); the warehouse is checked once, not on every page.
 */
async function detailedRows(query: DetailedQuery) {
  const codes = await codesCheckingFilter(query.warehouseId);
  const read = (cursor: string | undefined) => salesDetailedPage({ ...query, limit: 200, cursor });
  const first = await read(query.cursor);
  async function* rows() {
    for await (const line of allPages(read, first)) {
      const warehouse = line.warehouseId === null ? '' : (codes.get(line.warehouseId) ?? line.warehouseId);
      yield { ...line, warehouse };
    }
  }
  return rows();
}

const detailedColumns: SheetColumn[] = [
  { header: 'Day', key: 'day', type: 'date' },
  { header: 'Order date (UTC)', key: 'orderDate', type: 'datetime' },
  { header: 'Order', key: 'orderId', width: 20, identifier: true },
  { header: 'Channel', key: 'channel', width: 12, identifier: true },
  { header: 'Warehouse', key: 'warehouse', width: 10, identifier: true },
  { header: 'Status', key: 'statusId', width: 14 },
  { header: 'SKU', key: 'sku', width: 16, identifier: true },
  { header: 'Title', key: 'title', width: 30 },
  number('Quantity', 'quantity', 9),
  money('Unit price', 'unitPrice'),
  money('Discount', 'discount'),
  money('Tax', 'tax'),
  money('Line total', 'lineTotal'),
  { header: 'Currency', key: 'currency', width: 9 },
];

/** Dashboard periods and figures as a person says them. */
const periodNames: Record<string, string> = {
  today: 'Today',
  last7Days: 'Last 7 days',
  last30Days: 'Last 30 days',
};

/** A column per currency of the rows (amounts in two currencies never share a column). */
const perCurrencyKey = (name: string, currency: string) => `${name}.${currency}`;
const currencyField = (currency: string) => perCurrencyKey('currency', currency);
function currencyColumns(
  currencies: readonly string[],
  columns: ReadonlyArray<[header: string, name: string]>,
) {
  return currencies.flatMap((currency) =>
    columns.map(([header, name]): SheetColumn => ({
      header: `${header} (${currency})`,
      key: perCurrencyKey(name, currency),
      type: 'money',
      currencyKey: currencyField(currency),
      width: 16,
    })),
  );
}

export const salesReports = {
  'sales-detailed': exportable({
    query: detailedQuery,
    async table(query, { timeZone }): Promise<ReportTable> {
      const range = reportRange(query, timeZone);
      const sums = tally(detailedColumns, { label: { day: 'Total' }, notSummed: ['unitPrice'] });
      return {
        title: 'Sales, detailed',
        subtitle: [rangeLine(range), ...filterLine(query)],
        covers: rangeLine(range),
        sections: [
          {
            name: 'Order lines',
            columns: detailedColumns,
            rows: sums.through(await detailedRows({ ...query, from: range.from, to: range.to })),
            totals: () => sums.lines(),
            notes: [detailedTotalsNote],
          },
        ],
      };
    },
  }),

  'sales-summary': exportable({
    query: salesRangeQuery,
    async table(query): Promise<ReportTable> {
      const { body } = await reportOperations.getSalesSummary(withQuery(query));
      const columns: SheetColumn[] = [
        { header: 'Channel', key: 'channel', width: 16, identifier: true },
        ...salesColumns,
      ];
      return {
        title: 'Sales by channel',
        subtitle: [rangeLine(body!), ...filterLine(query)],
        covers: rangeLine(body!),
        sections: [
          {
            name: 'By channel',
            columns,
            rows: body!.channels.flatMap((channel) => salesRows({ channel: channel.channel }, channel.money)),
            // The report's own total, per currency: its counts and amounts are the rows' sums.
            totals: salesRows({ channel: 'Total' }, body!.total.money),
          },
        ],
      };
    },
  }),

  'sales-daily': exportable({
    query: salesRangeQuery,
    async table(query): Promise<ReportTable> {
      const { body } = await reportOperations.getSalesDaily(withQuery(query));
      const columns: SheetColumn[] = [{ header: 'Day', key: 'day', type: 'date' }, ...salesColumns];
      const rows = body!.days.flatMap((day) => salesRows({ day: day.day }, day.money));
      return {
        title: 'Sales per day',
        subtitle: [rangeLine(body!), ...filterLine(query)],
        covers: rangeLine(body!),
        sections: [{ name: 'Days', columns, rows, totals: salesTotals(rows, columns, { day: 'Total' }) }],
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
        money('Net collected', 'net'),
      ];
      const method: SheetColumn = { header: 'Method', key: 'method', width: 14 };
      // The report's own total per currency, below each table (both tables sum to it).
      const totals = (label: ReportRow) => body!.total.map((row) => ({ ...label, ...row }));
      return {
        title: 'Payments collected',
        subtitle: [rangeLine(body!), ...filterLine(query)],
        covers: rangeLine(body!),
        sections: [
          {
            name: 'By method',
            columns: [method, ...paymentColumns],
            rows: body!.methods,
            totals: totals({ method: 'Total' }),
          },
          {
            name: 'By day',
            columns: [{ header: 'Day', key: 'day', type: 'date' }, method, ...paymentColumns],
            rows: body!.days.flatMap((day) => day.methods.map((row) => ({ day: day.day, ...row }))),
            totals: totals({ day: 'Total' }),
          },
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
      const lead = (period: NonNullable<typeof body>['periods'][number]) => ({
        period: periodNames[period.period] ?? period.period,
        from: period.from,
        to: period.to,
      });
      const comparison = (header: string, key: string): SheetColumn[] => [
        number(header, key),
        number(`${header}, previous`, `${key}Previous`),
        {
          header: `${header}, change %`,
          key: `${key}ChangePercent`,
          type: 'number',
          numFmt: '0.0',
          width: 10,
        },
      ];
      const moneyComparison = (header: string, key: string): SheetColumn[] => [
        money(header, key),
        money(`${header}, previous`, `${key}Previous`),
        {
          header: `${header}, change %`,
          key: `${key}ChangePercent`,
          type: 'number',
          numFmt: '0.0',
          width: 10,
        },
      ];
      const spread = (
        key: string,
        figures: { value: number; previous: number; changePercent: number | null },
      ) => ({
        [key]: figures.value,
        [`${key}Previous`]: figures.previous,
        [`${key}ChangePercent`]: figures.changePercent,
      });
      const periodColumns: SheetColumn[] = [
        { header: 'Period', key: 'period', width: 13 },
        { header: 'From', key: 'from', type: 'date' },
        { header: 'To', key: 'to', type: 'date' },
      ];
      return {
        title: 'Dashboard',
        subtitle: [
          `Today is ${body!.today}; "previous": the same number of days just before each period`,
          ...filterLine(query),
        ],
        covers: body!.today,
        sections: [
          {
            // The periods overlap (today is in the last 7 days): rows that must not be added up.
            name: 'Orders',
            columns: [
              ...periodColumns,
              ...comparison('Orders', 'orders'),
              ...comparison('Units sold', 'units'),
              ...comparison('Awaiting shipment', 'awaitingShipment'),
            ],
            rows: body!.periods.map((period) => ({
              ...lead(period),
              ...spread('orders', period.orders),
              ...spread('units', period.units),
              ...spread('awaitingShipment', period.awaitingShipment),
            })),
          },
          {
            name: 'Sales',
            columns: [
              ...periodColumns,
              { header: 'Currency', key: 'currency', width: 9 },
              ...moneyComparison('Net sales', 'revenue'),
              ...moneyComparison('Average order value', 'averageOrderValue'),
            ],
            rows: body!.periods.flatMap((period) =>
              period.revenue.map((revenue, at) => ({
                ...lead(period),
                currency: revenue.currency,
                ...spread('revenue', revenue),
                ...spread('averageOrderValue', period.averageOrderValue[at]!),
              })),
            ),
          },
        ],
      };
    },
  }),

  'sales-trend': exportable({
    query: salesRangeQuery,
    async table(query): Promise<ReportTable> {
      const { body } = await reportOperations.getSalesTrend(withQuery(query));
      const currencies = [...new Set(body!.days.flatMap((day) => day.revenue.map((r) => r.currency)))].sort();
      // One row per day: its counts are the day's own, its net sales a column per currency.
      const rows = body!.days.map((day) => ({
        day: day.day,
        previousDay: day.previousDay,
        orders: day.orders.value,
        previousOrders: day.orders.previous,
        units: day.units.value,
        previousUnits: day.units.previous,
        ...Object.fromEntries(
          day.revenue.flatMap((revenue) => [
            [currencyField(revenue.currency), revenue.currency],
            [perCurrencyKey('net', revenue.currency), revenue.value],
            [perCurrencyKey('previousNet', revenue.currency), revenue.previous],
          ]),
        ),
      }));
      const columns: SheetColumn[] = [
        { header: 'Day', key: 'day', type: 'date' },
        { header: 'Previous day', key: 'previousDay', type: 'date' },
        number('Orders', 'orders'),
        number('Orders, previous', 'previousOrders'),
        number('Units sold', 'units'),
        number('Units sold, previous', 'previousUnits'),
        ...currencyColumns(currencies, [
          ['Net sales', 'net'],
          ['Net sales, previous', 'previousNet'],
        ]),
      ];
      return {
        title: 'Sales trend',
        subtitle: [
          `${rangeLine(body!)}, against ${body!.previous.from} to ${body!.previous.to}`,
          ...filterLine(query),
        ],
        covers: rangeLine(body!),
        sections: [
          { name: 'Days', columns, rows, totals: totalsOf(rows, columns, { label: { day: 'Total' } }) },
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
  const currencies = [...new Set(body!.items.flatMap((item) => item.revenue.map((r) => r.currency)))].sort();
  // One row per SKU, its revenue a column per currency: the SKU's counts are never repeated.
  const rows = body!.items.map(({ revenue, ...item }) => ({
    ...item,
    ...Object.fromEntries(
      revenue.flatMap(({ currency, amount }) => [
        [currencyField(currency), currency],
        [perCurrencyKey('revenue', currency), amount],
      ]),
    ),
  }));
  const columns: SheetColumn[] = [
    number('Rank', 'rank', 6),
    { header: 'SKU', key: 'sku', width: 18, identifier: true },
    number('Orders with the SKU', 'orders', 12),
    number('Units sold', 'units'),
    ...(order === 'worst' ? [number('On hand', 'onHand')] : []),
    ...currencyColumns(currencies, [['Revenue', 'revenue']]),
  ];
  return {
    title: order === 'top' ? 'Top sellers' : 'Worst sellers',
    subtitle: [`${rangeLine(body!)}, by ${body!.by}`, ...filterLine({ ...query, by: undefined })],
    covers: rangeLine(body!),
    sections: [
      {
        name: 'Sellers',
        columns,
        rows,
        // An order of two SKUs counts once under each: the orders column does not add up to orders.
        totals: totalsOf(rows, columns, { label: { sku: 'Listed SKUs' }, notSummed: ['rank', 'orders'] }),
      },
    ],
  };
}
