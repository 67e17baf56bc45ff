import * as z from 'zod/mini';
import { lineText } from '../../../shared/http/text';
import { statusCategories } from '../../../shared/domain/order-status';
import { cursorSchema, limitSchema, timestampSchema, ulidSchema } from '../../../shared/http/schemas';

/** Built-in status ids are lowercase words (`on-hold`); custom ones are ULIDs. */
export const statusIdSchema = z
  .string()
  .check(
    z.regex(
      /^(?:[a-z][a-z0-9-]{0,63}|[0-9A-HJKMNP-TV-Z]{26})$/,
      'must be a status id (a built-in id such as on-hold, or a ULID)',
    ),
  );

export const statusInputSchema = z.strictObject({
  /** Unique case-insensitively across built-in and custom statuses. */
  name: lineText(100),
  category: z.enum(statusCategories),
  /** Orders in this status may allocate more than is available (the shortfall is backordered). */
  allowBackorder: z._default(z.boolean(), false),
  color: z.optional(
    z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour as #rrggbb'), z.toLowerCase()),
  ),
});
export type StatusInput = z.infer<typeof statusInputSchema>;

export const statusSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(statusCategories),
  allowBackorder: z.boolean(),
  builtIn: z.boolean(),
  color: z.optional(z.string()),
  createdAt: z.optional(timestampSchema),
});

export const statusListQuery = z.strictObject({
  category: z.optional(z.enum(statusCategories)),
  limit: limitSchema,
  cursor: cursorSchema,
});

export const statusIdParams = z.strictObject({ statusId: statusIdSchema });

export const statusDeleteQuery = z.strictObject({
  /** Orders in the deleted status move to this one, and rules that set it set this one instead. */
  replacementStatusId: z.optional(statusIdSchema),
});

export const statusDeleteResult = z.object({
  deleted: z.string(),
  replacementStatusId: z.nullable(z.string()),
  movedOrders: z.number(),
  updatedRuleIds: z.array(ulidSchema),
});
export type StatusDeleteResult = z.infer<typeof statusDeleteResult>;
