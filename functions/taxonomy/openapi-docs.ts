/** The taxonomy group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { defineDocs } from '../../shared/openapi/docs';
import { attributeDefinitionInputSchema, attributeDefinitionSchema } from './attributes/schemas';
import {
  applyBody,
  applyResponse,
  channelListingSchema,
  draftListingSchema,
  listingProblemSchema,
  previewBody,
  previewResponse,
} from './listings/schemas';
import {
  categoryMappingInputSchema,
  categoryMappingSchema,
  crossReferenceRowSchema,
  mappingRowSchema,
} from './mappings/schemas';
import { taxonomyCatalogue } from './routes';
import {
  attributeMappingSchema,
  channelCategoryInputSchema,
  channelCategorySchema,
  defaultMappingSchema,
  measureSchema,
  productSchema,
  sourceSchema,
  transformSchema,
} from './schemas';
import { templateInputSchema, templateSchema } from './templates/schemas';

const mugsMapping = '01JD5M1A2B3C4D5E6F7G8H9J0K';
const mugsTemplate = '01JD5T1A2B3C4D5E6F7G8H9J0K';
const mugsTemplateCopy = '01JD5T1A2B3C4D5E6F7G8H9J1M';
const colorAttribute = '01JD5A1B2C3D4E5F6G7H8J9K0M';
const capacityAttribute = '01JD5A1B2C3D4E5F6G7H8J9K1N';

const googleMugs = { id: '2169', path: 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs' };
const googleShirts = { id: '212', path: 'Apparel & Accessories > Clothing > Shirts & Tops' };

/** The capacity definition as created, listed and answered. */
const capacityDefinition = {
  id: capacityAttribute,
  channel: 'google',
  scope: googleMugs,
  name: 'capacity',
  type: 'measure' as const,
  unit: 'ml',
  required: true,
  verified: true,
  version: 1,
  createdAt: '2026-11-12T08:30:00.000Z',
  updatedAt: '2026-11-12T08:30:00.000Z',
};

const mugAttributeMappings = [
  { target: 'brand', source: { attribute: 'Brand' }, transform: { type: 'copy' as const } },
  {
    target: 'color',
    source: { attribute: 'Colour' },
    transform: {
      type: 'value_map' as const,
      values: [
        { from: 'Navy', to: 'Blue' },
        { from: 'Scarlet', to: 'Red' },
      ],
    },
  },
  {
    target: 'capacity',
    source: { attribute: 'Capacity' },
    transform: { type: 'unit_convert' as const, to: 'ml' },
  },
];

const mugsMappingStored = {
  id: mugsMapping,
  channel: 'google',
  internalPath: 'Kitchen > Mugs',
  channelCategory: googleMugs,
  attributes: mugAttributeMappings,
  status: 'mapped' as const,
  verified: true,
  version: 2,
  createdAt: '2026-11-12T09:00:00.000Z',
  updatedAt: '2026-11-19T15:20:00.000Z',
};

const templateStored = {
  id: mugsTemplate,
  name: 'Google mugs',
  channel: 'google',
  description: 'Mugs and cups for the Google Merchant Center feed.',
  categories: [{ internalPath: 'Kitchen > Mugs', channelCategory: googleMugs }],
  attributes: [
    {
      target: 'title',
      transform: { type: 'template' as const, template: '{attributes.Brand} {title}' },
    },
  ],
  verified: true,
  listingCount: 2,
  version: 3,
  createdAt: '2026-11-14T10:00:00.000Z',
  updatedAt: '2026-11-20T08:45:00.000Z',
};

const blueMug = {
  sku: 'MUG-BLUE',
  title: 'Stoneware mug, navy',
  categoryPath: 'Kitchen > Mugs',
  attributes: { Brand: 'Hearth & Co', Colour: 'Navy', Capacity: { value: 0.35, unit: 'l' } },
};
const redMug = {
  sku: 'MUG-RED',
  title: 'Stoneware mug, scarlet',
  categoryPath: 'Kitchen > Mugs',
  attributes: { Brand: 'Hearth & Co', Colour: 'Scarlet' },
};

