/**
 * Stock arithmetic, as plain functions: a movement applied to a stock record gives the next record or
 * a refusal (a shortfall, or inbound units whose cost nobody knows). On hand and available never go
 * below zero; inbound units form first-in first-out cost layers (the aging report reads them) and move
 * the average unit cost.
 *
 * Backorders: an order whose status allows them may allocate more than is on hand. Then `available` is
 * 0 and `backordered` holds the excess, so onHand − allocated = available − backordered always.
 */

export const movementTypes = [
  'receipt',
  'adjustment',
  'assembly',
  'count',
  'allocation',
  'release',
  'shipment',
  /** A shipment taken back (a manual shipment removed, a label voided): its units are on hand again. */
  'shipment_reversal',
  'return',
] as const;
export type MovementType = (typeof movementTypes)[number];

export interface CostLayer {
  receivedAt: string;
  quantity: number;
  /** Minor units per unit. */
  unitCost: number;
}

export interface StockRecord {
  sku: string;
  warehouseId: string;
  onHand: number;
  /** Units promised to unshipped orders. */
  allocated: number;
  /** onHand − allocated, never below zero. */
  available: number;
  /** allocated − onHand when orders allocated more than is on hand (a backorder), else 0. */
  backordered: number;
  /** Minor units, rounded. */
  averageUnitCost: number;
  layers: CostLayer[];
  version: number;
  updatedAt: string;
  /**
   * Deltas of changes too large for one transaction, staged on this record and not yet settled, by
   * change id (shared/stock/staged.ts). Client data never names a key here: change ids are ULIDs.
   */
  staged?: Record<string, StagedDelta>;
  /**
   * A record with slots (shared/domain/stock-slots.ts): how many. As stored, such a record's `allocated`
   * is what its reserve holds (backorders, staged changes, legacy), and `slotted` the units it handed to
   * its slots; the totals add the slots' allocations (totalsOf). In memory, planners and readers see totals.
   */
  slots?: number;
  slotted?: number;
}

/** What a staged change did to one record: undone by subtracting it when the change is abandoned. */
export interface StagedDelta {
  onHand: number;
  allocated: number;
}

/** A record without a staged change's delta: what it holds once that change is abandoned. */
export function withoutStagedDelta(record: StockRecord, changeId: string): StockRecord {
  const delta = record.staged?.[changeId];
  const { [changeId]: _dropped, ...rest } = record.staged ?? {};
  const staged = Object.keys(rest).length > 0 ? rest : undefined;
  if (!delta) return { ...record, staged };
  const onHand = record.onHand - delta.onHand;
  const allocated = Math.max(0, record.allocated - delta.allocated);
  let layers = record.layers;
  if (delta.onHand > 0) layers = consumeNewestLayers(layers, delta.onHand);
  if (delta.onHand < 0) {
    // The units go back as the oldest layer, at the average cost (the layers they came from are gone).
    layers = [
      {
        receivedAt: layers[0]?.receivedAt ?? record.updatedAt,
        quantity: -delta.onHand,
        unitCost: record.averageUnitCost,
      },
      ...layers,
    ];
  }
  // A record with slots keeps its own figures: what it handed to its slots counts as held.
  return {
    ...record,
    onHand,
    allocated,
    ...figuresOf(onHand, allocated + (record.slotted ?? 0)),
    layers,
    staged,
  };
}

/** A settled change's delta stays in the figures; only its marker goes. */
export function withoutStagedMarker(record: StockRecord, changeId: string): StockRecord {
  const { [changeId]: _dropped, ...rest } = record.staged ?? {};
  return { ...record, staged: Object.keys(rest).length > 0 ? rest : undefined };
}

function consumeNewestLayers(layers: CostLayer[], units: number): CostLayer[] {
  return consumeLayers([...layers].reverse(), units).reverse();
}

export interface MovementRequest {
  sku: string;
  warehouseId: string;
  type: MovementType;
  /**
   * Signed change. For allocation and release: units allocated or released (positive); for shipment:
   * units shipped (positive); for shipment_reversal: units back on hand (positive); otherwise the change
   * of on hand.
   */
  quantity: number;
  /**
   * Shipment: how many of its units come out of the allocation (default: all of them, as far as units are
   * allocated). The order writer releases the order's own allocation first and passes 0, so a shipment
   * never takes units other orders hold. Shipment reversal: how many go back into the allocation (default 0).
   */
  fromAllocation?: number;
  /**
   * Minor units per unit, for inbound units; defaults to the current average. Required while the record
   * knows no cost (nothing on hand and no average yet): 0 would be taken for a real cost.
   */
  unitCost?: number;
  reference?: { type: string; id: string };
  /**
   * Whose allocation the units come out of or go back into, when not the reference (a shipment's: its
   * order's): a record with slots finds them in that one's home slot first (shared/domain/stock-slots.ts).
   */
  allocationOf?: { type: string; id: string };
  /** Allocation only: may exceed what is available (the order's status allows backorders). */
  allowBackorder?: boolean;
}

