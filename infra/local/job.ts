/**
 * `npm run job -- <name>`: runs one scheduled report job of config/report-schedules.json now, with the
 * report-jobs function's own code, against the data under `.data/` (or DATA_DIR): it writes
 * `scheduled/<name>/<today>.<ext>` and the export record (so `npm start`'s poller publishes export.ready).
 * Uses a running `npm start`'s DynamoDB Local and S3 when there is one, else starts both for the run
 * (local-stores.ts).
 * Shows the rows written as it goes; prints the file's key and a download URL (15 minutes).
 */
import { runScheduledJob } from '../../functions/reports/jobs/run';
import { ScheduleEntryInvalid } from '../../functions/reports/jobs/schedules';
import { readSchedules } from '../../functions/reports/jobs/schedules-file';
import { presignedGetUrl } from '../../shared/files/presigned-url';
import { repoDataDir } from './data-dir';
import { attachLocalStores } from './local-stores';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** One line, no stack: what cannot run and why (the schedules' own errors name the entry). */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let schedules: ReturnType<typeof readSchedules>;
try {
  schedules = readSchedules();
} catch (error) {
  fail((error as Error).message);
}
const names = schedules.map((entry) => entry.name);
const usage = `Usage: npm run job -- <name>   (the schedules: ${names.join(', ')})`;
const [name, ...extra] = process.argv.slice(2);
if (!name || extra.length > 0 || !names.includes(name))
  fail(name && !names.includes(name) ? `No schedule is named "${name}".\n${usage}` : usage);
const entry = schedules.find((schedule) => schedule.name === name)!;

const stores = await attachLocalStores(repoDataDir, 'this run');

/** A bar that sweeps while rows are written (the total is known only at the end), with the count and rate. */
function progressLine(rows: number, startedAt: number, done = false): string {
  const seconds = (Date.now() - startedAt) / 1000;
  const width = 24;
  const position = Math.floor(seconds * 8) % (2 * width - 2);
  const head = position < width ? position : 2 * width - 2 - position;
  const bar = done
    ? '='.repeat(width)
    : Array.from({ length: width }, (_, i) => (i === head ? '#' : '-')).join('');
  const rate = seconds > 0 ? Math.round(rows / seconds) : 0;
  return `[${bar}] ${rows.toLocaleString('en-US')} rows  ${seconds.toFixed(1)} s  ${rate.toLocaleString('en-US')} rows/s`;
}

const interactive = process.stderr.isTTY;
const startedAt = Date.now();
let rows = 0;
const draw = (done = false) => {
  const line = progressLine(rows, startedAt, done);
  if (interactive) process.stderr.write(`\r${line}`);
  else if (done) process.stderr.write(`${line}\n`);
};
const ticker = interactive ? setInterval(() => draw(), 125) : undefined;

let exitCode = 0;
try {
  console.error(`${entry.name}: ${entry.report} as ${entry.format}, query ${JSON.stringify(entry.query)}`);
  const record = await runScheduledJob(entry, new Date(), {
    onProgress: (written) => {
      rows = written;
    },
  });
  rows = record.rowCount ?? rows;
  clearInterval(ticker);
  draw(true);
  if (interactive) process.stderr.write('\n');
  const link = await presignedGetUrl(record.key, {
    fileName: record.fileName,
    contentType: record.contentType,
  });
  console.log(
    JSON.stringify(
      {
        schedule: entry.name,
        key: record.key,
        fileName: record.fileName,
        rowCount: record.rowCount,
        bytes: record.bytes,
        exportId: record.id,
        ...link,
      },
      null,
      2,
    ),
  );
} catch (error) {
  clearInterval(ticker);
  if (interactive) process.stderr.write('\n');
  console.error(
    error instanceof ScheduleEntryInvalid
      ? error.message
      : `Scheduled report "${entry.name}" failed: ${(error as Error).message}`,
  );
  exitCode = 1;
} finally {
  await stores.stop();
}
process.exit(exitCode);
