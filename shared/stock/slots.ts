/**
 * Reading stock records with slots (shared/domain/stock-slots.ts): their slots, and the totals every
 * reader answers (stock lists, reports, alerts, print's stock check), the slots' allocations added and
 * their unfolded shipped units taken off on hand.
 */
import { stockSlotKey, stockSlotKeys } from '../db/keys';
import { getItems } from '../db/query';
import type { StockRecord } from '../domain/stock-ledger';
import type { StockSlot } from '../domain/stock-slots';
import { emptySlot, totalsOf } from '../domain/stock-slots';

const pairKey = (sku: string, warehouseId: string) => `${sku}\u0000${warehouseId}`;

/** The slots of the records that have them, by sku and warehouse (`sku\0warehouse`), in slot order. */
export async function readSlots(
  records: ReadonlyArray<Pick<StockRecord, 'sku' | 'warehouseId' | 'slots'>>,
  at: string,
  consistent: boolean,
): Promise<Map<string, StockSlot[]>> {
  const slotted = records.filter((record) => record.slots);
  const found = new Map<string, StockSlot>();
  if (slotted.length > 0) {
    const keys = slotted.flatMap((record) => stockSlotKeys(record.sku, record.warehouseId, record.slots!));
    for (const item of await getItems(keys, consistent)) {
      const { PK: _pk, SK: _sk, ...slot } = item;
      found.set(String(item.PK), slot as unknown as StockSlot);
    }
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
): Promise<T[]> {
  const slotted = items.filter((item) => Number(item.slots) > 0) as unknown as StockRecord[];
  if (slotted.length === 0) return [...items];
  const slots = await readSlots(slotted, new Date().toISOString(), consistent);
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
