import * as z from 'zod/mini';
import {
  cursorSchema,
  limitSchema,
  nameSchema,
  timestampSchema,
  ulidSchema,
} from '../../../shared/http/schemas';
import { levelSchema, levelsInOrder } from '../stock-rules/schemas';

/** A calendar date, YYYY-MM-DD. */
const dateSchema = z.iso.date();

const rulePeriodFields = {
  ruleId: ulidSchema,
  name: nameSchema,
  from: dateSchema,
  /** Inclusive. */
  to: dateSchema,
  minLevel: levelSchema,
  maxLevel: levelSchema,
};

const datesInOrder = z.refine<{ from: string; to: string }>((range) => range.from <= range.to, {
  message: 'must be on or after from',
  path: ['to'],
});

/** What a client sends to create or replace a rule period: levels that override the rule's for the dates. */
export const rulePeriodInputSchema = z.strictObject(rulePeriodFields).check(levelsInOrder, datesInOrder);
export type RulePeriodInput = z.infer<typeof rulePeriodInputSchema>;

export const rulePeriodSchema = z.object({
  ...rulePeriodFields,
  id: ulidSchema,
  version: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type RulePeriod = z.infer<typeof rulePeriodSchema>;

export const rulePeriodIdParams = z.strictObject({ id: ulidSchema });

export const rulePeriodListQuery = z.strictObject({
  ruleId: z.optional(ulidSchema),
  /** Periods whose dates include this day. */
  activeOn: z.optional(dateSchema),
  limit: limitSchema,
  cursor: cursorSchema,
});
