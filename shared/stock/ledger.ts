/**
 * The one way stock ever changes: the stock records a change touches, the movements of units on hand,
 * and whatever the caller adds (a work order, an order) are written in one transaction. Concurrency is
 * optimistic: each stock record is written on the version read; a lost race re-reads and tries again
 * (shared/db/retry), so the ledger never goes below zero and a refused request records nothing.
 *
 * No item shared by every change: an allocation or release touches only its stock records. The
 * warehouse's counters (shared/warehouses/counters.ts: counter shards by SKU, never the warehouse item)
 * move in the transaction that writes a record, and only when the record crosses a line: units on hand change, it turns in use or idle (units on hand or
 * allocated, or neither), or into or out of a backorder. A warehouse's shard is checked when a stock record is
 * created in it (or when the caller sets a condition on it).
 */
import { newId } from '../ids';
import { tableName } from '../db/client';
import {
  homeStockSlot,
  movementKey,
  shardedMovementIndexKeys,
  shardedStockIndexKeys,
  stockKey,
  stockSlotKey,
} from '../db/keys';
import { getItems } from '../db/query';
import type { ItemKey } from '../db/keys/item-key';
import { LostRace, withRetry } from '../db/retry';
import type { NamedItem } from '../db/transactions';
import { maxTransactionItems, transactWrite } from '../db/transactions';
import type { WarehouseCondition } from '../warehouses/counters';
import type { CountedWrite } from '../warehouses/counters';
import { stockCountsItems, warehouseCounterItems, warehouseIdOfItem } from '../warehouses/counters';
import { shardCounts } from '../db/keys/shards';
import { withoutRequestGuard } from '../db/request-guard';
import type { PrefetchedSlots } from './slots';
import { knownSlotKeys, prefetchedSlots, readSlots, rememberSlotCounts } from './slots';
import { commitStaged, resolveStaged } from './staged';
import { TransactionCancelled } from '../db/errors';
import type {
  Movement,
  MovementRequest,
  Shortfall,
  StockRecord,
  WarehouseStockCounts,
} from '../domain/stock-ledger';
import {
  InsufficientStock,
  UnitCostRequired,
  WarehouseRefused,
  applyMovement,
  consumeLayers,
  emptyStock,
  figuresOf,
  stockCountsChange,
  stockCountsOf,
} from '../domain/stock-ledger';
import type { StockSlot } from '../domain/stock-slots';
import {
  distributeChange,
  emptySlot,
  reserveFree,
  slotChanged,
  slotCountFor,
  storedRecordChanged,
  totalsOf,
  unfoldedShipped,
} from '../domain/stock-slots';

export interface StockChange {
  requests: MovementRequest[];
  /** Who makes the change (`order:<id>`): names a staged change, so the owner's retry can release it. */
  owner?: string;
  /** Items written in the same transaction (a work order, an order), given the movements recorded. */
  with?: (movements: Movement[]) => NamedItem[];
  /** Extra condition on each warehouse touched (for example: accepts work orders). */
  warehouseCondition?: WarehouseCondition;
  /**
   * Work the commit waits for, done meanwhile beside the stock read (a print's label stored): nothing is
   * written before it succeeds, and its failure fails the change.
   */
  commitAfter?: Promise<unknown>;
  /** Stock records the caller read consistently moments ago (readStock's `known`). */
  known?: KnownStock;
}

/**
 * Stock records read consistently moments ago (a print's stock check): the pairs asked for and the
 * items found. A change over those pairs plans on them instead of reading again; the record versions
 * still condition its commit, so a record changed since is a lost race, read afresh on the retry.
 */
export interface KnownStock {
  pairs: ReadonlyArray<{ sku: string; warehouseId: string }>;
  items: ReadonlyArray<Record<string, unknown>>;
  /** Slots read with them (the pairs known to have slots): read once, not again. */
  slots?: PrefetchedSlots;
}

export interface LedgerResult {
  movements: Movement[];
  records: StockRecord[];
}

const pairKey = (sku: string, warehouseId: string) => `${sku}\u0000${warehouseId}`;

export interface StockRead {
  /**
   * As stored (a record with slots: its own figures), as a change may use them: abandoned staged deltas
   * taken out (shared/stock/staged.ts).
   */
  records: Map<string, StockRecord>;
  /**
   * What each stored record counts for its warehouse, before that resolution: a write replaces the
   * stored record, so the counters move from these.
   */
  storedCounts: Map<string, WarehouseStockCounts>;
  /** The slots of records with slots, in order (absent ones as empty slots of version 0). */
  slots: Map<string, StockSlot[]>;
}

