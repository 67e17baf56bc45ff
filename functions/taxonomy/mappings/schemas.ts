import * as z from 'zod/mini';
import { cursorSchema, limitSchema, timestampSchema, ulidSchema } from '../../../shared/http/schemas';
import {
  attributeMappingSchema,
  attributeMappingsSchema,
  categoryPathSchema,
  channelCategoryInputSchema,
  channelCategorySchema,
  channelSchema,
} from '../schemas';

export const mappingStatuses = ['mapped', 'unmapped', 'retired'] as const;

/** The mapping of one internal category to one channel's category, with attribute mappings. */
export const categoryMappingInputSchema = z.strictObject({
  channel: channelSchema,
  internalPath: categoryPathSchema,
  channelCategory: channelCategoryInputSchema,
  attributes: z._default(attributeMappingsSchema, []),
});
export type CategoryMappingInput = z.infer<typeof categoryMappingInputSchema>;

export const categoryMappingSchema = z.object({
  id: ulidSchema,
  channel: z.string(),
  internalPath: z.string(),
  channelCategory: channelCategorySchema,
  attributes: z.array(attributeMappingSchema),
  /** `mapped`, or `retired` once the channel retired the category. */
  status: z.enum(['mapped', 'retired']),
  /** Checked against the channel's loaded taxonomy (false: the channel had none loaded). */
  verified: z.boolean(),
  version: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type CategoryMapping = z.infer<typeof categoryMappingSchema>;

/** A row of the list: a mapping, or an internal category an apply met unmapped. */
export const mappingRowSchema = z.object({
  channel: z.string(),
  internalPath: z.string(),
  status: z.enum(mappingStatuses),
  id: z.optional(ulidSchema),
  channelCategory: z.optional(channelCategorySchema),
  attributes: z.optional(z.array(attributeMappingSchema)),
  verified: z.optional(z.boolean()),
  version: z.optional(z.number()),
  createdAt: z.optional(timestampSchema),
  updatedAt: z.optional(timestampSchema),
  /** Unmapped rows: when an apply last met the category, and a SKU it met it with. */
  lastSeenAt: z.optional(timestampSchema),
  exampleSku: z.optional(z.string()),
});

export const mappingListQuery = z.strictObject({
  channel: z.optional(channelSchema),
  /** Internal categories at or under this path (whole levels, case-insensitive). */
  prefix: z.optional(categoryPathSchema),
  status: z.optional(z.enum(mappingStatuses)),
  limit: limitSchema,
  cursor: cursorSchema,
});

export const crossReferenceQuery = z.strictObject({
  channel: z.optional(channelSchema),
  prefix: z.optional(categoryPathSchema),
  limit: limitSchema,
  cursor: cursorSchema,
});

export const crossReferenceRowSchema = z.object({
  internalPath: z.string(),
  channels: z.array(
    z.object({
      channel: z.string(),
      status: z.enum(['mapped', 'retired']),
      channelCategory: channelCategorySchema,
      verified: z.boolean(),
    }),
  ),
  /** Known channels this internal category has no mapping to. */
  unmappedChannels: z.array(z.string()),
});
