/** Vendors and purchase-order sources in the single table (keys in shared/db/keys.ts). */
import { tableName } from '../../shared/db/client';
import {
  allPoSources,
  poSourceIndexKeys,
  poSourceKey,
  poSourcesOfSku,
  poSourcesOfVendor,
  poSourceUniqueKey,
  vendorCodeKey,
  vendorIndexKeys,
  vendorKey,
  vendorsByCodePrefix,
  vendorsByNamePrefix,
  withoutStorageAttributes,
} from '../../shared/db/keys';
import type { Page } from '../../shared/db/query';
import { allOf, equalsFilter, getItem, getItems, queryAll, queryPage } from '../../shared/db/query';
import type { TransactItem } from '../../shared/db/transactions';
import { transactWrite } from '../../shared/db/transactions';
import { warehouseAcceptsPurchaseOrdersCheck } from '../../shared/warehouses/repository';
import type { PoSource, Vendor } from './schemas';

const toVendor = (item: Record<string, unknown>) => withoutStorageAttributes(item) as Vendor;
const toPoSource = (item: Record<string, unknown>) => withoutStorageAttributes(item) as PoSource;

function vendorItem(vendor: Vendor) {
  return { ...vendorKey(vendor.id), ...vendorIndexKeys(vendor), entity: 'vendor', ...vendor };
}

function poSourceItem(source: PoSource) {
  return { ...poSourceKey(source.id), ...poSourceIndexKeys(source), entity: 'po-source', ...source };
}

export async function findVendor(id: string, consistent = false): Promise<Vendor | undefined> {
  const item = await getItem(vendorKey(id), consistent);
  return item ? toVendor(item) : undefined;
}

export async function findVendors(ids: string[]): Promise<Vendor[]> {
  return (await getItems(ids.map(vendorKey))).map(toVendor);
}

export interface VendorListing {
  active?: boolean;
  name?: string;
  code?: string;
  sort: 'name' | 'code';
}

/** Vendors by name or code (GSI1 / GSI2, prefix on the sort key), the other prefix and the active flag as filters. */
export async function listVendors(
  listing: VendorListing,
  limit: number,
  cursor?: string,
): Promise<Page<Vendor>> {
  const byCode = listing.sort === 'code';
  const partition = byCode ? vendorsByCodePrefix(listing.code) : vendorsByNamePrefix(listing.name);
  const otherPrefix = byCode ? listing.name : listing.code;
  // The other prefix filters on the other index's sort key, which every vendor item carries.
  const prefixFilter =
    otherPrefix === undefined
      ? undefined
      : {
          expression: 'begins_with(#other, :other)',
          names: { '#other': byCode ? 'GSI1SK' : 'GSI2SK' },
          values: {
            ':other': (byCode ? vendorsByNamePrefix(otherPrefix) : vendorsByCodePrefix(otherPrefix)).skPrefix,
          },
        };
  const page = await queryPage({
    index: byCode ? 'GSI2' : 'GSI1',
    ...partition,
    filter: allOf(equalsFilter({ active: listing.active }), prefixFilter),
    limit,
    cursor,
    scope: `vendors:${JSON.stringify(listing)}`,
  });
  return { items: page.items.map(toVendor), nextCursor: page.nextCursor };
}

/** A transaction's items under their names, for names built from data (`vendor:<id>`). */
type NamedItemList = Array<readonly [string, TransactItem]>;

function codeMarkerPut(code: string, vendorId: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...vendorCodeKey(code), vendorId },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Items: `vendor`, `codeMarker` (refused: another vendor has the code). */
export async function insertVendor(vendor: Vendor): Promise<void> {
  await transactWrite({
    vendor: {
      Put: {
        TableName: tableName(),
        Item: vendorItem(vendor),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    codeMarker: codeMarkerPut(vendor.code, vendor.id),
  });
}

/**
 * Items: `vendor` (refused: gone, no longer at the version read, or its source count moved: a Put must
 * not write back a count that a source created or deleted meanwhile changed), then `oldCodeMarker` and
 * `newCodeMarker` (refused: another vendor has the code) when the code changes.
 */
export async function replaceVendor(previous: Vendor, next: Vendor): Promise<void> {
  const codeChanges = previous.code.toLowerCase() !== next.code.toLowerCase();
  await transactWrite({
    vendor: {
      Put: {
        TableName: tableName(),
        Item: vendorItem(next),
        ConditionExpression: 'attribute_exists(PK) AND version = :read AND poSourceCount = :count',
        ExpressionAttributeValues: { ':read': previous.version, ':count': previous.poSourceCount },
      },
    },
    oldCodeMarker: codeChanges
      ? { Delete: { TableName: tableName(), Key: vendorCodeKey(previous.code) } }
      : undefined,
    newCodeMarker: codeChanges ? codeMarkerPut(next.code, next.id) : undefined,
  });
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
        index: 'GSI1' as const,
        ...poSourcesOfVendor(listing.vendorId),
        skPrefix: listing.sku ? `POSOURCE#${listing.sku}#` : 'POSOURCE#',
      }
    : listing.sku
      ? { index: 'GSI2' as const, ...poSourcesOfSku(listing.sku) }
      : { index: 'GSI3' as const, ...allPoSources() };
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
  return (await queryAll({ index: 'GSI1', ...poSourcesOfVendor(vendorId) })).map(toPoSource);
}

/**
 * Items: `source`, `uniqueMarker` (refused: the vendor has a source for this SKU and warehouse),
 * `vendorCounter` (refused: no such vendor), `warehouseCheck` (refused: no such warehouse, or it does not
 * accept purchase orders).
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
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    warehouseCheck: warehouseAcceptsPurchaseOrdersCheck(source.warehouseId),
  });
}

/** Items: `source:<id>` (refused: already gone), `uniqueMarker:<id>`. */
function deletePoSourceItems(source: PoSource): NamedItemList {
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
 * Removes sources and lowers their vendors' counters, all or none. Items: each source's (`source:<id>`,
 * `uniqueMarker:<id>`), then `vendor:<id>` (the counter; refused: the vendor is gone) for each vendor.
 */
export function deletePoSourcesItems(sources: PoSource[]): NamedItemList {
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
  ];
}

/**
 * Removes vendors with their code markers and the given sources. Each vendor's delete holds only if its
 * source counter still equals what was read, so a source created meanwhile makes the whole delete fail.
 * Items: `vendor:<id>` (refused: gone, or its source count changed) and `codeMarker:<id>` for each
 * vendor, then each source's (`source:<id>`, `uniqueMarker:<id>`).
 */
export function deleteVendorsItems(vendors: Vendor[], sources: PoSource[]): NamedItemList {
  return [
    ...vendors.flatMap((vendor): NamedItemList => [
      [
        `vendor:${vendor.id}`,
        {
          Delete: {
            TableName: tableName(),
            Key: vendorKey(vendor.id),
            ConditionExpression: 'attribute_exists(PK) AND poSourceCount = :count',
            ExpressionAttributeValues: { ':count': vendor.poSourceCount },
          },
        },
      ],
      [`codeMarker:${vendor.id}`, { Delete: { TableName: tableName(), Key: vendorCodeKey(vendor.code) } }],
    ]),
    ...sources.flatMap(deletePoSourceItems),
  ];
}
