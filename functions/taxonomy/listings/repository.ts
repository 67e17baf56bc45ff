/**
 * Channel listings (keys in shared/db/keys/taxonomy.ts): per channel and SKU, what the last apply made
 * and the product it made it from (so an apply by SKU can run again). Attribute maps are stored as
 * name/value pairs: their names are the client's, and an item's map would not carry `__proto__`.
 */
import { tableName } from '../../../shared/db/client';
import {
  categoryMappingKey,
  channelListingKey,
  unmappedCategoryIndexKeys,
  unmappedCategoryKey,
} from '../../../shared/db/keys';
import { getItems } from '../../../shared/db/query';
import type { NamedItem } from '../../../shared/db/transactions';
import { transactWrite } from '../../../shared/db/transactions';
import { foldedPath } from '../rules/category-path';
import type { AttributeValue, Product } from '../schemas';
import type { ChannelListing } from './schemas';

export interface StoredListing {
  listing: ChannelListing;
  product: Product;
}

type Pairs = Array<{ name: string; value: AttributeValue }>;

const toPairs = (values: Record<string, AttributeValue>): Pairs =>
  Object.entries(values).map(([name, value]) => ({ name, value }));

function fromPairs(pairs: unknown): Record<string, AttributeValue> {
  const values = Object.create(null) as Record<string, AttributeValue>;
  for (const pair of Array.isArray(pairs) ? (pairs as Pairs) : []) values[pair.name] = pair.value;
  return values;
}

export function listingItem(stored: StoredListing) {
  const { listing, product } = stored;
  return {
    ...channelListingKey(listing.channel, listing.sku),
    entity: 'channel-listing',
    ...listing,
    attributes: toPairs(listing.attributes),
    product: { ...product, attributes: toPairs(product.attributes) },
  };
}

function fromItem(item: Record<string, unknown>): StoredListing {
  const product = item.product as Product;
  return {
    listing: {
      id: String(item.id),
      channel: String(item.channel),
      sku: String(item.sku),
      title: String(item.title),
      internalPath: String(item.internalPath),
      channelCategory: item.channelCategory as ChannelListing['channelCategory'],
      attributes: fromPairs(item.attributes),
      ...(typeof item.templateId === 'string' ? { templateId: item.templateId } : {}),
      ...(typeof item.templateVersion === 'number' ? { templateVersion: item.templateVersion } : {}),
      revision: Number(item.revision),
      appliedAt: String(item.appliedAt),
    },
    product: { ...product, attributes: fromPairs(product.attributes) },
  };
}

/** The listings a channel keeps for these SKUs, by SKU. */
export async function findListings(
  channel: string,
  skus: readonly string[],
): Promise<Map<string, StoredListing>> {
  const items = await getItems(
    skus.map((sku) => channelListingKey(channel, sku)),
    true,
  );
  return new Map(items.map((item) => [String(item.sku), fromItem(item)]));
}

/** A listing's put, refused (by its name) when another apply wrote the SKU's listing since it was read. */
export function listingPut(
  name: string,
  stored: StoredListing,
  previousRevision: number | undefined,
): NamedItem {
  return [
    name,
    {
      Put: {
        TableName: tableName(),
        Item: listingItem(stored),
        ConditionExpression:
          previousRevision === undefined ? 'attribute_not_exists(PK)' : 'revision = :revision',
        ...(previousRevision === undefined
          ? {}
          : { ExpressionAttributeValues: { ':revision': previousRevision } }),
      },
    },
  ];
}

export async function writeListings(items: readonly NamedItem[]): Promise<void> {
  await transactWrite(items);
}

/**
 * Records an internal category an apply met unmapped, unless it was mapped meanwhile (bookkeeping: the
 * row carries no entity, so it publishes nothing).
 */
export async function recordUnmapped(
  channel: string,
  internalPath: string,
  sku: string,
  at: string,
): Promise<void> {
  const folded = foldedPath(internalPath);
  await transactWrite({
    row: {
      Put: {
        TableName: tableName(),
        Item: {
          ...unmappedCategoryKey(channel, folded),
          ...unmappedCategoryIndexKeys(channel, folded),
          channel,
          internalPath,
          lastSeenAt: at,
          exampleSku: sku,
        },
      },
    },
    stillUnmapped: {
      ConditionCheck: {
        TableName: tableName(),
        Key: categoryMappingKey(channel, folded),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  });
}
