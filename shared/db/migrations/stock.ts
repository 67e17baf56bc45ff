/** Stock records (by warehouse, sharded by SKU) and movements (moved whole to their SKU shard, with sharded index keys). */
import { tableName } from '../client';
import { movementKey, shardedMovementIndexKeys, shardedStockIndexKeys } from '../keys/stock';
import type { MigrationStep } from './step';
import { hasText, indexKeysUpdate, legacyIndexKeys } from './index-keys';
import type { LegacyPrefixes } from './index-keys';

const stockPrefixes: LegacyPrefixes = { GSI1PK: 'WH_STOCK#' };

export const stockIndexStep: MigrationStep = {
  name: 'stock-index',
  applies: (item) =>
    typeof item.PK === 'string' &&
    item.PK.startsWith('STOCK#') &&
    hasText(item, ['sku', 'warehouseId']) &&
    legacyIndexKeys(item, stockPrefixes).length > 0,
  rewrite(item) {
    const record = { sku: item.sku as string, warehouseId: item.warehouseId as string };
    return [
      indexKeysUpdate(
        `stock:${record.sku}:${record.warehouseId}`,
        item,
        legacyIndexKeys(item, stockPrefixes),
        shardedStockIndexKeys(record),
      ),
    ];
  },
};

/**
 * A movement in the layout before sharding (`MOVEMENTS#SKU#<sku>`, legacy index keys) moves whole to its
 * shard (`MOVEMENTS@<n>#SKU#<sku>`, sharded index keys): one transaction puts the copy, unless it is there
 * already, and deletes the original, unless it is gone. Movements are never changed once written, so the
 * copy is the item as read; movements publish nothing (shared/events/domain-events.ts), so the stream's
 * insert and remove tell no consumer anything.
 */
export const movementIndexStep: MigrationStep = {
  name: 'movement-key',
  applies: (item) =>
    typeof item.PK === 'string' &&
    item.PK.startsWith('MOVEMENTS#SKU#') &&
    hasText(item, ['id', 'sku', 'warehouseId', 'at']),
  rewrite(item) {
    const movement = {
      id: item.id as string,
      sku: item.sku as string,
      warehouseId: item.warehouseId as string,
      at: item.at as string,
    };
    const moved = { ...item, ...movementKey(movement), ...shardedMovementIndexKeys(movement) };
    return [
      [
        `movement:${movement.id}`,
        { Put: { TableName: tableName(), Item: moved, ConditionExpression: 'attribute_not_exists(PK)' } },
      ],
      [
        `movement-before:${movement.id}`,
        {
          Delete: {
            TableName: tableName(),
            Key: { PK: item.PK, SK: item.SK },
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
      ],
    ];
  },
};
