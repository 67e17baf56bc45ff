/**
 * Stream records to domain events, record by record: one that cannot be read is set aside with its
 * reason. Times never go backwards within a batch (event-time.ts).
 */
import type { DomainEvent, StreamRecord } from './domain-events';
import { toDomainEvent } from './domain-events';
import { inStreamOrder } from './event-time';

export interface DecodedRecords {
  events: Array<{ event: DomainEvent; sequence: string }>;
  undecodable: Array<{ record: StreamRecord; reason: string }>;
}

export function decodeRecords(
  records: readonly StreamRecord[],
  decode: (record: StreamRecord) => DomainEvent | undefined = toDomainEvent,
): DecodedRecords {
  const decoded: DecodedRecords = { events: [], undecodable: [] };
  for (const record of records) {
    try {
      const event = decode(record);
      if (event) decoded.events.push({ event, sequence: record.dynamodb?.SequenceNumber ?? '' });
    } catch (error) {
      decoded.undecodable.push({ record, reason: (error as Error).message });
    }
  }
  const timed = inStreamOrder(decoded.events.map(({ event }) => event));
  decoded.events = decoded.events.map((entry, index) => ({ ...entry, event: timed[index]! }));
  return decoded;
}
