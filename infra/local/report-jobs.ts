/**
 * The local stand-in for the report-jobs function and its schedules: pending exports (handed over by the
 * stream poller) are rendered one after another in the background, and every entry of
 * config/report-schedules.json runs at the minutes its cron names in the reporting zone, with the
 * function's own code. A job that fails is logged and written to report-jobs-dead-letter.jsonl; nothing
 * waits on it.
 */
import { appendFileSync } from 'node:fs';
import { reportingTimeZone } from '../../shared/aggregates/time-zone';
import { cronMatches, parseCron, wallClock } from '../../shared/domain/cron';
import { runPendingExport, runScheduledJob } from '../../functions/reports/jobs/run';
import type { ReportSchedule } from '../../functions/reports/jobs/schedules';
import { ScheduleEntryInvalid } from '../../functions/reports/jobs/schedules';
import { readSchedules } from '../../functions/reports/jobs/schedules-file';
import { dataPaths } from './data-dir';

export interface LocalReportJobs {
  /** Queues pending exports by id (each rendered once, in order). */
  enqueue(ids: readonly string[]): void;
  /** Settles when every queued and running job has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface LocalReportJobsOptions {
  dataDir: string;
  quiet?: boolean;
  /** config/report-schedules.json by default; [] runs none. */
  schedules?: readonly ReportSchedule[];
  /** The clock the schedules are matched against (tests move it). */
  now?: () => Date;
}

export function startReportJobs(options: LocalReportJobsOptions): LocalReportJobs {
  const paths = dataPaths(options.dataDir);
  const now = options.now ?? (() => new Date());
  const schedules = (options.schedules ?? readSchedules()).filter((entry) => entry.enabled);
  const crons = new Map(schedules.map((entry) => [entry.name, parseCron(entry.cron)]));
  const log = (message: string) => {
    if (!options.quiet) console.log(`[jobs] ${message}`);
  };
  const deadLetter = (job: Record<string, unknown>, error: unknown) => {
    const reason = (error as Error).message;
    appendFileSync(
      paths.reportJobDeadLetters,
      `${JSON.stringify({ ...job, reason, at: new Date().toISOString() })}\n`,
    );
    // An entry that cannot run says so by name already; other failures say which job failed.
    log(error instanceof ScheduleEntryInvalid ? reason : `failed ${JSON.stringify(job)}: ${reason}`);
  };

  // One job at a time, in order: a local machine renders one long report well, two slowly.
  let chain: Promise<void> = Promise.resolve();
  let pending = 0;
  const queue = (job: Record<string, unknown>, run: () => Promise<string>) => {
    pending += 1;
    chain = chain
      .then(run)
      .then(log, (error: unknown) => deadLetter(job, error))
      .finally(() => {
        pending -= 1;
      });
  };

  const enqueue = (ids: readonly string[]) => {
    for (const id of ids) {
      queue({ exportId: id }, async () => `export ${id}: ${await runPendingExport(id)}`);
    }
  };

  const running = new Set<string>();
  let lastMinute = '';
  const runDue = () => {
    const at = now();
    const minute = at.toISOString().slice(0, 16);
    if (minute === lastMinute) return;
    lastMinute = minute;
    const clock = wallClock(at, reportingTimeZone());
    for (const entry of schedules) {
      if (!cronMatches(crons.get(entry.name)!, clock) || running.has(entry.name)) continue;
      running.add(entry.name);
      queue({ schedule: entry.name }, async () => {
        try {
          const record = await runScheduledJob(entry, at);
          return `schedule ${entry.name}: ${record.key} (${record.rowCount} rows)`;
        } finally {
          running.delete(entry.name);
        }
      });
    }
  };
  // A look when it starts (a job due this minute runs now), then every 15 s.
  if (schedules.length > 0) runDue();
  const timer = schedules.length > 0 ? setInterval(runDue, 15_000) : undefined;
  timer?.unref();

  return {
    enqueue,
    async idle() {
      while (pending > 0) await chain;
    },
    async stop() {
      if (timer) clearInterval(timer);
      await chain;
    },
  };
}
