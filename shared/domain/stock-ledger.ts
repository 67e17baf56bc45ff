/**
 * Stock arithmetic, as plain functions: a movement applied to a stock record gives the next record or
 * a shortfall. On hand and available never go below zero; inbound units form first-in first-out cost
 * layers (the aging report reads them) and move the average unit cost.
 */

export const movementTypes = [
  'receipt',
  'adjustment',
  'assembly',
  'count',
  'allocation',
  'release',
  'shipment',
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
  return { ...record, onHand, allocated, available: availableOf(onHand, allocated), layers, staged };
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
   * units shipped (positive, taken from the allocation); otherwise the change of on hand.
   */
  quantity: number;
  /** Minor units per unit, for inbound units; defaults to the current average. */
  unitCost?: number;
  reference?: { type: string; id: string };
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

export function emptyStock(sku: string, warehouseId: string, at: string): StockRecord {
  return {
    sku,
    warehouseId,
    onHand: 0,
    allocated: 0,
    available: 0,
    averageUnitCost: 0,
    layers: [],
    version: 0,
    updatedAt: at,
  };
}

function availableOf(onHand: number, allocated: number): number {
  return Math.max(0, onHand - allocated);
}

/** Removes units from the oldest layers first. */
function consumeLayers(layers: CostLayer[], units: number): CostLayer[] {
  const remaining: CostLayer[] = [];
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
  | { ok: true; record: StockRecord; onHandChange: number; allocatedChange: number }
  | { ok: false; shortfall: Shortfall };

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
      // Shipping takes the units out of the allocation first, then out of what is free.
      const fromAllocation = Math.min(movement.quantity, allocated);
      const free = availableOf(onHand, allocated);
      if (movement.quantity - fromAllocation > free) return short(movement.quantity, fromAllocation + free);
      onHandChange = -movement.quantity;
      allocatedChange = -fromAllocation;
      break;
    }
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
  if (onHandChange > 0) {
    const unitCost = movement.unitCost ?? record.averageUnitCost;
    layers = [...layers, { receivedAt: at, quantity: onHandChange, unitCost }];
    averageUnitCost = Math.round((onHand * record.averageUnitCost + onHandChange * unitCost) / nextOnHand);
  } else if (onHandChange < 0) {
    layers = consumeLayers(layers, -onHandChange);
  }
  return {
    ok: true,
    onHandChange,
    allocatedChange,
    record: {
      ...record,
      onHand: nextOnHand,
      allocated: nextAllocated,
      available: availableOf(nextOnHand, nextAllocated),
      averageUnitCost,
      layers,
      version: record.version + 1,
      updatedAt: at,
    },
  };
}
