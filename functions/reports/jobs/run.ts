/**
 * What the report-jobs function does (the Lambda in jobs/handler.ts and the local runtime run this same
 * code):
 * - a pending export (recorded by a request whose file was too large to render in it): render the file
 *   to the key the record names, then move the record to `ready` (export.ready), or to `failed` with the
 *   reason when the report cannot be made (export.failed);
 * - a scheduled job: resolve the entry's relative days against today in the reporting zone, render the
 *   report to `scheduled/<name>/<day>.<ext>` and record it `ready` (export.ready).
 */
import { reportingTimeZone } from '../../../shared/aggregates/time-zone';
import { reportingDay } from '../../../shared/domain/reporting-days';
import { resolveRelativeDays } from '../../../shared/domain/relative-days';
import { AppError } from '../../../shared/errors';
import type { ExportRecord } from '../../../shared/exports/record';
import { findExportRecord, finishExport, saveExportRecord } from '../../../shared/exports/record';
import { scheduledKey } from '../../../shared/files/keys';
import { newId } from '../../../shared/ids';
import { exportFileName } from '../exports/export-report';
import { parseReportQuery } from '../exports/query';
import { reportNamed } from '../exports/registry';
import type { ExportFormat } from '../exports/write-file';
import { TooManyRowsForPdf, exportFormats, writeReportFile } from '../exports/write-file';
import type { ReportSchedule } from './schedules';
import { ScheduleEntryInvalid, checkedSchedule, entryProblem } from './schedules';

export interface JobProgress {
  onProgress?: (rows: number) => void;
}

/** Failures no retry mends: the record says why, and the job does not run again. */
const isPermanent = (error: unknown) => error instanceof AppError || error instanceof TooManyRowsForPdf;

export type PendingOutcome = 'ready' | 'failed' | 'not-pending';

export async function runPendingExport(id: string, progress: JobProgress = {}): Promise<PendingOutcome> {
  const record = await findExportRecord(id);
  if (record?.status !== 'pending') return 'not-pending';
  const format = record.format as ExportFormat;
  const timeZone = reportingTimeZone();
  try {
    const report = reportNamed(record.kind);
    if (!report || !(format in exportFormats)) throw new Error(`export ${id} names no report or format`);
    const query = parseReportQuery(report, (record.filters.query ?? {}) as Record<string, string>);
    const table = await report.table(query, { timeZone });
    const written = await writeReportFile({
      table,
      format,
      key: record.key,
      fileName: record.fileName,
      timeZone,
      generatedAt: record.createdAt,
      ...progress,
    });
    return (await finishExport(id, { status: 'ready', ...written })) ? 'ready' : 'not-pending';
  } catch (error) {
    if (!isPermanent(error)) throw error;
    await finishExport(id, { status: 'failed', error: (error as Error).message });
    return 'failed';
  }
}

export async function runScheduledJob(
  entry: unknown,
  now = new Date(),
  progress: JobProgress = {},
): Promise<ExportRecord> {
  const schedule: ReportSchedule = checkedSchedule(entry);
  const timeZone = reportingTimeZone();
  const today = reportingDay(now, timeZone);
  const report = reportNamed(schedule.report)!;
  const { extension, contentType } = exportFormats[schedule.format];
  const key = scheduledKey(schedule.name, today, extension);
  const generatedAt = now.toISOString();
  // What the entry asks for that cannot be made today (a warehouse that is gone) names the entry.
  const table = await report
    .table(parseReportQuery(report, resolveRelativeDays(schedule.query, today), 'query'), { timeZone })
    .catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      throw new ScheduleEntryInvalid(JSON.stringify(schedule.name), entryProblem(error));
    });
  const fileName = exportFileName(table, schedule.format);
  const written = await writeReportFile({
    table,
    format: schedule.format,
    key,
    fileName,
    timeZone,
    generatedAt,
    ...progress,
  });
  const record: ExportRecord = {
    id: newId(),
    kind: schedule.report,
    status: 'ready',
    format: schedule.format,
    fileName,
    contentType,
    key,
    ...written,
    filters: { query: schedule.query },
    schedule: schedule.name,
    createdBy: `schedule:${schedule.name}`,
    createdAt: generatedAt,
  };
  await saveExportRecord(record);
  return record;
}
