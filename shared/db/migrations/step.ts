/**
 * One family's part of `npm run migrate` (docs/scale.md, docs/operations.md): the service's keys moved
 * from the layout before sharding to the sharded one. The runner reads every item of the table once
 * (parallel scan segments, its position checkpointed so a killed run resumes), hands each item to every
 * step, and commits what a step answers. A step is pure: it decides from the item alone.
 *
 * Rules every step keeps, so a rerun, a resumed run and the service writing at the same time are safe:
 * - the writes are one transaction, conditioned on the item still being as it was read (its old index
 *   key, its old counter values): a failed condition means someone moved it first, and counts as done;
 * - applied twice, it changes nothing the second time (the item no longer `applies`);
 * - readers accept both layouts until the runner reports the table finished.
 */
import type { Item } from '../query';
import type { NamedItem } from '../transactions';

export interface MigrationStep {
  /** Names the step in the runner's output and counts (`order-index`, `shipment-totals`, ...). */
  name: string;
  /** Whether this item is in the layout before sharding and this step moves it. */
  applies(item: Item): boolean;
  /** The writes that move it: at most 100 named items, one transaction, conditioned as above. */
  rewrite(item: Item): NamedItem[];
}