/** Stock records for (sku, warehouse) pairs and their slots, strongly consistent, absent ones as empty records. */
export async function readStock(
  pairs: ReadonlyArray<{ sku: string; warehouseId: string }>,
  at: string,
  owner?: string,
  known?: KnownStock,
): Promise<StockRead> {
  const records = new Map<string, StockRecord>();
  const storedCounts = new Map<string, WarehouseStockCounts>();
  const unique = [...new Map(pairs.map((pair) => [pairKey(pair.sku, pair.warehouseId), pair])).values()];
  const knownPairs = new Set(known?.pairs.map((pair) => pairKey(pair.sku, pair.warehouseId)));
  let items: ReadonlyArray<Record<string, unknown>>;
  let slotsRead: PrefetchedSlots | undefined;
  if (known && unique.every((pair) => knownPairs.has(pairKey(pair.sku, pair.warehouseId)))) {
    items = known.items;
    slotsRead = known.slots;
  } else {
    // Records known to have slots: their slots in the same read.
    const slotKeys = knownSlotKeys(unique);
    const read = await getItems(
      [...unique.map((pair) => stockKey(pair.sku, pair.warehouseId)), ...slotKeys],
      true,
    );
    slotsRead = prefetchedSlots(slotKeys, read);
    const slotPartitions = new Set(slotKeys.map((key) => key.PK));
    items = read.filter((item) => !slotPartitions.has(String(item.PK)));
  }
  const storedItems = new Map<string, StockRecord>();
  for (const item of items) {
    const record = item as unknown as StockRecord;
    const key = pairKey(record.sku, record.warehouseId);
    records.set(key, {
      sku: record.sku,
      warehouseId: record.warehouseId,
      onHand: record.onHand,
      allocated: record.allocated,
      // Derived, not read: records written before `backordered` existed lack it.
      ...figuresOf(record.onHand, record.allocated + (record.slotted ?? 0)),
      averageUnitCost: record.averageUnitCost,
      layers: record.layers ?? [],
      version: record.version,
      updatedAt: record.updatedAt,
      ...(record.staged ? { staged: record.staged } : {}),
      ...(record.slots ? { slots: record.slots, slotted: record.slotted ?? 0 } : {}),
    });
    storedItems.set(key, record);
  }
  for (const pair of unique) {
    const key = pairKey(pair.sku, pair.warehouseId);
    if (!records.has(key)) records.set(key, emptyStock(pair.sku, pair.warehouseId, at));
  }
  const slots = await readSlots([...records.values()], at, true, slotsRead);
  for (const [key, record] of storedItems)
    storedCounts.set(key, stockCountsOf({ ...record, shipped: unfoldedShipped(slots.get(key) ?? []) }));
  await resolveStaged(records, owner);
  return { records, storedCounts, slots };
}

/** A record a change writes, on the version read, with what the write adds to its warehouse's counters. */
export interface PlannedRecord {
  /** As stored (a record with slots: its own figures). */
  record: StockRecord;
  readVersion: number;
  counts: WarehouseStockCounts;
}

export interface StockPlan {
  /** Stock record puts. */
  recordItems: NamedItem[];
  /** Slot puts (records with slots), each on the version read. */
  slotItems: NamedItem[];
  movementItems: NamedItem[];
  /** With the records in one transaction: each warehouse counter shard's counters, or a check of it. */
  warehouseItems: NamedItem[];
  /** With a staged change's confirm (its counters move with each staged chunk): the checks only. */
  warehouseChecks: NamedItem[];
  movements: Movement[];
  records: PlannedRecord[];
  /** Every record the change touched, with its slots' figures added: what readers see afterwards. */
  totals: StockRecord[];
}

export interface PlanOptions {
  warehouseCondition?: StockChange['warehouseCondition'];
  /** The stored records' counts (readStock); by default those of `current`. */
  storedCounts?: ReadonlyMap<string, WarehouseStockCounts>;
  /** The slots of records with slots (readStock). */
  slots?: ReadonlyMap<string, StockSlot[]>;
  /** Keep to the records (a staged change: undoing it rewrites records alone); no record gets slots. */
  reserveOnly?: boolean;
  /**
   * New with each change (an id made for it): picks the warehouse counter shard the change adds to, so a
   * hot SKU's changes spread over the shards (shared/warehouses/counters.ts). Absent: the SKU's shard.
   */
  counterSpread?: string;
}

