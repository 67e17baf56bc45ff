/**
 * Event times from DynamoDB Local's stream, whose records carry their creation time rounded down to the
 * minute: each event keeps its change's milliseconds, and events in stream order have times in order.
 */
import { expect, it } from 'vitest';
import { decodeRecords } from '../../shared/events/decode';
import type { DomainEvent, StreamRecord } from '../../shared/events/domain-events';
import { vendorInput } from '../support/builders';
import { call } from '../support/call';
import { drainStream } from '../support/stream-drain';

it("keeps each event's milliseconds, in the order the changes were made", async () => {
  const ids: string[] = [];
  const answered: string[] = [];
  for (let n = 0; n < 3; n += 1) {
    const created = await call({ method: 'POST', path: '/v1/vendors', body: vendorInput(), role: 'manager' });
    expect(created.status, created.text).toBe(201);
    ids.push(created.body.id);
    answered.push(created.body.updatedAt);
  }
  const removed = await call({ method: 'DELETE', path: `/v1/vendors?ids=${ids[1]}`, role: 'manager' });
  expect(removed.status, removed.text).toBeLessThan(300);

  const events: DomainEvent[] = [];
  await drainStream(async (records) => {
    for (const { event } of decodeRecords(records as StreamRecord[]).events)
      if (ids.includes(event.resourceId ?? '')) events.push(event);
  });
  expect(events.map((event) => event.type)).toEqual([
    'vendor.created',
    'vendor.created',
    'vendor.created',
    'vendor.deleted',
  ]);
  // Each creation at the instant the API answered, to the millisecond (not the stream's minute).
  expect(events.slice(0, 3).map((event) => event.time)).toEqual(answered);
  const times = events.map((event) => event.time);
  expect([...times].sort()).toEqual(times);
  expect(new Set(times.slice(0, 3)).size).toBe(3);
});
