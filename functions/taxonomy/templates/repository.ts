/**
 * Templates in the single table (keys in shared/db/keys/taxonomy.ts). `listingCount` counts the channel
 * listings a template made last; applies move it in their listings' transactions, so a delete that finds
 * it at 0 cannot strand a listing.
 */
import { tableName } from '../../../shared/db/client';
import {
  allTemplates,
  collationKey,
  templateIndexKeys,
  templateKey,
  templateNameKey,
  templatesOfChannel,
} from '../../../shared/db/keys';
import type { Page } from '../../../shared/db/query';
import { getItem, getItems, queryAll, queryPage } from '../../../shared/db/query';
import { toResource } from '../../../shared/db/resource';
import type { TransactItem } from '../../../shared/db/transactions';
import { transactWrite } from '../../../shared/db/transactions';
import type { Template } from './schemas';
import { templateSchema } from './schemas';

function templateItem(template: Template) {
  return {
    ...templateKey(template.id),
    ...templateIndexKeys(template),
    entity: 'taxonomy-template',
    ...template,
  };
}

const toTemplate = (item: Record<string, unknown>): Template => ({
  ...toResource(templateSchema, item),
  listingCount: typeof item.listingCount === 'number' ? item.listingCount : 0,
});

export async function findTemplate(id: string): Promise<Template | undefined> {
  const item = await getItem(templateKey(id), true);
  return item ? toTemplate(item) : undefined;
}

export async function findTemplates(ids: readonly string[]): Promise<Template[]> {
  return (await getItems(ids.map(templateKey), true)).map(toTemplate);
}

export async function pageOfTemplates(
  filters: { channel?: string; name?: string },
  limit: number,
  cursor?: string,
): Promise<Page<Template>> {
  const partition = filters.channel
    ? templatesOfChannel(filters.channel, filters.name)
    : allTemplates(filters.name);
  const page = await queryPage({
    ...partition,
    limit,
    cursor,
    scope: `taxonomy-templates:${filters.channel ?? ''}:${filters.name ?? ''}`,
  });
  return { items: page.items.map(toTemplate), nextCursor: page.nextCursor };
}

/** Every template of a channel (a taxonomy load brings their categories in line). */
export async function templatesOnChannel(channel: string): Promise<Template[]> {
  return (await queryAll(templatesOfChannel(channel))).map(toTemplate);
}

/** The template of the channel named `name` (case and accents folded), as the name index has it. */
export async function templateNamed(channel: string, name: string): Promise<Template | undefined> {
  const key = collationKey(name);
  return (await queryAll(templatesOfChannel(channel, name)))
    .map(toTemplate)
    .find((template) => collationKey(template.name) === key);
}

/** Holds the template's name on its channel: refused (`name`) when another template holds it. */
function nameClaim(template: Pick<Template, 'id' | 'name' | 'channel'>): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...templateNameKey(template.channel, template.name), templateId: template.id },
      ConditionExpression: 'attribute_not_exists(PK) OR templateId = :id',
      ExpressionAttributeValues: { ':id': template.id },
    },
  };
}

/**
 * Lets the name go when the template holds it (one stored before names were held holds none), refused
 * (`previousName`) if it moved to another template since read.
 */
async function nameRelease(
  template: Pick<Template, 'id' | 'name' | 'channel'>,
): Promise<TransactItem | undefined> {
  const key = templateNameKey(template.channel, template.name);
  const holder = await getItem(key, true);
  if (holder?.templateId !== template.id) return undefined;
  return {
    Delete: {
      TableName: tableName(),
      Key: key,
      ConditionExpression: 'templateId = :id',
      ExpressionAttributeValues: { ':id': template.id },
    },
  };
}

const sameName = (a: Pick<Template, 'name' | 'channel'>, b: Pick<Template, 'name' | 'channel'>) =>
  a.channel === b.channel && collationKey(a.name) === collationKey(b.name);

/** Names of a channel's templates beginning with `prefix` (to name a copy). */
export async function templateNamesLike(channel: string, prefix: string): Promise<string[]> {
  return (await queryAll(templatesOfChannel(channel, prefix))).map((item) => String(item.name));
}

export async function insertTemplate(
  template: Template,
  extra: Record<string, TransactItem | undefined> = {},
) {
  await transactWrite({
    template: {
      Put: {
        TableName: tableName(),
        Item: templateItem(template),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    name: nameClaim(template),
    ...extra,
  });
}

/**
 * Replaces the version read; the listing count is the stored one, whatever applies did meanwhile. A new
 * name (or channel) is claimed (`name`) and the old one let go in the same transaction.
 */
export async function replaceTemplate(
  template: Template,
  previous: Template,
  extra: Record<string, TransactItem | undefined> = {},
) {
  const { listingCount: _count, ...fields } = templateItem(template);
  const names = Object.keys(fields).filter((name) => name !== 'PK' && name !== 'SK');
  await transactWrite({
    template: {
      Update: {
        TableName: tableName(),
        Key: templateKey(template.id),
        UpdateExpression: `SET ${names.map((_, index) => `#f${index} = :f${index}`).join(', ')}`,
        ConditionExpression: 'version = :previous',
        ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#f${index}`, name])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(
            names.map((name, index) => [`:f${index}`, fields[name as keyof typeof fields]]),
          ),
          ':previous': previous.version,
        },
      },
    },
    ...(sameName(template, previous)
      ? {}
      : { name: nameClaim(template), previousName: await nameRelease(previous) }),
    ...extra,
  });
}

/** Refused (`template`) when it changed since read, or when listings still name it and `force` is not given. */
export async function deleteTemplate(template: Template, force: boolean) {
  await transactWrite({
    template: {
      Delete: {
        TableName: tableName(),
        Key: templateKey(template.id),
        ConditionExpression: force
          ? 'attribute_exists(PK)'
          : 'attribute_exists(PK) AND (attribute_not_exists(listingCount) OR listingCount = :none)',
        ...(force ? {} : { ExpressionAttributeValues: { ':none': 0 } }),
      },
    },
    previousName: await nameRelease(template),
  });
}

/**
 * Moves a template's listing count in an apply's transaction: the applied template must still be at the
 * version applied (`version`); a template losing listings must still exist.
 */
export function listingCountChange(templateId: string, change: number, version?: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: templateKey(templateId),
      UpdateExpression: 'ADD listingCount :change',
      ConditionExpression: version === undefined ? 'attribute_exists(PK)' : 'version = :version',
      ExpressionAttributeValues: {
        ':change': change,
        ...(version === undefined ? {} : { ':version': version }),
      },
    },
  };
}
