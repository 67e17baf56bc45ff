/** Channel attribute definitions and the merchant's standing mapping to each: list, create or replace. */
import { pageInMemory } from '../../../shared/db/memory-page';
import { Conflict, ValidationFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import type { ChannelState } from '../channels';
import { channelRegistration, checkCategories, requireCategoryAtPath, requireChannel } from '../channels';
import { mappingsToChannel } from '../mappings/repository';
import { mappingProblems } from '../rules/attribute-rules';
import type { UnfitMapping } from '../rules/attribute-fit';
import { mappingsUnfitFor } from '../rules/attribute-fit';
import type { ScopedAttribute } from '../rules/listing';
import { attributesFor } from '../rules/listing';
import type { ChannelCategory } from '../schemas';
import { templatesOnChannel } from '../templates/repository';
import { nextVersionOf, upsertByKey } from '../upsert';
import {
  definitionsOfChannel,
  findDefinition,
  foldedScopeOf,
  pageOfDefinitions,
  putDefinition,
} from './repository';
import type { StoredAttributeDefinition } from './repository';
import type { attributeRoutes } from './routes';
import type { AttributeDefinition } from './schemas';

export const attributeOperations: Implementations<typeof attributeRoutes> = {
  async listChannelAttributes({ query }) {
    const { limit, cursor, channel, categoryPath, name, required } = query;
    if (categoryPath !== undefined && channel === undefined) {
      throw new ValidationFailed('categoryPath filters one channel: name it with channel.', [
        { path: 'query.channel', message: 'is required with categoryPath' },
      ]);
    }
    if (channel === undefined) return { body: await pageOfDefinitions({ name, required }, limit, cursor) };
    const state = await requireChannel(channel);
    if (categoryPath !== undefined) await requireCategoryAtPath(state, categoryPath);
    let definitions = await definitionsOfChannel(channel);
    if (categoryPath !== undefined) {
      const applying = new Set(
        attributesFor(
          definitions.map((definition) => ({ ...definition, scope: definition.scope?.path })),
          categoryPath,
        ).map((definition) => (definition as unknown as AttributeDefinition).id),
      );
      definitions = definitions.filter((definition) => applying.has(definition.id));
    }
    const folded = name?.toLocaleLowerCase('en');
    definitions = definitions.filter(
      (definition) =>
        (folded === undefined || definition.name.toLocaleLowerCase('en') === folded) &&
        (required === undefined || definition.required === required),
    );
    const page = pageInMemory(
      definitions,
      (definition) =>
        `${foldedScopeOf(definition)}#${definition.name.toLocaleLowerCase('en')}#${definition.scope?.id ?? ''}`,
      {
        limit,
        cursor,
        scope: `taxonomy-attributes:${channel}:${categoryPath ?? ''}:${name ?? ''}:${required ?? ''}`,
      },
    );
    return { body: page };
  },

  async upsertChannelAttribute({ body, ifMatch, conditions }) {
    const { scope: scopeReference, ...fields } = body;
    const channel = await requireChannel(body.channel);
    const [scope] = scopeReference
      ? await checkCategories(channel, [{ reference: scopeReference, at: 'body.scope' }])
      : [undefined];
    if (body.mapping) {
      const problems = mappingProblems(
        { target: body.name, ...body.mapping },
        { ...body, required: body.required },
      );
      if (problems.length > 0) {
        throw new ValidationFailed(
          `The mapping to ${body.name} cannot give it a valid value: ${problems[0]!.message}.`,
          problems.map((problem) => ({ path: `body.mapping.${problem.path}`, message: problem.message })),
        );
      }
    }
    await refuseUnfitting(channel, { ...fields, scope: scope?.channelCategory });
    // As read on each attempt: a legacy (path-keyed) definition is replaced in place, under its id key.
    let stored: StoredAttributeDefinition | undefined;
    return upsertByKey<AttributeDefinition>({
      what: 'channel attribute',
      request: { ifMatch, conditions },
      read: async () => {
        stored = await findDefinition(channel.channel, scope?.channelCategory.id, body.name);
        return stored?.definition;
      },
      build: (previous, at) => ({
        ...fields,
        ...(scope ? { scope: scope.channelCategory } : {}),
        verified: scope ? scope.verified : channel.taxonomy !== undefined,
        ...nextVersionOf(previous, at),
      }),
      write: (next, _previous, at) =>
        putDefinition(next, stored, {
          channel: channel.registered ? undefined : channelRegistration(channel.channel, at),
        }),
      refusedItem: ['definition', 'legacyDefinition'],
    });
  },
};

const describeUnfit = (unfit: UnfitMapping) =>
  `${unfit.usedBy} maps ${unfit.target}${unfit.categoryPath ? ` in ${unfit.categoryPath}` : ''} (${unfit.problem})`;

/**
 * 409 naming the saved mappings (category mappings, templates) that the attribute, defined so, could no
 * longer give a valid value: accepting it would make every apply through them fail.
 */
async function refuseUnfitting(
  channel: ChannelState,
  definition: Omit<ScopedAttribute, 'scope'> & { scope?: ChannelCategory },
): Promise<void> {
  const [definitions, mappings, templates] = await Promise.all([
    definitionsOfChannel(channel.channel),
    mappingsToChannel(channel.channel),
    templatesOnChannel(channel.channel),
  ]);
  const name = definition.name.toLocaleLowerCase('en');
  const others = definitions
    .filter(
      (other) => !(other.scope?.id === definition.scope?.id && other.name.toLocaleLowerCase('en') === name),
    )
    .map((other) => ({ ...other, scope: other.scope?.path }));
  const unfit = mappingsUnfitFor({ ...definition, scope: definition.scope?.path }, others, [
    ...mappings
      .filter((mapping) => mapping.status === 'mapped')
      .map((mapping) => ({
        label: `the mapping of "${mapping.internalPath}"`,
        categoryPaths: [mapping.channelCategory.path],
        mappings: mapping.attributes,
      })),
    ...templates.map((template) => ({
      label: `template "${template.name}" (${template.id})`,
      categoryPaths: template.categories.map((category) => category.channelCategory.path),
      mappings: template.attributes,
    })),
  ]);
  if (unfit.length === 0) return;
  const shown = unfit.slice(0, 5).map(describeUnfit).join('; ');
  throw new Conflict(
    `Defined so, ${definition.name} could not take the values ${unfit.length === 1 ? '1 saved attribute mapping gives' : `${unfit.length} saved attribute mappings give`} it: ${shown}${unfit.length > 5 ? '; …' : ''}. Change those mappings first, or define the attribute so they fit. Nothing was saved.`,
    { unfitMappings: unfit },
  );
}
