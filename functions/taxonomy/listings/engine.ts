/**
 * The reads apply and preview share (the channel's mappings and attribute definitions, once per call),
 * and the one pure decision of what each product becomes under them.
 */
import { channelCategoryKey } from '../../../shared/db/keys';
import { getItems } from '../../../shared/db/query';
import { definitionsOfChannel } from '../attributes/repository';
import type { ChannelState } from '../channels';
import { mappingsToChannel } from '../mappings/repository';
import type { CategoryMapping } from '../mappings/schemas';
import { foldedPath } from '../rules/category-path';
import type { ListingOutcome, ResolvedCategory, ScopedAttribute } from '../rules/listing';
import { attributesFor, buildListing, layerMappings, nearestMapped } from '../rules/listing';
import type { AttributeMapping, ChannelCategory, Product, Source, Transform } from '../schemas';

/** What products are mapped under: a template's categories and attributes, an inline mapping, or neither. */
export interface MappingSource {
  templateCategories?: ReadonlyArray<{ internalPath: string; channelCategory: ChannelCategory }>;
  templateAttributes?: readonly AttributeMapping[];
  inlineMapping?: {
    internalPath: string;
    channelCategory: ChannelCategory;
    attributes: readonly AttributeMapping[];
  };
}

export interface ListingContext extends MappingSource {
  channel: string;
  saved: ReadonlyMap<string, CategoryMapping>;
  definitions: ReadonlyArray<ScopedAttribute & { mapping?: { source?: Source; transform: Transform } }>;
  /** Categories the template names that the channel has retired since. */
  retiredIds: ReadonlySet<string>;
}

/** Which of the template's categories the channel's loaded taxonomy has retired since the template was saved. */
async function retiredAmong(channel: ChannelState, source: MappingSource): Promise<Set<string>> {
  if (!channel.taxonomy || !source.templateCategories?.length) return new Set();
  const ids = [...new Set(source.templateCategories.map((category) => category.channelCategory.id))];
  const items = await getItems(ids.map((id) => channelCategoryKey(channel.channel, id)));
  const active = new Set(items.filter((item) => item.retired !== true).map((item) => String(item.id)));
  return new Set(ids.filter((id) => !active.has(id)));
}

export async function loadContext(channel: ChannelState, source: MappingSource): Promise<ListingContext> {
  const [mappings, definitions, retiredIds] = await Promise.all([
    mappingsToChannel(channel.channel),
    definitionsOfChannel(channel.channel),
    retiredAmong(channel, source),
  ]);
  return {
    ...source,
    retiredIds,
    channel: channel.channel,
    saved: new Map(mappings.map((mapping) => [foldedPath(mapping.internalPath), mapping])),
    definitions: definitions.map((definition) => ({ ...definition, scope: definition.scope?.path })),
  };
}

function categoryOf(
  product: Product,
  context: ListingContext,
  saved: CategoryMapping | undefined,
): ResolvedCategory | undefined {
  if (context.inlineMapping) {
    return {
      channelCategory: context.inlineMapping.channelCategory,
      mappedPath: context.inlineMapping.internalPath,
      from: 'inline',
      retired: false,
    };
  }
  if (context.templateCategories && context.templateCategories.length > 0) {
    const byPath = new Map(
      context.templateCategories.map((category) => [foldedPath(category.internalPath), category]),
    );
    const fromTemplate = nearestMapped(byPath, product.categoryPath);
    if (fromTemplate) {
      return {
        channelCategory: fromTemplate.channelCategory,
        mappedPath: fromTemplate.internalPath,
        from: 'template',
        retired: context.retiredIds.has(fromTemplate.channelCategory.id),
      };
    }
  }
  if (!saved) return undefined;
  return {
    channelCategory: saved.channelCategory,
    mappedPath: saved.internalPath,
    from: 'mapping',
    retired: saved.status === 'retired',
  };
}

/**
 * What a product becomes: its category from the template (nearest mapped ancestor), else the channel's
 * mappings; attribute mappings from the template, then the inline or saved category mapping, then each
 * channel attribute's standing mapping.
 */
export function draftFor(product: Product, context: ListingContext): ListingOutcome {
  const saved = nearestMapped(context.saved, product.categoryPath);
  const category = categoryOf(product, context, saved);
  const applying = category ? attributesFor(context.definitions, category.channelCategory.path) : [];
  const standing = applying.flatMap((definition) => {
    const mapping = (definition as (typeof context.definitions)[number]).mapping;
    return mapping ? [{ target: definition.name, ...mapping }] : [];
  });
  const mappings = layerMappings(
    context.templateAttributes ?? [],
    context.inlineMapping?.attributes ?? [],
    saved?.attributes ?? [],
    standing,
  );
  return buildListing({
    product,
    channel: context.channel,
    category,
    definitions: context.definitions,
    mappings,
  });
}

/** Internal categories that failed for want of a mapping (not retired ones), with a SKU that met each. */
export function unmappedCategories(failures: ReadonlyArray<{ product: Product; outcome: ListingOutcome }>) {
  const seen = new Map<string, { internalPath: string; sku: string }>();
  for (const { product, outcome } of failures) {
    if (!outcome.ok && outcome.unmapped)
      seen.set(foldedPath(product.categoryPath), { internalPath: product.categoryPath, sku: product.sku });
  }
  return [...seen.values()];
}
