/** Channel attribute definitions and the merchant's standing mapping to each: list, create or replace. */
import { TransactionCancelled } from '../../../shared/db/errors';
import { pageInMemory } from '../../../shared/db/memory-page';
import { LostRace, withRetry } from '../../../shared/db/retry';
import { ValidationFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { newId } from '../../../shared/ids';
import { channelRegistration, checkCategories, requireChannel } from '../channels';
import { mappingProblems } from '../rules/attribute-rules';
import { attributesFor } from '../rules/listing';
import { checkUpsertConditions, sameContent } from '../upsert';
import {
  definitionsOfChannel,
  findDefinition,
  foldedScopeOf,
  pageOfDefinitions,
  putDefinition,
} from './repository';
import type { attributeRoutes } from './routes';
import type { AttributeDefinition } from './schemas';

const now = () => new Date().toISOString();

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
    return withRetry({ what: 'The channel attribute' }, async () => {
      const previous = await findDefinition(channel.channel, foldedScope, body.name);
      checkUpsertConditions('channel attribute', previous, { ifMatch, conditions });
      const at = now();
      const next: AttributeDefinition = {
        ...fields,
        ...(scope ? { scope: scope.channelCategory } : {}),
        verified: scope ? scope.verified : channel.taxonomy !== undefined,
        id: previous?.id ?? newId(),
        version: (previous?.version ?? 0) + 1,
        createdAt: previous?.createdAt ?? at,
        updatedAt: at,
      };
      if (previous && sameContent(previous, next))
        return { body: previous, version: previous.version, status: 200 };
      try {
        await putDefinition(next, previous, {
          channel: channel.registered ? undefined : channelRegistration(channel.channel, at),
        });
      } catch (error) {
        if (error instanceof TransactionCancelled && error.refused('definition')) {
          throw new LostRace('The attribute changed between its read and its write');
        }
        throw error;
      }
      return { body: next, version: next.version, status: previous ? 200 : 201 };
    });
  },
};

function foldedScopeOfPath(path: string): string {
  return foldedScopeOf({ scope: { id: '', path } });
}
