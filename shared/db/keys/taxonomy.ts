/**
 * Taxonomy mappings: channels, their loaded taxonomies, category mappings, categories seen unmapped,
 * attribute definitions, templates and channel listings. `folded` is a category path's key form
 * (lower-cased levels each closed by ">", functions/taxonomy/rules/category-path.ts), so a prefix of
 * levels is a key prefix.
 */
import type { ItemKey } from './item-key';
import { collationKey, lower } from './item-key';

/** A channel the service knows: registered by a taxonomy load or the first mapping, attribute or template naming it. */
export const taxonomyChannelKey = (channel: string): ItemKey => ({
  PK: `TAXCHANNEL#${lower(channel)}`,
  SK: 'TAXCHANNEL',
});
export const taxonomyChannelIndexKeys = (channel: string) => ({
  GSI1PK: 'TAXCHANNELS',
  GSI1SK: lower(channel),
});
export const allTaxonomyChannels = () => ({ index: 'GSI1' as const, pk: 'TAXCHANNELS', skPrefix: '' });

/** One category of a channel's loaded taxonomy. */
export const channelCategoryKey = (channel: string, id: string): ItemKey => ({
  PK: `TAXONOMY#${lower(channel)}`,
  SK: `CAT#${id}`,
});
export const categoriesOfChannel = (channel: string) => ({
  pk: `TAXONOMY#${lower(channel)}`,
  skPrefix: 'CAT#',
});
/** A channel's categories by folded path: the category of a path sorts first among those under it. */
export const channelCategoryIndexKeys = (channel: string, foldedPath: string) => ({
  GSI1PK: `TAXONOMYPATH#${lower(channel)}`,
  GSI1SK: foldedPath,
});
export const categoriesAtPath = (channel: string, foldedPath: string) => ({
  index: 'GSI1' as const,
  pk: `TAXONOMYPATH#${lower(channel)}`,
  skPrefix: foldedPath,
});

/** The mapping of an internal category to a channel category. */
export const categoryMappingKey = (channel: string, folded: string): ItemKey => ({
  PK: `TAXMAP#${lower(channel)}`,
  SK: folded,
});
export const categoryMappingIndexKeys = (mapping: { channel: string; folded: string; status: string }) => ({
  GSI1PK: 'TAXMAPS',
  GSI1SK: `${mapping.folded}#${lower(mapping.channel)}`,
  GSI2PK: `TAXMAPS#${mapping.status}`,
  GSI2SK: `${mapping.folded}#${lower(mapping.channel)}`,
  GSI3PK: `TAXMAP#${lower(mapping.channel)}#${mapping.status}`,
  GSI3SK: mapping.folded,
});
export const mappingsOfChannel = (channel: string, foldedPrefix = '') => ({
  pk: `TAXMAP#${lower(channel)}`,
  skPrefix: foldedPrefix,
});
export const mappingsOfChannelInStatus = (channel: string, status: string, foldedPrefix = '') => ({
  index: 'GSI3' as const,
  pk: `TAXMAP#${lower(channel)}#${status}`,
  skPrefix: foldedPrefix,
});
export const allMappings = (foldedPrefix = '') => ({
  index: 'GSI1' as const,
  pk: 'TAXMAPS',
  skPrefix: foldedPrefix,
});
export const mappingsInStatus = (status: string, foldedPrefix = '') => ({
  index: 'GSI2' as const,
  pk: `TAXMAPS#${status}`,
  skPrefix: foldedPrefix,
});

/** An internal category an apply met with no mapping to the channel (removed when it is mapped). */
export const unmappedCategoryKey = (channel: string, folded: string): ItemKey => ({
  PK: `TAXSEEN#${lower(channel)}`,
  SK: folded,
});
export const unmappedCategoryIndexKeys = (channel: string, folded: string) => ({
  GSI1PK: 'TAXSEEN',
  GSI1SK: `${folded}#${lower(channel)}`,
});
export const unmappedOfChannel = (channel: string, foldedPrefix = '') => ({
  pk: `TAXSEEN#${lower(channel)}`,
  skPrefix: foldedPrefix,
});
export const allUnmapped = (foldedPrefix = '') => ({
  index: 'GSI1' as const,
  pk: 'TAXSEEN',
  skPrefix: foldedPrefix,
});

/**
 * A channel attribute definition, unique per channel, scope and name. The scope is the channel category's
 * id (`CAT#<id>#<name>`), never its path, so a category that moves keeps its attributes; `#<name>` is an
 * attribute of every category.
 */
export const attributeDefinitionKey = (
  channel: string,
  scopeId: string | undefined,
  name: string,
): ItemKey => ({
  PK: `TAXATTR#${lower(channel)}`,
  SK: scopeId === undefined ? `#${lower(name)}` : `CAT#${scopeId}#${lower(name)}`,
});
export const attributeDefinitionIndexKeys = (definition: {
  channel: string;
  foldedScope: string;
  name: string;
}) => ({
  GSI1PK: 'TAXATTRS',
  GSI1SK: `${lower(definition.channel)}#${definition.foldedScope}#${lower(definition.name)}`,
});
export const attributesOfChannel = (channel: string) => ({ pk: `TAXATTR#${lower(channel)}` });
export const allAttributeDefinitions = () => ({ index: 'GSI1' as const, pk: 'TAXATTRS' });

export const templateKey = (id: string): ItemKey => ({ PK: `TAXTEMPLATE#${id}`, SK: 'TAXTEMPLATE' });
/** Holds a template name on a channel (case and accents folded): written with the template, so two cannot share one. */
export const templateNameKey = (channel: string, name: string): ItemKey => ({
  PK: `TAXTEMPLATE_NAME#${lower(channel)}#${collationKey(name)}`,
  SK: 'TAXTEMPLATE_NAME',
});
// U+0001 before the id sorts a name before its longer namesakes ("Shirts" before "Shirts (copy)").
export const templateIndexKeys = (template: { id: string; name: string; channel: string }) => ({
  GSI1PK: 'TAXTEMPLATES',
  GSI1SK: `${collationKey(template.name)}\u0001${template.id}`,
  GSI2PK: `TAXTEMPLATES#${lower(template.channel)}`,
  GSI2SK: `${collationKey(template.name)}\u0001${template.id}`,
});
export const allTemplates = (namePrefix = '') => ({
  index: 'GSI1' as const,
  pk: 'TAXTEMPLATES',
  skPrefix: collationKey(namePrefix),
});
export const templatesOfChannel = (channel: string, namePrefix = '') => ({
  index: 'GSI2' as const,
  pk: `TAXTEMPLATES#${lower(channel)}`,
  skPrefix: collationKey(namePrefix),
});

/** What a channel lists for a SKU: the last apply's result. */
export const channelListingKey = (channel: string, sku: string): ItemKey => ({
  PK: `LISTING#${lower(channel)}`,
  SK: `SKU#${sku}`,
});
