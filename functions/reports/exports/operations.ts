/** The exports: thin over export-report.ts. A download answers 302 to the file it just wrote. */
import type { Caller, Implementations } from '../../../shared/http/catalogue';
import type { exportRoutes } from './routes';
import type { ExportAnswer } from './export-report';
import { exportReport } from './export-report';
import type { ExportFormat } from './write-file';

type Routes = typeof exportRoutes;
type ExportOperations = Pick<
  Implementations<Routes>,
  'getPendingShipmentsPdf' | 'getLowStockDownload' | 'exportReportPdf' | 'exportReportExcel'
>;

/** The query as the URL carried it: an export re-reads it with the report's own schema. */
const asText = (query: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  );

const actorOf = (caller: Caller) => caller.username || caller.subject;

/** A download is one request: a report too long to render in it is a 400 naming the export route. */
async function download(
  report: string,
  format: ExportFormat,
  query: Record<string, unknown>,
  caller: Caller,
) {
  const answer = await exportReport({
    report,
    format,
    query: asText(query),
    actor: actorOf(caller),
    whenTooLong: 'refuse',
  });
  return { headers: { location: answer.url, 'cache-control': 'no-store' } };
}

const exported = (answer: ExportAnswer) => ({
  body: answer,
  ...(answer.status === 'pending' ? { status: 202 } : {}),
});

export const exportOperations: ExportOperations = {
  getPendingShipmentsPdf: ({ query, caller }) => download('pending-shipments', 'pdf', query, caller),
  getLowStockDownload: ({ query, caller }) => download('low-stock', 'excel', query, caller),
  async exportReportPdf({ body, caller }) {
    return exported(await exportReport({ ...body, format: 'pdf', actor: actorOf(caller) }));
  },
  async exportReportExcel({ body, caller }) {
    return exported(await exportReport({ ...body, format: 'excel', actor: actorOf(caller) }));
  },
};
