/** Writes a run's figures to bench/results/latest.json and a timestamped copy beside it. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './paths';
import type { Report } from './suite';

export const resultsDir = join(repoRoot, 'bench', 'results');

export function writeResults(startedAt: Date, reports: Record<string, Report>): string[] {
  const document = {
    startedAt: startedAt.toISOString(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpus: cpus().length,
    suites: reports,
  };
  const json = `${JSON.stringify(document, null, 2)}\n`;
  mkdirSync(resultsDir, { recursive: true });
  // Colons are not portable in file names.
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const files = [join(resultsDir, 'latest.json'), join(resultsDir, `${stamp}.json`)];
  for (const file of files) writeFileSync(file, json);
  return files;
}
