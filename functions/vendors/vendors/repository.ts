/** Vendors in the single table (keys in shared/db/keys.ts), with their code markers. */
import { tableName } from '../../../shared/db/client';
import {
  vendorCodeKey,
  vendorIndexKeys,
  vendorKey,
  vendorsByCodePrefix,
  vendorsByNamePrefix,
} from '../../../shared/db/keys';
import type { Page } from '../../../shared/db/query';
import { allOf, equalsFilter, getItem, getItems, queryPage } from '../../../shared/db/query';
import type { TransactItem } from '../../../shared/db/transactions';
import { transactWrite } from '../../../shared/db/transactions';
import type { NamedItemList } from '../../../shared/http/bulk-delete';
import { deletePoSourceItems, warehouseCountItems } from '../po-sources/repository';
import type { PoSource } from '../po-sources/schemas';
import type { Vendor } from './schemas';
import { vendorSchema } from './schemas';
import { toResource } from '../../../shared/db/resource';

const toVendor = (item: Record<string, unknown>): Vendor => toResource(vendorSchema, item);

function vendorItem(vendor: Vendor) {
  return { ...vendorKey(vendor.id), ...vendorIndexKeys(vendor), entity: 'vendor', ...vendor };
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
    ...partition,
    filter: allOf(equalsFilter({ active: listing.active }), prefixFilter),
    limit,
    cursor,
    scope: `vendors:${JSON.stringify(listing)}`,
  });
  return { items: page.items.map(toVendor), nextCursor: page.nextCursor };
}

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

/**
 * Removes vendors with their code markers and the given sources. Each vendor's delete holds only if its
 * source counter still equals what was read, so a source created meanwhile makes the whole delete fail.
 * Items: `vendor:<id>` (refused: gone, or its source count changed) and `codeMarker:<id>` for each
 * vendor, then each source's (`source:<id>`, `uniqueMarker:<id>`), then `warehouse:<id>@<shard>` lowering the
 * source count of each receiving warehouse that exists.
 */
export function deleteVendorsItems(
  vendors: Vendor[],
  sources: PoSource[],
  existingWarehouses: ReadonlySet<string>,
): NamedItemList {
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
    ...warehouseCountItems(sources, existingWarehouses),
  ];
}
