/** Stock records (by warehouse, sharded by SKU) and movements (by warehouse and by day, sharded by movement id). */
import { shardedMovementIndexKeys, shardedStockIndexKeys } from '../keys/stock';
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

const movementPrefixes: LegacyPrefixes = { GSI1PK: 'MOVEMENTS#WH#', GSI2PK: 'MOVEMENTS#DAY#' };

export const movementIndexStep: MigrationStep = {
  name: 'movement-index',
  applies: (item) =>
    typeof item.PK === 'string' &&
    item.PK.startsWith('MOVEMENTS#SKU#') &&
    hasText(item, ['id', 'warehouseId', 'at']) &&
    legacyIndexKeys(item, movementPrefixes).length > 0,
  rewrite(item) {
    const movement = {
      id: item.id as string,
      warehouseId: item.warehouseId as string,
      at: item.at as string,
    };
    return [
      indexKeysUpdate(
        `movement:${movement.id}`,
        item,
        legacyIndexKeys(item, movementPrefixes),
        shardedMovementIndexKeys(movement),
      ),
    ];
  },
};
