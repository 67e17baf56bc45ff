/**
 * The steps `npm run migrate` applies to every item (shared/db/migrations/run.ts), one per key family
 * moved from the layout before sharding to the sharded one (docs/scale.md, docs/operations.md).
 */
import type { StatusCategory } from '../../domain/order-status';
import { orderIndexStep } from './orders';
import { pendingIndexStep } from './pending-index';
import { shipmentIndexStep, shipmentTotalsStep } from './shipments';
import type { MigrationStep } from './step';
import { movementIndexStep, stockIndexStep } from './stock';
import { warehouseCountersStep } from './warehouses';

/**
 * Names the migration in its checkpoint items: the sharded layout of issue 33, then (`-2`) the
 * pending-orders index too. A table that finished the first runs the second once: its steps find
 * nothing more to move but the orders to index.
 */
export const shardedKeysMigration = 'sharded-keys-2';

/** Every step; the pending-orders index needs the custom statuses' categories, read when a run starts. */
export function migrationSteps(customCategories: ReadonlyMap<string, StatusCategory>): MigrationStep[] {
  return [
    orderIndexStep,
    stockIndexStep,
    movementIndexStep,
    shipmentIndexStep,
    shipmentTotalsStep,
    warehouseCountersStep,
    pendingIndexStep(customCategories),
  ];
}
