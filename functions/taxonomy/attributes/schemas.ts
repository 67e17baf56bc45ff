import * as z from 'zod/mini';
import { cursorSchema, limitSchema, timestampSchema, ulidSchema } from '../../../shared/http/schemas';
import { freeText, lineText } from '../../../shared/http/text';
import {
  attributeNameSchema,
  attributeTypes,
  categoryPathSchema,
  channelCategoryInputSchema,
  channelCategorySchema,
  channelSchema,
  defaultMappingSchema,
} from '../schemas';
import { unitNames } from '../rules/units';

export const maxAllowedValues = 1000;

/** A channel attribute: what the channel takes, where (a category and those under it, or every one). */
export const attributeDefinitionInputSchema = z
  .strictObject({
    channel: channelSchema,
    scope: z.optional(channelCategoryInputSchema),
    name: attributeNameSchema,
    type: z.enum(attributeTypes),
    unit: z.optional(z.enum(unitNames)),
    required: z._default(z.boolean(), false),
    allowedValues: z.optional(z.array(lineText(200)).check(z.minLength(1), z.maxLength(maxAllowedValues))),
    maxLength: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
    description: z.optional(freeText(1000)),
    mapping: z.optional(defaultMappingSchema),
  })
  .check(
    z.superRefine((definition, context) => {
      const issue = (path: string, message: string) =>
        context.issues.push({ code: 'custom', message, input: definition, path: [path] });
      if (definition.type === 'measure' && !definition.unit)
        issue('unit', 'a measure attribute names its unit');
      if (definition.type !== 'measure' && definition.unit)
        issue('unit', 'only a measure attribute has a unit');
      if (definition.type === 'enum' && !definition.allowedValues) {
        issue('allowedValues', 'an enum attribute lists its allowed values');
      }
      if (definition.type !== 'enum' && definition.allowedValues) {
        issue('allowedValues', 'only an enum attribute has allowed values');
      }
      if (definition.type !== 'text' && definition.maxLength !== undefined) {
        issue('maxLength', 'only a text attribute has a maximum length');
      }
      const seen = new Set<string>();
      for (const value of definition.allowedValues ?? []) {
        const key = value.toLocaleLowerCase('en');
        if (seen.has(key)) issue('allowedValues', `lists "${value}" twice`);
        seen.add(key);
      }
    }),
  );
export type AttributeDefinitionInput = z.infer<typeof attributeDefinitionInputSchema>;

export const attributeDefinitionSchema = z.object({
  id: ulidSchema,
  channel: z.string(),
  scope: z.optional(channelCategorySchema),
  name: z.string(),
  type: z.enum(attributeTypes),
  unit: z.optional(z.string()),
  required: z.boolean(),
  allowedValues: z.optional(z.array(z.string())),
  maxLength: z.optional(z.number()),
  description: z.optional(z.string()),
  mapping: z.optional(defaultMappingSchema),
  /** The scope was checked against the channel's loaded taxonomy. */
  verified: z.boolean(),
  version: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type AttributeDefinition = z.infer<typeof attributeDefinitionSchema>;

export const attributeListQuery = z.strictObject({
  channel: z.optional(channelSchema),
  /** Only the attributes that apply to this channel category path (needs `channel`). */
  categoryPath: z.optional(categoryPathSchema),
  name: z.optional(attributeNameSchema),
  required: z.optional(
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((value) => value === 'true'),
    ),
  ),
  limit: limitSchema,
  cursor: cursorSchema,
});
