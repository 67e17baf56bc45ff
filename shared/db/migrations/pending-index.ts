/**
 * Orders waiting to ship, written before the pending-orders index (GSI4) came: each gets that index's
 * keys and its units left (shared/orders/repository pendingOrderAttributes), as the service's next
 * write of it would. The step needs each status's category: built-in ones from code, custom ones read
 * by the runner when the run starts (a custom status created since can only hold orders the service
 * has written, and those carry the keys already).
 */
import { tableName } from '../client';
import { pendingOrderIndexKeys } from '../keys/orders';
import type { Item } from '../query';
import type { OrderLine } from '../../domain/order';
import { unitsLeftToShip } from '../../domain/order';
import type { StatusCategory } from '../../domain/order-status';
import { builtInStatus, isPendingCategory } from '../../domain/order-status';
import { hasText } from './index-keys';
import { isOrderHeader } from './orders';
import type { MigrationStep } from './step';

export function pendingIndexStep(customCategories: ReadonlyMap<string, StatusCategory>): MigrationStep {
  const categoryOf = (statusId: string) =>
    builtInStatus(statusId)?.category ?? customCategories.get(statusId);
  const unitsLeft = (item: Item) =>
    Array.isArray(item.lines) ? unitsLeftToShip(item.lines as OrderLine[]) : 0;
  return {
    name: 'pending-index',
    applies: (item) =>
      isOrderHeader(item) &&
      item.GSI4PK === undefined &&
      hasText(item, ['statusId', 'orderDate']) &&
      typeof item.version === 'number' &&
      isPendingCategory(categoryOf(item.statusId as string)) &&
      unitsLeft(item) > 0,
    rewrite(item) {
      const id = (item.PK as string).slice('ORDER#'.length);
      const keys = pendingOrderIndexKeys({ id, orderDate: item.orderDate as string });
      // The version stays: the service's version-conditioned writes are not refused by the migration,
      // and one of them meanwhile (which indexes the order itself) fails this condition instead.
      return [
        [
          `pending:${id}`,
          {
            Update: {
              TableName: tableName(),
              Key: { PK: item.PK, SK: item.SK },
              UpdateExpression: 'SET GSI4PK = :pk, GSI4SK = :sk, pendingUnits = :units',
              ConditionExpression: 'version = :version AND attribute_not_exists(GSI4PK)',
              ExpressionAttributeValues: {
                ':pk': keys.GSI4PK,
                ':sk': keys.GSI4SK,
                ':units': unitsLeft(item),
                ':version': item.version,
              },
            },
          },
        ],
      ];
    },
  };
}
