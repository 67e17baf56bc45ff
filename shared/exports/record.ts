/**
 * An export's record: what was exported (the report, its query, the format), by whom, where the file is.
 * A file rendered in the request is recorded `ready` once stored; a large one is recorded `pending` (its
 * key already chosen) and the report jobs write the file and move the record to `ready`, or to `failed`
 * with the reason. The stream projector publishes `export.ready` and `export.failed` from those changes.
 * It expires (TTL) with the file. A record written in a request carries its idempotency guard, so a
 * retried export answers the first one.
 */
import * as z from 'zod/mini';
import { tableName } from '../db/client';
import { exportRecordKey } from '../db/keys/exports';
import { TransactionCancelled } from '../db/errors';
import { getItem } from '../db/query';
import { transactWrite } from '../db/transactions';
import { withoutStorageAttributes } from '../db/keys';
import { exportsExpiryDays } from '../files/keys';
import { countMetric } from '../metrics/metrics';

export const exportStatuses = ['pending', 'ready', 'failed'] as const;
export type ExportStatus = (typeof exportStatuses)[number];

export const exportRecordSchema = z.object({
  id: z.string(),
  /** What was exported: `shipments`, `low-stock`, ... */
  kind: z.string(),
  status: z.enum(exportStatuses),
  /** `xlsx` or `pdf`. */
  format: z.optional(z.string()),
  fileName: z.string(),
  contentType: z.string(),
  /** The file's key in the files bucket (chosen before a pending export is written). */
  key: z.string(),
  bytes: z.optional(z.number()),
  rowCount: z.optional(z.number()),
  /** The filters the rows were selected by, as the client gave them (defaults filled). */
  filters: z.record(z.string(), z.unknown()),
  /** The scheduled job that made it, if one did. */
  schedule: z.optional(z.string()),
  /** Why a failed export has no file. */
  error: z.optional(z.string()),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.optional(z.string()),
});
export type ExportRecord = z.infer<typeof exportRecordSchema>;

const expiryOf = (createdAt: string) =>
  Math.floor(Date.parse(createdAt) / 1000) + exportsExpiryDays * 24 * 60 * 60;

export async function saveExportRecord(record: ExportRecord): Promise<void> {
  await transactWrite([
    [
      'export',
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...exportRecordKey(record.id),
            entity: 'export',
            ...record,
            expiresAt: expiryOf(record.createdAt),
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ],
  ]);
  if (record.status === 'ready') countMetric('ExportsWritten');
}

export async function findExportRecord(id: string): Promise<ExportRecord | undefined> {
  const item = await getItem(exportRecordKey(id), true);
  if (!item) return undefined;
  const { expiresAt: _expiresAt, entity: _entity, ...record } = withoutStorageAttributes(item);
  return z.parse(exportRecordSchema, record);
}

/**
 * A pending export's outcome, written once: the condition keeps a redelivered job from moving a record
 * that another run already finished.
 */
export async function finishExport(
  id: string,
  outcome: { status: 'ready'; bytes: number; rowCount: number } | { status: 'failed'; error: string },
): Promise<boolean> {
  const fields: Record<string, unknown> = { ...outcome, finishedAt: new Date().toISOString() };
  const names = Object.keys(fields);
  try {
    await transactWrite([
      [
        'export',
        {
          Update: {
            TableName: tableName(),
            Key: exportRecordKey(id),
            UpdateExpression: `SET ${names.map((_, index) => `#f${index} = :f${index}`).join(', ')}`,
            ConditionExpression: '#status = :pending',
            ExpressionAttributeNames: {
              '#status': 'status',
              ...Object.fromEntries(names.map((name, index) => [`#f${index}`, name])),
            },
            ExpressionAttributeValues: {
              ':pending': 'pending',
              ...Object.fromEntries(names.map((name, index) => [`:f${index}`, fields[name]])),
            },
          },
        },
      ],
    ]);
    if (outcome.status === 'ready') countMetric('ExportsWritten');
    return true;
  } catch (error) {
    if (error instanceof TransactionCancelled && error.refused('export')) return false;
    throw error;
  }
}
