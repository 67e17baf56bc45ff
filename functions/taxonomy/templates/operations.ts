/** Templates: list, create, read, replace (If-Match), delete (409 while listings name it, unless force), duplicate. */
import { TransactionCancelled } from '../../../shared/db/errors';
import { LostRace, withRetry } from '../../../shared/db/retry';
import { checkVersion } from '../../../shared/domain/versions';
import { Conflict, NotFound, PreconditionFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { collationKey } from '../../../shared/db/keys';
import { newId } from '../../../shared/ids';
import type { ChannelState } from '../channels';
import { channelRegistration, checkCategories, requireChannel } from '../channels';
import { checkAttributeMappings } from '../attribute-checks';
import { copyName } from '../rules/copy-name';
import { sameContent } from '../upsert';
import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  pageOfTemplates,
  replaceTemplate,
  templateNamed,
  templateNamesLike,
} from './repository';
import type { templateRoutes } from './routes';
import type { Template, TemplateInput } from './schemas';

const now = () => new Date().toISOString();

export async function requireTemplate(id: string): Promise<Template> {
  const template = await findTemplate(id);
  if (!template) throw new NotFound(`No template has the id ${id}.`, { templateId: id });
  return template;
}

/** A template's categories checked against the channel, and its attribute mappings against each category. */
export async function checkedTemplate(
  input: TemplateInput,
  at = 'body',
): Promise<{
  channel: ChannelState;
  fields: Omit<Template, 'id' | 'version' | 'createdAt' | 'updatedAt' | 'listingCount'>;
}> {
  const channel = await requireChannel(input.channel);
  const checked = await checkCategories(
    channel,
    input.categories.map((category, index) => ({
      reference: category.channelCategory,
      at: `${at}.categories[${index}].channelCategory`,
    })),
  );
  // Attribute mappings cover every category of the template: checked against each one's attributes.
  await checkAttributeMappings(
    channel,
    checked.map((category) => category.channelCategory),
    input.attributes,
    `${at}.attributes`,
  );
  return {
    channel,
    fields: {
      name: input.name,
      channel: channel.channel,
      ...(input.description !== undefined ? { description: input.description } : {}),
      categories: input.categories.map((category, index) => ({
        internalPath: category.internalPath,
        channelCategory: checked[index]!.channelCategory,
      })),
      attributes: input.attributes,
      verified: channel.taxonomy !== undefined,
    },
  };
}

function nameConflict(template: Pick<Template, 'name' | 'channel'>, holder?: Template): Conflict {
  return new Conflict(
    `A template named "${template.name}" already exists on ${template.channel}${holder ? ` (${holder.id})` : ''}; template names are unique per channel (case and accents aside). Choose another name.`,
    { name: template.name, ...(holder ? { templateId: holder.id } : {}) },
  );
}

/** 409 when another template of the channel has the name (templates stored before names were held included). */
async function checkNameFree(template: Pick<Template, 'id' | 'name' | 'channel'>): Promise<void> {
  const holder = await templateNamed(template.channel, template.name);
  if (holder && holder.id !== template.id) throw nameConflict(template, holder);
}

/** A write refused on the name item lost it to another template written meanwhile. */
async function nameRefusal(error: unknown, template: Pick<Template, 'name' | 'channel'>): Promise<never> {
  if (error instanceof TransactionCancelled && error.refused('name')) {
    throw nameConflict(template, await templateNamed(template.channel, template.name));
  }
  throw error;
}

const registration = (channel: ChannelState, at: string) => ({
  channel: channel.registered ? undefined : channelRegistration(channel.channel, at),
});

