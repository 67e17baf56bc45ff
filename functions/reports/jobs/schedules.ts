/**
 * The scheduled report jobs, declared in config/report-schedules.json: read by the stack (one
 * EventBridge Scheduler schedule each, which hands the entry to the report-jobs function) and by the
 * local runtime (which runs the same entries at the same minutes). An entry names a report of the group,
 * its query (relative days allowed: shared/domain/relative-days.ts), a format and a five-field cron in the
 * reporting zone. A bad entry fails the synth and `npm start`, never a run at 5 a.m.
 */
import * as z from 'zod/mini';
import { parseCron } from '../../../shared/domain/cron';
import { resolveRelativeDays } from '../../../shared/domain/relative-days';
import { ValidationFailed } from '../../../shared/errors';
import { parsePart } from '../../../shared/http/validation';
import { exportFormats } from '../exports/write-file';
import { reportNamed } from '../exports/registry';
import { reportNames } from '../exports/report-names';

export const scheduleSchema = z.strictObject({
  /** Kebab case: it names the schedule and the folder its files go to. */
  name: z
    .string()
    .check(z.regex(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/, 'must be kebab-case a-z0-9'), z.maxLength(48)),
  description: z.optional(z.string().check(z.maxLength(500))),
  report: z.enum(reportNames),
  query: z._default(z.record(z.string(), z.string()), {}),
  format: z.enum(Object.keys(exportFormats) as ['excel', 'pdf']),
  cron: z.string(),
  enabled: z._default(z.boolean(), true),
});
export type ReportSchedule = z.infer<typeof scheduleSchema>;

const schedulesFile = z.strictObject({
  $comment: z.optional(z.string()),
  /** Each entry is checked on its own, so a problem names its entry. */
  schedules: z.array(z.unknown()),
});

/**
 * An entry that cannot run, in one line: which entry (its name, else its place in the file) and why.
 * Synth, `npm start`, `npm run job` and the report-jobs function all say it this way.
 */
export class ScheduleEntryInvalid extends Error {
  constructor(
    readonly entry: string,
    readonly reason: string,
  ) {
    super(`Scheduled report ${entry} cannot run: ${reason}`);
    this.name = 'ScheduleEntryInvalid';
  }
}

/** `"daily-sales"`, or `schedules[2]` for an entry without a usable name. */
function entryLabel(entry: unknown, where: string): string {
  const name = (entry as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name.length > 0 && name.length <= 48 ? JSON.stringify(name) : where;
}

/** Why, from what the checks threw: each bad field by its path within the entry, once. */
export function entryProblem(error: unknown, prefix = 'entry'): string {
  if (error instanceof ValidationFailed) {
    return error.errors
      .map(
        ({ path, message }) =>
          `${path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : path} ${message}`,
      )
      .join('; ');
  }
  return (error as Error).message;
}

/** A day entries are checked against: relative days resolve to real days, none of them in the future. */
const checkingDay = '2026-01-15';

/**
 * A checked entry: its fields, its cron, and its query (relative days resolved) one its report takes,
 * with a day no later than the day it runs where the report needs one (a valuation's `asOf`).
 */
export function checkedSchedule(entry: unknown, where = 'schedule'): ReportSchedule {
  const prefix = 'entry';
  try {
    const schedule = parsePart(scheduleSchema, entry, prefix);
    parseCron(schedule.cron);
    const query = parsePart(
      reportNamed(schedule.report)!.query,
      resolveRelativeDays(schedule.query, checkingDay),
      `${prefix}.query`,
    ) as { asOf?: string };
    if (query.asOf !== undefined && query.asOf > checkingDay)
      throw new Error(`query.asOf ${schedule.query.asOf} is after the day the job runs`);
    return schedule;
  } catch (error) {
    throw new ScheduleEntryInvalid(entryLabel(entry, where), entryProblem(error, prefix));
  }
}

/** The file itself is not a schedules file (not JSON, no `schedules` list). */
export class SchedulesFileInvalid extends Error {
  constructor(reason: string) {
    super(`config/report-schedules.json cannot be read: ${reason}`);
    this.name = 'SchedulesFileInvalid';
  }
}

/** Every entry of the file, checked; names are unique. */
export function parseSchedules(json: unknown): ReportSchedule[] {
  let entries: unknown[];
  try {
    entries = parsePart(schedulesFile, json, 'file').schedules;
  } catch (error) {
    throw new SchedulesFileInvalid(entryProblem(error, 'file'));
  }
  const seen = new Set<string>();
  return entries.map((entry, index) => {
    const schedule = checkedSchedule(entry, `schedules[${index}]`);
    if (seen.has(schedule.name))
      throw new ScheduleEntryInvalid(JSON.stringify(schedule.name), 'another entry has the same name');
    seen.add(schedule.name);
    return schedule;
  });
}
