/**
 * `npm run seed -- --orders N [--days D] [--seed S] [--data-dir DIR]`: loads a realistic data set
 * (warehouses, vendors, purchase-order sources, receipts, orders with their payments, history and
 * shipments over the last D days) into the local database, through the running `npm start`'s DynamoDB
 * or DynamoDB Local started for the run (seed/local-database.ts).
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { rebuildAggregates } from '../../shared/aggregates/rebuild';
import { reportingTimeZone } from '../../shared/aggregates/time-zone';
import { rmSync } from 'node:fs';
import { dataPaths, localTableName } from './data-dir';
import { localDynamoClient } from './dynamodb-local';
import { openSeedDatabase } from './seed/local-database';
import { parseSeedCommand, usage, UsageError } from './seed/options';
import { progressBar } from './seed/progress';
import { seedTable, TableNotEmpty } from './seed/seed-database';
import { printSummary } from './seed/summary';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

function commandLine() {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseSeedCommand(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${usage}`);
    process.exit(2);
  }
}

const command = commandLine();
const database = await openSeedDatabase(command.dataDir, command.orders).catch((error: Error) => {
  console.error(`Could not reach or start DynamoDB Local: ${error.message}`);
  return process.exit(1);
});
console.error(`Seeding ${database.description}.`);
if (database.live && command.orders > 10_000) {
  console.error('(Large seeds run about 3 × faster with npm start stopped: the seed then works in RAM.)');
}
let exitCode = 0;
let complete = false;
try {
  console.error(
    `${command.orders.toLocaleString('en-US')} orders over ${command.days} days, seed ${command.seed}: planning…`,
  );
  const summary = await seedTable({
    endpoint: database.endpoint,
    tableName: localTableName,
    orders: command.orders,
    days: command.days,
    seed: command.seed,
    progress: (total) => progressBar(total),
  });
  if (!database.live) {
    // With npm start stopped, count the seed into the report aggregates now, with the consumer's fold
    // (a live runtime's poller counts it as it goes).
    const timeZone = reportingTimeZone();
    const client = DynamoDBDocumentClient.from(localDynamoClient(database.endpoint), {
      marshallOptions: { removeUndefinedValues: true },
    });
    try {
      const counted = await rebuildAggregates({ client, table: localTableName, timeZone });
      // The poller must not count the seed's stream records again: without a checkpoint its next start
      // is a first start, which reads the stream from its end.
      rmSync(dataPaths(command.dataDir).streamCheckpoint, { force: true });
      console.error(
        `Report aggregates: ${counted.cellsWritten.toLocaleString('en-US')} cells from ${counted.orders.toLocaleString('en-US')} orders and ${counted.payments.toLocaleString('en-US')} payments, days in ${timeZone}.`,
      );
    } finally {
      client.destroy();
    }
  }
  complete = true;
  printSummary(summary, { liveRuntime: database.live, seed: command.seed });
} catch (error) {
  exitCode = 1;
  if (error instanceof TableNotEmpty) {
    console.error(
      `${error.message}\nSeed a fresh folder (--data-dir /tmp/somewhere), or stop npm start and delete its dynamodb folder first.`,
    );
  } else {
    console.error('The seed failed:', error);
  }
} finally {
  try {
    const closing = Date.now();
    await database.close(complete);
    if (complete && !database.live) {
      console.log(
        `Stored in ${command.dataDir} (${((Date.now() - closing) / 1000).toFixed(1)} s to stop and store).`,
      );
    }
  } catch (error) {
    console.error((error as Error).message);
    exitCode = 1;
  }
}
process.exit(exitCode);
