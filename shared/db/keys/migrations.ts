/**
 * `npm run migrate`'s own items (shared/db/migrations/run.ts): where each scan segment of a run stands,
 * so a killed run resumes from any machine, and the table's layout once a run has finished.
 */
import type { ItemKey } from './item-key';

/** The layout the table's items are in: absent until a migration run finishes (readers read both layouts). */
export const tableLayoutKey = (): ItemKey => ({ PK: 'TABLE_LAYOUT', SK: 'TABLE_LAYOUT' });
/** The migration's current run: its number and how many scan segments it reads in parallel. */
export const migrationRunKey = (migration: string): ItemKey => ({
  PK: `MIGRATION#${migration}`,
  SK: 'RUN',
});
/** Where one scan segment of a run stands (its last page's LastEvaluatedKey) and what it moved. */
export const migrationSegmentKey = (migration: string, run: number, segment: number): ItemKey => ({
  PK: `MIGRATION#${migration}`,
  SK: `RUN#${String(run).padStart(4, '0')}#SEGMENT#${String(segment).padStart(4, '0')}`,
});
