/** Every Lambda entry the stack deploys, plus the reference bundles they are measured against. */
import { catalogues, handlerEntry } from '../../functions/catalogue';

export interface Entry {
  name: string;
  /** Relative to the repository root. */
  entry: string;
}

export const functionEntries = (): Entry[] => [
  ...catalogues.map(({ group }) => ({ name: group, entry: handlerEntry(group) })),
  { name: 'openapi', entry: handlerEntry('openapi') },
  { name: 'projector', entry: handlerEntry('projector') },
  { name: 'aggregates', entry: handlerEntry('aggregates') },
  { name: 'alerts', entry: handlerEntry('alerts') },
  { name: 'report-jobs', entry: 'functions/reports/jobs/handler.ts' },
];

export const baselineEntry: Entry = {
  name: 'baseline (DynamoDB clients)',
  entry: 'bench/fixtures/sdk-baseline.ts',
};
export const importOnlyEntry: Entry = {
  name: 'DynamoDB clients, not constructed',
  entry: 'bench/fixtures/sdk-import-only.ts',
};
export const emptyEntry: Entry = { name: 'empty module', entry: 'bench/fixtures/empty-module.ts' };
