/** Preview (nothing saved) and apply (listings kept per channel and SKU) of mappings over products. */
import { PreconditionFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { requireChannel } from '../channels';
import type { Product } from '../schemas';
import { requireTemplate } from '../templates/operations';
import { applyTemplate } from './apply';
import { draftFor, loadContext } from './engine';
import type { StoredListing } from './repository';
import { previewSource } from './preview-source';
import { findListings } from './repository';
import type { listingRoutes } from './routes';
import type { ApplyResult, PreviewResult } from './schemas';

const now = () => new Date().toISOString();

/** Products given, or read from the channel's listings by SKU (a SKU not listed is a 404 result). */
async function productsOf(
  channel: string,
  body: { products?: Product[]; skus?: string[] },
): Promise<{ products: Product[]; notListed: string[]; current: Map<string, StoredListing> }> {
  const skus = body.skus ?? body.products!.map((product) => product.sku);
  const current = await findListings(channel, skus);
  if (body.products) return { products: body.products, notListed: [], current };
  return {
    products: skus.flatMap((sku) => {
      const stored = current.get(sku);
      return stored ? [stored.product] : [];
    }),
    notListed: skus.filter((sku) => !current.has(sku)),
    current,
  };
}

const notListedResult = (channel: string, sku: string) => ({
  sku,
  status: 404,
  outcome: 'not_listed' as const,
  missingRequired: [],
  problems: [{ sku, kind: 'not_listed' as const, reason: `${sku} has no listing on ${channel}` }],
});

export const listingOperations: Implementations<typeof listingRoutes> = {
  async previewTaxonomyMapping({ body }) {
    const { channel, source, described } = await previewSource(body);
    const [context, given] = await Promise.all([
      loadContext(channel, source),
      productsOf(channel.channel, body),
    ]);
    const bySku = new Map<string, PreviewResult>();
    for (const sku of given.notListed) bySku.set(sku, notListedResult(channel.channel, sku));
    for (const product of given.products) {
      const outcome = draftFor(product, context);
      const current = given.current.get(product.sku)?.listing;
      const base = { sku: product.sku, ...(current ? { current } : {}) };
      if (!outcome.ok) {
        bySku.set(product.sku, {
          ...base,
          status: 422,
          outcome: 'failed',
          missingRequired: outcome.missingRequired,
          problems: outcome.problems,
        });
        continue;
      }
      bySku.set(product.sku, {
        ...base,
        status: 200,
        outcome: 'valid',
        missingRequired: [],
        problems: [],
        listing: {
          channel: channel.channel,
          sku: product.sku,
          title: product.title,
          internalPath: outcome.draft.internalPath,
          channelCategory: outcome.draft.channelCategory,
          attributes: outcome.draft.attributes,
          ...(described.templateId
            ? { templateId: described.templateId, templateVersion: described.templateVersion }
            : {}),
        },
      });
    }
    const order = body.skus ?? body.products!.map((product) => product.sku);
    const results = order.map((sku) => bySku.get(sku)!);
    return {
      body: {
        channel: channel.channel,
        source: described,
        counts: {
          products: results.length,
          valid: results.filter((result) => result.outcome === 'valid').length,
          failed: results.filter((result) => result.outcome === 'failed').length,
          notListed: results.filter((result) => result.outcome === 'not_listed').length,
        },
        results,
      },
    };
  },

  async applyTaxonomyTemplate({ body }) {
    const template = await requireTemplate(body.templateId);
    if (body.templateVersion !== undefined && body.templateVersion !== template.version) {
      throw new PreconditionFailed(
        `The template is at version ${template.version}, not ${body.templateVersion}; review it and apply again.`,
        { currentVersion: template.version },
      );
    }
    const channel = await requireChannel(template.channel);
    const [context, given] = await Promise.all([
      loadContext(channel, {
        templateCategories: template.categories,
        templateAttributes: template.attributes,
      }),
      productsOf(channel.channel, body),
    ]);
    const applied = await applyTemplate({
      template,
      channel,
      context,
      products: given.products,
      current: given.current,
      at: now(),
    });
    const bySku = new Map<string, ApplyResult>(applied.map((result) => [result.sku, result]));
    for (const sku of given.notListed) bySku.set(sku, notListedResult(channel.channel, sku));
    const order = body.skus ?? body.products!.map((product) => product.sku);
    const results = order.map((sku) => bySku.get(sku)!);
    const count = (outcome: ApplyResult['outcome']) =>
      results.filter((result) => result.outcome === outcome).length;
    return {
      body: {
        templateId: template.id,
        templateVersion: template.version,
        channel: channel.channel,
        counts: {
          products: results.length,
          created: count('created'),
          updated: count('updated'),
          unchanged: count('unchanged'),
          failed: count('failed'),
          notListed: count('not_listed'),
        },
        results,
      },
    };
  },
};
