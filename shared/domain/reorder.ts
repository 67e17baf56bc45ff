/**
 * The reorder suggestion (DESIGN §4, Inventory alerts), with the numbers that made it. No I/O.
 *
 * suggestion = velocity × factor × (lead time + safety days) − available − open on work orders,
 * rounded up to the purchase-order source's minimum order quantity, and capped so that available plus
 * what is open plus the suggestion stays within the stock rule's maximum (its active period's, if any):
 * a cap below one minimum order suggests nothing, and says so. No suggestion passes 1,000,000 units.
 */
import { maxQuantity } from './money';

export interface SourceOption {
  poSourceId: string;
  vendorId: string;
  vendorName?: string;
  /** Minor units of `currency`. */
  unitCost: number;
  currency: string;
  minimumOrderQuantity: number;
  leadTimeDays?: number;
}

export interface ChosenSource<S extends SourceOption = SourceOption> {
  source: S;
  reason: string;
}

const leadOf = (option: SourceOption) => option.leadTimeDays ?? Number.POSITIVE_INFINITY;
const byCostThenLead = (a: SourceOption, b: SourceOption) =>
  a.unitCost - b.unitCost || leadOf(a) - leadOf(b) || (a.poSourceId < b.poSourceId ? -1 : 1);

/**
 * Lowest unit cost among the sources receiving into the warehouse; ties by shorter lead time, then id.
 * Costs in different currencies are not compared (there is no rate to compare them by): then the
 * cheapest source of each currency competes on lead time alone.
 */
export function chooseSource<S extends SourceOption>(options: readonly S[]): ChosenSource<S> | undefined {
  if (options.length === 0) return undefined;
  if (options.length === 1)
    return { source: options[0]!, reason: 'the only purchase-order source receiving into this warehouse' };
  const currencies = new Set(options.map((option) => option.currency));
  if (currencies.size > 1) {
    const cheapest = [...currencies].map(
      (currency) => options.filter((option) => option.currency === currency).sort(byCostThenLead)[0]!,
    );
    const chosen = cheapest.sort(
      (a, b) => leadOf(a) - leadOf(b) || (a.poSourceId < b.poSourceId ? -1 : 1),
    )[0]!;
    return {
      source: chosen,
      reason: `${options.length} sources in ${currencies.size} currencies, whose costs are not compared: of the cheapest in each currency, the shortest lead time`,
    };
  }
  const sorted = [...options].sort(byCostThenLead);
  const chosen = sorted[0]!;
  const sameCost = sorted.filter((option) => option.unitCost === chosen.unitCost);
  const sameLead = sameCost.filter((option) => leadOf(option) === leadOf(chosen));
  const others = sameCost.length - 1;
  const reason =
    others === 0
      ? `lowest unit cost of ${options.length} sources receiving into this warehouse`
      : `lowest unit cost of ${options.length} sources, shared with ${others} ${others === 1 ? 'other' : 'others'}; ${
          sameLead.length > 1 ? 'same lead time too: the first by source id' : 'shortest lead time among them'
        }`;
  return { source: chosen, reason };
}

export interface ReorderInput {
  velocity: number;
  factor: number;
  leadTimeDays: number;
  safetyDays: number;
  available: number;
  openOnWorkOrders: number;
  minimumOrderQuantity: number;
  /** The stock rule's maximum that applies today; undefined when no rule covers the SKU. */
  maxLevel?: number;
}

export interface Reorder {
  /** Units expected to sell over lead time and safety days. */
  demand: number;
  /** demand − available − open, before rounding (never below 0). */
  shortfall: number;
  /** The shortfall rounded up to a multiple of the minimum order quantity. */
  rounded: number;
  /** maxLevel − available − open (never below 0); undefined without a maximum. */
  room?: number;
  capped: boolean;
  quantity: number;
}

const units = (value: number) => Math.round(value * 1000) / 1000;

export function reorderQuantity(input: ReorderInput): Reorder {
  const demand = input.velocity * input.factor * (input.leadTimeDays + input.safetyDays);
  const shortfall = Math.max(0, demand - input.available - input.openOnWorkOrders);
  const moq = Math.max(1, input.minimumOrderQuantity);
  // A hair of float noise (2.0000000001 units) must not buy a whole extra minimum order.
  const rounded = Math.ceil(units(shortfall) / moq) * moq;
  // No suggestion passes the largest quantity the service handles (DESIGN §3), stock rule or not.
  const room = Math.max(
    0,
    Math.min(maxQuantity, (input.maxLevel ?? maxQuantity) - input.available - input.openOnWorkOrders),
  );
  if (input.maxLevel === undefined && rounded <= room) {
    return { demand: units(demand), shortfall: units(shortfall), rounded, capped: false, quantity: rounded };
  }
  const capped = rounded > room;
  const quantity = capped ? Math.floor(room / moq) * moq : rounded;
  return {
    demand: units(demand),
    shortfall: units(shortfall),
    rounded,
    ...(input.maxLevel === undefined ? {} : { room }),
    capped,
    quantity,
  };
}

/** Days the available units last at the expected daily demand; null when nothing sells. */
export function daysOfCover(available: number, velocity: number, factor: number): number | null {
  const daily = velocity * factor;
  if (daily <= 0) return null;
  return Math.round((available / daily) * 100) / 100;
}
