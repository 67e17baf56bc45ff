import * as z from 'zod/mini';
import { freeText, lineText } from '../../../shared/http/text';
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
  /**
   * Minor units per unit, for inbound lines; defaults to the current average cost of the SKU in the
   * warehouse. Required while there is none (nothing on hand, no cost received yet): 400 otherwise.
   */
  unitCost: z.optional(minorUnitsSchema),
});

/** A work order names at most this many lines (larger ones are staged and confirmed by the ledger). */
export const maxWorkOrderLines = 500;

export const workOrderInputSchema = z.strictObject({
  warehouseId: ulidSchema,
  reason: z.enum(workOrderReasons),
  lines: z.array(lineSchema).check(z.minLength(1), z.maxLength(maxWorkOrderLines)),
  /** The order this work order serves, if any (a kit assembled for it). */
  orderReference: z.optional(lineText(100)),
  note: z.optional(freeText(1000)),
  /**
   * Work orders apply when they are created (nothing applies or cancels one later): only `true` is
   * accepted, kept so clients that send it go on working.
   */
  apply: z.optional(
    z.literal(true, 'must be true or left out: work orders apply when created, there are no open ones'),
  ),
});
export type WorkOrderInput = z.infer<typeof workOrderInputSchema>;

export const workOrderSchema = z.object({
  id: ulidSchema,
  warehouseId: ulidSchema,
  reason: z.enum(workOrderReasons),
  lines: z.array(lineSchema),
  orderReference: z.optional(z.string()),
  note: z.optional(z.string()),
  /** Always `applied`: a work order moves its stock when it is created. */
  status: z.literal('applied'),
  movementIds: z.array(ulidSchema),
  createdAt: timestampSchema,
  createdBy: z.string(),
});
export type WorkOrder = z.infer<typeof workOrderSchema>;

/** A warehouse that takes work orders, as the shared resource. */
export const workOrderWarehouseSchema = warehouseSchema;

export const workOrderWarehousesQuery = z.strictObject({ limit: limitSchema, cursor: cursorSchema });