export interface Movement {
  id: string;
  sku: string;
  warehouseId: string;
  type: MovementType;
  /** Change of on hand (signed). */
  quantity: number;
  /** Change of allocated (signed). */
  allocatedChange: number;
  unitCost?: number;
  reference?: { type: string; id: string };
  at: string;
  onHandAfter: number;
  availableAfter: number;
  backorderedAfter: number;
}

export interface Shortfall {
  sku: string;
  warehouseId: string;
  requested: number;
  available: number;
  missing: number;
}

/** Not enough stock for a change: every short SKU is named, and nothing was changed. */
export class InsufficientStock extends Error {
  constructor(readonly shortfalls: Shortfall[]) {
    super(
      `Not enough stock (${shortfalls.map((s) => `${s.sku} in ${s.warehouseId}: ${s.missing} missing`).join('; ')}); nothing was changed.`,
    );
    this.name = 'InsufficientStock';
  }
}

/** A warehouse a change touches does not exist, or refused the change (inactive, no work orders). */
export class WarehouseRefused extends Error {
  constructor(readonly warehouseId: string) {
    super(`Warehouse ${warehouseId} does not exist or does not take this change.`);
    this.name = 'WarehouseRefused';
  }
}

/** Inbound units with no unit cost into a record that knows none: every such request, by its position. */
export class UnitCostRequired extends Error {
  constructor(readonly missing: Array<{ index: number; sku: string; warehouseId: string }>) {
    super(
      `No unit cost is known for ${missing.map((m) => `${m.sku} in ${m.warehouseId}`).join(', ')} (nothing on hand, no average yet); name the unit cost of the units received. Nothing was changed.`,
    );
    this.name = 'UnitCostRequired';
  }
}

export function emptyStock(sku: string, warehouseId: string, at: string): StockRecord {
  return {
    sku,
    warehouseId,
    onHand: 0,
    allocated: 0,
    available: 0,
    backordered: 0,
    averageUnitCost: 0,
    layers: [],
    version: 0,
    updatedAt: at,
  };
}

function availableOf(onHand: number, allocated: number): number {
  return Math.max(0, onHand - allocated);
}

/** What a record's on hand and allocated make available and backordered (one of the two is 0). */
export function figuresOf(onHand: number, allocated: number): { available: number; backordered: number } {
  return { available: availableOf(onHand, allocated), backordered: Math.max(0, allocated - onHand) };
}

/**
 * Whether inbound units may come in at the average: once units are on hand or a cost was ever received.
 * An average of 0 with nothing on hand is a record that never received a cost, not a free item.
 */
export function knowsUnitCost(record: Pick<StockRecord, 'onHand' | 'averageUnitCost'>): boolean {
  return record.onHand > 0 || record.averageUnitCost > 0;
}

/**
 * What one stock record adds to its warehouse's counters. The ledger keeps their sums on the warehouse
 * item, moving them in the transaction that writes the record, only when the record crosses a line
 * (units held or not, in use or idle, backordered or not), so most allocations leave the warehouse alone.
 */
export interface WarehouseStockCounts {
  unitsOnHand: number;
  /** Records with units on hand. */
  skusHeld: number;
  /** Records with units on hand or allocated: a warehouse with any cannot be deleted. */
  stockRecordsInUse: number;
  /** Records whose allocations exceed what is on hand. */
  skusBackordered: number;
}

export const noStockCounts: WarehouseStockCounts = Object.freeze({
  unitsOnHand: 0,
  skusHeld: 0,
  stockRecordsInUse: 0,
  skusBackordered: 0,
});

/**
 * A record with slots counts from the record as stored and its slots' unfolded shipped units (`shipped`):
 * units handed to slots count as held by it (slots never backorder, and while its reserve is short no slot
 * holds free units), so only a slot's shipment moves the counters (shared/domain/stock-slots.ts).
 */
export function stockCountsOf(
  record: Pick<StockRecord, 'onHand' | 'allocated'> & { slotted?: number; shipped?: number },
): WarehouseStockCounts {
  // Units its slots shipped and the record still counts (not yet folded) are gone from on hand and slotted.
  const shipped = record.shipped ?? 0;
  const onHand = record.onHand - shipped;
  const held = record.allocated + (record.slotted ?? 0) - shipped;
  return {
    unitsOnHand: onHand,
    skusHeld: onHand > 0 ? 1 : 0,
    stockRecordsInUse: onHand > 0 || held > 0 ? 1 : 0,
    skusBackordered: held > onHand ? 1 : 0,
  };
}

