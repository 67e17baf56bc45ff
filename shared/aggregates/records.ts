/** Stream records as the report aggregates read them (the Lambda consumer and the local poller alike). */
import type { StreamRecord } from '../events/domain-events';
import { streamImages } from '../events/domain-events';
import { aggregateDeltas } from '../domain/aggregates';
import type { AggregateRecord } from './apply';

/**
 * The records as the aggregates read them; the unreadable ones apart, with their reason (an image that
 * cannot be decoded, or one the figures cannot be read from), so one bad record never holds back a batch.
 */
export function aggregateRecordsOf(records: readonly StreamRecord[], timeZone: string) {
  const readable: AggregateRecord[] = [];
  const unreadable: Array<{ record: StreamRecord; reason: string }> = [];
  for (const record of records) {
    try {
      const id = record.eventID ?? record.dynamodb?.SequenceNumber;
      if (!id) throw new Error('a record without an id');
      const images = streamImages(record);
      aggregateDeltas(images, timeZone);
      readable.push({ id, ...images });
    } catch (error) {
      unreadable.push({ record, reason: (error as Error).message });
    }
  }
  return { readable, unreadable };
}
