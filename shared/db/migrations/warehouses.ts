/**
 * Warehouse counters: moved off the warehouse item (where every stock and purchase-order source write
 * added to them) into its counter shard 0, where readers sum them with the other shards; and an inactive
 * warehouse's counter shards flagged `inactive`, the flag stock writers condition on instead of reading
 * the warehouse.
 */
import { tableName } from '../client';
import { allShards } from '../keys/shards';
import { warehouseCounterKey, warehouseKey } from '../keys/warehouses';
import type { Item } from '../query';
import type { NamedItem } from '../transactions';
import type { MigrationStep } from './step';

/** The counters writers kept on the warehouse item in the layout before sharding. */
export const legacyWarehouseCounters = [
  'unitsOnHand',
  'skusHeld',
  'stockRecordsInUse',
  'skusBackordered',
  'poSourceCount',
] as const;

/**
 * Set on an inactive warehouse once its counter shards carry `inactive`, so a rerun knows from the item
 * alone that there is nothing left to do (a warehouse's edits are SETs: they keep it). Bookkeeping: no
 * domain event (shared/events/domain-events.ts).
 */
export const countersShardedMarker = 'countersSharded';

/** The shard legacy counters move into: readers sum every shard, so any would do. */
export const legacyCountersShard = 0;

const isWarehouse = (item: Item) =>
  typeof item.PK === 'string' && item.PK.startsWith('WAREHOUSE#') && item.SK === 'WAREHOUSE';

/** The legacy counters the item holds (zero ones too: they are removed, adding nothing). */
function heldCounters(item: Item): Array<[string, number]> {
  return legacyWarehouseCounters.flatMap((name): Array<[string, number]> =>
    typeof item[name] === 'number' ? [[name, item[name] as number]] : [],
  );
}

const needsInactiveFlags = (item: Item) => item.active === false && item[countersShardedMarker] !== true;

export const warehouseCountersStep: MigrationStep = {
  name: 'warehouse-counters',
  applies: (item) => isWarehouse(item) && (heldCounters(item).length > 0 || needsInactiveFlags(item)),
  rewrite(item) {
    const id = (item.PK as string).slice('WAREHOUSE#'.length);
    const held = heldCounters(item);
    const adding = held.filter(([, value]) => value !== 0);
    const inactive = item.active === false;

    const remove = held.map(([name]) => name);
    const set = inactive ? [`${countersShardedMarker} = :yes`] : [];
    const warehouse: NamedItem = [
      `warehouse:${id}`,
      {
        Update: {
          TableName: tableName(),
          Key: warehouseKey(id),
          UpdateExpression: [
            set.length > 0 ? `SET ${set.join(', ')}` : '',
            remove.length > 0 ? `REMOVE ${remove.join(', ')}` : '',
          ]
            .filter(Boolean)
            .join(' '),
          // The counters as read (a write that added to one meanwhile makes this fail, and the counters are
          // read again); an inactive warehouse still inactive (a reactivation clears the flags).
          ConditionExpression: [
            'attribute_exists(PK)',
            ...held.map(([name]) => `${name} = :${name}`),
            ...(inactive ? ['active = :no'] : []),
          ].join(' AND '),
          ExpressionAttributeValues: {
            ...Object.fromEntries(held.map(([name, value]) => [`:${name}`, value])),
            ...(inactive ? { ':no': false, ':yes': true } : {}),
          },
        },
      },
    ];

    const shards = allShards('warehouseCounters').flatMap((shard): NamedItem[] => {
      const adds = shard === legacyCountersShard ? adding : [];
      if (adds.length === 0 && !inactive) return [];
      return [
        [
          `counters:${id}:${shard}`,
          {
            Update: {
              TableName: tableName(),
              Key: warehouseCounterKey(id, shard),
              UpdateExpression: [
                inactive ? 'SET inactive = :inactive' : '',
                adds.length > 0 ? `ADD ${adds.map(([name]) => `${name} :${name}`).join(', ')}` : '',
              ]
                .filter(Boolean)
                .join(' '),
              ExpressionAttributeValues: {
                ...Object.fromEntries(adds.map(([name, value]) => [`:${name}`, value])),
                ...(inactive ? { ':inactive': true } : {}),
              },
            },
          },
        ],
      ];
    });
    return [warehouse, ...shards];
  },
};
