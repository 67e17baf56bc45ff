/** Seasonal factors as stored: what the alerts group writes and the alert evaluation reads. */
import * as z from 'zod/mini';
import { nameSchema, timestampSchema, ulidSchema } from '../http/schemas';
import { skuPatternSchema } from './sku-pattern';
import { distinct } from '../http/distinct';

const dateSchema = z.iso.date();

const monthPeriod = z.strictObject({
  month: z
    .number()
    .check(
      z.int('must be a whole month, 1 to 12'),
      z.minimum(1, 'must be 1 to 12'),
      z.maximum(12, 'must be 1 to 12'),
    ),
});
const weekPeriod = z.strictObject({
  isoWeek: z
    .number()
    .check(
      z.int('must be a whole week, 1 to 53'),
      z.minimum(1, 'must be 1 to 53'),
      z.maximum(53, 'must be 1 to 53'),
    ),
});
const datePeriod = z
  .strictObject({ from: dateSchema, to: dateSchema })
  .check(z.refine((range) => range.from <= range.to, { message: 'must be on or after from', path: ['to'] }));

/** Every year's month (1–12), every year's ISO week (1–53), or a range of dates (both included). */
export const factorPeriodSchema = z.union([monthPeriod, weekPeriod, datePeriod], {
  error: 'must be one of {"month": 1 to 12}, {"isoWeek": 1 to 53} or {"from": date, "to": date}',
});

/** Neither patterns nor a list: every SKU. */
export const factorScopeSchema = z.strictObject({
  skuPatterns: z.optional(z.array(skuPatternSchema).check(z.minLength(1), z.maxLength(50), distinct)),
  ruleListId: z.optional(ulidSchema),
});

const factorFields = {
  name: nameSchema,
  /** Multiplies sales velocity on the days it applies; factors that overlap on a day multiply. */
  multiplier: z.number().check(z.minimum(0.01), z.maximum(20)),
  applies: factorPeriodSchema,
  scope: z._default(factorScopeSchema, () => ({})),
};

export const seasonalFactorInputSchema = z.strictObject(factorFields);
export type SeasonalFactorInput = z.infer<typeof seasonalFactorInputSchema>;

export const seasonalFactorSchema = z.object({
  ...factorFields,
  id: ulidSchema,
  version: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type SeasonalFactor = z.infer<typeof seasonalFactorSchema>;