export const templateOperations: Implementations<typeof templateRoutes> = {
  async listTaxonomyTemplates({ query }) {
    const { limit, cursor, ...filters } = query;
    if (filters.channel !== undefined) await requireChannel(filters.channel);
    return { body: await pageOfTemplates(filters, limit, cursor) };
  },

  async createTaxonomyTemplate({ body }) {
    const { channel, fields } = await checkedTemplate(body);
    const at = now();
    const template: Template = {
      ...fields,
      id: newId(),
      listingCount: 0,
      version: 1,
      createdAt: at,
      updatedAt: at,
    };
    await checkNameFree(template);
    await insertTemplate(template, registration(channel, at)).catch((error) => nameRefusal(error, template));
    return {
      body: template,
      version: template.version,
      headers: { location: `/v1/platform/taxonomy-mappings/templates/${template.id}` },
    };
  },

  async getTaxonomyTemplate({ params }) {
    const template = await requireTemplate(params.templateId);
    return { body: template, version: template.version };
  },

  async replaceTaxonomyTemplate({ params, body, ifMatch }) {
    const { channel, fields } = await checkedTemplate(body);
    return withRetry({ what: 'The template' }, async () => {
      const previous = await requireTemplate(params.templateId);
      checkVersion('template', previous.version, ifMatch);
      if (previous.channel !== fields.channel && previous.listingCount > 0) {
        throw new Conflict(
          `The template made ${previous.listingCount} listings on ${previous.channel}; it cannot move to ${fields.channel}. Duplicate it for ${fields.channel} instead.`,
          { listingCount: previous.listingCount },
        );
      }
      const at = now();
      const next: Template = {
        ...fields,
        id: previous.id,
        listingCount: previous.listingCount,
        version: previous.version + 1,
        createdAt: previous.createdAt,
        updatedAt: at,
      };
      if (sameContent(previous, next)) return { body: previous, version: previous.version };
      await checkNameFree(next);
      try {
        await replaceTemplate(next, previous, registration(channel, at));
      } catch (error) {
        if (!(error instanceof TransactionCancelled) || !error.refused('template'))
          await nameRefusal(error, next);
        if (ifMatch !== undefined) {
          throw new PreconditionFailed(
            'The template changed while this replace was applied; fetch it again.',
          );
        }
        throw new LostRace('The template changed between its read and its write');
      }
      return { body: next, version: next.version };
    });
  },

  async deleteTaxonomyTemplate({ params, query, ifMatch }) {
    const force = query?.force ?? false;
    return withRetry({ what: 'The template' }, async () => {
      const template = await requireTemplate(params.templateId);
      checkVersion('template', template.version, ifMatch);
      if (template.listingCount > 0 && !force) {
        throw new Conflict(
          `${template.listingCount} channel listings were made by this template; delete it with force=true to keep them without it.`,
          { listingCount: template.listingCount },
        );
      }
      try {
        await deleteTemplate(template, force);
      } catch (error) {
        if (error instanceof TransactionCancelled && error.refused('template')) {
          throw new LostRace('Listings named the template while it was deleted');
        }
        throw error;
      }
      return {};
    });
  },

  async duplicateTaxonomyTemplate({ params, body, ifMatch }) {
    const original = await requireTemplate(params.templateId);
    // If-Match names the version of the template to copy: a copy of what the client saw, or a 412.
    if (ifMatch !== undefined) checkVersion('template', original.version, ifMatch);
    const copy = await withRetry({ what: 'The template copy' }, async () => {
      const name =
        body?.name ??
        copyName(
          original.name,
          await templateNamesLike(original.channel, original.name),
          undefined,
          collationKey,
        );
      const at = now();
      const next: Template = {
        ...original,
        name,
        id: newId(),
        listingCount: 0,
        version: 1,
        createdAt: at,
        updatedAt: at,
      };
      await checkNameFree(next);
      try {
        await insertTemplate(next);
      } catch (error) {
        // A copy name chosen here and taken meanwhile by another copy: choose again.
        if (body?.name === undefined && error instanceof TransactionCancelled && error.refused('name')) {
          throw new LostRace('Another copy took the name');
        }
        await nameRefusal(error, next);
      }
      return next;
    });
    return {
      body: copy,
      version: copy.version,
      headers: { location: `/v1/platform/taxonomy-mappings/templates/${copy.id}` },
    };
  },
};
