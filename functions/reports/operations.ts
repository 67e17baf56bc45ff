/**
 * The sales reports and the dashboard: each reads the aggregate cells of its range (O(days), never
 * O(orders)) and computes its figures with the pure functions of figures.ts. The detailed report reads
 * order lines instead (detailed.ts), and worst sellers also read which SKUs are in stock.
 */
import { readAggregates } from '../../shared/aggregates/read';
import { reportingTimeZone } from '../../shared/aggregates/time-zone';
import type { ReportDimension } from '../../shared/domain/aggregates';
import type { Day } from '../../shared/domain/reporting-days';
import { addDays, checkReportRange, previousPeriod, reportingDay } from '../../shared/domain/reporting-days';
import { ValidationFailed } from '../../shared/errors';
import type { Implementations } from '../../shared/http/catalogue';
import type { DetailedRequest } from './detailed';
import { detailedSales } from './detailed';
import {
  cellsMatching,
  dashboard,
  dashboardRange,
  paymentsCollected,
  rankSellers,
  salesDaily,
  salesSummary,
  salesTrend,
} from './figures';
import type { salesRoutes } from './sales-routes';
import { unitsOnHandBySku } from './stock';
import { codesCheckingFilter } from './warehouses';

type Routes = typeof salesRoutes;
type SalesOperations = Pick<
  Implementations<Routes>,
  | 'getSalesDetailed'
  | 'getSalesSummary'
  | 'getSalesDaily'
  | 'getPaymentsCollected'
  | 'getTopSellers'
  | 'getWorstSellers'
  | 'getDashboard'
  | 'getSalesTrend'
>;

/** Report ranges default to the 30 days up to today (in the reporting zone), and span at most 366 days. */
export function reportRange(query: { from?: Day; to?: Day }, timeZone: string) {
  const to = query.to ?? (query.from ? addDays(query.from, 29) : reportingDay(new Date(), timeZone));
  const from = query.from ?? addDays(to, -29);
  checkReportRange(from, to);
  return { from, to, timeZone };
}

/** One page of the detailed report, its warehouse filter already known to exist. */
export async function salesDetailedPage(
  query: Omit<DetailedRequest, 'from' | 'to'> & { from?: Day; to?: Day },
) {
  const { from, to, timeZone } = reportRange(query, reportingTimeZone());
  const page = await detailedSales({ ...query, from, to }, timeZone);
  return { from, to, timeZone, ...page };
}

async function cellsOf(
  dimension: ReportDimension,
  days: { from: Day; to: Day },
  filter: { name?: string; currency?: string },
) {
  return cellsMatching(await readAggregates(dimension, days), filter);
}

export const reportOperations: SalesOperations = {
  async getSalesDetailed({ query }) {
    if (query.warehouseId !== undefined) await codesCheckingFilter(query.warehouseId);
    return { body: await salesDetailedPage(query) };
  },

  async getSalesSummary({ query }) {
    const range = reportRange(query, reportingTimeZone());
    const cells = await cellsOf('channel', range, { name: query.channel, currency: query.currency });
    return { body: { ...range, ...salesSummary(cells) } };
  },

  async getSalesDaily({ query }) {
    const range = reportRange(query, reportingTimeZone());
    const cells = await cellsOf('channel', range, { name: query.channel, currency: query.currency });
    return { body: { ...range, days: salesDaily(cells, range) } };
  },

  async getPaymentsCollected({ query }) {
    const range = reportRange(query, reportingTimeZone());
    const cells = await cellsOf('payment', range, { name: query.method, currency: query.currency });
    return { body: { ...range, ...paymentsCollected(cells, range) } };
  },

  async getTopSellers({ query }) {
    const range = reportRange(query, reportingTimeZone());
    const ranking = sellerRanking(query);
    const cells = await cellsOf('sku', range, { currency: query.currency });
    return { body: { ...range, by: query.by, items: rankSellers(cells, { ...ranking, order: 'top' }) } };
  },

  async getWorstSellers({ query }) {
    const range = reportRange(query, reportingTimeZone());
    const ranking = sellerRanking(query);
    const [cells, onHand] = await Promise.all([
      cellsOf('sku', range, { currency: query.currency }),
      unitsOnHandBySku(),
    ]);
    return {
      body: { ...range, by: query.by, items: rankSellers(cells, { ...ranking, order: 'worst', onHand }) },
    };
  },

  async getDashboard({ query }) {
    const timeZone = reportingTimeZone();
    const today = reportingDay(new Date(), timeZone);
    const cells = await cellsOf('channel', dashboardRange(today), { currency: query.currency });
    return { body: { today, timeZone, periods: dashboard(cells, today) } };
  },

  async getSalesTrend({ query }) {
    const range = reportRange(query, reportingTimeZone());
    const previous = previousPeriod(range.from, range.to);
    const cells = await cellsOf(
      'channel',
      { from: previous.from, to: range.to },
      { name: query.channel, currency: query.currency },
    );
    return { body: { ...range, previous, days: salesTrend(cells, range, previous) } };
  },
};

function sellerRanking(query: { by: 'units' | 'revenue'; currency?: string; limit: number }) {
  if (query.by === 'revenue' && query.currency === undefined) {
    throw new ValidationFailed('Revenue ranks in one currency: name it.', [
      { path: 'query.currency', message: 'required when by=revenue' },
    ]);
  }
  return { by: query.by, currency: query.currency, limit: query.limit };
}
