import * as z from 'zod/mini';
import {
  cursorSchema,
  idListQuery,
  nameSchema,
  queryBoolean,
  skuSchema,
  timestampSchema,
  ulidSchema,
} from '../../../shared/http/schemas';

/** A list holds at most this many SKUs, one item each (no item grows with the list). */
export const maxListSkus = 10_000;
/** Lists one delete names. */
const maxListsPerDelete = 25;

const skuSet = (min: number) => z.array(skuSchema).check(z.minLength(min), z.maxLength(maxListSkus));

export const ruleListInputSchema = z.strictObject({
  name: nameSchema,
  /** The list's first SKUs; repeats count once. */
  skus: z._default(skuSet(0), () => []),
});
export type RuleListInput = z.infer<typeof ruleListInputSchema>;

export const ruleListHeaderSchema = z.object({
  id: ulidSchema,
  name: nameSchema,
  skuCount: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type RuleListHeader = z.infer<typeof ruleListHeaderSchema>;

/** A list as its operations answer it: with every SKU, in code-point order. */
export const ruleListSchema = z.object({
  ...ruleListHeaderSchema.def.shape,
  skus: z.array(skuSchema),
});
export type RuleList = z.infer<typeof ruleListSchema>;

export const ruleListItemsBody = z.strictObject({ listId: ulidSchema, skus: skuSet(1) });

/** Removing SKUs: list id and SKUs in the body or the query (?listId=…&skus=A,B), not both. */
export const ruleListItemsQuery = z.strictObject({
  listId: z.optional(ulidSchema),
  skus: z.optional(idListQuery(skuSchema, 200)),
});

export const ruleListDeleteQuery = z.strictObject({
  ids: z.optional(idListQuery(ulidSchema, maxListsPerDelete)),
  force: queryBoolean,
});
export const ruleListDeleteBody = z.strictObject({
  ids: z.array(ulidSchema).check(z.minLength(1), z.maxLength(maxListsPerDelete)),
  force: z.optional(z.boolean()),
});
export const ruleListDeleteResult = z.object({
  deleted: z.array(ulidSchema),
  /** With force: the alert rules and seasonal factors that targeted the lists, deleted with them. */
  deletedAlertRules: z.array(ulidSchema),
  deletedSeasonalFactors: z.array(ulidSchema),
});

export { cursorSchema };