const slotItemName = (slot: StockSlot) => `stock:${pairKey(slot.sku, slot.warehouseId)}#slot${slot.slot}`;

/**
 * The items of a change: stock records and slots on the versions read, movements, warehouse counters
 * and checks. Each request is checked against the totals (record and slots), then its units placed
 * (shared/domain/stock-slots.ts): an allocation a slot can serve writes that slot alone.
 */
export function planStockChange(
  requests: readonly MovementRequest[],
  current: ReadonlyMap<string, StockRecord>,
  at: string,
  options: PlanOptions = {},
): StockPlan {
  const { warehouseCondition, storedCounts = new Map(), reserveOnly = false } = options;
  const records = new Map(current);
  const slots = new Map(options.slots ?? []);
  const touched = new Set<string>();
  const movements: Movement[] = [];
  const shortfalls: Shortfall[] = [];
  const costless: UnitCostRequired['missing'] = [];
  requests.forEach((request, index) => {
    const key = pairKey(request.sku, request.warehouseId);
    const stored = records.get(key)!;
    const storedSlots = slots.get(key) ?? [];
    const totals = totalsOf(stored, storedSlots);
    const outcome = applyMovement(totals, request, at);
    if (!outcome.ok) {
      if (outcome.shortfall) shortfalls.push(outcome.shortfall);
      else costless.push({ index, sku: request.sku, warehouseId: request.warehouseId });
      return;
    }
    touched.add(key);
    const count = reserveOnly ? (stored.slots ?? 0) : slotCountFor(stored, totals, request);
    if (count === 0) {
      records.set(key, outcome.record);
    } else {
      const placed = distributeChange(
        {
          record: stored.slots ? stored : { ...stored, slots: count, slotted: 0 },
          slots:
            storedSlots.length > 0
              ? storedSlots
              : Array.from({ length: count }, (_, slot) =>
                  emptySlot(request.sku, request.warehouseId, slot, at),
                ),
        },
        {
          after: outcome.record,
          onHandChange: outcome.onHandChange,
          allocatedChange: outcome.allocatedChange,
          type: request.type,
          home: homeStockSlot(request.allocationOf ?? request.reference, count),
          reserveOnly,
        },
      );
      records.set(key, placed.record);
      slots.set(key, placed.slots);
    }
    // Allocations and releases move no units: the order records them; only units on hand make movements.
    if (outcome.onHandChange === 0) return;
    movements.push({
      id: newId(),
      sku: request.sku,
      warehouseId: request.warehouseId,
      type: request.type,
      quantity: outcome.onHandChange,
      allocatedChange: outcome.allocatedChange,
      unitCost: outcome.unitCost,
      reference: request.reference,
      at,
      onHandAfter: outcome.record.onHand,
      availableAfter: outcome.record.available,
      backorderedAfter: outcome.record.backordered,
    });
  });
  if (shortfalls.length > 0) throw new InsufficientStock(shortfalls);
  if (costless.length > 0) throw new UnitCostRequired(costless);

  const table = tableName();
  const slotWrites: StockSlot[] = [];
  const planned: PlannedRecord[] = [];
  // Slot writes alone move the counters only by a slot's shipment (its units leave on hand).
  const slotOnly: Array<{ sku: string; warehouseId: string; counts: WarehouseStockCounts }> = [];
  for (const key of touched) {
    const before = current.get(key)!;
    const after = records.get(key)!;
    const slotsBefore = options.slots?.get(key) ?? [];
    const slotsAfter = slots.get(key) ?? [];
    const changedSlots = slotsAfter.filter((slot, index) => {
      const read = slotsBefore[index];
      return read ? slotChanged(read, slot) : slot.free > 0 || slot.allocated > 0 || slot.reserveShort;
    });
    const marksChanged = slotsAfter.some(
      (slot, index) => Boolean(slot.reserveShort) !== Boolean(slotsBefore[index]?.reserveShort),
    );
    slotWrites.push(...changedSlots);
    // A record without slots is written by every request that touches it, as always; a record with
    // slots only when its own figures or its slots' marks change (the marks change with the record).
    const recordWritten =
      !after.slots || before.version === 0 || marksChanged || storedRecordChanged(before, after);
    const stored =
      storedCounts.get(key) ?? stockCountsOf({ ...before, shipped: unfoldedShipped(slotsBefore) });
    const counts = stockCountsChange(
      stored,
      stockCountsOf({ ...after, shipped: unfoldedShipped(slotsAfter) }),
    );
    if (!recordWritten) {
      slotOnly.push({ sku: after.sku, warehouseId: after.warehouseId, counts });
      continue;
    }
    planned.push({
      record: { ...after, version: before.version + 1, updatedAt: at },
      readVersion: before.version,
      counts,
    });
  }
  const recordItems: NamedItem[] = planned.map(({ record, readVersion }) => [
    `stock:${pairKey(record.sku, record.warehouseId)}`,
    {
      Put: {
        TableName: table,
        Item: { ...stockKey(record.sku, record.warehouseId), ...shardedStockIndexKeys(record), ...record },
        ConditionExpression: readVersion === 0 ? 'attribute_not_exists(PK)' : 'version = :read',
        ExpressionAttributeValues: readVersion === 0 ? undefined : { ':read': readVersion },
      },
    },
  ]);
  const slotItems: NamedItem[] = slotWrites.map((slot) => [
    slotItemName(slot),
    {
      Put: {
        TableName: table,
        Item: {
          ...stockSlotKey(slot.sku, slot.warehouseId, slot.slot),
          ...slot,
          version: slot.version + 1,
          updatedAt: at,
        },
        ConditionExpression: slot.version === 0 ? 'attribute_not_exists(PK)' : 'version = :read',
        ExpressionAttributeValues: slot.version === 0 ? undefined : { ':read': slot.version },
      },
    },
  ]);
  const movementItems: NamedItem[] = movements.map((movement) => [
    `movement:${movement.id}`,
    {
      Put: {
        TableName: table,
        Item: {
          ...movementKey(movement),
          ...shardedMovementIndexKeys(movement),
          entity: 'stock-movement',
          ...movement,
        },
      },
    },
  ]);
  const { items: warehouseItems, checks: warehouseChecks } = warehouseCounterItems(
    [
      // A change that writes slots alone still meets the caller's warehouse condition; only a slot's
      // shipment moves counters (units on hand).
      ...slotOnly.map(({ sku, warehouseId, counts }) => ({ sku, warehouseId, counts, creates: false })),
      ...planned.map(({ record, readVersion, counts }) => ({
        sku: record.sku,
        warehouseId: record.warehouseId,
        counts,
        creates: readVersion === 0,
      })),
    ],
    warehouseCondition,
    options.counterSpread,
  );
  const totals = [...touched].map((key) => totalsOf(records.get(key)!, slots.get(key) ?? []));
  return {
    recordItems,
    slotItems,
    movementItems,
    warehouseItems,
    warehouseChecks,
    movements,
    records: planned,
    totals,
  };
}