const blueMugDraft = {
  channel: 'google',
  sku: 'MUG-BLUE',
  title: 'Stoneware mug, navy',
  internalPath: 'Kitchen > Mugs',
  channelCategory: googleMugs,
  attributes: {
    title: 'Hearth & Co Stoneware mug, navy',
    brand: 'Hearth & Co',
    color: 'Blue',
    capacity: { value: 350, unit: 'ml' },
  },
  templateId: mugsTemplate,
  templateVersion: 3,
};

const redMugProblem = {
  sku: 'MUG-RED',
  attribute: 'capacity',
  kind: 'missing' as const,
  reason:
    'capacity is required by google for Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs and has no value',
};

export const taxonomyDocs = defineDocs(taxonomyCatalogue, {
  components: {
    CategoryMapping: {
      schema: categoryMappingSchema,
      description:
        'The mapping of one internal category to one sales channel’s category, with the attribute mappings products of that category take. One per channel and internal path; a product maps through its own path’s mapping or its nearest mapped ancestor’s.',
    },
    CategoryMappingInput: {
      schema: categoryMappingInputSchema,
      description: 'A category mapping as a client creates or replaces it.',
    },
    MappingRow: {
      schema: mappingRowSchema,
      description:
        'A row of the mapping list: a mapping (`mapped` or `retired`), or an internal category an apply met with no mapping to the channel (`unmapped`, with only `channel`, `internalPath`, `lastSeenAt` and `exampleSku`).',
    },
    CrossReferenceRow: {
      schema: crossReferenceRowSchema,
      description:
        'One internal category: its category in every channel it is mapped to, and the known channels it is not mapped to.',
    },
    ChannelCategory: {
      schema: channelCategorySchema,
      description: 'A category of a channel’s taxonomy: its id and full path, as the channel publishes them.',
    },
    ChannelCategoryRef: {
      schema: channelCategoryInputSchema,
      description:
        'A channel category as a client names it: by `id`, with `path` optional when the channel’s taxonomy is loaded (then it is filled in, and checked when given) and required when it is not.',
    },
    AttributeMapping: {
      schema: attributeMappingSchema,
      description:
        'How one channel attribute (`target`) gets its value from a product: a `source` (a product field or attribute) and a `transform`. `copy`, `value_map` and `unit_convert` read a source; `constant`, `template` and `concat` take none.',
    },
    StandingMapping: {
      schema: defaultMappingSchema,
      description:
        'The merchant’s standing mapping to a channel attribute, kept with its definition: used when neither the template nor the category mapping maps the attribute.',
    },
    AttributeSource: {
      schema: sourceSchema,
      description:
        'Where a value comes from: a product field (`{"field": "sku" | "title" | "description" | "categoryPath"}`) or a product attribute by name (`{"attribute": "Colour"}`).',
    },
    Transform: {
      schema: transformSchema,
      description:
        'What is done to the source value: `copy`; `constant` (`value`); `value_map` (`values: [{from, to}]`, matched exactly then case-insensitively, and an optional `default`); `unit_convert` (`to`, and `from` for a bare number) between g, kg, lb, oz · mm, cm, m, in, ft · ml, l, fl oz, never across dimensions; `template` (`"{attributes.Brand} {title}"`); `concat` (`sources`, `separator`).',
    },
    Measure: {
      schema: measureSchema,
      description: 'A number with its unit, such as `{"value": 350, "unit": "ml"}`.',
    },
    ChannelAttribute: {
      schema: attributeDefinitionSchema,
      description:
        'An attribute a channel takes: one per channel, scope (a channel category and those under it, or every category) and name, with its type, whether it is required, and the merchant’s standing mapping to it.',
    },
    ChannelAttributeInput: {
      schema: attributeDefinitionInputSchema,
      description: 'A channel attribute definition as a client creates or replaces it.',
    },
    MappingTemplate: {
      schema: templateSchema,
      description:
        'A channel’s category mappings and attribute mappings, applied together over products. Listings remember the template and version that made them.',
    },
    MappingTemplateInput: {
      schema: templateInputSchema,
      description: 'A mapping template as a client creates or replaces it.',
    },
    Product: {
      schema: productSchema,
      description:
        'A product as apply and preview take it (the service has no product catalogue): SKU, title, description, internal category path and attribute values by name.',
    },
    DraftListing: {
      schema: draftListingSchema,
      description:
        'What a product becomes on a channel: its channel category and attribute values (not saved).',
    },
    ChannelListing: {
      schema: channelListingSchema,
      description:
        'A listing the service keeps per channel and SKU: what the last apply made of the product, with the template and version that made it.',
    },
    ListingProblem: {
      schema: listingProblemSchema,
      description: 'One reason a product cannot be listed (or was not), for people to read and fix.',
    },
    ApplyRequest: {
      schema: applyBody,
      description:
        'A template to apply, over products given here or over SKUs already listed on its channel.',
    },
    ApplyResult: {
      schema: applyResponse,
      description: 'What an apply did: counts by outcome and one result per product, in the order given.',
    },
    ApplyProductResult: {
      schema: applyResponse.def.shape.results.def.element,
      description:
        'What an apply did with one product: its outcome and listing, or every problem that kept it unlisted.',
    },
    PreviewRequest: {
      schema: previewBody,
      description:
        'Products (given, or listed on the channel by SKU) and what to map them under: a template by id or inline, an inline mapping, or the channel’s own mappings.',
    },
    PreviewResult: {
      schema: previewResponse,
      description: 'What products would become, nothing saved: counts by outcome and one result per product.',
    },
    PreviewSource: {
      schema: previewResponse.def.shape.source,
      description: 'What the preview mapped the products under.',
    },
    PreviewProductResult: {
      schema: previewResponse.def.shape.results.def.element,
      description:
        'What one product would become: its draft listing or its problems, and the listing the channel keeps now.',
    },
  },
  fields: {
    id: 'The resource’s id, a ULID the server assigns at creation.',
    createdAt: 'When the resource was created (UTC instant, set by the server).',
    updatedAt: 'When the resource last changed (UTC instant, set by the server).',
    channel:
      'A sales channel’s code, 1 to 32 letters, digits, `_ . -`, kept in lower case (`Google` is `google`). A channel is known once its taxonomy was loaded, a mapping, attribute or template named it, or orders came from it; any other is a 404.',
    'listTaxonomyMappings.channel': 'Only rows for this channel.',
    'crossReferenceTaxonomyMappings.channel':
      'Only this channel’s mappings in the rows (unknown channel: 404).',
    'listChannelAttributes.channel': 'Only this channel’s attributes.',
    'listTaxonomyTemplates.channel': 'Only templates for this channel.',
    internalPath:
      'The merchant’s category path, levels joined by ` > ` (`Kitchen > Mugs`): at most 300 characters and 16 levels, no empty level, no `>` inside a level. Compared case-insensitively; answered tidy.',
    prefix:
      'Only internal categories at or under this path, matching whole levels case-insensitively (`Kitchen` matches `Kitchen > Mugs`, not `Kitchenware`).',
    status:
      '`mapped`; `retired` once the channel retired the category it maps to (map it to a current one); in the list also `unmapped`: an internal category an apply met with no mapping to the channel.',
    'ApplyProductResult.status':
      'The product’s own outcome as an HTTP status: 201 listed anew, 200 listing replaced or unchanged, 404 not listed (with `skus`), 409 lost to a change of the template during the apply, 422 cannot be listed.',
    'PreviewProductResult.status':
      'The product’s outcome as an HTTP status: 200 it can be listed, 404 not listed on the channel (with `skus`), 422 it cannot be listed.',
    channelCategory: 'The channel’s category: its id and full path.',
    path: 'The category’s full path in the channel’s taxonomy, levels joined by ` > `.',
    'ChannelCategoryRef.path':
      'The category’s path in the channel’s taxonomy: optional for a channel with a loaded taxonomy (filled in, and a 400 when it differs), required for a channel without one.',
    'ChannelCategory.id':
      'The channel’s category id: Google’s numbers (`2169`), Shopify’s `gid://shopify/TaxonomyCategory/…`.',
    'ChannelCategoryRef.id':
      'The channel’s category id, 1 to 200 letters, digits, `: / . _ -`. For a channel with a loaded taxonomy it must exist there and not be retired (400 naming the field).',
    'ChannelListing.id': 'The listing’s id: the channel and the SKU, `<channel>:<sku>`.',
    attributes:
      'Attribute mappings, at most 200, one per target attribute (compared case-insensitively). A channel attribute no mapping names takes the product attribute of exactly its name.',
    'Product.attributes':
      'The product’s attribute values by name (at most 100): text (up to 2,000 characters), a number, true or false, or a measure `{value, unit}`. Names are up to 100 characters without `{` or `}`; any name (`__proto__` too) is data.',
    'DraftListing.attributes': 'The channel attribute values the product takes, by channel attribute name.',
    'ChannelListing.attributes': 'The channel attribute values the listing holds, by channel attribute name.',
    target: 'The channel attribute this mapping fills, 1 to 100 characters without `{` or `}`.',
    source:
      'Where the value comes from: a product field or attribute. Required by `copy`, `value_map` and `unit_convert`; refused by the others.',
    'PreviewResult.source': 'What the products were mapped under.',
    field: 'A product’s own field: `sku`, `title`, `description` or `categoryPath`.',
    attribute: 'A product attribute by its exact name.',
    'ListingProblem.attribute': 'The channel attribute the problem concerns, when it concerns one.',
    transform: 'What is done to the source value to make the target’s value.',
    type: 'The transform: `copy`, `constant`, `value_map`, `unit_convert`, `template` or `concat`.',
    'ChannelAttribute.type':
      'What the attribute holds: `text` (optional `maxLength`), `number`, `boolean`, `enum` (`allowedValues`) or `measure` (`unit`).',
    'ChannelAttributeInput.type':
      'What the attribute holds: `text` (optional `maxLength`), `number`, `boolean`, `enum` (`allowedValues`) or `measure` (`unit`).',
    value:
      '`constant`: the value every product gets (text, number, boolean or measure). In a measure: the number, finite.',
    values:
      '`value_map`: 1 to 500 pairs; a source value equal to `from` (exactly, then case-insensitively) becomes `to`.',
    from: '`value_map`: a source value to match (text, number or boolean). `unit_convert`: the unit of a source that is a bare number.',
    to: '`value_map`: the value the match becomes. `unit_convert`: the unit to convert to (same dimension as the source’s).',
    default: '`value_map`: the value for a source matching no pair; absent, an unmatched value is a problem.',
    template:
      '`template` transform: text with placeholders `{sku}`, `{title}`, `{description}`, `{categoryPath}`, `{attributes.<name>}` (`{{` and `}}` for braces), up to 2,000 characters.',
    'PreviewRequest.template':
      'An unsaved template to preview under (the shape of a template’s create body). Give at most one of `templateId`, `template`, `mapping`.',
    sources: '`concat`: 2 to 20 sources joined in order.',
    separator: '`concat`: what goes between the values, up to 10 characters (default one space).',
    unit: 'A `measure` attribute’s unit: g, kg, lb, oz, mm, cm, m, in, ft, ml, l or fl oz. Only measure attributes have one.',
    'Measure.unit': 'The unit: g, kg, lb, oz, mm, cm, m, in, ft, ml, l or fl oz.',
    verified:
      'Whether its channel categories were checked against the channel’s loaded taxonomy (false: the channel had none loaded when it was written).',
    version: 'Increases by one with every change; the ETag is this number in quotes, for If-Match.',
    lastSeenAt: 'Unmapped rows: when an apply last met this category with no mapping (UTC instant).',
    exampleSku: 'Unmapped rows: a SKU an apply met the category with.',
    channels: 'The channels this internal category is mapped to, each with its category there.',
    unmappedChannels:
      'Known channels (with a loaded taxonomy, or a mapping, attribute or template) this internal category has no mapping to.',
    scope:
      'The channel category the attribute applies to, and every category under it; absent: every category of the channel.',
    name: 'A name, 1 to 200 characters, NFC-normalised and trimmed.',
    'ChannelAttribute.name':
      'The attribute’s name on the channel (`color`), up to 100 characters without `{` or `}`.',
    'ChannelAttributeInput.name':
      'The attribute’s name on the channel (`color`), up to 100 characters without `{` or `}`. With channel and scope it names the definition a POST replaces.',
    'listChannelAttributes.name': 'Only attributes of this name (compared case-insensitively).',
    'MappingTemplate.name': 'The template’s name, 1 to 200 characters.',
    'MappingTemplateInput.name': 'The template’s name, 1 to 200 characters.',
    'listTaxonomyTemplates.name': 'Only templates whose name begins with this (case and accents folded).',
    'duplicateTaxonomyTemplate.name':
      'The copy’s name; absent: the original’s with ` (copy)` (then ` (copy 2)`, …) added.',
    required: 'Whether a product must have a value for it to be listed (default false).',
    'listChannelAttributes.required': 'Only required (`true`) or optional (`false`) attributes.',
    allowedValues:
      '`enum` attributes only: the values the channel accepts (1 to 1,000, each once case-insensitively). A value matching case-insensitively takes the allowed spelling.',
    maxLength: '`text` attributes only: the longest value the channel accepts (1 to 100,000 characters).',
    description: 'Free text for people, up to 1,000 characters.',
    'Product.description': 'The product’s description, up to 5,000 characters (newlines allowed).',
    mapping:
      'The merchant’s standing mapping to this attribute (source and transform), used when neither the template nor the category mapping maps it. Checked against the attribute: what can never fit it is a 400.',
    'PreviewRequest.mapping':
      'An unsaved category mapping to preview under (the shape of a mapping’s create body). Give at most one of `templateId`, `template`, `mapping`.',
    categoryPath:
      'The product’s internal category path (`Kitchen > Mugs`); it maps through its own mapping or its nearest mapped ancestor’s.',
    'listChannelAttributes.categoryPath':
      'Only the attributes that apply at this channel category path (the most specific scope wins per name). Needs `channel`; a path the channel’s loaded taxonomy has no current category at is a 404.',
    categories:
      'Category mappings of the template (at most 500, each internal path once): the internal path and the channel category it maps to.',
    listingCount:
      'How many channel listings this template made last. While above 0, a delete needs `force=true` and the template cannot move to another channel.',
    templateId: 'A mapping template’s id (a ULID).',
    'PreviewRequest.templateId':
      'A saved template to preview under. Give at most one of `templateId`, `template`, `mapping`.',
    'DraftListing.templateId':
      'The template the listing was made under (absent when made under the channel’s mappings).',
    'ChannelListing.templateId': 'The template that made the listing.',
    templateVersion: 'The template version that made the listing.',
    'ApplyRequest.templateVersion':
      'Apply only if the template is at this version (412 otherwise): guards against applying a template someone changed after you reviewed it.',
    'ApplyResult.templateVersion': 'The template version applied.',
    'PreviewSource.templateVersion': 'The saved template’s version previewed (absent for an inline one).',
    'PreviewSource.templateId':
      'The saved template previewed (absent for an inline template, a mapping or the channel).',
    kind: 'What the preview mapped under: `template` (by id or inline), `mapping` (inline) or `channel` (the channel’s mappings).',
    'ListingProblem.kind':
      '`category` (unmapped or retired category), `missing` (a required attribute has no value), `invalid` (a value does not fit or cannot be transformed), `not_listed` (the SKU has no listing on the channel), `too_large` (the listing would pass the item size limit), `conflict` (the template changed during the apply).',
    reason: 'The problem in words, naming the category, attribute or value.',
    products: 'Products to map, 1 to 500, one per SKU. Give `products` or `skus`, not both.',
    'ApplyResult.products': 'How many products the request named.',
    'PreviewResult.products': 'How many products the request named.',
    skus: 'SKUs already listed on the channel (1 to 500, each once): their kept listings’ products are used. Give `products` or `skus`, not both.',
    sku: 'A SKU (1 to 64 letters, digits, `_ . - /`, case-sensitive).',
    title: 'The product’s title, 1 to 500 characters.',
    'DraftListing.title':
      'The product’s title as given (a `title` channel attribute, if mapped, is among `attributes`).',
    'ChannelListing.title': 'The product’s title as given to the apply.',
    counts: 'How many products had each outcome.',
    created: 'Products listed anew (201).',
    updated: 'Products whose listing was replaced (200).',
    unchanged: 'Products whose listing was already what the template makes (200, nothing written).',
    failed: 'Products that cannot be listed (422) or lost to a template change (409).',
    'PreviewResult.failed': 'Products that cannot be listed (422).',
    notListed: 'SKUs with no listing on the channel (404, with `skus`).',
    valid: 'Products that can be listed (200).',
    results: 'One result per product, in the order given.',
    outcome:
      'Apply: `created`, `updated`, `unchanged`, `failed` or `not_listed`. Preview: `valid`, `failed` or `not_listed`.',
    listing:
      'The listing made (apply) or that would be made (preview); absent when the product cannot be listed.',
    current: 'The listing the channel keeps now for this SKU, if any: how kept listings are read back.',
    missingRequired: 'The required channel attributes the product has no value for.',
    problems: 'Every reason the product cannot be listed; empty when it can.',
    revision: 'Increases by one every time an apply changes the listing.',
    appliedAt: 'When the apply that made the listing ran (UTC instant).',
    force:
      '`true`: delete the template even though listings name it (the listings stay, naming a template that no longer exists). Default `false`.',
  },
  operations: {
    listTaxonomyMappings: {
      description:
        'Lists category mappings in internal-path order, filtered by `channel`, internal-path `prefix` and `status`. `status=unmapped` lists the internal categories an apply met with no mapping to the channel, with when and a SKU it met them with; mapping one removes its row. `retired` mappings point at a category the channel no longer has. An unknown channel is a 404.',
      example: {
        query: { channel: 'google', prefix: 'Kitchen', limit: '2' },
        response: {
          items: [
            mugsMappingStored,
            {
              channel: 'google',
              internalPath: 'Kitchen > Teapots',
              status: 'unmapped',
              lastSeenAt: '2026-11-21T12:30:00.000Z',
              exampleSku: 'TEAPOT-GREEN',
            },
          ],
          nextCursor: 'eyJrIjoiS2l0Y2hlbiA-IFRlYXBvdHMifQ.c2ln',
        },
      },
    },
    upsertTaxonomyMapping: {
      description:
        'Creates (`201`) or replaces (`200`) the mapping of an internal category to a channel category; there is one per channel and internal path. `If-Match` makes it replace-only at that version and `If-None-Match: *` create-only (412 otherwise); an identical mapping changes nothing and keeps its version.\n\nFor a channel with a loaded taxonomy the category must exist and not be retired, and its path is filled in (`verified: true`); for one without, `path` is required and the mapping is `verified: false`. Attribute mappings are checked against the channel’s attributes: a unit of another dimension, a value outside an enum’s values or a template into a measure is a 400. An unknown channel is a 404.',
      example: {
        body: {
          channel: 'google',
          internalPath: 'Kitchen > Mugs',
          channelCategory: { id: '2169' },
          attributes: mugAttributeMappings,
        },
        response: mugsMappingStored,
      },
    },
    crossReferenceTaxonomyMappings: {
      description:
        'For each internal category mapped somewhere, its category in every channel and the known channels it has no mapping to, paged by internal category. Filter by `channel` (only that channel’s mappings in the rows) and internal-path `prefix`.',
      example: {
        query: { prefix: 'Apparel' },
        response: {
          items: [
            {
              internalPath: 'Apparel > T-shirts',
              channels: [
                { channel: 'google', status: 'mapped', channelCategory: googleShirts, verified: true },
              ],
              unmappedChannels: ['etsy'],
            },
          ],
          nextCursor: null,
        },
      },
    },
    listChannelAttributes: {
      description:
        'Lists channel attribute definitions by channel, scope and name, each with the merchant’s standing mapping. Filter by `channel`, `name`, `required`, and `categoryPath` (with `channel`: the attributes that apply at that channel category, the most specific scope winning per name; 400 without `channel`; 404 when the channel’s loaded taxonomy has no current category at that path). An unknown channel is a 404.',
      example: {
        query: { channel: 'google', categoryPath: googleMugs.path, required: 'true' },
        response: {
          items: [
            capacityDefinition,
            {
              id: colorAttribute,
              channel: 'google',
              name: 'color',
              type: 'text',
              required: true,
              maxLength: 100,
              description: 'The product’s main colour, as shoppers would name it.',
              mapping: { source: { attribute: 'Colour' }, transform: { type: 'copy' } },
              verified: true,
              version: 2,
              createdAt: '2026-11-12T08:31:00.000Z',
              updatedAt: '2026-11-18T10:02:00.000Z',
            },
          ],
          nextCursor: null,
        },
      },
    },
    upsertChannelAttribute: {
      description:
        'Creates (`201`) or replaces (`200`) a channel attribute definition; there is one per channel, scope and name. `If-Match` and `If-None-Match: *` are honoured (412); an identical definition changes nothing.\n\nA `measure` names its `unit`, an `enum` its `allowedValues`, and only `text` takes `maxLength` (400 otherwise). The scope is checked against the channel’s loaded taxonomy when there is one; the standing `mapping` is checked against the definition (a value that can never fit is a 400). The scope is kept by the category’s id, so a category that moves keeps the attribute. A definition that saved category mappings or templates could no longer give a valid value (a unit changed from `ml` to `g` while they convert to `ml`) is a 409 naming each in `unfitMappings`, and nothing changes. An unknown channel is a 404.',
      example: {
        body: {
          channel: 'google',
          scope: { id: '2169' },
          name: 'capacity',
          type: 'measure',
          unit: 'ml',
          required: true,
        },
        response: capacityDefinition,
      },
    },
    listTaxonomyTemplates: {
      description:
        'Lists mapping templates in name order (case and accents folded), filtered by `channel` (404 when unknown) and a name prefix (`name`).',
      example: {
        query: { channel: 'google', name: 'google m' },
        response: { items: [templateStored], nextCursor: null },
      },
    },
    createTaxonomyTemplate: {
      description:
        'Creates a mapping template (`201` with `Location` and `ETag`): a channel, category mappings (`internalPath` → channel category) and attribute mappings, applied together. Categories are checked like a mapping’s (they must exist and not be retired in a loaded taxonomy; 400 naming `categories[i].channelCategory`), and attribute mappings against the channel’s attributes. Names are unique per channel, case and accents aside: a taken one is a 409 naming the template that has it. An unknown channel is a 404.',
      example: {
        body: {
          name: 'Google mugs',
          channel: 'google',
          description: 'Mugs and cups for the Google Merchant Center feed.',
          categories: [{ internalPath: 'Kitchen > Mugs', channelCategory: { id: '2169' } }],
          attributes: [
            { target: 'title', transform: { type: 'template', template: '{attributes.Brand} {title}' } },
          ],
        },
        response: {
          ...templateStored,
          listingCount: 0,
          version: 1,
          updatedAt: '2026-11-14T10:00:00.000Z',
        },
      },
    },
    getTaxonomyTemplate: {
      description:
        'Reads a mapping template, with its `ETag` and how many listings it made last. 404 for an unknown id.',
      example: { params: { templateId: mugsTemplate }, response: templateStored },
    },
    replaceTaxonomyTemplate: {
      description:
        'Replaces a mapping template and answers it with its new version (an identical body changes nothing). `If-Match` is honoured (412 when stale); 404 for an unknown id. Listings keep the version that made them until the template is applied again.\n\nA template that made listings cannot move to another channel: 409 (duplicate it for the other channel instead). A name another template of the channel has is a 409.',
      example: {
        params: { templateId: mugsTemplate },
        body: {
          name: 'Google mugs',
          channel: 'google',
          description: 'Mugs and cups for the Google Merchant Center feed.',
          categories: [
            { internalPath: 'Kitchen > Mugs', channelCategory: { id: '2169' } },
            { internalPath: 'Kitchen > Cups', channelCategory: { id: '2169' } },
          ],
          attributes: [
            { target: 'title', transform: { type: 'template', template: '{attributes.Brand} {title}' } },
          ],
        },
        response: {
          ...templateStored,
          categories: [
            { internalPath: 'Kitchen > Mugs', channelCategory: googleMugs },
            { internalPath: 'Kitchen > Cups', channelCategory: googleMugs },
          ],
          version: 4,
          updatedAt: '2026-11-22T11:00:00.000Z',
        },
      },
    },
    deleteTaxonomyTemplate: {
      description:
        'Deletes a mapping template (`204`). While channel listings name it (`listingCount` above 0) the delete is a 409, unless `force=true`: then the listings stay, naming a template that no longer exists. `If-Match` is honoured (412 when stale); 404 for an unknown id. Needs the manager role.',
      example: { params: { templateId: mugsTemplateCopy }, query: { force: 'true' } },
    },
    duplicateTaxonomyTemplate: {
      description:
        'Copies a template under a new id (`201` with `Location`), named `body.name` or, without one, the original’s name with ` (copy)` (` (copy 2)`, … when taken). A `body.name` another template of the channel has is a 409. The copy starts at version 1 with no listings. 404 for an unknown id.',
      example: {
        params: { templateId: mugsTemplate },
        response: {
          ...templateStored,
          id: mugsTemplateCopy,
          name: 'Google mugs (copy)',
          listingCount: 0,
          version: 1,
          createdAt: '2026-11-22T11:05:00.000Z',
          updatedAt: '2026-11-22T11:05:00.000Z',
        },
      },
    },
    previewTaxonomyMapping: {
      description:
        'Shows what products would become on a channel without saving anything: under a saved template (`templateId`), an inline `template`, an inline `mapping`, or the channel’s own mappings (`channel` alone). Give `products` (up to 500) or `skus` already listed on the channel; with `skus` each result also shows the listing kept now (`current`), which is how kept listings are read back.\n\nEach product is `valid` with its draft listing, `failed` (422) with every problem and its missing required attributes, or `not_listed` (404, with `skus`). More than one of `templateId`, `template`, `mapping` is a 400; a `channel` that disagrees with the template’s or mapping’s is a 400; an unknown template is a 404.',
      example: {
        body: { templateId: mugsTemplate, products: [blueMug, redMug] },
        response: {
          channel: 'google',
          source: { kind: 'template', templateId: mugsTemplate, templateVersion: 3 },
          counts: { products: 2, valid: 1, failed: 1, notListed: 0 },
          results: [
            {
              sku: 'MUG-BLUE',
              status: 200,
              outcome: 'valid',
              missingRequired: [],
              problems: [],
              listing: blueMugDraft,
            },
            {
              sku: 'MUG-RED',
              status: 422,
              outcome: 'failed',
              missingRequired: ['capacity'],
              problems: [redMugProblem],
            },
          ],
        },
      },
    },
    applyTaxonomyTemplate: {
      description:
        'Applies a template over up to 500 `products`, or over `skus` already listed on its channel, and keeps each product’s listing per channel and SKU with the template and version. Per product the category comes from the template (nearest mapped ancestor), else the channel’s mappings; attribute values from the template’s mappings, then the category mapping’s, then each attribute’s standing mapping.\n\nEach product is listed all or nothing: `created` (201), `updated` or `unchanged` (200), `failed` (422, with every problem and its missing required attributes; no listing), or `not_listed` (404). Listings are written in transactions of up to 49, each conditioned on what was read. `templateVersion` other than the template’s is a 412; a template changed or deleted during the apply is a 409 when nothing was listed yet, else the products after the change are `failed` with a `conflict` problem. An unknown template is a 404.',
      example: {
        body: { templateId: mugsTemplate, templateVersion: 3, products: [blueMug, redMug] },
        response: {
          templateId: mugsTemplate,
          templateVersion: 3,
          channel: 'google',
          counts: { products: 2, created: 1, updated: 0, unchanged: 0, failed: 1, notListed: 0 },
          results: [
            {
              sku: 'MUG-BLUE',
              status: 201,
              outcome: 'created',
              missingRequired: [],
              problems: [],
              listing: {
                ...blueMugDraft,
                id: 'google:MUG-BLUE',
                revision: 1,
                appliedAt: '2026-11-22T11:20:04.000Z',
              },
            },
            {
              sku: 'MUG-RED',
              status: 422,
              outcome: 'failed',
              missingRequired: ['capacity'],
              problems: [redMugProblem],
            },
          ],
        },
      },
    },
  },
});
