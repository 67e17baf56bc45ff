/** Export records as the report jobs find them, written directly (no request makes these). */
import { saveExportRecord } from '../../shared/exports/record';
import { newId } from '../../shared/ids';

/**
 * A pending PDF export of the daily sales whose query its report does not take (recorded by an older
 * version, say): the job can only record it as failed. Answers the export's id.
 */
export async function savePendingExportItCannotMake(createdBy: string): Promise<string> {
  const id = newId();
  await saveExportRecord({
    id,
    kind: 'sales-daily',
    status: 'pending',
    format: 'pdf',
    fileName: 'Sales per day.pdf',
    contentType: 'application/pdf',
    key: `exports/sales-daily/2026/11/23/${id}.pdf`,
    filters: { query: { from: 'last-tuesday' } },
    createdBy,
    createdAt: new Date().toISOString(),
  });
  return id;
}
