import * as z from 'zod/mini';
import { skuSchema, timestampSchema, ulidSchema } from '../../../shared/http/schemas';
import { categoryMappingInputSchema } from '../mappings/schemas';
import { attributeValuesSchema, channelCategorySchema, channelSchema, productSchema } from '../schemas';
import { templateInputSchema } from '../templates/schemas';

export const maxProductsPerCall = 500;

const uniqueSkus = z.superRefine((values: Array<string | { sku: string }>, context) => {
  const seen = new Map<string, number>();
  values.forEach((value, index) => {
    const sku = typeof value === 'string' ? value : value.sku;
    const first = seen.get(sku);
    if (first !== undefined) {
      context.issues.push({
        code: 'custom',
        message: `SKU ${sku} is already at ${first}: one entry per SKU`,
        input: value,
        path: typeof value === 'string' ? [index] : [index, 'sku'],
      });
    } else seen.set(sku, index);
  });
});

const productsSchema = z
  .array(productSchema)
  .check(z.minLength(1), z.maxLength(maxProductsPerCall), uniqueSkus);
const skusSchema = z.array(skuSchema).check(z.minLength(1), z.maxLength(maxProductsPerCall), uniqueSkus);

function exactlyOne(names: readonly string[], what: string) {
  return z.superRefine((body: Record<string, unknown>, context) => {
    const given = names.filter((name) => body[name] !== undefined);
    if (given.length !== 1) {
      context.issues.push({
        code: 'custom',
        message: given.length === 0 ? `give ${what}` : `give only one of ${given.join(', ')}`,
        input: body,
        path: [given[1] ?? names[0]!],
      });
    }
  });
}

/** Apply: a template over products given here, or over the SKUs already listed on its channel. */
export const applyBody = z
  .strictObject({
    templateId: ulidSchema,
    /** Apply only if the template is at this version (412 otherwise). */
    templateVersion: z.optional(z.number().check(z.int(), z.minimum(1))),
    products: z.optional(productsSchema),
    skus: z.optional(skusSchema),
  })
  .check(exactlyOne(['products', 'skus'], 'products (up to 500) or skus already listed on the channel'));

/** Preview: what products become under a template (by id or inline), a mapping (inline), or the channel's mappings. */
export const previewBody = z
  .strictObject({
    channel: z.optional(channelSchema),
    templateId: z.optional(ulidSchema),
    template: z.optional(templateInputSchema),
    mapping: z.optional(categoryMappingInputSchema),
    products: z.optional(productsSchema),
    skus: z.optional(skusSchema),
  })
  .check(
    exactlyOne(['products', 'skus'], 'products (up to 500) or skus already listed on the channel'),
    z.superRefine((body, context) => {
      const sources = (['templateId', 'template', 'mapping'] as const).filter(
        (name) => body[name] !== undefined,
      );
      if (sources.length > 1) {
        context.issues.push({
          code: 'custom',
          message: `give only one of ${sources.join(', ')}`,
          input: body,
          path: [sources[1]!],
        });
      }
      if (sources.length === 0 && body.channel === undefined) {
        context.issues.push({
          code: 'custom',
          message:
            "give templateId, template or mapping, or a channel to preview under the channel's mappings",
          input: body,
          path: ['channel'],
        });
      }
    }),
  );

export const listingProblemSchema = z.object({
  sku: z.string(),
  attribute: z.optional(z.string()),
  kind: z.enum(['category', 'missing', 'invalid', 'not_listed', 'too_large', 'conflict']),
  reason: z.string(),
});

/** What a product becomes, unsaved (preview). */
export const draftListingSchema = z.object({
  channel: z.string(),
  sku: z.string(),
  title: z.string(),
  internalPath: z.string(),
  channelCategory: channelCategorySchema,
  attributes: attributeValuesSchema,
  templateId: z.optional(ulidSchema),
  templateVersion: z.optional(z.number()),
});

/** A listing the channel keeps: the draft an apply wrote, with its id, revision and time. */
export const channelListingSchema = z.object({
  ...draftListingSchema.def.shape,
  id: z.string(),
  revision: z.number(),
  appliedAt: timestampSchema,
});
export type ChannelListing = z.infer<typeof channelListingSchema>;
export type DraftListing = z.infer<typeof draftListingSchema>;

const problemsFields = {
  sku: z.string(),
  missingRequired: z.array(z.string()),
  problems: z.array(listingProblemSchema),
};

const applyResultSchema = z.object({
  ...problemsFields,
  /** 201 listed anew, 200 listing replaced or unchanged, 404 not listed (skus), 409 lost to a template change, 422 cannot be listed. */
  status: z.number(),
  outcome: z.enum(['created', 'updated', 'unchanged', 'failed', 'not_listed']),
  listing: z.optional(channelListingSchema),
});
export type ApplyResult = z.infer<typeof applyResultSchema>;

const previewResultSchema = z.object({
  ...problemsFields,
  /** 200 the product can be listed, 404 not listed (skus), 422 it cannot be listed. */
  status: z.number(),
  outcome: z.enum(['valid', 'failed', 'not_listed']),
  listing: z.optional(draftListingSchema),
  /** The listing the channel keeps now, if any. */
  current: z.optional(channelListingSchema),
});
export type PreviewResult = z.infer<typeof previewResultSchema>;

export const applyResponse = z.object({
  templateId: ulidSchema,
  templateVersion: z.number(),
  channel: z.string(),
  counts: z.object({
    products: z.number(),
    created: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    failed: z.number(),
    notListed: z.number(),
  }),
  results: z.array(applyResultSchema),
});

export const previewResponse = z.object({
  channel: z.string(),
  source: z.object({
    kind: z.enum(['template', 'mapping', 'channel']),
    templateId: z.optional(ulidSchema),
    templateVersion: z.optional(z.number()),
  }),
  counts: z.object({ products: z.number(), valid: z.number(), failed: z.number(), notListed: z.number() }),
  results: z.array(previewResultSchema),
});
