/**
 * Loads a channel's published taxonomy file into the table: categories added, renamed, retired (gone
 * from the file) and restored, and what names them by id brought in line (a mapping to a retired
 * category becomes `retired`; a mapping, a channel attribute's scope and a template's category follow a
 * renamed or moved one to its new path). Loading the same file again changes nothing. A file that is not
 * UTF-8, holds a control character or a malformed line, would retire more than 1 % of the channel's
 * categories or any category in use (unless `allowRetire`), or would move a category in use to a strict
 * prefix of its path, as a line cut short reads (unless `allowMove`), writes nothing. A load writes every
 * category with its path index keys and then marks the channel `pathIndexed`, so reads may trust the index.
 */
import { createHash } from 'node:crypto';
import { batchWrite } from '../../../shared/db/batch-write';
import { tableName } from '../../../shared/db/client';
import {
  categoriesOfChannel,
  channelCategoryIndexKeys,
  channelCategoryKey,
  taxonomyChannelIndexKeys,
  taxonomyChannelKey,
} from '../../../shared/db/keys';
import { getItem, queryAll } from '../../../shared/db/query';
import { conditionalPut, conditionalUpdate } from '../../../shared/db/transactions';
import { ConditionFailed, TransactionCancelled } from '../../../shared/db/errors';
import { definitionsOfChannel, putDefinition, storedDefinitionsOfChannel } from '../attributes/repository';
import { currentDefinitions } from '../rules/legacy-attributes';
import { mappingItem, mappingsToChannel } from '../mappings/repository';
import type { CategoryMapping } from '../mappings/schemas';
import { foldedPath } from '../rules/category-path';
import { replaceTemplate, templatesOnChannel } from '../templates/repository';
import type { LineProblem } from './file-text';
import type { RekeyReport } from './rekey-attributes';
import { rekeyLegacyAttributes } from './rekey-attributes';
import { decodeTaxonomyText } from './file-text';
import type { CategoryUse, LoadPermissions, RetireRefusal } from './retire-guard';
import { retireRefusal, retireRefusalMessage } from './retire-guard';
import type { StoredCategory, TaxonomyChanges, TaxonomyFormat } from './taxonomy-file';
import { detectFormat, parseTaxonomyFile, taxonomyChanges } from './taxonomy-file';

export interface LoadReport {
  channel: string;
  format: TaxonomyFormat;
  version: string;
  previousVersion?: string;
  categories: number;
  changes: TaxonomyChanges;
  mappings: { retired: number; restored: number; renamed: number };
  /** Channel attributes and templates that followed a moved category to its new path. */
  followed: { attributes: number; templates: number };
  /** Channel attributes stored under their scope's path (before ids keyed them) moved to their id key. */
  rekeyed: RekeyReport;
}

export type LoadOutcome =
  | { loaded: LoadReport }
  | { problems: LineProblem[]; format?: TaxonomyFormat; message: string }
  | { refused: RetireRefusal; changes: TaxonomyChanges; message: string };

export interface LoadProgress {
  start(total: number): void;
  add(count: number): void;
  finish(): void;
}

const noProgress: LoadProgress = { start() {}, add() {}, finish() {} };

interface StoredState extends StoredCategory {
  /** Carries its path index keys (categories loaded before the index lack them until written again). */
  indexed: boolean;
  /** As stored: a retired one lacking the index keys is written again unchanged but for them. */
  item: Record<string, unknown>;
}

