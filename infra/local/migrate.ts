/**
 * `npm run migrate -- --table <name>` (a deployed table: default credentials and region) or
 * `npm run migrate [-- --data-dir D]` (the local data folder, beside a running `npm start` or on its own):
 * moves the table's items from the layout before sharding to the sharded one (shared/db/migrations/),
 * while the service keeps answering. Resumable (a checkpoint per scan segment, in the table) and
 * idempotent: a rerun after a kill resumes; a rerun after it finished says so and reads nothing.
 * `--segments N` (new runs; default 4), `--page-size N` (default 200), `--again` (scan a finished table
 * once more, as a new run).
 */
import { resolve } from 'node:path';
import { db } from '../../shared/db/client';
import { migrateTable } from '../../shared/db/migrations/run';
import type { MigrationCounts, MigrationResult } from '../../shared/db/migrations/run';
import { dataPaths, localTableName, repoDataDir } from './data-dir';
import type { DynamoLocal } from './dynamodb-local';
import { dynamoAnswers, ensureTable, startDynamoLocal } from './dynamodb-local';
import { freePort } from './free-port';
import { runningRuntime } from './runtime-marker';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const usage =
  'usage: npm run migrate -- --table <name> | [--data-dir <dir>]  [--segments N] [--page-size N] [--again]';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
function count(name: string): number | undefined {
  const value = option(name);
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) {
    console.error(`${name} takes a whole number of at least 1.\n${usage}`);
    process.exit(2);
  }
  return parsed;
}

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(usage);
  process.exit(0);
}
const table = option('--table');
const segments = count('--segments');
const pageSize = count('--page-size');
const again = process.argv.includes('--again');

let dynamo: DynamoLocal | undefined;
let where: string;
if (table) {
  process.env.TABLE_NAME = table;
  where = `table ${table}${process.env.DYNAMODB_ENDPOINT ? ` at ${process.env.DYNAMODB_ENDPOINT}` : ''}`;
} else {
  const dataDir = option('--data-dir') ? resolve(option('--data-dir')!) : repoDataDir;
  const running = runningRuntime(dataDir);
  if (running && (await dynamoAnswers(running.dynamoEndpoint))) {
    process.env.DYNAMODB_ENDPOINT = running.dynamoEndpoint;
    where = `the running local API's table (${dataDir})`;
  } else {
    dynamo = await startDynamoLocal({ port: await freePort(), dbPath: dataPaths(dataDir).dynamodb });
    process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
    where = `the local table of ${dataDir}`;
  }
  process.env.AWS_REGION ??= 'local';
  process.env.TABLE_NAME = localTableName;
  // A table kept on disk from before the pending-orders index gets it before the run marks it complete.
  await ensureTable(process.env.DYNAMODB_ENDPOINT, localTableName, { legacyLayout: true });
}

const amount = (value: number) => value.toLocaleString('en-US');
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stop.signal.aborted) process.exit(130);
    console.error(
      'Stopping at the end of the pages under way (again to stop now; a rerun resumes either way)…',
    );
    stop.abort();
  });
}

function printCounts(counts: MigrationCounts) {
  for (const [step, { moved, alreadyMoved }] of Object.entries(counts)) {
    console.error(
      `  ${step.padEnd(20)} ${amount(moved).padStart(10)} moved ${amount(alreadyMoved).padStart(8)} already moved`,
    );
  }
}

function report(result: MigrationResult) {
  if (result.outcome === 'already-finished') {
    console.error(`The migration is finished (run ${result.run}): nothing to do. Its counts:`);
    printCounts(result.counts);
    return;
  }
  if (result.outcome === 'stopped') {
    console.error(`Stopped after reading ${amount(result.scanned)} items. Run it again to resume. So far:`);
    printCounts(result.counts);
    return;
  }
  console.error(
    `Finished: read ${amount(result.scanned)} items; the table is in the sharded layout, every order waiting to ship in the pending-orders index.`,
  );
  printCounts(result.counts);
  console.error(
    'Next (README, Deploying): nothing to switch. Within 5 s every function reads the layout item: no legacy partition is read, and the pending-shipments report reads the pending-orders index; docs/operations.md, Migrations.',
  );
}

let exitCode = 0;
let lastLine = 0;
try {
  console.error(`Migrating ${where} to the sharded key layout…`);
  const result = await migrateTable({
    client: db(),
    segments,
    pageSize,
    again,
    signal: stop.signal,
    onPage(progress) {
      if (Date.now() - lastLine < 10_000) return;
      lastLine = Date.now();
      const moved = Object.values(progress.counts).reduce((total, step) => total + step.moved, 0);
      console.error(
        `  read ${amount(progress.scanned)} items, ${amount(moved)} moved; segments done ${progress.segmentsDone}/${progress.segments}`,
      );
    },
  });
  if (result.resumed && result.outcome !== 'already-finished') console.error(`(Resumed run ${result.run}.)`);
  report(result);
  if (result.outcome === 'stopped') exitCode = 1;
} catch (error) {
  exitCode = 1;
  console.error(
    `The migration failed: ${(error as Error).message}. Run it again: it resumes from its last page.`,
  );
} finally {
  db().destroy();
  await dynamo?.stop();
}
process.exit(exitCode);
