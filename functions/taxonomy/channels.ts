/**
 * Channels as the taxonomy group knows them: a channel is known once its taxonomy was loaded, a mapping,
 * attribute or template named it, or orders came from it. A loaded channel's categories are checked:
 * a mapping names one that exists and is not retired; a channel without a loaded taxonomy takes any id
 * and path, marked unverified.
 */
import { tableName } from '../../shared/db/client';
import {
  allTaxonomyChannels,
  categoriesAtPath,
  categoriesOfChannel,
  channelCategoryKey,
  ordersFromChannelPartitions,
  taxonomyChannelIndexKeys,
  taxonomyChannelKey,
} from '../../shared/db/keys';
import { anyItemIn } from '../../shared/db/every-partition';
import { getItem, getItems, queryAll, queryPage } from '../../shared/db/query';
import type { TransactItem } from '../../shared/db/transactions';
import { NotFound, ValidationFailed } from '../../shared/errors';
import type { FieldError } from '../../shared/errors';
import { foldedPath } from './rules/category-path';
import type { ChannelCategory } from './schemas';

export interface ChannelState {
  channel: string;
  /** The registry item exists (else the channel is known from its orders only). */
  registered: boolean;
  /** The loaded taxonomy's version, when one was loaded. */
  taxonomy?: {
    version: string;
    format: string;
    loadedAt: string;
    categoryCount: number;
    /** A load wrote every category with its path index keys (one loaded before the index has not). */
    pathIndexed: boolean;
  };
}

export async function findChannel(channel: string): Promise<ChannelState | undefined> {
  const item = await getItem(taxonomyChannelKey(channel), true);
  if (item) {
    return {
      channel,
      registered: true,
      ...(typeof item.taxonomyVersion === 'string'
        ? {
            taxonomy: {
              version: item.taxonomyVersion,
              format: String(item.taxonomyFormat),
              loadedAt: String(item.taxonomyLoadedAt),
              categoryCount: Number(item.categoryCount ?? 0),
              pathIndexed: item.pathIndexed === true,
            },
          }
        : {}),
    };
  }
  // Orders carry the channel as the channel sent it: look for the code as typed and in lower case, in
  // every shard of the channel's index and its legacy partition, all at once.
  const codes = [...new Set([channel, channel.toLowerCase()])];
  const hasOrders = await anyItemIn(codes.flatMap(ordersFromChannelPartitions));
  return hasOrders ? { channel, registered: false } : undefined;
}

/** The channel's state, or 404 naming it. */
export async function requireChannel(channel: string): Promise<ChannelState> {
  const state = await findChannel(channel);
  if (!state) {
    throw new NotFound(
      `No channel is named ${channel}: load its taxonomy (npm run taxonomy:load) or receive its orders first.`,
      { channel },
    );
  }
  return state;
}

/** Every registered channel, in code order. */
export async function registeredChannels(): Promise<string[]> {
  return (await queryAll(allTaxonomyChannels())).map((item) => String(item.channel));
}

/** Registers a channel known from its orders, in the transaction of the first write that names it. */
export function channelRegistration(channel: string, at: string): TransactItem {
  const keys = taxonomyChannelIndexKeys(channel);
  return {
    Update: {
      TableName: tableName(),
      Key: taxonomyChannelKey(channel),
      UpdateExpression:
        'SET channel = if_not_exists(channel, :channel), registeredAt = if_not_exists(registeredAt, :at), GSI1PK = :gsi1pk, GSI1SK = :gsi1sk',
      ExpressionAttributeValues: {
        ':channel': channel,
        ':at': at,
        ':gsi1pk': keys.GSI1PK,
        ':gsi1sk': keys.GSI1SK,
      },
    },
  };
}

export interface CategoryReference {
  id: string;
  path?: string;
}

export interface CheckedCategory {
  channelCategory: ChannelCategory;
  verified: boolean;
}

/**
 * Each reference checked against the channel's loaded taxonomy (exists, not retired, path as loaded),
 * or taken as given when none is loaded (its path then required). `at` names each reference's field.
 */
export async function checkCategories(
  state: ChannelState,
  references: ReadonlyArray<{ reference: CategoryReference; at: string }>,
): Promise<CheckedCategory[]> {
  const errors: FieldError[] = [];
  let checked: CheckedCategory[];
  if (!state.taxonomy) {
    checked = references.map(({ reference, at }) => {
      if (reference.path === undefined) {
        errors.push({
          path: `${at}.path`,
          message: `${state.channel} has no loaded taxonomy to name the path: give the category's path`,
        });
      }
      return { channelCategory: { id: reference.id, path: reference.path ?? '' }, verified: false };
    });
  } else {
    const ids = [...new Set(references.map(({ reference }) => reference.id))];
    const found = new Map(
      (await getItems(ids.map((id) => channelCategoryKey(state.channel, id)))).map((item) => [
        String(item.id),
        { path: String(item.path), retired: item.retired === true },
      ]),
    );
    const version = state.taxonomy.version;
    checked = references.map(({ reference, at }) => {
      const category = found.get(reference.id);
      if (!category) {
        errors.push({
          path: `${at}.id`,
          message: `${state.channel}'s taxonomy (version ${version}) has no category ${reference.id}`,
        });
      } else if (category.retired) {
        errors.push({
          path: `${at}.id`,
          message: `${state.channel} retired the category ${reference.id} (${category.path}); choose a current one`,
        });
      } else if (
        reference.path !== undefined &&
        reference.path.toLocaleLowerCase('en') !== category.path.toLocaleLowerCase('en')
      ) {
        errors.push({
          path: `${at}.path`,
          message: `${state.channel}'s category ${reference.id} is "${category.path}", not "${reference.path}"`,
        });
      }
      return { channelCategory: { id: reference.id, path: category?.path ?? '' }, verified: true };
    });
  }
  if (errors.length > 0) {
    throw new ValidationFailed(
      errors.length === 1
        ? `${errors[0]!.path}: ${errors[0]!.message}`
        : 'Some channel categories cannot be used.',
      errors,
    );
  }
  return checked;
}

/**
 * 404 unless the channel's loaded taxonomy has a current category at this path (a channel without one
 * loaded has no list of its categories to look in: any path is taken).
 */
export async function requireCategoryAtPath(state: ChannelState, path: string): Promise<void> {
  if (!state.taxonomy) return;
  const folded = foldedPath(path);
  // The category of a path sorts before those under it; a retired namesake may sit beside a current one.
  const page = await queryPage({ ...categoriesAtPath(state.channel, folded), limit: 20, scope: 'internal' });
  let atPath = page.items.filter((item) => item.GSI1SK === folded);
  if (atPath.some((item) => item.retired !== true)) return;
  if (!state.taxonomy.pathIndexed) {
    // Loaded before the path index: its categories may lack the index keys until the next load.
    atPath = (await queryAll(categoriesOfChannel(state.channel))).filter(
      (item) => foldedPath(String(item.path)) === folded,
    );
    if (atPath.some((item) => item.retired !== true)) return;
  }
  const retired = atPath[0];
  throw new NotFound(
    retired
      ? `${state.channel} retired its category ${String(retired.id)} (${String(retired.path)}).`
      : `${state.channel}'s taxonomy (version ${state.taxonomy.version}) has no category ${path}.`,
    { channel: state.channel, categoryPath: path },
  );
}
