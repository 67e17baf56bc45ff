/**
 * The table after the day, read whole with a Scan (the bench reads behind the API's back on purpose; no
 * request path scans) and sorted into what the invariants look at: stock records, movements, order
 * headers, payments and shipments.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../shared/db/client';
import type { StockRecord } from '../../shared/domain/stock-ledger';
import type { StockSlot } from '../../shared/domain/stock-slots';
import { totalsOf } from '../../shared/domain/stock-slots';

type Item = Record<string, unknown>;

const segments = 4;

export interface TableSnapshot {
  items: number;
  stock: Item[];
  movements: Item[];
  orders: Map<string, Item>;
  payments: Map<string, Item[]>;
  shipments: Map<string, Item[]>;
  scanMs: number;
}

/** A record with slots as its readers see it: the slots' allocations added (shared/domain/stock-slots.ts). */
function withSlotTotals(record: Item, slots: ReadonlyMap<string, Item[]>): Item {
  if (!record.slots) return record;
  const own = slots.get(`${String(record.sku)}\u0000${String(record.warehouseId)}`) ?? [];
  return { ...record, ...totalsOf(record as unknown as StockRecord, own as unknown as StockSlot[]) };
}

const push = (into: Map<string, Item[]>, key: string, item: Item) => {
  const list = into.get(key);
  if (list) list.push(item);
  else into.set(key, [item]);
};

export async function snapshotTable(): Promise<TableSnapshot> {
  const started = Date.now();
  const snapshot: TableSnapshot = {
    items: 0,
    stock: [],
    movements: [],
    orders: new Map(),
    payments: new Map(),
    shipments: new Map(),
    scanMs: 0,
  };
  const slots = new Map<string, Item[]>();
  const sort = (item: Item) => {
    snapshot.items += 1;
    const pk = String(item.PK);
    const sk = String(item.SK);
    if (pk.startsWith('STOCK#') && sk.startsWith('WH#')) snapshot.stock.push(item);
    else if (pk.startsWith('STOCK#') && sk.startsWith('SLOT#'))
      push(slots, `${String(item.sku)}\u0000${String(item.warehouseId)}`, item);
    else if (/^MOVEMENTS(@\d+)?#SKU#/.test(pk)) snapshot.movements.push(item);
    else if (pk.startsWith('ORDER#')) {
      const orderId = pk.slice('ORDER#'.length);
      if (sk === 'A#ORDER') snapshot.orders.set(orderId, item);
      else if (sk.startsWith('A#PAYMENT#')) push(snapshot.payments, orderId, item);
      else if (sk.startsWith('S#')) push(snapshot.shipments, orderId, item);
    }
  };
  // Segments read side by side: DynamoDB Local serves them on several threads (a full day is ~170,000 items).
  const scanSegment = async (segment: number) => {
    let start: Record<string, unknown> | undefined;
    do {
      const page: ScanCommandOutput = await db().send(
        new ScanCommand({
          TableName: tableName(),
          ExclusiveStartKey: start,
          ConsistentRead: true,
          Segment: segment,
          TotalSegments: segments,
        }),
      );
      for (const item of page.Items ?? []) sort(item);
      start = page.LastEvaluatedKey;
    } while (start);
  };
  await Promise.all(Array.from({ length: segments }, (_, segment) => scanSegment(segment)));
  snapshot.stock = snapshot.stock.map((record) => withSlotTotals(record, slots));
  snapshot.scanMs = Date.now() - started;
  return snapshot;
}
