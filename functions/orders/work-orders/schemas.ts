import * as z from 'zod/mini';
import { minorUnitsSchema } from '../../../shared/domain/money';
import {
  cursorSchema,
  limitSchema,
  skuSchema,
  timestampSchema,
  ulidSchema,
} from '../../../shared/http/schemas';
import { warehouseSchema } from '../../../shared/warehouses/warehouse';

export const workOrderReasons = ['assembly', 'adjustment', 'receipt', 'count'] as const;

const lineSchema = z.strictObject({
  sku: skuSchema,
  /** Signed change of on hand: positive adds units, negative removes them. */
  quantity: z.number().check(
    z.int(),
    z.minimum(-1_000_000),
    z.maximum(1_000_000),
    z.refine((value) => value !== 0, 'must not be zero'),
  ),
  /** Minor units per unit, for inbound lines; defaults to the current average cost. */
  unitCost: z.optional(minorUnitsSchema),
});

/** A work order names at most this many lines (larger ones are staged and confirmed by the ledger). */
export const maxWorkOrderLines = 500;

export const workOrderInputSchema = z.strictObject({
  warehouseId: ulidSchema,
  reason: z.enum(workOrderReasons),
  lines: z.array(lineSchema).check(z.minLength(1), z.maxLength(maxWorkOrderLines)),
  /** The order this work order serves, if any (a kit assembled for it). */
  orderReference: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  note: z.optional(z.string().check(z.maxLength(1000))),
  /** false records the work order as open (planned) without touching stock. */
  apply: z._default(z.boolean(), true),
});
export type WorkOrderInput = z.infer<typeof workOrderInputSchema>;

export const workOrderSchema = z.object({
  id: ulidSchema,
  warehouseId: ulidSchema,
  reason: z.enum(workOrderReasons),
  lines: z.array(lineSchema),
  orderReference: z.optional(z.string()),
  note: z.optional(z.string()),
  status: z.enum(['open', 'applied']),
  movementIds: z.array(ulidSchema),
  createdAt: timestampSchema,
  createdBy: z.string(),
});
export type WorkOrder = z.infer<typeof workOrderSchema>;

export const workOrderWarehouseSchema = z.object({
  ...warehouseSchema.def.shape,
  openWorkOrders: z.number(),
});

export const workOrderWarehousesQuery = z.strictObject({ limit: limitSchema, cursor: cursorSchema });
