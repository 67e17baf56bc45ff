/**
 * An export's record: what was exported, by whom, where the file is. Written once the file is stored,
 * with status `ready`: the stream projector publishes `export.ready` from it. It expires (TTL) with the
 * file. Its write carries the request's idempotency guard, so a retried export answers the first file.
 */
import * as z from 'zod/mini';
import { tableName } from '../db/client';
import { exportRecordKey } from '../db/keys/exports';
import { transactWrite } from '../db/transactions';
import { exportsExpiryDays } from '../files/keys';

export const exportRecordSchema = z.object({
  id: z.string(),
  /** What was exported: `shipments`, `low-stock`, ... */
  kind: z.string(),
  status: z.literal('ready'),
  fileName: z.string(),
  contentType: z.string(),
  /** The file's key in the files bucket. */
  key: z.string(),
  bytes: z.number(),
  rowCount: z.number(),
  /** The filters the rows were selected by, as the client gave them (defaults filled). */
  filters: z.record(z.string(), z.unknown()),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type ExportRecord = z.infer<typeof exportRecordSchema>;

export async function saveExportRecord(record: ExportRecord): Promise<void> {
  const expiresAt = Math.floor(Date.parse(record.createdAt) / 1000) + exportsExpiryDays * 24 * 60 * 60;
  await transactWrite([
    [
      'export',
      {
        Put: {
          TableName: tableName(),
          Item: { ...exportRecordKey(record.id), entity: 'export', ...record, expiresAt },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ],
  ]);
}