async function storedCategories(channel: string): Promise<StoredState[]> {
  return (await queryAll({ ...categoriesOfChannel(channel), consistent: true })).map((item) => ({
    id: String(item.id),
    path: String(item.path),
    retired: item.retired === true,
    indexed: typeof item.GSI1PK === 'string',
    item,
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

/** What names the channel's categories by id: mappings, templates and channel attributes' scopes. */
async function categoryUses(channel: string): Promise<CategoryUse[]> {
  const [mappings, templates, definitions] = await Promise.all([
    mappingsToChannel(channel),
    templatesOnChannel(channel),
    definitionsOfChannel(channel),
  ]);
  return [
    ...mappings
      .filter((mapping) => mapping.status === 'mapped')
      .map((mapping) => ({ id: mapping.channelCategory.id, by: `mapping of "${mapping.internalPath}"` })),
    ...templates.flatMap((template) =>
      template.categories.map((category) => ({
        id: category.channelCategory.id,
        by: `template "${template.name}" (${template.id})`,
      })),
    ),
    ...definitions.flatMap((definition) =>
      definition.scope ? [{ id: definition.scope.id, by: `channel attribute "${definition.name}"` }] : [],
    ),
  ];
}

/** Mappings follow the taxonomy: retired with their category, or onto its new path. */
async function reconcileMappings(channel: string, active: ReadonlyMap<string, string>, at: string) {
  const report: LoadReport['mappings'] = { retired: 0, restored: 0, renamed: 0 };
  for (const previous of await mappingsToChannel(channel)) {
    const next = reconciled(previous, active, at);
    if (!next) continue;
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
  }
  return report;
}

const refusedByVersion = (error: unknown) =>
  error instanceof ConditionFailed ||
  (error instanceof TransactionCancelled &&
    (error.refused('definition') || error.refused('legacyDefinition') || error.refused('template')));

/** Channel attributes scoped to a moved category and templates naming one take its new path. */
async function followMovedCategories(
  channel: string,
  active: ReadonlyMap<string, string>,
  at: string,
): Promise<LoadReport['followed']> {
  const followed = { attributes: 0, templates: 0 };
  // As stored (a legacy one the re-keying left, changed meanwhile, at its stored path: replaced in place).
  const { current } = currentDefinitions(await storedDefinitionsOfChannel(channel, true));
  for (const stored of current) {
    const previous = stored.definition;
    const path = previous.scope ? active.get(previous.scope.id) : undefined;
    if (!previous.scope || path === undefined || path === previous.scope.path) continue;
    const next = {
      ...previous,
      scope: { id: previous.scope.id, path },
      version: previous.version + 1,
      updatedAt: at,
    };
    try {
      await putDefinition(next, stored);
      followed.attributes++;
    } catch (error) {
      // Replaced meanwhile by a user's write, which read the category's path itself.
      if (!refusedByVersion(error)) throw error;
    }
  }
  for (const previous of await templatesOnChannel(channel)) {
    const moved = previous.categories.some((category) => {
      const path = active.get(category.channelCategory.id);
      return path !== undefined && path !== category.channelCategory.path;
    });
    if (!moved) continue;
    const next = {
      ...previous,
      categories: previous.categories.map((category) => ({
        internalPath: category.internalPath,
        channelCategory: {
          id: category.channelCategory.id,
          path: active.get(category.channelCategory.id) ?? category.channelCategory.path,
        },
      })),
      version: previous.version + 1,
      updatedAt: at,
    };
    try {
      await replaceTemplate(next, previous);
      followed.templates++;
    } catch (error) {
      if (!refusedByVersion(error)) throw error;
    }
  }
  return followed;
}

export async function loadTaxonomy(
  input: LoadPermissions & {
    channel: string;
    /** The file's bytes, as read: they must be UTF-8. */
    content: Uint8Array;
    format?: TaxonomyFormat;
    progress?: LoadProgress;
    now?: () => Date;
  },
): Promise<LoadOutcome> {
  const channel = input.channel.toLowerCase();
  const progress = input.progress ?? noProgress;
  const decoded = decodeTaxonomyText(input.content);
  if ('problems' in decoded) {
    return {
      problems: decoded.problems,
      message: `${decoded.problems.length} line${decoded.problems.length === 1 ? ' is' : 's are'} not UTF-8; nothing was loaded.`,
    };
  }
  const text = decoded.text;
  const format = input.format ?? detectFormat(text);
  if (!format) {
    return {
      problems: [
        { line: 1, message: 'neither a Google taxonomy-with-ids file nor a Shopify categories.txt' },
      ],
      message: 'The file format is not recognised; name it with --format google|shopify.',
    };
  }
  const file = parseTaxonomyFile(text, format);
  if (file.problems.length > 0) {
    return {
      problems: file.problems,
      format,
      message: `${file.problems.length} line${file.problems.length === 1 ? '' : 's'} cannot be read; nothing was loaded.`,
    };
  }
  const at = (input.now?.() ?? new Date()).toISOString();
  const version =
    file.version ?? `sha256:${createHash('sha256').update(input.content).digest('hex').slice(0, 16)}`;
  const channelItem = await getItem(taxonomyChannelKey(channel), true);
  const previousVersion =
    typeof channelItem?.taxonomyVersion === 'string' ? channelItem.taxonomyVersion : undefined;
  const stored = await storedCategories(channel);
  const changes = taxonomyChanges(stored, file.categories);

  if (!input.allowRetire || !input.allowMove) {
    const current = stored.filter((category) => !category.retired).length;
    const refusal = retireRefusal(
      changes,
      current,
      await categoryUses(channel),
      { endsWithNewline: text.endsWith('\n') },
      { allowRetire: input.allowRetire ?? false, allowMove: input.allowMove ?? false },
    );
    if (refusal) return { refused: refusal, changes, message: retireRefusalMessage(refusal) };
  }

  const changed = new Set([...changes.added, ...changes.renamed, ...changes.restored].map((c) => c.id));
  // Categories stored before the path index: written again (same content) to carry its keys, the
  // retired ones left out of the file included, so the channel's index is whole once it is marked.
  const unindexedIds = new Set(stored.filter((category) => !category.indexed).map((category) => category.id));
  const unindexed = file.categories.filter(
    (category) => !changed.has(category.id) && unindexedIds.has(category.id),
  );
  const inFile = new Set(file.categories.map((category) => category.id));
  const unindexedRetired = stored.filter(
    (category) => category.retired && !category.indexed && !inFile.has(category.id),
  );
  const categoryItem = (category: { id: string; path: string }, retired: boolean) => ({
    ...channelCategoryKey(channel, category.id),
    ...channelCategoryIndexKeys(channel, foldedPath(category.path)),
    channel,
    id: category.id,
    path: category.path,
    retired,
    ...(retired ? { retiredAt: at } : {}),
    version,
  });
  const reindexedRetired = (category: StoredState) => ({
    ...category.item,
    ...channelCategoryIndexKeys(channel, foldedPath(category.path)),
  });
  const puts = [
    ...[...changes.added, ...changes.renamed, ...changes.restored, ...unindexed].map((category) =>
      categoryItem(category, false),
    ),
    ...changes.retired.map((category) => categoryItem(category, true)),
    ...unindexedRetired.map(reindexedRetired),
  ];

  progress.start(puts.length + 1);
  for (let start = 0; start < puts.length; start += 100) {
    const slice = puts.slice(start, start + 100);
    await batchWrite(slice.map((item) => ({ PutRequest: { Item: item } })));
    progress.add(slice.length);
  }
  // Read after the categories are written: a mapping or attribute saved meanwhile checked them already.
  const active = new Map(file.categories.map((category) => [category.id, category.path]));
  const rekeyed = await rekeyLegacyAttributes(channel);
  const mappings = await reconcileMappings(channel, active, at);
  const followed = await followMovedCategories(channel, active, at);
  const indexKeys = taxonomyChannelIndexKeys(channel);
  await conditionalUpdate({
    TableName: tableName(),
    Key: taxonomyChannelKey(channel),
    UpdateExpression:
      'SET channel = :channel, registeredAt = if_not_exists(registeredAt, :at), GSI1PK = :gsi1pk, GSI1SK = :gsi1sk, taxonomyVersion = :version, taxonomyFormat = :format, taxonomyLoadedAt = :at, categoryCount = :count, retiredCount = :retired, pathIndexed = :indexed',
    ExpressionAttributeValues: {
      ':channel': channel,
      ':at': at,
      ':gsi1pk': indexKeys.GSI1PK,
      ':gsi1sk': indexKeys.GSI1SK,
      ':version': version,
      ':format': format,
      ':count': file.categories.length,
      ':retired': (await storedCategories(channel)).filter((category) => category.retired).length,
      ':indexed': true,
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
      mappings,
      followed,
      rekeyed,
    },
  };
}
