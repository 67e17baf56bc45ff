/**
 * Split stock for a hot SKU, as plain functions. One stock record takes every change of its SKU in its
 * warehouse, and one item tops out near 350 transactional writes a second; a flash sale needs more. So a
 * record with plenty available hands part of its free units to slots, each an item with a partition key
 * of its own: an allocation or release writes one small slot item, not the record.
 *
 * As stored:
 * - the record keeps on hand, cost layers and average cost (exact: only inbound and outbound units move
 *   them), `allocated` = what its reserve holds (backorders, staged changes, allocations before it had
 *   slots), `slotted` = units handed to slots, and `slots` = how many;
 * - each slot keeps `free` (units it may allocate), `allocated` (units allocated through it) and `shipped`
 *   (units shipped through it that the record still counts: not yet folded).
 * Σ (free + allocated + shipped) over the slots = slotted; the reserve's own free units are
 * onHand − allocated − slotted. Totals: on hand = record's − Σ slots' shipped (its oldest cost layers
 * consumed by as many units), allocated = record's + Σ slots'; available and backordered follow.
 *
 * Shipments: a shipment whose units all come out of its order's allocation in the home slot, and that
 * leaves the slot some units, writes that slot alone (allocated → shipped). Any change that writes the record folds: the slots' shipped units leave
 * the record's on hand, slotted and oldest layers, and the slots' `shipped` go back to 0, in the same
 * transaction on the versions read. FIFO consumption does not depend on when it happens (layers are only
 * appended at the new end), so folding later gives the layers and costs a write per shipment would.
 *
 * Where units go:
 * - an allocation takes its order's home slot's free units (a hash of the order); a short home slot is
 *   refilled from the reserve (a share of it, so most allocations touch the slot alone), then from the
 *   other slots' free units; what is still missing (a backorder) goes to the reserve;
 * - a release or a shipment's allocated part comes out of the home slot first, then the other slots, then
 *   the reserve, so an order's units go back where they were taken;
 * - units leaving on hand come from the home slot's free units, the reserve's, then the other slots';
 *   units arriving go to the reserve.
 * While the reserve is backordered no slot keeps free units (they move to the reserve) and every slot is
 * marked `reserveShort`, so a slot alone never hands out units promised to backorders; the mark changes
 * only with the record (in one transaction). This keeps the warehouse counters exact from the record alone.
 */
import type { CostLayer, MovementRequest, StockRecord } from './stock-ledger';
import { consumeLayers, figuresOf } from './stock-ledger';

export interface StockSlot {
  sku: string;
  warehouseId: string;
  slot: number;
  free: number;
  allocated: number;
  /** Units shipped through this slot that the record's on hand still counts (not yet folded). */
  shipped?: number;
  /** The record's reserve is backordered: allocations and releases go through the record. */
  reserveShort?: boolean;
  version: number;
  updatedAt: string;
}

/**
 * When a record gets slots: at an allocation that finds at least `minAvailable` units available, it gets
 * `count` slots, and keeps them. A record with fewer units sells out before it could be hot (each
 * allocation takes at least one unit), and an order of `minAvailable` units' worth of allocations at
 * 350 a second lasts about 3 seconds. Eight slots: a slot's allocation is a transactional write of a
 * small item (2 WCU), so a slot takes about 500 a second and eight take 4,000, twice the 2,000 target,
 * with room for refills and uneven hashing. Readers of a record with slots read eight more items.
 */
export const slotPolicy = { minAvailable: 1_000, count: 8 };

/** Tests shorten the policy (fewer units, fewer slots); undefined restores it. */
export function configureSlotPolicy(policy: Partial<typeof slotPolicy> | undefined): void {
  slotPolicy.minAvailable = policy?.minAvailable ?? 1_000;
  slotPolicy.count = policy?.count ?? 8;
}

export function emptySlot(sku: string, warehouseId: string, slot: number, at: string): StockSlot {
  return { sku, warehouseId, slot, free: 0, allocated: 0, version: 0, updatedAt: at };
}

/** The slots a record has (existing ones keep theirs), or 0: the policy above, given the totals. */
export function slotCountFor(stored: StockRecord, totals: StockRecord, request: MovementRequest): number {
  if (stored.slots) return stored.slots;
  return request.type === 'allocation' && totals.available >= slotPolicy.minAvailable ? slotPolicy.count : 0;
}

/** Units the slots shipped that their record still counts on hand. */
export function unfoldedShipped(slots: readonly StockSlot[]): number {
  return slots.reduce((sum, slot) => sum + (slot.shipped ?? 0), 0);
}

/**
 * A record with its slots' shipped units folded in (its own figures, as the record will be stored):
 * on hand and slotted lower by them, its oldest layers consumed; the slots' `shipped` back to 0.
 */
