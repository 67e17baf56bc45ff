/**
 * Any report of the group to a file, answered with a presigned URL and its expiry.
 *
 * A request renders the file itself while it stays within `syncRowLimits` (rows measured to finish well
 * inside the API's 25 s: npm run bench -- exports). Past that the upload is dropped and the export is
 * recorded `pending`, with the key its file will have: 202 with the export's id and a presigned URL of
 * that key, which answers 404 until the report jobs have written the file and 200 after (the same URL,
 * within its 15 minutes); `export.ready` (or `export.failed`, with the reason) says when.
 */
import { reportingTimeZone } from '../../../shared/aggregates/time-zone';
import { ValidationFailed } from '../../../shared/errors';
import { saveExportRecord } from '../../../shared/exports/record';
import { exportKey } from '../../../shared/files/keys';
import { presignedGetUrl } from '../../../shared/files/presigned-url';
import { newId } from '../../../shared/ids';
import type { ReportTable } from '../report-table';
import { inExportBody, parseReportQuery } from './query';
import { reportNamed } from './registry';
import type { ExportFormat } from './write-file';
import { RowLimitReached, TooManyRowsForPdf, exportFormats, writeReportFile } from './write-file';

/**
 * Rows a request renders before it hands the file to the report jobs. Measured with npm run bench --
 * exports on a 2-core machine against DynamoDB Local, reads included: Excel about 9,600 rows a second
 * (50,000 in about 5 s), a PDF about 900 (5,000 in about 6 s); well inside the API's 25 s.
 */
export const syncRowLimits: Record<ExportFormat, number> = { excel: 50_000, pdf: 5_000 };

export interface ExportRequest {
  report: string;
  query: Record<string, string>;
  format: ExportFormat;
  actor: string;
  /**
   * Past the row limit: `defer` records the export pending for the report jobs (202); `refuse` answers
   * a 400 and records nothing (a download is one request and has nowhere to say "later").
   */
  whenTooLong?: 'defer' | 'refuse';
}

export interface ExportAnswer {
  id: string;
  status: 'ready' | 'pending';
  report: string;
  format: ExportFormat;
  fileName: string;
  contentType: string;
  url: string;
  expiresAt: string;
  rowCount?: number;
  bytes?: number;
}

/**
 * "Sales by channel 2026-11-01 to 2026-11-24.xlsx", "Pending shipments 2026-11-23.pdf": what the browser
 * saves it as, named by what it covers (two exports made the same day of different ranges differ).
 */
export function exportFileName(table: ReportTable, format: ExportFormat): string {
  return `${table.title} ${table.covers}.${exportFormats[format].extension}`;
}

export async function exportReport(
  request: ExportRequest,
  limits: Record<ExportFormat, number> = syncRowLimits,
): Promise<ExportAnswer> {
  const report = reportNamed(request.report);
  if (!report) {
    throw new ValidationFailed(`There is no report named ${JSON.stringify(request.report)}.`, [
      { path: 'body.report', message: 'not a report of this API' },
    ]);
  }
  const query = parseReportQuery(report, request.query);
  const timeZone = reportingTimeZone();
  const generatedAt = new Date().toISOString();
  const { format } = request;
  const { extension, contentType } = exportFormats[format];
  const id = newId();
  const key = exportKey({ kind: request.report, id, extension });
  const table = await inExportBody(() => report.table(query, { timeZone }));
  const fileName = exportFileName(table, format);
  const record = {
    id,
    kind: request.report,
    format,
    fileName,
    contentType,
    key,
    filters: { query: request.query },
    createdBy: request.actor,
    createdAt: generatedAt,
  };
  try {
    const written = await inExportBody(() =>
      writeReportFile({ table, format, key, fileName, timeZone, generatedAt, rowLimit: limits[format] }),
    );
    // The link is made before the record commits: nothing after the commit can fail its answer.
    const link = await presignedGetUrl(key, { fileName, contentType });
    await saveExportRecord({ ...record, status: 'ready', ...written });
    return {
      id,
      status: 'ready',
      report: request.report,
      format,
      fileName,
      contentType,
      ...link,
      ...written,
    };
  } catch (error) {
    if (error instanceof TooManyRowsForPdf) {
      throw new ValidationFailed(error.message, [
        { path: 'body.format', message: `a PDF holds at most ${error.limit} rows: use excel` },
      ]);
    }
    if (!(error instanceof RowLimitReached)) throw error;
    if (request.whenTooLong === 'refuse') {
      throw new ValidationFailed(
        `The report has more than ${error.limit} rows, more than one request renders; POST /v1/reports/exports/${format} writes it in the background, or narrow the query.`,
        [{ path: 'query', message: `more than ${error.limit} rows` }],
      );
    }
  }
  const link = await presignedGetUrl(key, { fileName, contentType });
  await saveExportRecord({ ...record, status: 'pending' });
  return { id, status: 'pending', report: request.report, format, fileName, contentType, ...link };
}
