/**
 * Inventory alerts: a consumer of the table's stream (its own mapping and dead-letter queue) and the
 * daily run (EventBridge Scheduler). On a stream batch it assesses what every input the batch wrote
 * touches (each stock write in order; rules, settings, vendors, sources, factors, stock rules, list SKUs:
 * shared/alerts/records.ts); on the schedule it sweeps every rule, so a new day (the look-back window,
 * the seasonal factors) can make a rule true. Its writes are alert standings; the projector
 * publishes their stock.low and stock.recovered.
 */
import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { evaluateAlertWork, evaluateAllRules } from '../../shared/alerts/evaluate';
import { AlertInputs } from '../../shared/alerts/inputs';
import { alertWorkOf } from '../../shared/alerts/records';
import { reportingTimeZone } from '../../shared/aggregates/time-zone';
import type { StreamRecord } from '../../shared/events/domain-events';
import { logger } from '../../shared/logging/logger';
import { withoutSdkLogging } from '../../shared/logging/sdk-logging';
import { countMetric, withInvocationMetrics } from '../../shared/metrics/metrics';

const sqs = withoutSdkLogging(new SQSClient({}));

/** The schedule's input: `{ "run": "daily" }`. */
export interface DailyRun {
  run: 'daily';
}

const isStreamEvent = (event: unknown): event is DynamoDBStreamEvent =>
  typeof event === 'object' && event !== null && Array.isArray((event as { Records?: unknown }).Records);

export const handler = withInvocationMetrics(async function evaluateAlerts(
  event: DynamoDBStreamEvent | DailyRun,
): Promise<DynamoDBBatchResponse | object> {
  const inputs = new AlertInputs(new Date(), reportingTimeZone());
  if (!isStreamEvent(event)) {
    const result = await evaluateAllRules(inputs);
    logger.info('daily alert run', { ...result });
    return result;
  }
  const work = alertWorkOf(event.Records as StreamRecord[]);
  // A failure throws: Lambda splits the batch and retries; a standing moves once per crossing, so a
  // retried assessment publishes nothing twice.
  const result = await evaluateAlertWork(work, inputs);
  logger.info('alerts evaluated', { ...result, records: event.Records.length });
  for (const { record, reason } of work.unreadable) {
    logger.error('stream record cannot be read by the alerts; sent to the dead-letter queue', {
      reason,
      eventID: record.eventID,
    });
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: process.env.DEAD_LETTER_QUEUE_URL,
        MessageBody: JSON.stringify({ reason, eventID: record.eventID, eventName: record.eventName }),
      }),
    );
    countMetric('RecordsDeadLettered');
  }
  return { batchItemFailures: [] };
});