/** after − before, counter by counter. */
export function stockCountsChange(
  before: WarehouseStockCounts,
  after: WarehouseStockCounts,
): WarehouseStockCounts {
  return {
    unitsOnHand: after.unitsOnHand - before.unitsOnHand,
    skusHeld: after.skusHeld - before.skusHeld,
    stockRecordsInUse: after.stockRecordsInUse - before.stockRecordsInUse,
    skusBackordered: after.skusBackordered - before.skusBackordered,
  };
}

export function addStockCounts(a: WarehouseStockCounts, b: WarehouseStockCounts): WarehouseStockCounts {
  return {
    unitsOnHand: a.unitsOnHand + b.unitsOnHand,
    skusHeld: a.skusHeld + b.skusHeld,
    stockRecordsInUse: a.stockRecordsInUse + b.stockRecordsInUse,
    skusBackordered: a.skusBackordered + b.skusBackordered,
  };
}

/** Removes units from the oldest layers first. */
export function consumeLayers<L extends Pick<CostLayer, 'quantity'>>(
  layers: readonly L[],
  units: number,
): L[] {
  const remaining: L[] = [];
  let toTake = units;
  for (const layer of layers) {
    if (toTake >= layer.quantity) {
      toTake -= layer.quantity;
      continue;
    }
    remaining.push({ ...layer, quantity: layer.quantity - toTake });
    toTake = 0;
  }
  return remaining;
}

export type MovementOutcome =
  | {
      ok: true;
      record: StockRecord;
      onHandChange: number;
      allocatedChange: number;
      /** The cost the inbound units came in at (given, or the average); absent for other movements. */
      unitCost?: number;
    }
  | { ok: false; shortfall: Shortfall; unitCostRequired?: never }
  | { ok: false; unitCostRequired: true; shortfall?: never };

export function applyMovement(record: StockRecord, movement: MovementRequest, at: string): MovementOutcome {
  const { onHand, allocated } = record;
  const short = (requested: number, available: number): MovementOutcome => ({
    ok: false,
    shortfall: {
      sku: record.sku,
      warehouseId: record.warehouseId,
      requested,
      available,
      missing: requested - available,
    },
  });
  let onHandChange = 0;
  let allocatedChange = 0;
  switch (movement.type) {
    case 'allocation': {
      const available = availableOf(onHand, allocated);
      if (movement.quantity > available && !movement.allowBackorder)
        return short(movement.quantity, available);
      allocatedChange = movement.quantity;
      break;
    }
    case 'release':
      allocatedChange = -Math.min(movement.quantity, allocated);
      break;
    case 'shipment': {
      // Shipping takes units out of the allocation (as far as asked and allocated), the rest out of what
      // is free; units that are not on hand never ship, even when a backorder allocated them.
      const fromAllocation = Math.min(
        movement.fromAllocation ?? movement.quantity,
        movement.quantity,
        allocated,
      );
      const free = availableOf(onHand, allocated);
      const shippable = Math.min(onHand, fromAllocation + free);
      if (movement.quantity > shippable) return short(movement.quantity, shippable);
      onHandChange = -movement.quantity;
      allocatedChange = -fromAllocation;
      break;
    }
    case 'shipment_reversal':
      onHandChange = movement.quantity;
      allocatedChange = movement.fromAllocation ?? 0;
      break;
    default: {
      if (movement.quantity < 0) {
        const available = availableOf(onHand, allocated);
        if (-movement.quantity > available) return short(-movement.quantity, available);
      }
      onHandChange = movement.quantity;
    }
  }
  const nextOnHand = onHand + onHandChange;
  const nextAllocated = allocated + allocatedChange;
  let layers = record.layers;
  let averageUnitCost = record.averageUnitCost;
  let unitCost: number | undefined;
  if (onHandChange > 0) {
    // Defaulting to an average that does not exist would record a layer at 0 and drag the average down.
    // A reversal brings back units that left at the average; it comes back at the average, whatever it is.
    if (movement.unitCost === undefined && !knowsUnitCost(record) && movement.type !== 'shipment_reversal')
      return { ok: false, unitCostRequired: true };
    unitCost = movement.unitCost ?? record.averageUnitCost;
    layers = [...layers, { receivedAt: at, quantity: onHandChange, unitCost }];
    averageUnitCost = Math.round((onHand * record.averageUnitCost + onHandChange * unitCost) / nextOnHand);
  } else if (onHandChange < 0) {
    layers = consumeLayers(layers, -onHandChange);
  }
  return {
    ok: true,
    onHandChange,
    allocatedChange,
    ...(unitCost === undefined ? {} : { unitCost }),
    record: {
      ...record,
      onHand: nextOnHand,
      allocated: nextAllocated,
      ...figuresOf(nextOnHand, nextAllocated),
      averageUnitCost,
      layers,
      version: record.version + 1,
      updatedAt: at,
    },
  };
}