/** The change's delta on each record, marked under its id: what abandoning it takes back out. */
function markStaged(
  plan: StockPlan,
  current: ReadonlyMap<string, StockRecord>,
  changeId: string,
): PlannedRecord[] {
  return plan.records.map((planned) => {
    const { record } = planned;
    const before = current.get(pairKey(record.sku, record.warehouseId))!;
    const delta = { onHand: record.onHand - before.onHand, allocated: record.allocated - before.allocated };
    return { ...planned, record: { ...record, staged: { ...record.staged, [changeId]: delta } } };
  });
}

/**
 * Reads, plans and commits once: in one transaction when it fits, staged and confirmed when it does
 * not (shared/stock/staged.ts). A refused stock record is a lost race (LostRace); a refused warehouse is
 * WarehouseRefused; a refusal of the caller's own items reaches the caller as TransactionCancelled.
 */
export async function commitStockChangeOnce(change: StockChange): Promise<LedgerResult> {
  const at = new Date().toISOString();
  const {
    records: current,
    storedCounts,
    slots,
  } = await readStock(change.requests, at, change.owner, change.known);
  const options = {
    warehouseCondition: change.warehouseCondition,
    storedCounts,
    slots,
    counterSpread: newId(),
  };
  let planned: StockPlan;
  try {
    planned = planStockChange(change.requests, current, at, options);
  } catch (error) {
    if (error instanceof InsufficientStock) await refuseOnlyWhatWasRead(error, current, slots);
    throw error;
  }
  // A record given slots by this change: the container's next read of it asks for them at once.
  rememberSlotCounts(planned.records.map(({ record }) => record));
  const callerItems = change.with?.(planned.movements) ?? [];
  const sizeOf = (plan: StockPlan) =>
    plan.recordItems.length +
    plan.slotItems.length +
    plan.movementItems.length +
    plan.warehouseItems.length +
    callerItems.length;
  // One item of room for the request's idempotency guard.
  const staged = sizeOf(planned) >= maxTransactionItems;
  if (staged) planned = await planStaged(change.requests, current, at, options);
  await change.commitAfter;
  try {
    if (!staged) {
      await transactWrite([
        ...planned.recordItems,
        ...planned.slotItems,
        ...planned.movementItems,
        ...planned.warehouseItems,
        ...callerItems,
      ]);
    } else {
      const id = newId();
      await commitStaged({
        id,
        owner: change.owner ?? 'ledger',
        records: markStaged(planned, current, id),
        movements: planned.movements,
        warehouseCondition: change.warehouseCondition,
        confirmItems: [...planned.warehouseChecks, ...callerItems],
      });
    }
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    const warehouse = error.refusedWithPrefix('warehouse:');
    if (warehouse) throw new WarehouseRefused(warehouseIdOfItem(warehouse.name));
    // The caller's own items refused too (an order changed meanwhile): the caller decides what that is.
    if (error.refusedWithPrefix('stock:') && !error.refused('order'))
      throw new LostRace('a stock record changed');
    throw error;
  }
  return { movements: planned.movements, records: planned.totals };
}

