/**
 * The reorder suggestion (DESIGN §4, Inventory alerts), with the numbers that made it. No I/O.
 *
 * suggestion = velocity × factor × (lead time + safety days) − available − open on work orders, raised
 * so that available plus open plus the suggestion reaches the stock rule's minimum level, then to at
 * least the purchase-order source's minimum order quantity, then up to whole packs; capped so that it
 * stays within the stock rule's maximum (its active period's, if any): a cap below the smallest order
 * allowed suggests nothing, and says so. No suggestion passes 1,000,000 units.
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
  /** Units per pack, when the source sells in packs. */
  packSize?: number;
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
  /** The fewest units the source accepts in one order: a minimum, not a multiple. */
  minimumOrderQuantity: number;
  /** Units per pack: the order is a whole number of packs (1 when the source names none). */
  packSize?: number;
  /** The stock rule's minimum that applies today: available + open + the order reaches at least this. */
  minLevel?: number;
  /** The stock rule's maximum that applies today; undefined when no rule covers the SKU. */
  maxLevel?: number;
}

export interface Reorder {
  /** Units expected to sell over lead time and safety days. */
  demand: number;
  /** demand − available − open, before rounding (never below 0). */
  shortfall: number;
  /** minLevel − available − open (never below 0); undefined without a minimum level. */
  belowMinLevel?: number;
  /** What must be ordered before rounding: the larger of the shortfall and what the minimum level lacks. */
  needed: number;
  /** The order before the cap: at least the minimum order quantity, in whole packs (0 when nothing is needed). */
  rounded: number;
  /** maxLevel − available − open (never below 0); undefined without a maximum. */
  room?: number;
  capped: boolean;
  /** Why the order was cut, when it was. */
  capReason?: string;
  quantity: number;
}

const units = (value: number) => Math.round(value * 1000) / 1000;
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * The order: velocity × factor × (lead time + safety days) − available − open, raised to what the stock
 * rule's minimum level lacks, then to the minimum order quantity (a minimum: 41.17 with a minimum of 12 is
 * 42, not 48), then up to whole packs. A maximum (the stock rule's, or the 1,000,000 units the service
 * handles) cuts it to the largest order that still is at least one minimum order and whole packs; when no
 * such order fits, the suggestion is 0 and says why: the maximum wins over the minimum level.
 */
export function reorderQuantity(input: ReorderInput): Reorder {
  const demand = units(input.velocity * input.factor * (input.leadTimeDays + input.safetyDays));
  const onTheWay = input.available + input.openOnWorkOrders;
  const shortfall = units(Math.max(0, demand - onTheWay));
  const belowMinLevel = input.minLevel === undefined ? undefined : Math.max(0, input.minLevel - onTheWay);
  const needed = Math.max(shortfall, belowMinLevel ?? 0);
  const moq = Math.max(1, input.minimumOrderQuantity);
  const pack = Math.max(1, input.packSize ?? 1);
  // Rounded to 3 places first: a hair of float noise (2.0000000001 units) must not buy a whole extra unit.
  const rounded = needed === 0 ? 0 : Math.ceil(Math.max(Math.ceil(units(needed)), moq) / pack) * pack;
  // No suggestion passes the largest quantity the service handles (DESIGN §3), stock rule or not.
  const room = Math.max(0, Math.min(maxQuantity, (input.maxLevel ?? maxQuantity) - onTheWay));
  const figures = {
    demand,
    shortfall,
    ...(belowMinLevel === undefined ? {} : { belowMinLevel }),
    needed,
    rounded,
    ...(input.maxLevel === undefined ? {} : { room }),
  };
  if (rounded <= room) return { ...figures, capped: false, quantity: rounded };
  const limit =
    input.maxLevel !== undefined && room < maxQuantity
      ? `the stock rule's maximum of ${input.maxLevel} leaves room for ${room}`
      : `the largest quantity handled is ${maxQuantity}`;
  const fits = Math.floor(room / pack) * pack;
  if (fits >= moq) {
    return {
      ...figures,
      capped: true,
      capReason: `${limit}: cut to ${fits}, the most that fits${pack > 1 ? ` in whole packs of ${pack}` : ''}`,
      quantity: fits,
    };
  }
  const smallest = Math.ceil(moq / pack) * pack;
  return {
    ...figures,
    capped: true,
    capReason: `${limit}, less than the smallest order of ${plural(smallest, 'unit')} (${
      pack > 1 ? `minimum order ${moq} in packs of ${pack}` : `minimum order ${moq}`
    }): nothing is suggested`,
    quantity: 0,
  };
}

/** Days the available units last at the expected daily demand; null when nothing sells. */
export function daysOfCover(available: number, velocity: number, factor: number): number | null {
  const daily = velocity * factor;
  if (daily <= 0) return null;
  return Math.round((available / daily) * 100) / 100;
}
