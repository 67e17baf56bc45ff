/** The sales reports and the dashboard (interface §4.1). Data only, no I/O. */
import { route } from '../../shared/http/catalogue';
import { report } from './report-route';
import {
  dailyAnswer,
  dashboardAnswer,
  dashboardQuery,
  detailedAnswer,
  detailedQuery,
  paymentsAnswer,
  paymentsQuery,
  salesRangeQuery,
  sellersAnswer,
  sellersQuery,
  summaryAnswer,
  trendAnswer,
} from './schemas';

export const salesRoutes = {
  getSalesDetailed: route(
    report(
      '/v1/reports/sales/detailed',
      'getSalesDetailed',
      'Order lines dated in a range of reporting days, oldest first: order, date, channel, SKU, title, quantity, price, discount, tax, line total; filtered by channel, SKU, warehouse, status category, currency',
      detailedQuery,
      detailedAnswer,
    ),
  ),
  getSalesSummary: route(
    report(
      '/v1/reports/sales/summary',
      'getSalesSummary',
      'Sales by channel over a range: orders, units, and per currency gross, discounts, tax, shipping, refunds, net and average order value',
      salesRangeQuery,
      summaryAnswer,
    ),
  ),
  getSalesDaily: route(
    report(
      '/v1/reports/sales/daily',
      'getSalesDaily',
      'Sales per reporting day over a range, every day present (zeros included)',
      salesRangeQuery,
      dailyAnswer,
    ),
  ),
  getPaymentsCollected: route(
    report(
      '/v1/reports/payments/collected',
      'getPaymentsCollected',
      'Payments collected by method and day, refunds shown and netted',
      paymentsQuery,
      paymentsAnswer,
    ),
  ),
  getTopSellers: route(
    report(
      '/v1/reports/top-sellers',
      'getTopSellers',
      'The SKUs that sold most over a range, by units or by revenue in a currency',
      sellersQuery,
      sellersAnswer,
    ),
  ),
  getWorstSellers: route(
    report(
      '/v1/reports/worst-sellers',
      'getWorstSellers',
      'The SKUs that sold least over a range, by units or by revenue in a currency; SKUs in stock that sold nothing come first',
      sellersQuery,
      sellersAnswer,
    ),
  ),
  getDashboard: route(
    report(
      '/v1/reports/dashboard',
      'getDashboard',
      'Today, the last 7 and the last 30 days: orders, units, revenue, average order value and orders awaiting shipment, each against the period before',
      dashboardQuery,
      dashboardAnswer,
    ),
  ),
  getSalesTrend: route(
    report(
      '/v1/reports/dashboard/sales-trend',
      'getSalesTrend',
      'Daily orders, units and revenue over a range beside the previous period of the same length, aligned day by day',
      salesRangeQuery,
      trendAnswer,
    ),
  ),
};
