/** Category mappings: list (with unmapped and retired categories), create or replace, cross-reference. */
import { TransactionCancelled } from '../../../shared/db/errors';
import { LostRace, withRetry } from '../../../shared/db/retry';
import type { Implementations } from '../../../shared/http/catalogue';
import { newId } from '../../../shared/ids';
import { checkAttributeMappings } from '../attribute-checks';
import { channelRegistration, checkCategories, registeredChannels, requireChannel } from '../channels';
import { checkUpsertConditions, sameContent } from '../upsert';
import { crossReferencePage } from './cross-reference';
import { findMapping, pageOfMappings, putMapping } from './repository';
import type { mappingRoutes } from './routes';
import type { CategoryMapping } from './schemas';

const now = () => new Date().toISOString();

export const mappingOperations: Implementations<typeof mappingRoutes> = {
  async listTaxonomyMappings({ query }) {
    const { limit, cursor, ...filters } = query;
    if (filters.channel !== undefined) await requireChannel(filters.channel);
    return { body: (await pageOfMappings(filters, limit, cursor)) as never };
  },

  async upsertTaxonomyMapping({ body, ifMatch, conditions }) {
    const channel = await requireChannel(body.channel);
    const [checked] = await checkCategories(channel, [
      { reference: body.channelCategory, at: 'body.channelCategory' },
    ]);
    await checkAttributeMappings(channel, [checked!.channelCategory], body.attributes, 'body.attributes');
    return withRetry({ what: 'The mapping' }, async () => {
      const previous = await findMapping(channel.channel, body.internalPath);
      checkUpsertConditions('mapping', previous, { ifMatch, conditions });
      const at = now();
      const next: CategoryMapping = {
        id: previous?.id ?? newId(),
        channel: channel.channel,
        internalPath: body.internalPath,
        channelCategory: checked!.channelCategory,
        attributes: body.attributes,
        status: 'mapped',
        verified: checked!.verified,
        version: (previous?.version ?? 0) + 1,
        createdAt: previous?.createdAt ?? at,
        updatedAt: at,
      };
      if (previous && sameContent(previous, next))
        return { body: previous, version: previous.version, status: 200 };
      try {
        await putMapping(next, previous, {
          channel: channel.registered ? undefined : channelRegistration(channel.channel, at),
        });
      } catch (error) {
        if (error instanceof TransactionCancelled && error.refused('mapping')) {
          throw new LostRace('The mapping changed between its read and its write');
        }
        throw error;
      }
      return {
        body: next,
        version: next.version,
        status: previous ? 200 : 201,
      };
    });
  },

  async crossReferenceTaxonomyMappings({ query }) {
    if (query.channel !== undefined) await requireChannel(query.channel);
    const channels = await registeredChannels();
    return { body: await crossReferencePage({ ...query, channels }) };
  },
};
