/** The warehouse resource: shared because vendors (PO sources), inventory, orders and fulfillment all read it. */
import * as z from 'zod/mini';
import { addressSchema } from '../domain/address';
import { codeSchema, nameSchema, timestampSchema, ulidSchema } from '../http/schemas';

export const warehouseSchema = z.object({
  id: ulidSchema,
  code: codeSchema,
  name: nameSchema,
  originAddress: z.optional(addressSchema),
  returnAddress: z.optional(addressSchema),
  /** Units the warehouse can hold; absent when unbounded. */
  capacity: z.optional(z.number().check(z.int(), z.minimum(0))),
  active: z.boolean(),
  acceptsWorkOrders: z.boolean(),
  acceptsPurchaseOrders: z.boolean(),
  isDefault: z.boolean(),
  version: z.number(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Warehouse = z.infer<typeof warehouseSchema>;
