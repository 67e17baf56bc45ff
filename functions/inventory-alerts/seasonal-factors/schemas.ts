import * as z from 'zod/mini';
import { cursorSchema, limitSchema, skuSchema, ulidSchema } from '../../../shared/http/schemas';
import { skuPatternSchema } from '../../../shared/inventory/sku-pattern';

export { seasonalFactorInputSchema, seasonalFactorSchema } from '../../../shared/inventory/seasonal-factor';
export type { SeasonalFactor, SeasonalFactorInput } from '../../../shared/inventory/seasonal-factor';

const dateSchema = z.iso.date();

export const seasonalFactorIdParams = z.strictObject({ id: ulidSchema });

export const seasonalFactorListQuery = z.strictObject({
  /** Factors that apply to this SKU (every-SKU factors, matching patterns, lists that hold it). */
  sku: z.optional(skuSchema),
  /** Factors whose exact pattern list includes this pattern. */
  skuPattern: z.optional(skuPatternSchema),
  /** Factors that apply on this day. */
  activeOn: z.optional(dateSchema),
  limit: limitSchema,
  cursor: cursorSchema,
});
