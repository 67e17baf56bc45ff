/**
 * What the taxonomy group's operations share: category paths, channel categories, products as apply and
 * preview take them, attribute values, sources and transforms. Client-named keys (attribute names) stay
 * data: a product attribute called `__proto__` or `constructor` is read like any other.
 */
import * as z from 'zod/mini';
import { codeSchema, idFormMessage, skuSchema } from '../../shared/http/schemas';
import { freeText, lineText } from '../../shared/http/text';
import { readCategoryPath } from './rules/category-path';
import { unitNames } from './rules/units';

/** Channel codes compare case-insensitively: they are kept in lower case. */
export const channelSchema = z.pipe(
  codeSchema,
  z.transform((code: string) => code.toLowerCase()),
);

/** A category path, "Apparel > Shirts > Oxford", answered in its tidy form. */
export const categoryPathSchema = z.pipe(
  z.string(),
  z.transform((raw: string, context) => {
    const reading = readCategoryPath(raw);
    if ('problem' in reading) {
      context.issues.push({ code: 'custom', message: reading.problem, input: raw });
      return z.NEVER;
    }
    return reading.path;
  }),
);

/** A channel's category id: Google's numbers, Shopify's `gid://shopify/TaxonomyCategory/aa-1`. */
export const channelCategoryIdSchema = z
  .string()
  .check(
    z.regex(
      /^[A-Za-z0-9][A-Za-z0-9:/._-]{0,199}$/,
      idFormMessage('1 to 200', ': / . _ -', 'the channel category id'),
    ),
  );

export const channelCategoryInputSchema = z.strictObject({
  id: channelCategoryIdSchema,
  /** Optional for a loaded taxonomy (it names the path); required for a channel without one. */
  path: z.optional(categoryPathSchema),
});
export const channelCategorySchema = z.object({ id: z.string(), path: z.string() });
export type ChannelCategory = z.infer<typeof channelCategorySchema>;

export const attributeNameSchema = lineText(100).check(
  z.refine((name: string) => !/[{}]/.test(name), 'must not contain { or } (they mark template placeholders)'),
);

export const measureSchema = z.strictObject({
  value: z.number().check(z.refine(Number.isFinite, 'must be a finite number')),
  unit: z.enum(unitNames),
});
export type Measure = z.infer<typeof measureSchema>;

export const attributeValueSchema = z.union([
  freeText(2000, 0),
  z.number().check(z.refine(Number.isFinite, 'must be a finite number')),
  z.boolean(),
  measureSchema,
]);
export type AttributeValue = z.infer<typeof attributeValueSchema>;

/** Attribute values by name as answered (a custom schema: zod's record would drop a key named `__proto__`). */
export const attributeValuesSchema = z.custom<Record<string, AttributeValue>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
);

const maxProductAttributes = 100;

/**
 * Attributes by name as a null-prototype object built from the JSON's own entries: zod's record would
 * drop a key named `__proto__`.
 */
export const productAttributesSchema = z.pipe(
  z.custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    'must be an object of attribute names and values',
  ),
  z.transform((input: Record<string, unknown>, context) => {
    const entries = Object.entries(input);
    if (entries.length > maxProductAttributes) {
      context.issues.push({
        code: 'custom',
        message: `must hold at most ${maxProductAttributes} attributes`,
        input,
      });
      return z.NEVER;
    }
    const out = Object.create(null) as Record<string, AttributeValue>;
    for (const [name, value] of entries) {
      const nameCheck = attributeNameSchema.safeParse(name);
      if (!nameCheck.success) {
        context.issues.push({
          code: 'custom',
          message: `attribute name ${nameCheck.error.issues[0]?.message ?? 'is invalid'}`,
          input: name,
          path: [name],
        });
        continue;
      }
      const checked = attributeValueSchema.safeParse(value);
      if (!checked.success) {
        context.issues.push({
          code: 'custom',
          message: 'must be text, a number, true or false, or { value, unit }',
          input: value,
          path: [name],
        });
        continue;
      }
      out[nameCheck.data] = checked.data;
    }
    return out;
  }),
);

