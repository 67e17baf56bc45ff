/**
 * Purchase-order sources in the single table (keys in shared/db/keys.ts), counted on their vendors and on
 * their receiving warehouses (`poSourceCount`, in the same transaction), so neither can be deleted while
 * a source names it.
 */
import { tableName } from '../../../shared/db/client';
import {
  allPoSources,
  poSourceIndexKeys,
  poSourceKey,
  poSourcesOfSku,
  poSourcesOfVendor,
  poSourceUniqueKey,
  vendorKey,
  warehouseCounterShard,
} from '../../../shared/db/keys';
import type { Page } from '../../../shared/db/query';
import { getItems, queryAll, queryPage } from '../../../shared/db/query';
import { transactWrite } from '../../../shared/db/transactions';
import { poSourceCountUpdate, warehouseItemName } from '../../../shared/warehouses/counters';
import type { NamedItemList } from '../../../shared/http/bulk-delete';
import type { PoSource } from './schemas';
import { poSourceSchema } from './schemas';
import { toResource } from '../../../shared/db/resource';

const toPoSource = (item: Record<string, unknown>): PoSource => toResource(poSourceSchema, item);

function poSourceItem(source: PoSource) {
  return { ...poSourceKey(source.id), ...poSourceIndexKeys(source), entity: 'po-source', ...source };
}

export interface PoSourceListing {
  vendorId?: string;
  sku?: string;
  warehouseId?: string;
}

/** By vendor (GSI1, SKU prefix when both are given), by SKU (GSI2) or all (GSI3); warehouse as a filter. */
export async function listPoSources(
  listing: PoSourceListing,
  limit: number,
  cursor?: string,
): Promise<Page<PoSource>> {
  const partition = listing.vendorId
    ? {
        ...poSourcesOfVendor(listing.vendorId),
        skPrefix: listing.sku ? `POSOURCE#${listing.sku}#` : 'POSOURCE#',
      }
    : listing.sku
      ? { ...poSourcesOfSku(listing.sku) }
      : { ...allPoSources() };
  const page = await queryPage({
    ...partition,
    filter: listing.warehouseId
      ? { expression: 'warehouseId = :warehouse', values: { ':warehouse': listing.warehouseId } }
      : undefined,
    limit,
    cursor,
    scope: `po-sources:${JSON.stringify(listing)}`,
  });
  return { items: page.items.map(toPoSource), nextCursor: page.nextCursor };
}

export async function findPoSources(ids: string[]): Promise<PoSource[]> {
  return (await getItems(ids.map(poSourceKey))).map(toPoSource);
}

export async function poSourcesOf(vendorId: string): Promise<PoSource[]> {
  return (await queryAll({ ...poSourcesOfVendor(vendorId) })).map(toPoSource);
}

/**
 * Items: `source`, `uniqueMarker` (refused: the vendor has a source for this SKU and warehouse),
 * `vendorCounter` (refused: no such vendor, or its currency is no longer the source's),
 * `warehouseCounter` (refused: no such warehouse, or it does not accept purchase orders).
 */
export async function insertPoSource(source: PoSource): Promise<void> {
  await transactWrite({
    source: {
      Put: {
        TableName: tableName(),
        Item: poSourceItem(source),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    uniqueMarker: {
      Put: {
        TableName: tableName(),
        Item: { ...poSourceUniqueKey(source), poSourceId: source.id },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    vendorCounter: {
      Update: {
        TableName: tableName(),
        Key: vendorKey(source.vendorId),
        UpdateExpression: 'ADD poSourceCount :one',
        // Costs are in the vendor's currency: a currency change committed after the read refuses this.
        ConditionExpression: 'attribute_exists(PK) AND currency = :currency',
        ExpressionAttributeValues: { ':one': 1, ':currency': source.unitCost.currency },
      },
    },
    warehouseCounter: poSourceCountUpdate(source.warehouseId, source.sku, 1),
  });
}

/**
 * Lowers the receiving warehouses' source counts, `warehouse:<id>@<shard>` each (on the counter shard of
 * each source's SKU; refused: the warehouse went). Only for warehouses that exist: a source left behind
 * by a warehouse deleted before they were counted can still be deleted.
 */
export function warehouseCountItems(
  sources: PoSource[],
  existingWarehouses: ReadonlySet<string>,
): NamedItemList {
  const perShard = new Map<string, { warehouseId: string; sku: string; count: number }>();
  for (const source of sources) {
    if (!existingWarehouses.has(source.warehouseId)) continue;
    const name = warehouseItemName(source.warehouseId, warehouseCounterShard(source.sku));
    const sum = perShard.get(name) ?? { warehouseId: source.warehouseId, sku: source.sku, count: 0 };
    perShard.set(name, { ...sum, count: sum.count + 1 });
  }
  return [...perShard].map(
    ([name, { warehouseId, sku, count }]) => [name, poSourceCountUpdate(warehouseId, sku, -count)] as const,
  );
}

/** Items: `source:<id>` (refused: already gone), `uniqueMarker:<id>`. */
export function deletePoSourceItems(source: PoSource): NamedItemList {
  return [
    [
      `source:${source.id}`,
      {
        Delete: {
          TableName: tableName(),
          Key: poSourceKey(source.id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
    ],
    [`uniqueMarker:${source.id}`, { Delete: { TableName: tableName(), Key: poSourceUniqueKey(source) } }],
  ];
}

/**
 * Removes sources and lowers their vendors' and warehouses' counters, all or none. Items: each source's
 * (`source:<id>`, `uniqueMarker:<id>`), then `vendor:<id>` (the counter; refused: the vendor is gone) for
 * each vendor, then `warehouse:<id>@<shard>` for each receiving warehouse (counter shard) that exists.
 */
export function deletePoSourcesItems(
  sources: PoSource[],
  existingWarehouses: ReadonlySet<string>,
): NamedItemList {
  const perVendor = new Map<string, number>();
  for (const source of sources) perVendor.set(source.vendorId, (perVendor.get(source.vendorId) ?? 0) + 1);
  return [
    ...sources.flatMap(deletePoSourceItems),
    ...[...perVendor].map(
      ([vendorId, count]) =>
        [
          `vendor:${vendorId}`,
          {
            Update: {
              TableName: tableName(),
              Key: vendorKey(vendorId),
              UpdateExpression: 'ADD poSourceCount :minus',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':minus': -count },
            },
          },
        ] as const,
    ),
    ...warehouseCountItems(sources, existingWarehouses),
  ];
}
