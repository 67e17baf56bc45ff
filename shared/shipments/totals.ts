/**
 * Shipment totals, as plain functions: what one shipment adds to its day's cell, and how cells read
 * back as totals over a set of filters. A shipment written adds its figures; removed, it takes them out;
 * voided, they move from the active cell to the voided one.
 */
import type { ShipmentCell } from '../db/keys/shipments';
import { shipmentTotalsKey } from '../db/keys/shipments';
import type { Shipment } from '../domain/shipment';

export interface ShipmentFigures {
  shipments: number;
  packages: number;
  weightGrams: number;
  /** Minor units of the cell's currency (shipments without a cost add 0). */
  cost: number;
}

export interface TotalsCell extends ShipmentCell, ShipmentFigures {}

export function cellOf(shipment: Shipment): ShipmentCell {
  return {
    day: shipment.shipDate,
    carrier: shipment.carrier,
    service: shipment.service,
    ...(shipment.warehouseId === undefined ? {} : { warehouseId: shipment.warehouseId }),
    status: shipment.status,
    source: shipment.source,
    ...(shipment.cost ? { currency: shipment.cost.currency } : {}),
  };
}

/** What a shipment adds to its cell (sign +1), or takes out of it (−1). */
export function figuresOf(shipment: Shipment, sign: 1 | -1): ShipmentFigures {
  return {
    shipments: sign,
    packages: sign * shipment.packages,
    weightGrams: sign * shipment.weightGrams,
    cost: sign * (shipment.cost?.amount ?? 0),
  };
}

/** A cell as read (a stored item carries its keys too): its attributes and figures only. */
function cellOnly(read: TotalsCell): TotalsCell {
  return {
    day: read.day,
    carrier: read.carrier,
    service: read.service,
    ...(read.warehouseId === undefined ? {} : { warehouseId: read.warehouseId }),
    status: read.status,
    source: read.source,
    ...(read.currency === undefined ? {} : { currency: read.currency }),
    shipments: read.shipments,
    packages: read.packages,
    weightGrams: read.weightGrams,
    cost: read.cost,
  };
}

/**
 * One cell per day (or month read as its first day) and combination, its figures summed over the parts
 * read from each totals shard (and the partition before sharding). The names it shows (a carrier's or service's case, which the
 * key folds) are those of a part that counts shipments, as the one item kept them before sharding.
 */
export function sumOverShards(parts: Iterable<TotalsCell>): TotalsCell[] {
  const sums = new Map<string, TotalsCell>();
  for (const part of parts) {
    const key = shipmentTotalsKey(part).SK;
    const sum = sums.get(key);
    if (!sum) {
      sums.set(key, cellOnly(part));
      continue;
    }
    const names = sum.shipments === 0 && part.shipments !== 0 ? cellOnly(part) : sum;
    sums.set(key, {
      ...names,
      shipments: sum.shipments + part.shipments,
      packages: sum.packages + part.packages,
      weightGrams: sum.weightGrams + part.weightGrams,
      cost: sum.cost + part.cost,
    });
  }
  // In key order (day, then combination), as one partition's cells were read.
  return [...sums].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, sum]) => sum);
}

export interface ShipmentFilters {
  from: string;
  to: string;
  carrier?: string;
  service?: string;
  warehouseId?: string;
  status?: Shipment['status'];
  source?: Shipment['source'];
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Whether a shipment (or a cell) passes the filters; carrier and service compare case-insensitively. */
export function matchesFilters(cell: ShipmentCell & { day: string }, filters: ShipmentFilters): boolean {
  return (
    cell.day >= filters.from &&
    cell.day <= filters.to &&
    (filters.carrier === undefined || same(cell.carrier, filters.carrier)) &&
    (filters.service === undefined || same(cell.service, filters.service)) &&
    (filters.warehouseId === undefined || cell.warehouseId === filters.warehouseId) &&
    (filters.status === undefined || cell.status === filters.status) &&
    (filters.source === undefined || cell.source === filters.source)
  );
}

export interface CostTotal {
  currency: string;
  amount: number;
}

export interface FigureTotals {
  shipments: number;
  packages: number;
  weightGrams: number;
  /** One total per currency (shipments without a cost count in no currency). */
  cost: CostTotal[];
}

export interface ShipmentTotals extends FigureTotals {
  byCarrier: Array<FigureTotals & { carrier: string }>;
  byService: Array<FigureTotals & { carrier: string; service: string }>;
}

class Sum {
  shipments = 0;
  packages = 0;
  weightGrams = 0;
  private readonly costs = new Map<string, number>();

  add(cell: TotalsCell) {
    this.shipments += cell.shipments;
    this.packages += cell.packages;
    this.weightGrams += cell.weightGrams;
    if (cell.currency !== undefined)
      this.costs.set(cell.currency, (this.costs.get(cell.currency) ?? 0) + cell.cost);
  }

