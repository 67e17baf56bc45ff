import * as z from 'zod/mini';
import { lineText } from '../../../shared/http/text';
import { moneySchema } from '../../../shared/domain/money';
import {
  cursorSchema,
  idListQuery,
  limitSchema,
  skuSchema,
  timestampSchema,
  ulidSchema,
} from '../../../shared/http/schemas';
import { leadTimeDays } from '../vendors/schemas';

export const poSourceInputSchema = z.strictObject({
  vendorId: ulidSchema,
  sku: skuSchema,
  vendorSku: z.optional(lineText(64)),
  unitCost: moneySchema,
  /** A minimum, not a multiple: the order is at least this many units. */
  minimumOrderQuantity: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)), 1),
  /** Units per pack: suggestions are rounded up to whole packs. Absent: units are sold one by one. */
  packSize: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000))),
  /** Overrides the vendor's lead time for this SKU. */
  leadTimeDays: z.optional(leadTimeDays),
  warehouseId: ulidSchema,
});
export type PoSourceInput = z.infer<typeof poSourceInputSchema>;

export const poSourceSchema = z.object({
  ...poSourceInputSchema.def.shape,
  id: ulidSchema,
  createdAt: timestampSchema,
});
export type PoSource = z.infer<typeof poSourceSchema>;

export const poSourceListQuery = z.strictObject({
  vendorId: z.optional(ulidSchema),
  sku: z.optional(skuSchema),
  warehouseId: z.optional(ulidSchema),
  limit: limitSchema,
  cursor: cursorSchema,
});

const maxPoSourcesPerDelete = 50;
export const poSourceDeleteQuery = z.strictObject({
  ids: z.optional(idListQuery(ulidSchema, maxPoSourcesPerDelete)),
});
export const poSourceDeleteBody = z.strictObject({
  ids: z.array(ulidSchema).check(z.minLength(1), z.maxLength(maxPoSourcesPerDelete)),
});
export const poSourceDeleteResult = z.object({ deleted: z.array(ulidSchema) });

export const warehouseListQuery = z.strictObject({ limit: limitSchema, cursor: cursorSchema });