export function foldShipped(stock: SlottedStock): SlottedStock {
  const shipped = unfoldedShipped(stock.slots);
  if (shipped === 0) return stock;
  const onHand = stock.record.onHand - shipped;
  const slotted = (stock.record.slotted ?? 0) - shipped;
  return {
    record: {
      ...stock.record,
      onHand,
      slotted,
      ...figuresOf(onHand, stock.record.allocated + slotted),
      layers: consumeLayers(stock.record.layers, shipped),
    },
    slots: stock.slots.map((slot) => ({ ...slot, shipped: 0 })),
  };
}

/** A stored record and its slots as every reader sees them: exact totals, nothing about slots. */
export function totalsOf(stored: StockRecord, slots: readonly StockSlot[]): StockRecord {
  if (!stored.slots) {
    const { slotted: _slotted, ...record } = stored;
    return record;
  }
  const { slotted: _slotted, ...record } = foldShipped({ record: stored, slots: [...slots] }).record;
  const allocated = record.allocated + slots.reduce((sum, slot) => sum + slot.allocated, 0);
  return { ...record, allocated, ...figuresOf(record.onHand, allocated) };
}

/**
 * The record as stored that, folded with `shipped` units, gives `folded`: on hand and slotted higher by
 * them, and the oldest `shipped` units of the layers as stored (`storedLayers`) kept in front.
 */
export function unfold(
  folded: StockRecord,
  storedLayers: readonly CostLayer[],
  shipped: number,
): StockRecord {
  if (shipped === 0) return folded;
  const head: CostLayer[] = [];
  let units = shipped;
  for (const layer of storedLayers) {
    if (units === 0) break;
    const quantity = Math.min(units, layer.quantity);
    head.push({ ...layer, quantity });
    units -= quantity;
  }
  const [first, ...rest] = folded.layers;
  const last = head[head.length - 1];
  // A layer the shipped units split becomes one layer again.
  const layers =
    last && first && last.receivedAt === first.receivedAt && last.unitCost === first.unitCost
      ? [...head.slice(0, -1), { ...last, quantity: last.quantity + first.quantity }, ...rest]
      : [...head, ...folded.layers];
  const onHand = folded.onHand + shipped;
  const slotted = (folded.slotted ?? 0) + shipped;
  return { ...folded, onHand, slotted, ...figuresOf(onHand, folded.allocated + slotted), layers };
}

/** A record as stored with its slots: its own figures, what it handed out, and its slots in order. */
export interface SlottedStock {
  record: StockRecord;
  slots: StockSlot[];
}

/** Units the reserve holds free (negative while it is backordered). */
export function reserveFree(record: StockRecord): number {
  return record.onHand - record.allocated - (record.slotted ?? 0);
}

export interface SlotChange {
  /** The totals after the change (applyMovement): on hand, layers, average cost. */
  after: StockRecord;
  onHandChange: number;
  allocatedChange: number;
  type: MovementRequest['type'];
  home: number;
  /** Staged changes (shared/stock/staged.ts) keep to the reserve: undoing one rewrites the record alone. */
  reserveOnly: boolean;
}

/**
 * Where a change's units go (see the top of this file): the record as it will be stored and every slot
 * (unchanged ones as they were). The totals were checked by applyMovement; this never refuses.
 *
 * A shipment its order's home slot holds the allocation for writes that slot alone; any other change is
 * placed on the record folded (its slots' shipped units taken out), and the fold is kept when the record
 * is written anyway. A change that leaves the record's own figures alone keeps it as stored, unfolded;
 * so does a staged change (reserveOnly: it writes records alone, so slots keep their shipped units).
 */
export function distributeChange(stock: SlottedStock, change: SlotChange): SlottedStock {
  if (stock.slots.length === 0) throw new Error("distributeChange needs the record's slots");
  const units = -change.onHandChange;
  const homeIndex = change.home % stock.slots.length;
  const home = stock.slots[homeIndex]!;
  if (
    change.type === 'shipment' &&
    !change.reserveOnly &&
    units > 0 &&
    change.allocatedChange === change.onHandChange &&
    home.allocated >= units &&
    // Units left in the slot are on hand whatever other writers do, so on hand stays above 0 and the
    // warehouse counters cross no line (held, in use): only `unitsOnHand` moves, which adds up exactly.
    home.free + home.allocated > units
  ) {
    const slots = stock.slots.map((slot) => ({ ...slot }));
    const shipping = slots[homeIndex]!;
    shipping.allocated -= units;
    shipping.shipped = (shipping.shipped ?? 0) + units;
    return { record: stock.record, slots };
  }
  const folded = foldShipped(stock);
  const placed = placeChange(folded, change);
  const shipped = unfoldedShipped(stock.slots);
  if (shipped === 0) return placed;
  const marksChanged = placed.slots.some(
    (slot, index) => Boolean(slot.reserveShort) !== Boolean(stock.slots[index]?.reserveShort),
  );
  if (!change.reserveOnly && (marksChanged || storedRecordChanged(folded.record, placed.record)))
    return placed;
  // The record not written (or written alone, staged): the slots keep their shipped units unfolded.
  const slots = placed.slots.map(({ shipped: _folded, ...slot }, index) => {
    const { shipped } = stock.slots[index]!;
    return shipped === undefined ? slot : { ...slot, shipped };
  });
  if (!change.reserveOnly) return { record: stock.record, slots };
  return { record: unfold(placed.record, stock.record.layers, shipped), slots };
}

