/**
 * The sales reports, computed from aggregate cells (shared/domain/aggregates.ts): pure functions, no I/O.
 * Counts (orders, units) add up across currencies, since every order has one; money never does, so
 * money is answered per currency. A day with no sales is a day of zeros, never a gap.
 */
import type { AggregateDelta, Figures } from '../../shared/domain/aggregates';
import type { Day } from '../../shared/domain/reporting-days';
import { addDays, daysBetween, previousPeriod } from '../../shared/domain/reporting-days';

export interface CellFilter {
  channel?: string;
  currency?: string;
}

/** The cells a filter keeps (`channel` names the cell of the channel dimension). */
export const cellsMatching = (cells: readonly AggregateDelta[], filter: CellFilter & { name?: string }) =>
  cells.filter(
    (cell) =>
      (filter.currency === undefined || cell.cell.currency === filter.currency) &&
      (filter.name === undefined || cell.cell.name === filter.name),
  );

const figure = (figures: Figures, name: string) => figures[name] ?? 0;

/** Sums cells into groups by a key, in a map that takes any client text as a key. */
function sumBy(cells: readonly AggregateDelta[], keyOf: (cell: AggregateDelta) => string) {
  const groups = new Map<string, { sample: AggregateDelta; figures: Record<string, number> }>();
  for (const cell of cells) {
    const key = keyOf(cell);
    let group = groups.get(key);
    if (!group) {
      group = { sample: cell, figures: Object.create(null) as Record<string, number> };
      groups.set(key, group);
    }
    for (const [name, value] of Object.entries(cell.figures)) {
      group.figures[name] = (group.figures[name] ?? 0) + value;
    }
  }
  return groups;
}

