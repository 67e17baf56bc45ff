/**
 * Reading stock records with slots (shared/domain/stock-slots.ts): their slots, and the totals every
 * reader answers (stock lists, reports, alerts, print's stock check), the slots' allocations added and
 * their unfolded shipped units taken off on hand.
 */
import { tableName } from '../db/client';
import type { ItemKey } from '../db/keys';
import { stockSlotKey, stockSlotKeys } from '../db/keys';
import type { Item } from '../db/query';
import { getItems } from '../db/query';
import type { StockRecord } from '../domain/stock-ledger';
import type { StockSlot } from '../domain/stock-slots';
import { emptySlot, totalsOf } from '../domain/stock-slots';

const pairKey = (sku: string, warehouseId: string) => `${sku}\u0000${warehouseId}`;

/**
 * How many slots each record had when this container last read it. A record keeps its slots once given,
 * so the next read of a record known to have them asks for its slots in the same BatchGetItem (one round
 * trip, not two: the flash-sale SKU is read by every order of it). Keyed by table: tests use many.
 */
const knownSlotCounts = new Map<string, number>();
const knownKey = (sku: string, warehouseId: string) => `${tableName()}\u0000${pairKey(sku, warehouseId)}`;

/** The slot keys of the pairs known to have slots: read them with the records. */
export function knownSlotKeys(pairs: ReadonlyArray<{ sku: string; warehouseId: string }>): ItemKey[] {
  return pairs.flatMap(({ sku, warehouseId }) => {
    const count = knownSlotCounts.get(knownKey(sku, warehouseId));
    return count ? stockSlotKeys(sku, warehouseId, count) : [];
  });
}

/** Records as read or written: the slot counts of those with slots, for the next read. */
export function rememberSlotCounts(
  records: ReadonlyArray<Pick<StockRecord, 'sku' | 'warehouseId' | 'slots'>>,
) {
  for (const record of records)
    if (record.slots) knownSlotCounts.set(knownKey(record.sku, record.warehouseId), record.slots);
}

/** Slot keys a batch read asked for, and the items of them it found (a slot never written is not found). */
export interface PrefetchedSlots {
  keys: readonly ItemKey[];
  items: readonly Item[];
}

/** Splits a batch read of records and known slot keys: the slot items apart. */
export function prefetchedSlots(keys: readonly ItemKey[], items: readonly Item[]): PrefetchedSlots {
  const asked = new Set(keys.map((key) => key.PK));
  return { keys, items: items.filter((item) => asked.has(String(item.PK))) };
}

/** The slots of the records that have them, by sku and warehouse (`sku\0warehouse`), in slot order. */
export async function readSlots(
  records: ReadonlyArray<Pick<StockRecord, 'sku' | 'warehouseId' | 'slots'>>,
  at: string,
  consistent: boolean,
  prefetched?: PrefetchedSlots,
): Promise<Map<string, StockSlot[]>> {
  const slotted = records.filter((record) => record.slots);
  const found = new Map<string, StockSlot>();
  const keep = (item: Item) => {
    const { PK: _pk, SK: _sk, ...slot } = item;
    found.set(String(item.PK), slot as unknown as StockSlot);
  };
  if (slotted.length > 0) {
    const asked = new Set(prefetched?.keys.map((key) => key.PK));
    for (const item of prefetched?.items ?? []) keep(item);
    const keys = slotted
      .flatMap((record) => stockSlotKeys(record.sku, record.warehouseId, record.slots!))
      .filter((key) => !asked.has(key.PK));
    if (keys.length > 0) for (const item of await getItems(keys, consistent)) keep(item);
    for (const record of slotted)
      knownSlotCounts.set(knownKey(record.sku, record.warehouseId), record.slots!);
  }
  return new Map(
    slotted.map((record) => [
      pairKey(record.sku, record.warehouseId),
      Array.from(
        { length: record.slots! },
        (_, slot) =>
          found.get(stockSlotKey(record.sku, record.warehouseId, slot).PK) ??
          emptySlot(record.sku, record.warehouseId, slot, at),
      ),
    ]),
  );
}

/**
 * Stock record items as read (any attributes), with exact totals: a record with slots gets its slots'
 * allocations added to `allocated`, their unfolded shipped units taken off `onHand` (and its oldest
 * `layers`), and `available` and `backordered` from them. Others pass unchanged.
 */
export async function withSlotTotals<T extends Record<string, unknown>>(
  items: readonly T[],
  consistent = false,
  prefetched?: PrefetchedSlots,
): Promise<T[]> {
  const slotted = items.filter((item) => Number(item.slots) > 0) as unknown as StockRecord[];
  if (slotted.length === 0) return [...items];
  const slots = await readSlots(slotted, new Date().toISOString(), consistent, prefetched);
  return items.map((item) => {
    if (!(Number(item.slots) > 0)) return item;
    const record = item as unknown as StockRecord;
    const totals = totalsOf(
      { ...record, layers: record.layers ?? [] },
      slots.get(pairKey(record.sku, record.warehouseId)) ?? [],
    );
    const { slotted: _slotted, ...rest } = item;
    return {
      ...rest,
      onHand: totals.onHand,
      ...(item.layers ? { layers: totals.layers } : {}),
      allocated: totals.allocated,
      available: totals.available,
      backordered: totals.backordered,
    } as unknown as T;
  });
}
