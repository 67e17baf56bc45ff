/**
 * The stock ledger's items as a table written before the sharded layout holds them (the index keys
 * `WH_STOCK#<wh>`, `MOVEMENTS#SKU#<sku>` with `MOVEMENTS#WH#<wh>` and `MOVEMENTS#DAY#<day>`, counters on the warehouse item), for
 * tests of readers that must read both layouts until `npm run migrate` has run; and the warehouse's
 * counters as readers sum them.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { db, tableName } from '../../shared/db/client';
import { legacyMovementsOfSku, movementsOfSkuPartitions, stockKey, warehouseKey } from '../../shared/db/keys';
import type { Movement, StockRecord } from '../../shared/domain/stock-ledger';
import { figuresOf } from '../../shared/domain/stock-ledger';
import type { WarehouseCounters } from '../../shared/warehouses/repository';
import { toWarehouseRecord } from '../../shared/warehouses/repository';
import { readCounterShards, sumCounters } from '../../shared/warehouses/counter-shards';
import { getItem, queryAll } from '../../shared/db/query';

/** A stock record under the index key of the layout before sharding (the key strings as they were). */
export async function putLegacyStockRecord(
  record: Pick<StockRecord, 'sku' | 'warehouseId' | 'onHand'> & Partial<StockRecord>,
): Promise<StockRecord> {
  const at = new Date().toISOString();
  const allocated = record.allocated ?? 0;
  const stored: StockRecord = {
    allocated,
    ...figuresOf(record.onHand, allocated),
    averageUnitCost: 100,
    layers: record.onHand > 0 ? [{ receivedAt: at, quantity: record.onHand, unitCost: 100 }] : [],
    version: 1,
    updatedAt: at,
    ...record,
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...stockKey(stored.sku, stored.warehouseId),
        GSI1PK: `WH_STOCK#${stored.warehouseId}`,
        GSI1SK: `SKU#${stored.sku}`,
        ...stored,
      },
    }),
  );
  return stored;
}

/** A movement in the layout before sharding: its SKU's one partition, the index keys as they were. */
export async function putLegacyMovement(
  movement: Pick<Movement, 'sku' | 'warehouseId' | 'at' | 'quantity'> & Partial<Movement>,
): Promise<Movement> {
  const stored: Movement = {
    id: ulid(Date.parse(movement.at)),
    type: 'receipt',
    allocatedChange: 0,
    unitCost: 100,
    onHandAfter: movement.quantity,
    availableAfter: movement.quantity,
    backorderedAfter: 0,
    ...movement,
  };
  const sortKey = `${stored.at}#${stored.id}`;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        PK: legacyMovementsOfSku(stored.sku),
        SK: sortKey,
        GSI1PK: `MOVEMENTS#WH#${stored.warehouseId}`,
        GSI1SK: sortKey,
        GSI2PK: `MOVEMENTS#DAY#${stored.at.slice(0, 10)}`,
        GSI2SK: sortKey,
        entity: 'stock-movement',
        ...stored,
      },
    }),
  );
  return stored;
}

/** Adds counters to the warehouse item, where the ledger kept them before the counter shards. */
export async function addLegacyCounters(
  warehouseId: string,
  counters: Partial<
    Record<'unitsOnHand' | 'skusHeld' | 'stockRecordsInUse' | 'skusBackordered' | 'poSourceCount', number>
  >,
): Promise<void> {
  const entries = Object.entries(counters);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: warehouseKey(warehouseId),
      UpdateExpression: `ADD ${entries.map(([name]) => `${name} :${name}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
    }),
  );
}

/** The warehouse's counters as readers see them: every counter shard plus the warehouse item's. */
export async function storedCounters(warehouseId: string): Promise<WarehouseCounters> {
  const item = await getItem(warehouseKey(warehouseId), true);
  if (!item) throw new Error(`No warehouse ${warehouseId}`);
  const shards = (await readCounterShards([warehouseId], true)).get(warehouseId)!;
  return sumCounters(toWarehouseRecord(item).counters, shards);
}

/** Every movement of a SKU as stored, from each of its partitions (shards and the layout before). */
export async function storedMovementsOf(sku: string): Promise<Array<Record<string, unknown>>> {
  const read = await Promise.all(movementsOfSkuPartitions(sku).map(({ pk }) => queryAll({ pk })));
  return read.flat().sort((a, b) => (String(a.SK) < String(b.SK) ? -1 : String(a.SK) > String(b.SK) ? 1 : 0));
}
