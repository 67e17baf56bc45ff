/**
 * A report's tables written to a file in the files bucket: Excel streamed row by row into a multipart
 * upload (never whole in memory), PDF rendered from the rows and stored in one put. The renderers are
 * side bundles, loaded at the first file.
 *
 * `rowLimit` stops a file that grows past what the caller may write (a request renders at most what
 * finishes well inside its time-out): the upload is aborted and RowLimitReached thrown, so the caller
 * can hand the export to the report jobs instead.
 */
import { putBytes } from '../../../shared/files/put-bytes';
import { putStream } from '../../../shared/files/put-stream';
import { loadPdfRenderers, loadXlsxRenderer } from '../../../shared/render/load';
import type { ReportRow, ReportSection, ReportTable } from '../report-table';

export const exportFormats = {
  excel: {
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
} as const;
export type ExportFormat = keyof typeof exportFormats;

/** A PDF holds what a person reads (about 450 pages of one-line rows); longer reports go to Excel. */
export const maxPdfRows = 20_000;

export class RowLimitReached extends Error {
  constructor(readonly limit: number) {
    super(`The report has more than ${limit} rows.`);
    this.name = 'RowLimitReached';
  }
}

export class TooManyRowsForPdf extends Error {
  constructor(readonly limit: number) {
    super(`A PDF report holds at most ${limit} rows; export this one to Excel, or narrow its query.`);
    this.name = 'TooManyRowsForPdf';
  }
}

export interface ReportFileInput {
  table: ReportTable;
  format: ExportFormat;
  /** From a key builder (shared/files/keys.ts), never from client text. */
  key: string;
  fileName: string;
  timeZone: string;
  generatedAt: string;
  /** Stop (RowLimitReached) once the rows pass this many. */
  rowLimit?: number;
  /** Told the rows written so far, every 1,000 rows and at the end. */
  onProgress?: (rows: number) => void;
}

export interface WrittenFile {
  bytes: number;
  rowCount: number;
}

/** The sections' rows, counted across sections as they are read. */
function counted(table: ReportTable, input: Pick<ReportFileInput, 'rowLimit' | 'onProgress'>) {
  let rows = 0;
  const limit = input.rowLimit ?? Number.POSITIVE_INFINITY;
  async function* count(section: ReportSection): AsyncIterable<ReportRow> {
    for await (const row of section.rows) {
      rows += 1;
      if (rows > limit) throw new RowLimitReached(limit);
      if (rows % 1000 === 0) input.onProgress?.(rows);
      yield row;
    }
  }
  return {
    sections: table.sections.map((section) => ({ ...section, rows: count(section) })),
    rows: () => rows,
  };
}

export async function writeReportFile(input: ReportFileInput): Promise<WrittenFile> {
  const { format, key, fileName, table } = input;
  const { contentType } = exportFormats[format];
  if (format === 'excel') {
    const source = counted(table, input);
    const { writeWorkbook } = await loadXlsxRenderer();
    const stored = await putStream({
      key,
      contentType,
      fileName,
      body: (output) => writeWorkbook(output, source.sections),
    });
    input.onProgress?.(source.rows());
    return { bytes: stored.bytes, rowCount: source.rows() };
  }
  const limit = Math.min(input.rowLimit ?? maxPdfRows, maxPdfRows);
  const source = counted(table, { ...input, rowLimit: limit });
  const sections: Array<Omit<ReportSection, 'rows' | 'totals'> & { rows: ReportRow[]; totals: ReportRow[] }> =
    [];
  try {
    for (const section of source.sections) {
      const rows: ReportRow[] = [];
      for await (const row of section.rows) rows.push(row);
      // Read after the rows: totals of streamed rows are summed as they pass.
      const totals = typeof section.totals === 'function' ? section.totals() : (section.totals ?? []);
      sections.push({ ...section, rows, totals: [...totals] });
    }
  } catch (error) {
    // The request's own limit first: past it the jobs render the file, unless no PDF can hold it.
    if (error instanceof RowLimitReached && limit === maxPdfRows) throw new TooManyRowsForPdf(maxPdfRows);
    throw error;
  }
  const { renderReportPdf } = await loadPdfRenderers();
  const bytes = await renderReportPdf({
    title: table.title,
    subtitle: table.subtitle,
    timeZone: input.timeZone,
    generatedAt: input.generatedAt,
    sections,
  });
  await putBytes({ key, bytes, contentType, fileName });
  input.onProgress?.(source.rows());
  return { bytes: bytes.byteLength, rowCount: source.rows() };
}