/** Cells by their day (Map.groupBy is not in Node 20). */
function cellsByDay(cells: readonly AggregateDelta[]) {
  const byDay = new Map<Day, AggregateDelta[]>();
  for (const cell of cells) {
    const ofDay = byDay.get(cell.cell.day);
    if (ofDay) ofDay.push(cell);
    else byDay.set(cell.cell.day, [cell]);
  }
  return byDay;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Minor units per order, rounded half up; 0 without orders. */
export const averageOf = (amount: number, orders: number) => (orders > 0 ? Math.round(amount / orders) : 0);

export interface SalesMoney {
  currency: string;
  /** The orders in this currency and their units: each order has one currency, so these add up to the total. */
  orders: number;
  units: number;
  gross: number;
  discounts: number;
  tax: number;
  shipping: number;
  refunds: number;
  net: number;
  averageOrderValue: number;
}

export interface SalesFigures {
  orders: number;
  units: number;
  money: SalesMoney[];
}

const salesMoney = (currency: string, figures: Figures): SalesMoney => ({
  currency,
  orders: figure(figures, 'orders'),
  units: figure(figures, 'units'),
  gross: figure(figures, 'gross'),
  discounts: figure(figures, 'discounts'),
  tax: figure(figures, 'tax'),
  shipping: figure(figures, 'shipping'),
  refunds: figure(figures, 'credited'),
  net: figure(figures, 'net'),
  averageOrderValue: averageOf(figure(figures, 'net'), figure(figures, 'orders')),
});

/** Every cell's figures summed into one. */
const totalOf = (cells: readonly AggregateDelta[]): Figures => sumBy(cells, () => '').get('')?.figures ?? {};

/** Figures summed per currency: a currency with no cell reads as zeros. */
function perCurrency(cells: readonly AggregateDelta[]) {
  const byCurrency = sumBy(cells, (cell) => cell.cell.currency);
  return (currency: string): Figures => byCurrency.get(currency)?.figures ?? {};
}

/** Channel cells summed: counts over every currency, money per currency (all of `currencies` named). */
function salesFigures(cells: readonly AggregateDelta[], currencies: readonly string[]): SalesFigures {
  const ofCurrency = perCurrency(cells);
  const total = totalOf(cells);
  return {
    orders: figure(total, 'orders'),
    units: figure(total, 'units'),
    money: currencies.map((currency) => salesMoney(currency, ofCurrency(currency))),
  };
}

const currenciesOf = (cells: readonly AggregateDelta[]) =>
  [...new Set(cells.map((cell) => cell.cell.currency))].sort(byText);

/** Sales by channel over the range, and their total (channel cells). */
export function salesSummary(cells: readonly AggregateDelta[]) {
  const channels = [...new Set(cells.map((cell) => cell.cell.name))].sort(byText);
  return {
    channels: channels.map((channel) => {
      const ofChannel = cells.filter((cell) => cell.cell.name === channel);
      return { channel, ...salesFigures(ofChannel, currenciesOf(ofChannel)) };
    }),
    total: salesFigures(cells, currenciesOf(cells)),
  };
}

/** One entry per day of the range, zeros included, each with every currency the range sold in. */
export function salesDaily(cells: readonly AggregateDelta[], range: { from: Day; to: Day }) {
  const currencies = currenciesOf(cells);
  const byDay = cellsByDay(cells);
  return daysBetween(range.from, range.to).map((day) => ({
    day,
    ...salesFigures(byDay.get(day) ?? [], currencies),
  }));
}

export interface PaymentFigures {
  currency: string;
  payments: number;
  collected: number;
  refunds: number;
  refunded: number;
  /** Collected less refunded. */
  net: number;
}

const paymentFigures = (currency: string, figures: Figures): PaymentFigures => ({
  currency,
  payments: figure(figures, 'payments'),
  collected: figure(figures, 'collected'),
  refunds: figure(figures, 'refunds'),
  refunded: figure(figures, 'refunded'),
  net: figure(figures, 'collected') - figure(figures, 'refunded'),
});

const methodRows = (cells: readonly AggregateDelta[]) =>
  [...sumBy(cells, (cell) => `${cell.cell.name}\u0000${cell.cell.currency}`).values()]
    .map((group) => ({
      method: group.sample.cell.name,
      ...paymentFigures(group.sample.cell.currency, group.figures),
    }))
    .sort((a, b) => byText(a.method, b.method) || byText(a.currency, b.currency));

/** Payments collected by method and day (payment cells): refunds shown, and netted out of `net`. */
export function paymentsCollected(cells: readonly AggregateDelta[], range: { from: Day; to: Day }) {
  const byDay = cellsByDay(cells);
  return {
    days: daysBetween(range.from, range.to).map((day) => ({
      day,
      methods: methodRows(byDay.get(day) ?? []),
    })),
    methods: methodRows(cells),
    total: [...sumBy(cells, (cell) => cell.cell.currency).values()]
      .map((group) => paymentFigures(group.sample.cell.currency, group.figures))
      .sort((a, b) => byText(a.currency, b.currency)),
  };
}

export interface SellerRanking {
  /** `top`: most first; `worst`: fewest first, SKUs in stock that sold nothing included. */
  order: 'top' | 'worst';
  by: 'units' | 'revenue';
  /** The currency revenue ranks in (cells of other currencies are left out when given). */
  currency?: string;
  limit: number;
  /** Worst sellers: units on hand per SKU, every SKU with stock (sold nothing: first; ties: most stock first). */
  onHand?: ReadonlyMap<string, number>;
}

/** SKUs ranked by units or revenue over the range (SKU cells), ties broken by SKU. */
export function rankSellers(cells: readonly AggregateDelta[], ranking: SellerRanking) {
  const bySku = new Map<string, { orders: number; units: number; revenue: Map<string, number> }>();
  const entry = (sku: string) => {
    let found = bySku.get(sku);
    if (!found) {
      found = { orders: 0, units: 0, revenue: new Map() };
      bySku.set(sku, found);
    }
    return found;
  };
  for (const cell of cells) {
    const found = entry(cell.cell.name);
    found.orders += figure(cell.figures, 'orders');
    found.units += figure(cell.figures, 'units');
    const { currency } = cell.cell;
    found.revenue.set(currency, (found.revenue.get(currency) ?? 0) + figure(cell.figures, 'revenue'));
  }
  for (const [sku, units] of ranking.onHand ?? []) if (units > 0) entry(sku);
  const score = (row: { units: number; revenue: Map<string, number> }) =>
    ranking.by === 'units' ? row.units : (row.revenue.get(ranking.currency!) ?? 0);
  const direction = ranking.order === 'top' ? -1 : 1;
  // Among equal sellers the worst is the one with more stock sitting on the shelf.
  const shelf = (sku: string) => ranking.onHand?.get(sku) ?? 0;
  return [...bySku.entries()]
    .sort(
      ([skuA, a], [skuB, b]) =>
        direction * (score(a) - score(b)) || shelf(skuB) - shelf(skuA) || byText(skuA, skuB),
    )
    .slice(0, ranking.limit)
    .map(([sku, row], index) => ({
      rank: index + 1,
      sku,
      orders: row.orders,
      units: row.units,
      revenue: [...row.revenue.entries()]
        .filter(([, amount]) => amount !== 0)
        .map(([currency, amount]) => ({ currency, amount }))
        .sort((a, b) => byText(a.currency, b.currency)),
      ...(ranking.onHand ? { onHand: ranking.onHand.get(sku) ?? 0 } : {}),
    }));
}

export interface Comparison {
  value: number;
  previous: number;
  change: number;
  /** Change against the previous period in percent, one decimal; null when the previous was 0. */
  changePercent: number | null;
}

export function compare(value: number, previous: number): Comparison {
  return {
    value,
    previous,
    change: value - previous,
    changePercent: previous === 0 ? null : Math.round(((value - previous) / previous) * 1000) / 10,
  };
}

const dashboardPeriods = [
  { period: 'today', days: 1 },
  { period: 'last7Days', days: 7 },
  { period: 'last30Days', days: 30 },
] as const;

/** The days the dashboard reads: the longest period and the one before it. */
export const dashboardRange = (today: Day) => ({ from: addDays(today, -59), to: today });

const within = (cells: readonly AggregateDelta[], from: Day, to: Day) =>
  cells.filter((cell) => cell.cell.day >= from && cell.cell.day <= to);

/**
 * Today, the last 7 and the last 30 days (today included), each against the same number of days just
 * before: orders, units, revenue (net sales), average order value and, of the period's orders, those
 * still awaiting shipment (channel cells of `dashboardRange`).
 */
export function dashboard(cells: readonly AggregateDelta[], today: Day) {
  return dashboardPeriods.map(({ period, days }) => {
    const from = addDays(today, 1 - days);
    const previous = previousPeriod(from, today);
    const current = within(cells, from, today);
    const before = within(cells, previous.from, previous.to);
    const [now, then] = [totalOf(current), totalOf(before)];
    const currencies = currenciesOf([...current, ...before]);
    const [nowOf, thenOf] = [perCurrency(current), perCurrency(before)];
    const money = (currency: string, pick: (figures: Figures) => number) => ({
      currency,
      ...compare(pick(nowOf(currency)), pick(thenOf(currency))),
    });
    return {
      period,
      from,
      to: today,
      previous,
      orders: compare(figure(now, 'orders'), figure(then, 'orders')),
      units: compare(figure(now, 'units'), figure(then, 'units')),
      awaitingShipment: compare(figure(now, 'awaitingShipment'), figure(then, 'awaitingShipment')),
      revenue: currencies.map((currency) => money(currency, (figures) => figure(figures, 'net'))),
      averageOrderValue: currencies.map((currency) =>
        money(currency, (figures) => averageOf(figure(figures, 'net'), figure(figures, 'orders'))),
      ),
    };
  });
}

/** A range's daily orders, units and revenue beside the previous period's, aligned day by day. */
export function salesTrend(
  cells: readonly AggregateDelta[],
  range: { from: Day; to: Day },
  previous: { from: Day; to: Day },
) {
  const currencies = currenciesOf(cells);
  const byDay = cellsByDay(cells);
  const previousDays = daysBetween(previous.from, previous.to);
  return daysBetween(range.from, range.to).map((day, index) => {
    const previousDay = previousDays[index]!;
    const [now, then] = [day, previousDay].map((of) => salesFigures(byDay.get(of) ?? [], currencies)) as [
      SalesFigures,
      SalesFigures,
    ];
    return {
      day,
      previousDay,
      orders: compare(now.orders, then.orders),
      units: compare(now.units, then.units),
      revenue: currencies.map((currency, at) => ({
        currency,
        ...compare(now.money[at]!.net, then.money[at]!.net),
      })),
    };
  });
}
