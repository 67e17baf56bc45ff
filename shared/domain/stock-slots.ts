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
 * - each slot keeps `free` (units it may allocate) and `allocated` (units allocated through it).
 * Σ (free + allocated) over the slots = slotted; the reserve's own free units are
 * onHand − allocated − slotted. Totals: allocated = record's + Σ slots'; available and backordered follow.
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
import type { MovementRequest, StockRecord } from './stock-ledger';
import { figuresOf } from './stock-ledger';

export interface StockSlot {
  sku: string;
  warehouseId: string;
  slot: number;
  free: number;
  allocated: number;
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

/** A stored record and its slots as every reader sees them: exact totals, nothing about slots. */
export function totalsOf(stored: StockRecord, slots: readonly StockSlot[]): StockRecord {
  const { slotted: _slotted, ...record } = stored;
  if (!stored.slots) return record;
  const allocated = stored.allocated + slots.reduce((sum, slot) => sum + slot.allocated, 0);
  return { ...record, allocated, ...figuresOf(stored.onHand, allocated) };
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
 */
export function distributeChange(stock: SlottedStock, change: SlotChange): SlottedStock {
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
