/** Channel attribute definitions and the merchant's standing mapping to each: list, create or replace. */
import { pageInMemory } from '../../../shared/db/memory-page';
import { ValidationFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { channelRegistration, checkCategories, requireChannel } from '../channels';
import { mappingProblems } from '../rules/attribute-rules';
import { attributesFor } from '../rules/listing';
import { nextVersionOf, upsertByKey } from '../upsert';
import {
  definitionsOfChannel,
  findDefinition,
  foldedScopeOf,
  pageOfDefinitions,
  putDefinition,
} from './repository';
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
    await requireChannel(channel);
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
      (definition) => `${foldedScopeOf(definition)}#${definition.name.toLocaleLowerCase('en')}`,
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
    const foldedScope = scope ? foldedScopeOfPath(scope.channelCategory.path) : '';
    return upsertByKey<AttributeDefinition>({
      what: 'channel attribute',
      request: { ifMatch, conditions },
      read: () => findDefinition(channel.channel, foldedScope, body.name),
      build: (previous, at) => ({
        ...fields,
        ...(scope ? { scope: scope.channelCategory } : {}),
        verified: scope ? scope.verified : channel.taxonomy !== undefined,
        ...nextVersionOf(previous, at),
      }),
      write: (next, previous, at) =>
        putDefinition(next, previous, {
          channel: channel.registered ? undefined : channelRegistration(channel.channel, at),
        }),
      refusedItem: 'definition',
    });
  },
};

function foldedScopeOfPath(path: string): string {
  return foldedScopeOf({ scope: { id: '', path } });
}
