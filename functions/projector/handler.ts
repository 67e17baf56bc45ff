/**
 * Stream projector: publishes a domain event for every committed operation on the EventBridge bus.
 * A record it cannot read never stops the stream: it goes to the dead-letter queue with the reason and
 * the rest of the batch goes on. Failed publishes are reported (ReportBatchItemFailures); after the
 * retries the stream mapping sends them to the same dead-letter queue.
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { DomainEvent, StreamRecord } from '../../shared/events/domain-events';
import { eventSource } from '../../shared/events/domain-events';
import { decodeRecords } from '../../shared/events/decode';
import { logger } from '../../shared/logging/logger';
import { withoutSdkLogging } from '../../shared/logging/sdk-logging';
import { countMetric, withInvocationMetrics } from '../../shared/metrics/metrics';

const eventBridge = withoutSdkLogging(new EventBridgeClient({}));
const sqs = withoutSdkLogging(new SQSClient({}));

async function publish(events: Array<{ event: DomainEvent; sequence: string }>): Promise<string[]> {
  const failed: string[] = [];
  for (let start = 0; start < events.length; start += 10) {
    const batch = events.slice(start, start + 10);
    try {
      const result = await eventBridge.send(
        new PutEventsCommand({
          Entries: batch.map(({ event }) => ({
            EventBusName: process.env.EVENT_BUS_NAME,
            Source: eventSource,
            DetailType: event.type,
            Detail: JSON.stringify(event),
            Time: new Date(event.time),
          })),
        }),
      );
      result.Entries?.forEach((entry, index) => {
        if (entry.ErrorCode) failed.push(batch[index]!.sequence);
      });
    } catch (error) {
      logger.error('publishing events failed', { error });
      failed.push(...batch.map((item) => item.sequence));
    }
  }
  return failed;
}

export const handler = withInvocationMetrics(async function project(
  event: DynamoDBStreamEvent,
): Promise<DynamoDBBatchResponse> {
  const { events, undecodable } = decodeRecords(event.Records as StreamRecord[]);
  for (const { record, reason } of undecodable) {
    logger.error('stream record cannot be read; sent to the dead-letter queue', {
      reason,
      eventID: record.eventID,
    });
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: process.env.DEAD_LETTER_QUEUE_URL,
        MessageBody: JSON.stringify({ reason, record }),
      }),
    );
    countMetric('RecordsDeadLettered');
  }
  const failed = await publish(events);
  countMetric('EventsPublished', events.length - failed.length);
  // Stream order matters: report the earliest failed record; Lambda retries from there.
  const failedSet = new Set(failed);
  const first = events.find((item) => failedSet.has(item.sequence));
  return { batchItemFailures: first ? [{ itemIdentifier: first.sequence }] : [] };
});
