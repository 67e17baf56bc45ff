/** Category mappings: list (with unmapped and retired categories), create or replace, cross-reference. */
import type { Implementations } from '../../../shared/http/catalogue';
import { checkAttributeMappings } from '../attribute-checks';
import { channelRegistration, checkCategories, registeredChannels, requireChannel } from '../channels';
import { nextVersionOf, upsertByKey } from '../upsert';
import { crossReferencePage } from './cross-reference';
import { findMapping, pageOfMappings, putMapping } from './repository';
import type { mappingRoutes } from './routes';
import type { CategoryMapping } from './schemas';

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
    return upsertByKey<CategoryMapping>({
      what: 'mapping',
      request: { ifMatch, conditions },
      read: () => findMapping(channel.channel, body.internalPath),
      build: (previous, at) => ({
        channel: channel.channel,
        internalPath: body.internalPath,
        channelCategory: checked!.channelCategory,
        attributes: body.attributes,
        status: 'mapped',
        verified: checked!.verified,
        ...nextVersionOf(previous, at),
      }),
      write: (next, previous, at) =>
        putMapping(next, previous, {
          channel: channel.registered ? undefined : channelRegistration(channel.channel, at),
        }),
      refusedItem: 'mapping',
    });
  },

  async crossReferenceTaxonomyMappings({ query }) {
    if (query.channel !== undefined) await requireChannel(query.channel);
    const channels = await registeredChannels();
    return { body: await crossReferencePage({ ...query, channels }) };
  },
};
