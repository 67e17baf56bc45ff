/**
 * `npm run bench [-- name ...]`: runs every benchmark (or the named ones) one after another, prints each
 * one's tables and notes, and writes all figures to bench/results/latest.json plus a timestamped copy.
 */

import { writeResults } from './lib/results';
import type { Report } from './lib/suite';
import { formatTable } from './lib/table';
import { suites } from './suites';

// Node 20 makes the AWS SDK print a support warning into the figures otherwise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

function selected(names: string[]) {
  if (names.length === 0) return suites;
  const unknown = names.filter((name) => !suites.some((suite) => suite.name === name));
  if (unknown.length > 0) {
    const known = suites.map((suite) => `  ${suite.name}: ${suite.description}`).join('\n');
    console.error(`Unknown benchmark ${unknown.join(', ')}; the benchmarks are:\n${known}`);
    process.exit(2);
  }
  return suites.filter((suite) => names.includes(suite.name));
}

const startedAt = new Date();
const reports: Record<string, Report> = {};
for (const suite of selected(process.argv.slice(2))) {
  console.log(`\n== ${suite.name}: ${suite.description}`);
  const started = process.hrtime.bigint();
  const report = await suite.run();
  reports[suite.name] = report;
  for (const table of report.tables) console.log(`\n${formatTable(table)}`);
  if (report.notes.length > 0) console.log(`\n${report.notes.map((note) => `* ${note}`).join('\n')}`);
  console.log(`(${suite.name} took ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s)`);
}
const files = writeResults(startedAt, reports);
console.log(`\nFigures written to ${files.join(' and ')}`);
