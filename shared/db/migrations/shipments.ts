/**
 * Shipments (their month, carrier and warehouse index keys, sharded by shipment id) and the shipment
 * totals cells of the layout before sharding (moved whole into shard 0, where readers sum them with the
 * other shards).
 */
import { tableName } from '../client';
import { retiredTotalsShard, shardedShipmentIndexKeys, shardedShipmentTotalsKey } from '../keys/shipments';
import type { ShipmentCell } from '../keys/shipments';
import type { MigrationStep } from './step';
import { hasText, indexKeysUpdate, legacyIndexKeys } from './index-keys';
import type { LegacyPrefixes } from './index-keys';

const shipmentPrefixes: LegacyPrefixes = {
  GSI1PK: 'SHIPMENTS#',
  GSI2PK: 'SHIPMENTS#CARRIER#',
  GSI3PK: 'SHIPMENTS#WH#',
};

export const shipmentIndexStep: MigrationStep = {
  name: 'shipment-index',
  applies: (item) =>
    typeof item.PK === 'string' &&
    item.PK.startsWith('ORDER#') &&
    typeof item.SK === 'string' &&
    item.SK.startsWith('S#') &&
    hasText(item, ['id', 'shipDate', 'carrier']) &&
    legacyIndexKeys(item, shipmentPrefixes).length > 0,
  rewrite(item) {
    const shipment = {
      id: item.id as string,
      shipDate: item.shipDate as string,
      carrier: item.carrier as string,
      warehouseId: typeof item.warehouseId === 'string' ? item.warehouseId : undefined,
    };
    return [
      indexKeysUpdate(
        `shipment:${shipment.id}`,
        item,
        legacyIndexKeys(item, shipmentPrefixes),
        shardedShipmentIndexKeys(shipment),
      ),
    ];
  },
};

/** The shard a legacy cell moves into: any shard sums the same; 0 is the one a reader of one shard finds it in. */
export const legacyTotalsShard = 0;

const keyAttributes = new Set(['PK', 'SK']);

/** Where a cell of the layouts before moves: an unsharded one to shard 0, one of a retired shard n to n − 8. */
function targetShard(pk: unknown): number | undefined {
  if (typeof pk !== 'string') return undefined;
  if (pk.startsWith('SHIPTOTALS#')) return legacyTotalsShard;
  return retiredTotalsShard(pk);
}

/**
 * One transaction: the cell's figures ADDed to the same cell of its target shard (its descriptive
 * attributes SET where that cell has none yet), and the old cell deleted on its figures being as read.
 * Readers sum every shard and the old cells, so the sum is the same before, during (both or neither
 * committed) and after.
 */
export const shipmentTotalsStep: MigrationStep = {
  name: 'shipment-totals',
  applies: (item) =>
    targetShard(item.PK) !== undefined &&
    typeof item.SK === 'string' &&
    hasText(item, ['day', 'carrier', 'service', 'status', 'source']),
  rewrite(item) {
    const shard = targetShard(item.PK)!;
    const attributes = Object.entries(item).filter(([name]) => !keyAttributes.has(name));
    // Placeholders by position: attribute names need not be valid placeholder names.
    const names = Object.fromEntries(attributes.map(([name], n) => [`#a${n}`, name]));
    const values = Object.fromEntries(attributes.map(([, value], n) => [`:v${n}`, value]));
    const figures = attributes.flatMap(([, value], n) => (typeof value === 'number' ? [n] : []));
    const descriptive = attributes.flatMap(([, value], n) => (typeof value === 'number' ? [] : [n]));
    const clauses = [
      descriptive.length > 0
        ? `SET ${descriptive.map((n) => `#a${n} = if_not_exists(#a${n}, :v${n})`).join(', ')}`
        : '',
      figures.length > 0 ? `ADD ${figures.map((n) => `#a${n} :v${n}`).join(', ')}` : '',
    ].filter(Boolean);
    // The shard's partition by the builder; the sort key as stored (the cell it is, whatever built it).
    const target = {
      PK: shardedShipmentTotalsKey(item as unknown as ShipmentCell, shard).PK,
      SK: item.SK,
    };
    const legacyKey = { PK: item.PK, SK: item.SK };
    return [
      [
        `totals:${shard}:${String(item.SK)}`,
        {
          Update: {
            TableName: tableName(),
            Key: target,
            UpdateExpression: clauses.join(' '),
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
      ],
      [
        `totals:legacy:${String(item.SK)}`,
        {
          Delete: {
            TableName: tableName(),
            Key: legacyKey,
            // Its figures as read: a writer that added to the legacy cell meanwhile makes this fail.
            ConditionExpression:
              figures.length > 0
                ? figures.map((n) => `#a${n} = :v${n}`).join(' AND ')
                : 'attribute_exists(PK)',
            ExpressionAttributeNames:
              figures.length > 0
                ? Object.fromEntries(figures.map((n) => [`#a${n}`, attributes[n]![0]]))
                : undefined,
            ExpressionAttributeValues:
              figures.length > 0
                ? Object.fromEntries(figures.map((n) => [`:v${n}`, attributes[n]![1]]))
                : undefined,
          },
        },
      ],
    ];
  },
};
