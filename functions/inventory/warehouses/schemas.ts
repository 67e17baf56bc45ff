import * as z from 'zod/mini';
import { addressSchema } from '../../../shared/domain/address';
import {
  codeSchema,
  cursorSchema,
  limitSchema,
  nameSchema,
  queryBoolean,
  ulidSchema,
} from '../../../shared/http/schemas';
import { stockSummarySchema } from '../../../shared/warehouses/stock-summary';
import { warehouseSchema } from '../../../shared/warehouses/warehouse';

/** What a client sends to create or replace a warehouse. */
export const warehouseInputSchema = z.strictObject({
  code: codeSchema,
  name: nameSchema,
  /** Where parcels ship from: carriers rate from it. */
  originAddress: z.optional(addressSchema),
  /** Printed on labels as the return address. */
  returnAddress: z.optional(addressSchema),
  /** Units the warehouse can hold; absent when unbounded. */
  capacity: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000))),
  active: z._default(z.boolean(), true),
  acceptsWorkOrders: z._default(z.boolean(), true),
  acceptsPurchaseOrders: z._default(z.boolean(), true),
  /** true makes this the default (the previous one stops being it); absent keeps the current state. */
  isDefault: z.optional(z.boolean()),
});
export type WarehouseInput = z.infer<typeof warehouseInputSchema>;

/** The warehouse as this group answers it: the shared resource and what it holds. */
export const warehouseViewSchema = z.object({
  ...warehouseSchema.def.shape,
  stockSummary: stockSummarySchema,
});
export type WarehouseView = z.infer<typeof warehouseViewSchema>;

export const warehouseIdParams = z.strictObject({ id: ulidSchema });

export const warehouseListQuery = z.strictObject({
  active: queryBoolean,
  acceptsWorkOrders: queryBoolean,
  acceptsPurchaseOrders: queryBoolean,
  limit: limitSchema,
  cursor: cursorSchema,
});

export const warehouseDeleteQuery = z.strictObject({
  /** Required when deleting the default warehouse while others exist: the one that becomes default. */
  newDefaultId: z.optional(ulidSchema),
});