/**
 * A record and its slots are read item by item (BatchGetItem is no snapshot): a write that folds the slots'
 * shipped units into the record, seen half (the record after, its slots before), counts those units twice
 * and reads the totals short. Before a shortfall of a record with slots is answered, its items are read
 * again: a version moved means the totals were read across a change, a lost race to plan again from a
 * fresh read; unmoved, the shortfall stands.
 */
async function refuseOnlyWhatWasRead(
  error: InsufficientStock,
  current: ReadonlyMap<string, StockRecord>,
  slots: ReadonlyMap<string, readonly StockSlot[]>,
): Promise<void> {
  const slotted = error.shortfalls
    .map((shortfall) => pairKey(shortfall.sku, shortfall.warehouseId))
    .filter((key) => current.get(key)?.slots);
  if (slotted.length === 0) return;
  const read: Array<{ key: ItemKey; version: number }> = [];
  for (const key of slotted) {
    const record = current.get(key)!;
    read.push({ key: stockKey(record.sku, record.warehouseId), version: record.version });
    for (const slot of slots.get(key) ?? [])
      read.push({ key: stockSlotKey(slot.sku, slot.warehouseId, slot.slot), version: slot.version });
  }
  const now = await getItems(
    read.map(({ key }) => key),
    true,
  );
  const versionNow = new Map(
    now.map((item) => [`${String(item.PK)}|${String(item.SK)}`, Number(item.version)]),
  );
  if (read.some(({ key, version }) => (versionNow.get(`${key.PK}|${key.SK}`) ?? 0) !== version))
    throw new LostRace('stock changed while it was read');
}

/**
 * A staged change keeps to the records (undoing it rewrites them alone). Where a record's reserve cannot
 * serve it, or would be backordered while its slots hold free units, those units first go back to the
 * record (recallSlots, a transaction that changes no totals) and the change is planned again.
 */
async function planStaged(
  requests: readonly MovementRequest[],
  current: ReadonlyMap<string, StockRecord>,
  at: string,
  options: PlanOptions,
): Promise<StockPlan> {
  const holdingFree = (key: string) => (options.slots?.get(key) ?? []).some((slot) => slot.free > 0);
  let plan: StockPlan | undefined;
  try {
    plan = planStockChange(requests, current, at, { ...options, reserveOnly: true });
  } catch (error) {
    if (!(error instanceof InsufficientStock)) throw error;
    const short = error.shortfalls.map((s) => pairKey(s.sku, s.warehouseId)).filter(holdingFree);
    if (short.length === 0) throw error;
    await recallSlots(short, current, options.slots!, at);
    throw new LostRace('units went back from slots to their record');
  }
  const backordered = plan.records
    .filter(({ record }) => record.slots && reserveFree(record) < 0)
    .map(({ record }) => pairKey(record.sku, record.warehouseId))
    .filter(holdingFree);
  if (backordered.length > 0) {
    await recallSlots(backordered, current, options.slots!, at);
    throw new LostRace('units went back from slots to their record');
  }
  return plan;
}

/**
 * Moves every free unit of the records' slots back to the records, and folds their shipped units, in one
 * transaction on the versions read: no totals change.
 */
