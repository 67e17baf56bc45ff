/**
 * An export's query: exactly what the report's GET would carry in its URL (names and text values),
 * checked by that GET's own schema. Problems name `body.query.<name>`, where the client wrote it.
 */
import type { output } from 'zod/v4/core';
import { InvalidCursor } from '../../../shared/db/cursor';
import { ValidationFailed } from '../../../shared/errors';
import { invalidCursorProblem } from '../../../shared/http/problem';
import { parsePart } from '../../../shared/http/validation';
import type { ExportableReport } from '../report-table';

/**
 * Paths a report's own checks name (`query.to`) said where an export's client wrote them; a cursor the
 * report cannot read names `body.query.cursor`.
 */
export function inExportBody<T>(run: () => Promise<T>): Promise<T> {
  return run().catch((error: unknown) => {
    if (error instanceof InvalidCursor) throw invalidCursorProblem('body.query.cursor');
    if (error instanceof ValidationFailed) {
      throw new ValidationFailed(
        error.message,
        error.errors.map((field) => ({
          ...field,
          path: field.path.startsWith('query.') ? `body.${field.path}` : field.path,
        })),
      );
    }
    throw error;
  });
}

export function parseReportQuery<R extends ExportableReport>(
  report: R,
  query: Record<string, string>,
  part = 'body.query',
): output<R['query']> {
  return parsePart(report.query, query, part) as output<R['query']>;
}
