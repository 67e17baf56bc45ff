/** Order headers: their status, day and channel index keys moved into the order's shard (by its id). */
import { shardedOrderIndexKeys } from '../keys/orders';
import type { MigrationStep } from './step';
import { hasText, indexKeysUpdate, legacyIndexKeys } from './index-keys';
import type { LegacyPrefixes } from './index-keys';

const legacyPrefixes: LegacyPrefixes = {
  GSI1PK: 'ORDERS#STATUS#',
  GSI2PK: 'ORDERS#DAY#',
  GSI3PK: 'ORDERS#CHANNEL#',
};

/** An order's header item (its index keys and pending-index keys are what the order steps move). */
export const isOrderHeader = (item: Record<string, unknown>) =>
  typeof item.PK === 'string' && item.PK.startsWith('ORDER#') && item.SK === 'A#ORDER';

export const orderIndexStep: MigrationStep = {
  name: 'order-index',
  applies: (item) =>
    isOrderHeader(item) &&
    hasText(item, ['statusId', 'orderDate', 'channel']) &&
    legacyIndexKeys(item, legacyPrefixes).length > 0,
  rewrite(item) {
    const id = (item.PK as string).slice('ORDER#'.length);
    const sharded = shardedOrderIndexKeys({
      id,
      statusId: item.statusId as string,
      orderDate: item.orderDate as string,
      channel: item.channel as string,
    });
    return [indexKeysUpdate(`order:${id}`, item, legacyIndexKeys(item, legacyPrefixes), sharded)];
  },
};
