/**
 * The report-jobs function: its own memory and time-out (a report of any length renders here, never in
 * the API's 25 s). Two inputs:
 * - a stream batch (filtered to new export records): each pending export is rendered and its record moved
 *   to ready or failed. A failure that a retry may mend (storage, S3) fails that record alone: Lambda
 *   retries it, then sends it to the dead-letter queue;
 * - `{ "schedule": <entry of config/report-schedules.json> }` from EventBridge Scheduler (which retries a
 *   failed run and then dead-letters it).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { cursorSigningKeyReady } from '../../../shared/db/cursor';
import type { StreamRecord } from '../../../shared/events/domain-events';
import { logger } from '../../../shared/logging/logger';
import { withInvocationMetrics } from '../../../shared/metrics/metrics';
import { pendingExportIds } from './pending';
import { runPendingExport, runScheduledJob } from './run';

export interface ScheduledRun {
  schedule: unknown;
}

const isStreamEvent = (event: unknown): event is DynamoDBStreamEvent =>
  typeof event === 'object' && event !== null && Array.isArray((event as { Records?: unknown }).Records);

// ExportsWritten is counted where an export's record turns ready (shared/exports/record.ts).
export const handler = withInvocationMetrics(async function runReportJobs(
  event: DynamoDBStreamEvent | ScheduledRun,
): Promise<DynamoDBBatchResponse | object> {
  // Reports page through their own reads with signed cursors (the key is read once per container).
  await cursorSigningKeyReady();
  if (!isStreamEvent(event)) {
    const record = await runScheduledJob(event.schedule);
    logger.info('scheduled report written', {
      schedule: record.schedule,
      key: record.key,
      rowCount: record.rowCount,
      bytes: record.bytes,
    });
    return { id: record.id, key: record.key, rowCount: record.rowCount };
  }
  const failures: Array<{ itemIdentifier: string }> = [];
  for (const record of event.Records) {
    const [id] = pendingExportIds([record as StreamRecord]);
    if (!id) continue;
    try {
      const outcome = await runPendingExport(id);
      logger.info('export job finished', { exportId: id, outcome });
    } catch (error) {
      logger.error('export job failed; retried', { exportId: id, error });
      failures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
      // Records after a failed one are retried with it (the batch resumes from the failure).
      break;
    }
  }
  return { batchItemFailures: failures };
});
