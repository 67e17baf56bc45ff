/**
 * `npm run aggregates:rebuild [-- --data-dir D]`: recomputes the report aggregates of the local data
 * folder from its orders and payments (shared/aggregates/rebuild.ts), in the reporting time zone of
 * REPORTING_TIME_ZONE (UTC by default): after changing the zone, or on data seeded before the aggregates
 * consumer existed. It needs `npm start` stopped on that folder: nothing may write orders meanwhile.
 */
import { resolve } from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { rebuildAggregates } from '../../shared/aggregates/rebuild';
import { reportingTimeZone } from '../../shared/aggregates/time-zone';
import { dataPaths, localTableName, repoDataDir } from './data-dir';
import { localDynamoClient, startDynamoLocal } from './dynamodb-local';
import { freePort } from './free-port';
import { runningRuntime } from './runtime-marker';
import { progressBar } from './seed/progress';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const flag = process.argv.indexOf('--data-dir');
const dataDir = flag >= 0 && process.argv[flag + 1] ? resolve(process.argv[flag + 1]!) : repoDataDir;
let timeZone: string;
try {
  timeZone = reportingTimeZone();
} catch (error) {
  console.error(`${(error as Error).message} (an IANA name such as Europe/Warsaw, or UTC).`);
  process.exit(2);
}

const running = runningRuntime(dataDir);
if (running) {
  console.error(
    `npm start (pid ${running.pid}) serves ${dataDir}: stop it first, so nothing writes orders while the aggregates are rebuilt.`,
  );
  process.exit(1);
}

const dynamo = await startDynamoLocal({ port: await freePort(), dbPath: dataPaths(dataDir).dynamodb });
const client = DynamoDBDocumentClient.from(localDynamoClient(dynamo.endpoint), {
  marshallOptions: { removeUndefinedValues: true },
});
let exitCode = 0;
try {
  console.error(
    `Rebuilding the report aggregates of ${dataDir} in ${timeZone}: reading orders and payments…`,
  );
  let reading = 0;
  let writing: ReturnType<typeof progressBar> | undefined;
  const result = await rebuildAggregates({
    client,
    table: localTableName,
    timeZone,
    progress: {
      read(count) {
        reading += count;
      },
      written(count) {
        writing ??= progressBar(count);
        writing.add(count);
      },
    },
  });
  writing?.finish();
  console.error(
    `Read ${reading.toLocaleString('en-US')} items: ${result.orders.toLocaleString('en-US')} orders, ${result.payments.toLocaleString('en-US')} payments. Removed ${result.cellsRemoved.toLocaleString('en-US')} cells, wrote ${result.cellsWritten.toLocaleString('en-US')}.`,
  );
  for (const skipped of result.skipped) console.error(`skipped ${skipped.key}: ${skipped.reason}`);
} catch (error) {
  exitCode = 1;
  console.error(`The rebuild failed: ${(error as Error).message}`);
} finally {
  client.destroy();
  await dynamo.stop();
}
process.exit(exitCode);
