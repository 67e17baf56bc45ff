/**
 * The steps `npm run migrate` applies to every item (shared/db/migrations/run.ts), one per key family
 * moved from the layout before sharding to the sharded one (docs/scale.md, docs/operations.md).
 */
import { orderIndexStep } from './orders';
import { shipmentIndexStep, shipmentTotalsStep } from './shipments';
import type { MigrationStep } from './step';
import { movementIndexStep, stockIndexStep } from './stock';
import { warehouseCountersStep } from './warehouses';

/** Names the migration in its checkpoint items: the sharded layout of issue 33. */
export const shardedKeysMigration = 'sharded-keys';

export const migrationSteps: readonly MigrationStep[] = [
  orderIndexStep,
  stockIndexStep,
  movementIndexStep,
  shipmentIndexStep,
  shipmentTotalsStep,
  warehouseCountersStep,
];