export const productSchema = z.strictObject({
  sku: skuSchema,
  title: lineText(500),
  description: z.optional(freeText(5000)),
  categoryPath: categoryPathSchema,
  attributes: z._default(
    productAttributesSchema,
    () => Object.create(null) as Record<string, AttributeValue>,
  ),
});
export type Product = z.infer<typeof productSchema>;

/** Products' own fields a mapping may read. */
export const productFields = ['sku', 'title', 'description', 'categoryPath'] as const;

export const sourceSchema = z.union([
  z.strictObject({ field: z.enum(productFields) }),
  z.strictObject({ attribute: attributeNameSchema }),
]);
export type Source = z.infer<typeof sourceSchema>;

const scalarSchema = z.union([lineText(500, 0), z.number(), z.boolean()]);

export const transformSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('copy') }),
  z.strictObject({ type: z.literal('constant'), value: attributeValueSchema }),
  z.strictObject({
    type: z.literal('value_map'),
    values: z
      .array(z.strictObject({ from: scalarSchema, to: attributeValueSchema }))
      .check(z.minLength(1), z.maxLength(500)),
    default: z.optional(attributeValueSchema),
  }),
  z.strictObject({
    type: z.literal('unit_convert'),
    /** The unit of a source that is a bare number. */
    from: z.optional(z.enum(unitNames)),
    to: z.enum(unitNames),
  }),
  z.strictObject({ type: z.literal('template'), template: freeText(2000, 1) }),
  z.strictObject({
    type: z.literal('concat'),
    sources: z.array(sourceSchema).check(z.minLength(2), z.maxLength(20)),
    separator: z._default(z.string().check(z.maxLength(10)), ' '),
  }),
]);
export type Transform = z.infer<typeof transformSchema>;

/** Transforms that read one source. */
export const sourcedTransforms = new Set<Transform['type']>(['copy', 'value_map', 'unit_convert']);

/** copy, value_map and unit_convert read a source; the others take none. */
function sourceRule(mapping: { source?: Source; transform: Transform }, context: { issues: unknown[] }) {
  const needsSource = sourcedTransforms.has(mapping.transform.type);
  if (needsSource === (mapping.source !== undefined)) return;
  (context.issues as Array<Record<string, unknown>>).push({
    code: 'custom',
    message: needsSource
      ? `a ${mapping.transform.type} transform needs a source (a product field or attribute)`
      : `a ${mapping.transform.type} transform takes no source`,
    input: mapping,
    path: ['source'],
  });
}

export const attributeMappingSchema = z
  .strictObject({
    target: attributeNameSchema,
    source: z.optional(sourceSchema),
    transform: transformSchema,
  })
  .check(z.superRefine(sourceRule));

/** The merchant's standing mapping to a channel attribute, kept with its definition. */
export const defaultMappingSchema = z
  .strictObject({ source: z.optional(sourceSchema), transform: transformSchema })
  .check(z.superRefine(sourceRule));
export type AttributeMapping = z.infer<typeof attributeMappingSchema>;

export const maxAttributeMappings = 200;

/** Attribute mappings, one per target attribute. */
export const attributeMappingsSchema = z.array(attributeMappingSchema).check(
  z.maxLength(maxAttributeMappings),
  z.superRefine((mappings, context) => {
    const seen = new Map<string, number>();
    mappings.forEach((mapping, index) => {
      const key = mapping.target.toLocaleLowerCase('en');
      const first = seen.get(key);
      if (first !== undefined) {
        context.issues.push({
          code: 'custom',
          message: `maps ${mapping.target} again (first at ${first}): one mapping per target attribute`,
          input: mapping,
          path: [index, 'target'],
        });
      } else seen.set(key, index);
    });
  }),
);

export const attributeTypes = ['text', 'number', 'boolean', 'enum', 'measure'] as const;
export type AttributeType = (typeof attributeTypes)[number];

/** A channel attribute as the rules read it. */
export interface AttributeDefinitionRule {
  name: string;
  type: AttributeType;
  unit?: string;
  required: boolean;
  allowedValues?: string[];
  maxLength?: number;
}