  figures(): FigureTotals {
    return {
      shipments: this.shipments,
      packages: this.packages,
      weightGrams: this.weightGrams,
      cost: [...this.costs]
        .filter(([, amount]) => amount !== 0)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([currency, amount]) => ({ currency, amount })),
    };
  }
}

/** Totals over the cells that pass the filters; carriers and services by most shipments first. */
export function totalsOf(cells: Iterable<TotalsCell>, filters: ShipmentFilters): ShipmentTotals {
  const all = new Sum();
  const carriers = new Map<string, { carrier: string; sum: Sum }>();
  const services = new Map<string, { carrier: string; service: string; sum: Sum }>();
  for (const cell of cells) {
    if (!matchesFilters(cell, filters) || cell.shipments === 0) continue;
    all.add(cell);
    const carrierKey = cell.carrier.toLowerCase();
    const carrier = carriers.get(carrierKey) ?? { carrier: cell.carrier, sum: new Sum() };
    carrier.sum.add(cell);
    carriers.set(carrierKey, carrier);
    const serviceKey = `${carrierKey}\u0000${cell.service.toLowerCase()}`;
    const service = services.get(serviceKey) ?? {
      carrier: cell.carrier,
      service: cell.service,
      sum: new Sum(),
    };
    service.sum.add(cell);
    services.set(serviceKey, service);
  }
  const byMost = (a: { shipments: number; name: string }, b: { shipments: number; name: string }) =>
    b.shipments - a.shipments || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return {
    ...all.figures(),
    byCarrier: [...carriers.values()]
      .map(({ carrier, sum }) => ({ carrier, ...sum.figures() }))
      .sort((a, b) => byMost({ ...a, name: a.carrier }, { ...b, name: b.carrier })),
    byService: [...services.values()]
      .map(({ carrier, service, sum }) => ({ carrier, service, ...sum.figures() }))
      .sort((a, b) =>
        byMost({ ...a, name: `${a.carrier} ${a.service}` }, { ...b, name: `${b.carrier} ${b.service}` }),
      ),
  };
}

export interface FilterValues {
  carriers: Array<{ carrier: string; shipments: number }>;
  services: Array<{ carrier: string; service: string; shipments: number }>;
  warehouseIds: Array<{ warehouseId: string; shipments: number }>;
  statuses: Array<{ status: string; shipments: number }>;
  sources: Array<{ source: string; shipments: number }>;
}

/** The values each filter can take in a date range: those present in the data, with their counts. */
export function filterValuesOf(
  cells: Iterable<TotalsCell>,
  range: { from: string; to: string },
): FilterValues {
  const count = <T extends { shipments: number }>(
    map: Map<string, T>,
    key: string,
    make: () => Omit<T, 'shipments'>,
    shipments: number,
  ) => {
    const entry = map.get(key) ?? ({ ...make(), shipments: 0 } as T);
    entry.shipments += shipments;
    map.set(key, entry);
  };
  const carriers = new Map<string, { carrier: string; shipments: number }>();
  const services = new Map<string, { carrier: string; service: string; shipments: number }>();
  const warehouses = new Map<string, { warehouseId: string; shipments: number }>();
  const statuses = new Map<string, { status: string; shipments: number }>();
  const sources = new Map<string, { source: string; shipments: number }>();
  for (const cell of cells) {
    if (cell.day < range.from || cell.day > range.to || cell.shipments === 0) continue;
    const n = cell.shipments;
    count(carriers, cell.carrier.toLowerCase(), () => ({ carrier: cell.carrier }), n);
    count(
      services,
      `${cell.carrier.toLowerCase()}\u0000${cell.service.toLowerCase()}`,
      () => ({ carrier: cell.carrier, service: cell.service }),
      n,
    );
    if (cell.warehouseId !== undefined)
      count(warehouses, cell.warehouseId, () => ({ warehouseId: cell.warehouseId! }), n);
    count(statuses, cell.status, () => ({ status: cell.status }), n);
    count(sources, cell.source, () => ({ source: cell.source }), n);
  }
  const sorted = <T extends { shipments: number }>(map: Map<string, T>, name: (entry: T) => string) =>
    [...map.values()].sort(
      (a, b) => b.shipments - a.shipments || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0),
    );
  return {
    carriers: sorted(carriers, (entry) => entry.carrier),
    services: sorted(services, (entry) => `${entry.carrier} ${entry.service}`),
    warehouseIds: sorted(warehouses, (entry) => entry.warehouseId),
    statuses: sorted(statuses, (entry) => entry.status),
    sources: sorted(sources, (entry) => entry.source),
  };
}
