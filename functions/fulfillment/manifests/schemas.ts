import * as z from 'zod/mini';
import { daySchema } from '../../../shared/domain/shipment';
import { manifestStatuses, manifestViewSchema } from '../../../shared/domain/manifest';
import { cursorSchema, limitSchema, ulidSchema } from '../../../shared/http/schemas';

export const manifestParams = z.strictObject({ manifestId: ulidSchema });

export const manifestListQuery = z
  .strictObject({
    /** Ship dates from and to (inclusive); by default the last 30 days to a week ahead. */
    from: z.optional(daySchema),
    to: z.optional(daySchema),
    carrier: z.optional(z.string().check(z.regex(/^[a-z][a-z0-9_-]{0,39}$/, 'must be a processor code'))),
    warehouseId: z.optional(ulidSchema),
    status: z.optional(z.enum(manifestStatuses)),
    limit: limitSchema,
    cursor: cursorSchema,
  })
  .check(
    z.refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: 'from must not be after to',
      path: ['from'],
    }),
  );

export const closedManifestSchema = z.object({
  manifest: manifestViewSchema,
  /** The end-of-day form: a fresh link on every answer. */
  form: z.object({ url: z.string(), expiresAt: z.string(), fileName: z.string() }),
});

export { manifestViewSchema };
