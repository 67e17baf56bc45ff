import * as z from 'zod/mini';
import { orderIdSchema } from '../../../shared/domain/order';
import { historyKinds } from '../../../shared/domain/order-history';
import { cursorSchema, limitSchema, timestampSchema, ulidSchema } from '../../../shared/http/schemas';
import type { RangeEdge } from './range';
import { rangeBound, rangeProblem } from './range';

export const historyParams = z.strictObject({ orderId: orderIdSchema });

const boundMessage =
  'must be an ISO 8601 date (2026-11-20) or date and time with Z or an offset (2026-11-20T09:30:00Z)';

/** A `from` or `to` bound, as the stored form of an entry's `at` (a date `to` ends its day). */
function boundSchema(edge: RangeEdge) {
  return z.optional(
    z.pipe(
      z.string().check(z.refine((value) => rangeBound(value, edge) !== undefined, boundMessage)),
      z.transform((value) => rangeBound(value, edge)!),
    ),
  );
}

export const historyListQuery = z
  .strictObject({
    limit: limitSchema,
    cursor: cursorSchema,
    /** Entries at or after this instant (a date: from the start of that UTC day). */
    from: boundSchema('start'),
    /** Entries at or before this instant (a date: to the end of that UTC day, the whole day included). */
    to: boundSchema('end'),
  })
  .check(
    z.superRefine((query, context) => {
      const problem = rangeProblem(query);
      if (problem)
        context.issues.push({ code: 'custom', message: problem, path: ['from'], input: query.from });
    }),
  );

export const historyEntrySchema = z.object({
  id: ulidSchema,
  orderId: z.string(),
  kind: z.enum(historyKinds),
  at: timestampSchema,
  /** The token's username, `rule:<ruleId>` or `system`. */
  actor: z.string(),
  summary: z.string(),
  /** Field → { from, to } for what changed. */
  changes: z.optional(z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))),
});
