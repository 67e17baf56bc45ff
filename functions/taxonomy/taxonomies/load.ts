/**
 * Loads a channel's published taxonomy file into the table: categories added, renamed, retired (gone
 * from the file) and restored, and the channel's mappings brought in line (a mapping to a retired
 * category becomes `retired`, one to a renamed category takes the new path). Loading the same file
 * again changes nothing. A file with any malformed line writes nothing.
 */
import { createHash } from 'node:crypto';
import { batchWrite } from '../../../shared/db/batch-write';
import { tableName } from '../../../shared/db/client';
import {
  categoriesOfChannel,
  channelCategoryKey,
  taxonomyChannelIndexKeys,
  taxonomyChannelKey,
} from '../../../shared/db/keys';
import { getItem, queryAll } from '../../../shared/db/query';
import { conditionalPut, conditionalUpdate } from '../../../shared/db/transactions';
import { ConditionFailed } from '../../../shared/db/errors';
import { mappingItem, mappingsToChannel } from '../mappings/repository';
import type { CategoryMapping } from '../mappings/schemas';
import type { StoredCategory, TaxonomyChanges, TaxonomyFile, TaxonomyFormat } from './taxonomy-file';
import { detectFormat, parseTaxonomyFile, taxonomyChanges } from './taxonomy-file';

export interface LoadReport {
  channel: string;
  format: TaxonomyFormat;
  version: string;
  previousVersion?: string;
  categories: number;
  changes: Omit<TaxonomyChanges, 'unchanged'> & { unchanged: number };
  mappings: { retired: number; restored: number; renamed: number };
}

export type LoadOutcome =
  { loaded: LoadReport } | { problems: TaxonomyFile['problems']; format?: TaxonomyFormat; message: string };

export interface LoadProgress {
  start(total: number): void;
  add(count: number): void;
  finish(): void;
}

const noProgress: LoadProgress = { start() {}, add() {}, finish() {} };

async function storedCategories(channel: string): Promise<StoredCategory[]> {
  return (await queryAll({ ...categoriesOfChannel(channel), consistent: true })).map((item) => ({
    id: String(item.id),
    path: String(item.path),
    retired: item.retired === true,
  }));
}

/** Each mapping as the new taxonomy has it (undefined when it stays as it is). */
function reconciled(
  mapping: CategoryMapping,
  active: ReadonlyMap<string, string>,
  at: string,
): CategoryMapping | undefined {
  const path = active.get(mapping.channelCategory.id);
  const next: CategoryMapping =
    path === undefined
      ? { ...mapping, status: 'retired', verified: true }
      : {
          ...mapping,
          status: 'mapped',
          verified: true,
          channelCategory: { id: mapping.channelCategory.id, path },
        };
  const same =
    next.status === mapping.status &&
    next.verified === mapping.verified &&
    next.channelCategory.path === mapping.channelCategory.path;
  return same ? undefined : { ...next, version: mapping.version + 1, updatedAt: at };
}

export async function loadTaxonomy(input: {
  channel: string;
  text: string;
  format?: TaxonomyFormat;
  progress?: LoadProgress;
  now?: () => Date;
}): Promise<LoadOutcome> {
  const channel = input.channel.toLowerCase();
  const progress = input.progress ?? noProgress;
  const format = input.format ?? detectFormat(input.text);
  if (!format) {
    return {
      problems: [
        { line: 1, message: 'neither a Google taxonomy-with-ids file nor a Shopify categories.txt' },
      ],
      message: 'The file format is not recognised; name it with --format google|shopify.',
    };
  }
  const file = parseTaxonomyFile(input.text, format);
  if (file.problems.length > 0) {
    return {
      problems: file.problems,
      format,
      message: `${file.problems.length} malformed lines; nothing was loaded.`,
    };
  }
  const at = (input.now?.() ?? new Date()).toISOString();
  const version =
    file.version ?? `sha256:${createHash('sha256').update(input.text).digest('hex').slice(0, 16)}`;
  const channelItem = await getItem(taxonomyChannelKey(channel), true);
  const previousVersion =
    typeof channelItem?.taxonomyVersion === 'string' ? channelItem.taxonomyVersion : undefined;
  const changes = taxonomyChanges(await storedCategories(channel), file.categories);

  const puts = [
    ...[...changes.added, ...changes.renamed, ...changes.restored].map((category) => ({
      ...channelCategoryKey(channel, category.id),
      channel,
      id: category.id,
      path: category.path,
      retired: false,
      version,
    })),
    ...changes.retired.map((category) => ({
      ...channelCategoryKey(channel, category.id),
      channel,
      id: category.id,
      path: category.path,
      retired: true,
      retiredAt: at,
      version,
    })),
  ];
  const mappings = await mappingsToChannel(channel);
  const active = new Map(file.categories.map((category) => [category.id, category.path]));
  const mappingUpdates = mappings.flatMap((mapping) => {
    const next = reconciled(mapping, active, at);
    return next ? [{ previous: mapping, next }] : [];
  });

  progress.start(puts.length + mappingUpdates.length + 1);
  for (let start = 0; start < puts.length; start += 100) {
    const slice = puts.slice(start, start + 100);
    await batchWrite(slice.map((item) => ({ PutRequest: { Item: item } })));
    progress.add(slice.length);
  }
  const report: LoadReport['mappings'] = { retired: 0, restored: 0, renamed: 0 };
  for (const { previous, next } of mappingUpdates) {
    try {
      await conditionalPut({
        TableName: tableName(),
        Item: mappingItem(next),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': previous.version },
      });
      if (next.status === 'retired' && previous.status !== 'retired') report.retired++;
      else if (next.status === 'mapped' && previous.status === 'retired') report.restored++;
      else report.renamed++;
    } catch (error) {
      // Replaced meanwhile by a user's write, which checked the category itself.
      if (!(error instanceof ConditionFailed)) throw error;
    }
    progress.add(1);
  }
  const indexKeys = taxonomyChannelIndexKeys(channel);
  await conditionalUpdate({
    TableName: tableName(),
    Key: taxonomyChannelKey(channel),
    UpdateExpression:
      'SET channel = :channel, registeredAt = if_not_exists(registeredAt, :at), GSI1PK = :gsi1pk, GSI1SK = :gsi1sk, taxonomyVersion = :version, taxonomyFormat = :format, taxonomyLoadedAt = :at, categoryCount = :count, retiredCount = :retired',
    ExpressionAttributeValues: {
      ':channel': channel,
      ':at': at,
      ':gsi1pk': indexKeys.GSI1PK,
      ':gsi1sk': indexKeys.GSI1SK,
      ':version': version,
      ':format': format,
      ':count': file.categories.length,
      ':retired': (await storedCategories(channel)).filter((category) => category.retired).length,
    },
  });
  progress.add(1);
  progress.finish();
  return {
    loaded: {
      channel,
      format,
      version,
      ...(previousVersion ? { previousVersion } : {}),
      categories: file.categories.length,
      changes,
      mappings: report,
    },
  };
}