function placeChange(stock: SlottedStock, change: SlotChange): SlottedStock {
  const slots = stock.slots.map((slot) => ({ ...slot }));
  let { allocated: reserveAllocated } = stock.record;
  let slotted = stock.record.slotted ?? 0;
  const onHand = change.after.onHand;
  if (slots.length === 0) throw new Error("distributeChange needs the record's slots");
  const home = slots[change.home % slots.length]!;
  const others = slots.filter((slot) => slot !== home);
  const free = () => onHand - reserveAllocated - slotted;

  if (change.allocatedChange < 0) {
    let units = -change.allocatedChange;
    for (const slot of change.reserveOnly ? [] : [home, ...others]) {
      const taken = Math.min(units, slot.allocated);
      slot.allocated -= taken;
      slot.free += taken;
      units -= taken;
    }
    reserveAllocated -= units;
  }
  if (change.onHandChange < 0) {
    // on hand is already lower by these units: what slots give back stops counting as handed out.
    let units = -change.onHandChange;
    const takeFrom = (slot: StockSlot) => {
      const taken = Math.min(units, slot.free);
      slot.free -= taken;
      slotted -= taken;
      units -= taken;
    };
    if (!change.reserveOnly) {
      takeFrom(home);
      // The reserve's free units (before this change took any) come next, then the other slots'.
      const reserveHad = Math.max(0, free() + units);
      units -= Math.min(units, reserveHad);
      for (const slot of others) takeFrom(slot);
    }
  }
  if (change.allocatedChange > 0) {
    let units = change.allocatedChange;
    if (change.type === 'allocation' && !change.reserveOnly) {
      if (home.free < units) {
        const reserve = Math.max(0, free());
        const refill = Math.min(reserve, Math.max(units - home.free, Math.ceil(reserve / slots.length)));
        home.free += refill;
        slotted += refill;
      }
      for (const slot of others) {
        if (home.free >= units) break;
        const moved = Math.min(units - home.free, slot.free);
        slot.free -= moved;
        home.free += moved;
      }
      const taken = Math.min(units, home.free);
      home.free -= taken;
      home.allocated += taken;
      units -= taken;
    }
    reserveAllocated += units;
  }
  // While the reserve is backordered, slots give their free units to it and are marked.
  if (!change.reserveOnly && slots.length > 0) {
    for (const slot of [home, ...others]) {
      if (free() >= 0) break;
      const moved = Math.min(slot.free, -free());
      slot.free -= moved;
      slotted -= moved;
    }
    const short = free() < 0;
    for (const slot of slots) {
      if (short) slot.reserveShort = true;
      else delete slot.reserveShort;
    }
  }
  const { after } = change;
  return {
    record: {
      ...stock.record,
      onHand,
      allocated: reserveAllocated,
      ...figuresOf(onHand, reserveAllocated + slotted),
      averageUnitCost: after.averageUnitCost,
      layers: after.layers,
      updatedAt: after.updatedAt,
      ...(stock.record.slots ? { slotted } : {}),
    },
    slots,
  };
}

/** Whether a slot as planned differs from the slot as read. */
export function slotChanged(before: StockSlot, after: StockSlot): boolean {
  return (
    before.free !== after.free ||
    before.allocated !== after.allocated ||
    (before.shipped ?? 0) !== (after.shipped ?? 0) ||
    Boolean(before.reserveShort) !== Boolean(after.reserveShort)
  );
}

/** Whether a record as planned differs, as stored, from the record as read. */
export function storedRecordChanged(before: StockRecord, after: StockRecord): boolean {
  const stored = (record: StockRecord) =>
    JSON.stringify([
      record.onHand,
      record.allocated,
      record.slotted ?? 0,
      record.slots ?? 0,
      record.averageUnitCost,
      record.layers,
      record.staged ?? {},
    ]);
  return stored(before) !== stored(after);
}
