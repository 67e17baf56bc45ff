/**
 * `npm run aggregates:rebuild [-- --data-dir D]`: recomputes the report aggregates of the local data
 * folder from its orders and payments (shared/aggregates/rebuild.ts), in the reporting time zone of
 * REPORTING_TIME_ZONE (UTC by default): after changing the zone, or on data seeded before the aggregates
 * consumer existed. It needs `npm start` stopped on that folder: nothing may write orders meanwhile.
 *
 * It writes a new generation of cells and switches the reports to it only when it is whole: failed,
 * interrupted or killed, it leaves the live figures as they were (and says so, but when killed), and a
 * rerun starts over.
 */
import { resolve } from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readGenerations } from '../../shared/aggregates/generations';
import type { RebuildResult } from '../../shared/aggregates/rebuild';
import { rebuildAggregates } from '../../shared/aggregates/rebuild';
import { reportingTimeZone } from '../../shared/aggregates/time-zone';
import { dataPaths, localTableName, repoDataDir } from './data-dir';
import { localDynamoClient, startDynamoLocal } from './dynamodb-local';
import { freePort } from './free-port';
import { runningRuntime } from './runtime-marker';
import type { Progress } from './seed/progress';
import { progressBar } from './seed/progress';
import { watchAggregateInputs } from './stream-watch';

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

const amount = (value: number) => value.toLocaleString('en-US');

const dynamo = await startDynamoLocal({ port: await freePort(), dbPath: dataPaths(dataDir).dynamodb });
const client = DynamoDBDocumentClient.from(localDynamoClient(dynamo.endpoint), {
  marshallOptions: { removeUndefinedValues: true },
});
let live: number | undefined;
/** Where the rebuild stands, for the line an interruption prints. */
const where: { stage: 'building' | 'switching' | 'switched' } = { stage: 'building' };
let bar: Progress | undefined;

function unchanged(): string {
  return `The live figures are unchanged${live === undefined ? '' : ` (the reports read generation ${live})`}.`;
}

async function stopDatabase() {
  client.destroy();
  await dynamo.stop();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    bar?.finish();
    console.error(
      where.stage === 'building'
        ? `Interrupted. ${unchanged()} Run the rebuild again.`
        : where.stage === 'switching'
          ? 'Interrupted during the switch: the reports read the old generation or the new one, each whole. Run the rebuild again.'
          : 'Interrupted after the switch: the new generation is live; clearing the old cells was cut short (they are never read; the next rebuild clears them).',
    );
    void stopDatabase().finally(() => process.exit(130));
  });
}

function report(result: RebuildResult, reading: number) {
  console.error(
    `Generation ${result.generation} is live (it replaced generation ${result.replaced}): read ${amount(reading)} items, ${amount(result.orders)} orders and ${amount(result.payments)} payments; wrote ${amount(result.cellsWritten)} cells.`,
  );
  if (result.abandoned !== undefined)
    console.error(`Cleared the half-written generation ${result.abandoned} an earlier rebuild left.`);
  for (const [generation, cells] of result.cellsRemoved)
    console.error(`Removed ${amount(cells)} cells of generation ${generation}.`);
  for (const skipped of result.skipped) console.error(`skipped ${skipped.key}: ${skipped.reason}`);
  for (const note of result.notes) console.error(`note: ${note}`);
}

let exitCode = 0;
try {
  live = (await readGenerations({ client, table: localTableName })).live;
  const watch = await watchAggregateInputs({
    endpoint: dynamo.endpoint,
    tableName: localTableName,
    checkpointFile: dataPaths(dataDir).streamCheckpoint,
  });
  try {
    if (watch.uncounted > 0) {
      exitCode = 1;
      console.error(
        `The stream holds ${amount(watch.uncounted)} order and payment changes npm start has not counted yet: run npm start until it has, stop it, and rebuild. ${unchanged()}`,
      );
    } else {
      console.error(
        `Rebuilding the report aggregates of ${dataDir} in ${timeZone} beside the live generation ${live}: reading orders and payments…`,
      );
      let reading = 0;
      const result = await rebuildAggregates({
        client,
        table: localTableName,
        timeZone,
        progress: {
          read(count) {
            reading += count;
          },
          writing(total) {
            bar = progressBar(total);
          },
          written(count) {
            bar?.add(count);
          },
        },
        async changesSinceStart() {
          const changes = await watch.changesSince();
          if (changes === 0) where.stage = 'switching';
          return changes;
        },
      });
      where.stage = 'switched';
      bar?.finish();
      report(result, reading);
    }
  } finally {
    watch.close();
  }
} catch (error) {
  exitCode = 1;
  bar?.finish();
  let now: number | undefined;
  try {
    now = (await readGenerations({ client, table: localTableName })).live;
  } catch {
    // Unreadable now: the switch is the rebuild's last write, and it was not answered.
  }
  const message = (error as Error).message;
  console.error(
    now !== undefined && live !== undefined && now !== live
      ? `The rebuild failed after its switch: ${message}. Generation ${now} is live, whole.`
      : now === undefined && where.stage === 'switching'
        ? `The rebuild failed during its switch: ${message}. The reports read the old generation or the new one, each whole; run the rebuild again.`
        : `The rebuild failed: ${message}. ${unchanged()} Its half-written generation is never read; run the rebuild again.`,
  );
} finally {
  await stopDatabase();
}
process.exit(exitCode);
