/**
 * Report aggregates: the second stream consumer, beside the events projector (its own mapping and
 * dead-letter queue). Counts every committed order and payment change into the daily aggregate cells,
 * exactly once however often the stream delivers a record (shared/aggregates/apply.ts). A record it
 * cannot read goes to the dead-letter queue with the reason; a batch that fails is split and retried by
 * Lambda until the stream ages its records out, and each retry skips what was already counted.
 */
import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { applyAggregateRecords } from '../../shared/aggregates/apply';
import { aggregateRecordsOf } from '../../shared/aggregates/records';
import { reportingTimeZone } from '../../shared/aggregates/time-zone';
import type { StreamRecord } from '../../shared/events/domain-events';
import { logger } from '../../shared/logging/logger';
import { withoutSdkLogging } from '../../shared/logging/sdk-logging';
import { countMetric, withInvocationMetrics } from '../../shared/metrics/metrics';

const sqs = withoutSdkLogging(new SQSClient({}));

export const handler = withInvocationMetrics(async function countAggregates(
  event: DynamoDBStreamEvent,
): Promise<DynamoDBBatchResponse> {
  const records = event.Records as StreamRecord[];
  const timeZone = reportingTimeZone();
  const { readable, unreadable } = aggregateRecordsOf(records, timeZone);
  // A failure throws: Lambda splits the batch and retries the halves (counting is exactly once, so a
  // retry skips what was counted), until the stream ages the records out.
  const applied = await applyAggregateRecords(readable, timeZone);
  logger.info('aggregates counted', { ...applied, records: records.length, unreadable: unreadable.length });
  // After the batch counted, so a retried batch does not send them again; keys, not images (size).
  for (const { record, reason } of unreadable) {
    logger.error('stream record cannot be read by the aggregates; sent to the dead-letter queue', {
      reason,
      eventID: record.eventID,
    });
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: process.env.DEAD_LETTER_QUEUE_URL,
        MessageBody: JSON.stringify({
          reason,
          eventID: record.eventID,
          eventName: record.eventName,
          sequenceNumber: record.dynamodb?.SequenceNumber,
          keys: (record.dynamodb as { Keys?: unknown } | undefined)?.Keys,
        }),
      }),
    );
    countMetric('RecordsDeadLettered');
  }
  return { batchItemFailures: [] };
});
