import * as z from 'zod/mini';
import { lineText } from '../../../shared/http/text';
import { conditionOperators } from '../../../shared/domain/automation';
import { cursorSchema, limitSchema, timestampSchema, ulidSchema } from '../../../shared/http/schemas';

/** A grid column or filter names an order field by its path (`customer.name`, `totals.total`). */
const fieldPathSchema = z
  .string()
  .check(
    z.maxLength(100),
    z.regex(
      /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/,
      'must be a field path such as customer.name',
    ),
  );

/** Refuses a field named twice, pointing at the repeat. */
function uniqueFields<T extends { field: string }>(what: string) {
  return z.superRefine<T[]>((entries, context) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.field)) {
        context.issues.push({
          code: 'custom',
          message: `${entry.field} is already a ${what}`,
          path: [index, 'field'],
          input: entry.field,
        });
      }
      seen.add(entry.field);
    });
  });
}

const columnSchema = z.strictObject({
  field: fieldPathSchema,
  /** Pixels. */
  width: z.number().check(z.int(), z.minimum(20), z.maximum(2000)),
  visible: z.boolean(),
});

const sortSchema = z.strictObject({ field: fieldPathSchema, direction: z.enum(['asc', 'desc']) });

const filterScalar = z.union([lineText(500, 0), z.number(), z.boolean()]);
const filterSchema = z.strictObject({
  field: fieldPathSchema,
  operator: z.enum(conditionOperators),
  value: z.union([filterScalar, z.array(filterScalar).check(z.maxLength(100))], {
    error: 'must be a string, a number, true or false, or an array of them',
  }),
});

const columnViewFields = {
  name: lineText(100),
  columns: z
    .array(columnSchema)
    .check(z.minLength(1), z.maxLength(100), uniqueFields<z.infer<typeof columnSchema>>('column')),
  sort: z._default(
    z.array(sortSchema).check(z.maxLength(10), uniqueFields<z.infer<typeof sortSchema>>('sort key')),
    [],
  ),
  filters: z._default(z.array(filterSchema).check(z.maxLength(50)), []),
  /** Shared views are listed for everyone; private ones only for their owner. */
  shared: z._default(z.boolean(), false),
};

/** DESIGN §4: a view is at most 64 KB, so every user's list of them stays small and no item nears 400 KB. */
export const maxViewBytes = 64 * 1024;

export const columnViewInputSchema = z.strictObject(columnViewFields).check(
  z.superRefine((view, context) => {
    const bytes = Buffer.byteLength(JSON.stringify(view));
    if (bytes > maxViewBytes) {
      context.issues.push({
        code: 'custom',
        message: `a column view is at most ${maxViewBytes} bytes as JSON (64 KB); this one is ${bytes}`,
        path: [],
        input: view,
      });
    }
  }),
);

export const columnViewSchema = z.object({
  ...columnViewFields,
  id: ulidSchema,
  /** The token subject of who saved it. */
  owner: z.string(),
  ownerName: z.string(),
  createdAt: timestampSchema,
});
export type ColumnView = z.infer<typeof columnViewSchema>;

export const columnViewListQuery = z.strictObject({
  scope: z._default(z.enum(['mine', 'shared', 'all']), 'all'),
  limit: limitSchema,
  cursor: cursorSchema,
});

export const columnViewIdParams = z.strictObject({ id: ulidSchema });
