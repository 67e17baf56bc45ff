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
import { parsePart } from '../../../shared/http/validation';
import { exportFormats } from '../exports/write-file';
import { reportNamed, reportNames } from '../exports/registry';

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

const schedulesFile = z.object({
  $comment: z.optional(z.string()),
  schedules: z.array(scheduleSchema),
});

/** A checked entry: its cron parses, and its query (relative days resolved) is one its report takes. */
export function checkedSchedule(entry: unknown, where = 'schedule'): ReportSchedule {
  const schedule = parsePart(scheduleSchema, entry, where);
  parseCron(schedule.cron);
  parsePart(
    reportNamed(schedule.report)!.query,
    resolveRelativeDays(schedule.query, '2026-01-15'),
    `${where}.query`,
  );
  return schedule;
}

/** Every entry of the file, checked; names are unique. */
export function parseSchedules(json: unknown): ReportSchedule[] {
  const file = parsePart(schedulesFile, json, 'report-schedules.json');
  const seen = new Set<string>();
  return file.schedules.map((entry, index) => {
    const schedule = checkedSchedule(entry, `report-schedules.json.schedules.${index}`);
    if (seen.has(schedule.name)) throw new Error(`Two schedules are named "${schedule.name}".`);
    seen.add(schedule.name);
    return schedule;
  });
}
