/**
 * Stream projector: publishes a domain event for every committed change on the EventBridge bus.
 * Failed records are reported one by one (ReportBatchItemFailures); after the retries the stream
 * mapping sends them to the dead-letter queue.
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { DomainEvent, StreamRecord } from '../../shared/events/domain-events';
import { eventSource, toDomainEvent } from '../../shared/events/domain-events';
import { logger } from '../../shared/logging/logger';

const eventBridge = new EventBridgeClient({});

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

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const events = event.Records.flatMap((record) => {
    const domainEvent = toDomainEvent(record as StreamRecord);
    return domainEvent ? [{ event: domainEvent, sequence: record.dynamodb?.SequenceNumber ?? '' }] : [];
  });
  const failed = await publish(events);
  // Stream order matters: report the earliest failed record; Lambda retries from there.
  const failedSet = new Set(failed);
  const first = events.find((item) => failedSet.has(item.sequence));
  return { batchItemFailures: first ? [{ itemIdentifier: first.sequence }] : [] };
}
