/**
 * Warehouse counters: moved off the warehouse item (where every stock and purchase-order source write
 * added to them) into its counter shard 0, where readers sum them with the other shards; and the counter
 * shards of a warehouse that is inactive, or refuses work orders or purchase orders, given the flags
 * (`inactive`, `refusesWorkOrders`, `refusesPurchaseOrders`) the writers condition on instead of reading
 * the warehouse (shared/warehouses/counters.ts `shardFlagsOf`; an edit of the warehouse keeps them).
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

/** Each shard flag and the warehouse attribute whose `false` sets it. */
const shardFlags = [
  ['inactive', 'active'],
  ['refusesWorkOrders', 'acceptsWorkOrders'],
  ['refusesPurchaseOrders', 'acceptsPurchaseOrders'],
] as const;

/** The flags the warehouse's counter shards must carry (an attribute absent is the default, true). */
const flagsOf = (item: Item) => shardFlags.filter(([, attribute]) => item[attribute] === false);

const needsShardFlags = (item: Item) => flagsOf(item).length > 0 && item[countersShardedMarker] !== true;

export const warehouseCountersStep: MigrationStep = {
  name: 'warehouse-counters',
  applies: (item) => isWarehouse(item) && (heldCounters(item).length > 0 || needsShardFlags(item)),
  rewrite(item) {
    const id = (item.PK as string).slice('WAREHOUSE#'.length);
    const held = heldCounters(item);
    const adding = held.filter(([, value]) => value !== 0);
    const flags = flagsOf(item);
    const flagged = flags.length > 0;

    const remove = held.map(([name]) => name);
    const set = flagged ? [`${countersShardedMarker} = :yes`] : [];
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
          // read again); its flagged attributes still false (an edit rewrites the shards' flags itself).
          ConditionExpression: [
            'attribute_exists(PK)',
            ...held.map(([name]) => `${name} = :${name}`),
            ...flags.map(([, attribute]) => `${attribute} = :no`),
          ].join(' AND '),
          ExpressionAttributeValues: {
            ...Object.fromEntries(held.map(([name, value]) => [`:${name}`, value])),
            ...(flagged ? { ':no': false, ':yes': true } : {}),
          },
        },
      },
    ];

    const shards = allShards('warehouseCounters').flatMap((shard): NamedItem[] => {
      const adds = shard === legacyCountersShard ? adding : [];
      if (adds.length === 0 && !flagged) return [];
      return [
        [
          `counters:${id}:${shard}`,
          {
            Update: {
              TableName: tableName(),
              Key: warehouseCounterKey(id, shard),
              UpdateExpression: [
                flagged ? `SET ${flags.map(([flag]) => `${flag} = :flag`).join(', ')}` : '',
                adds.length > 0 ? `ADD ${adds.map(([name]) => `${name} :${name}`).join(', ')}` : '',
              ]
                .filter(Boolean)
                .join(' '),
              ExpressionAttributeValues: {
                ...Object.fromEntries(adds.map(([name, value]) => [`:${name}`, value])),
                ...(flagged ? { ':flag': true } : {}),
              },
            },
          },
        ],
      ];
    });
    return [warehouse, ...shards];
  },
};
