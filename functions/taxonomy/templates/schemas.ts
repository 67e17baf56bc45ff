import * as z from 'zod/mini';
import {
  cursorSchema,
  limitSchema,
  queryBoolean,
  timestampSchema,
  ulidSchema,
} from '../../../shared/http/schemas';
import { freeText, lineText } from '../../../shared/http/text';
import {
  attributeMappingSchema,
  attributeMappingsSchema,
  categoryPathSchema,
  channelCategoryInputSchema,
  channelCategorySchema,
  channelSchema,
} from '../schemas';
import { foldedPath } from '../rules/category-path';

export const maxTemplateCategories = 500;

/** A template: a channel's category mappings and attribute mappings, applied together. */
export const templateInputSchema = z.strictObject({
  name: lineText(200),
  channel: channelSchema,
  description: z.optional(freeText(1000)),
  categories: z._default(
    z
      .array(
        z.strictObject({ internalPath: categoryPathSchema, channelCategory: channelCategoryInputSchema }),
      )
      .check(
        z.maxLength(maxTemplateCategories),
        z.superRefine((categories, context) => {
          const seen = new Map<string, number>();
          categories.forEach((category, index) => {
            const folded = foldedPath(category.internalPath);
            const first = seen.get(folded);
            if (first !== undefined) {
              context.issues.push({
                code: 'custom',
                message: `maps ${category.internalPath} again (first at ${first})`,
                input: category,
                path: [index, 'internalPath'],
              });
            } else seen.set(folded, index);
          });
        }),
      ),
    [],
  ),
  attributes: z._default(attributeMappingsSchema, []),
});
export type TemplateInput = z.infer<typeof templateInputSchema>;

export const templateSchema = z.object({
  id: ulidSchema,
  name: z.string(),
  channel: z.string(),
  description: z.optional(z.string()),
  categories: z.array(z.object({ internalPath: z.string(), channelCategory: channelCategorySchema })),
  attributes: z.array(attributeMappingSchema),
  /** Every category was checked against the channel's loaded taxonomy. */
  verified: z.boolean(),
  /** Channel listings the template made last (a delete with listings needs `force`). */
  listingCount: z.number(),
  version: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Template = z.infer<typeof templateSchema>;

export const templateIdParams = z.strictObject({ templateId: ulidSchema });

export const templateListQuery = z.strictObject({
  channel: z.optional(channelSchema),
  /** Templates whose name begins with this (case and accents folded). */
  name: z.optional(lineText(200)),
  limit: limitSchema,
  cursor: cursorSchema,
});

export const templateDeleteQuery = z.optional(z.strictObject({ force: queryBoolean }));

export const duplicateBody = z.optional(z.strictObject({ name: z.optional(lineText(200)) }));