async function recallSlots(
  keys: readonly string[],
  current: ReadonlyMap<string, StockRecord>,
  slots: ReadonlyMap<string, StockSlot[]>,
  at: string,
): Promise<void> {
  // Each record with its slots, whole: a transaction never holds a record without its slots.
  const groups: Array<{ items: NamedItem[]; counted: CountedWrite }> = [];
  for (const key of keys) {
    const items: NamedItem[] = [];
    const record = current.get(key)!;
    // A record with staged deltas is read resolved: its stored layers are not these, so it folds later.
    const folds = !record.staged || Object.keys(record.staged).length === 0;
    const holding = slots.get(key)!.filter((slot) => slot.free > 0 || (folds && (slot.shipped ?? 0) > 0));
    const recalled = holding.reduce((sum, slot) => sum + slot.free, 0);
    const shipped = folds ? unfoldedShipped(holding) : 0;
    // Free units in slots count as held by the record; back in its reserve they are available again.
    const shippedBefore = unfoldedShipped(slots.get(key)!);
    const countsBefore = stockCountsOf({ ...record, slotted: record.slotted ?? 0, shipped: shippedBefore });
    const countsAfter = stockCountsOf({
      onHand: record.onHand - shipped,
      allocated: record.allocated,
      slotted: (record.slotted ?? 0) - recalled - shipped,
      shipped: shippedBefore - shipped,
    });
    items.push([
      `stock:${key}`,
      {
        Update: {
          TableName: tableName(),
          Key: stockKey(record.sku, record.warehouseId),
          UpdateExpression: `SET slotted = slotted - :recalled, ${
            shipped > 0 ? 'onHand = onHand - :shipped, layers = :layers, ' : ''
          }version = :next, updatedAt = :at`,
          ConditionExpression: 'version = :read',
          ExpressionAttributeValues: {
            ':recalled': recalled + shipped,
            ...(shipped > 0 ? { ':shipped': shipped, ':layers': consumeLayers(record.layers, shipped) } : {}),
            ':next': record.version + 1,
            ':read': record.version,
            ':at': at,
          },
        },
      },
    ]);
    for (const slot of holding) {
      items.push([
        slotItemName(slot),
        {
          Update: {
            TableName: tableName(),
            Key: stockSlotKey(slot.sku, slot.warehouseId, slot.slot),
            UpdateExpression: `SET #free = :none, ${folds ? 'shipped = :none, ' : ''}version = :next, updatedAt = :at`,
            ConditionExpression: 'version = :read',
            ExpressionAttributeNames: { '#free': 'free' },
            ExpressionAttributeValues: {
              ':none': 0,
              ':next': slot.version + 1,
              ':read': slot.version,
              ':at': at,
            },
          },
        },
      ]);
    }
    groups.push({
      items,
      counted: {
        sku: record.sku,
        warehouseId: record.warehouseId,
        counts: stockCountsChange(countsBefore, countsAfter),
      },
    });
  }
  // Transactions of whole groups, with room for their counter shards (at most one per shard).
  const room = maxTransactionItems - shardCounts.warehouseCounters;
  const transactions: Array<typeof groups> = [];
  for (const group of groups) {
    const last = transactions.at(-1);
    const size = last?.reduce((sum, each) => sum + each.items.length, 0) ?? room;
    if (last && size + group.items.length <= room) last.push(group);
    else transactions.push([group]);
  }
  try {
    // Bookkeeping, not the request's change: the request's idempotency record rides on the change itself.
    await withoutRequestGuard(async () => {
      for (const transaction of transactions) {
        await transactWrite([
          ...transaction.flatMap((group) => group.items),
          ...stockCountsItems(transaction.map((group) => group.counted)),
        ]);
      }
    });
  } catch (error) {
    if (error instanceof TransactionCancelled && error.refusedWithPrefix('stock:')) throw new LostRace();
    throw error;
  }
}

/** A stock change on its own (work orders, tests): retried by the one policy until it commits or is refused. */
export function applyStockMovements(
  requests: MovementRequest[],
  options: Omit<StockChange, 'requests'> = {},
): Promise<LedgerResult> {
  // Records known from the caller's read serve the first attempt only: a lost race reads afresh.
  return withRetry({ what: 'This stock' }, (attempt) =>
    commitStockChangeOnce({ ...options, requests, ...(attempt > 0 ? { known: undefined } : {}) }),
  );
}
