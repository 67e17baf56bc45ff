/**
 * When a change happened, to the millisecond. A stream record's ApproximateCreationDateTime is coarse
 * (DynamoDB rounds it down to the second, DynamoDB Local to the minute), so events timed by it alone
 * could not be ordered. The item's own instant of the change, written by the service to the millisecond,
 * is the event's time when it agrees with the stream's clock (within a minute of it either way): the
 * latest of the new image's `updatedAt`, `finishedAt` and `createdAt` that this write set (it differs
 * from the old image's: a write that left them alone, a counter's ADD, carries an earlier change's instant)
 * and that does agree; else the stream's time stands. A removal has no instant of its own: the
 * stream's time, which `inStreamOrder` raises to the event before it in the batch.
 */
const agreementMs = 60_000;
const ownInstantFields = ['updatedAt', 'finishedAt', 'createdAt'] as const;

const instantOf = (value: unknown): number | undefined => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return undefined;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
};

/** The stream's time of a record (epoch seconds in Lambda events, a Date from the SDK's stream client). */
export function streamTime(
  approximate: number | Date | undefined,
  now: () => Date = () => new Date(),
): number {
  if (approximate instanceof Date) return approximate.getTime();
  if (typeof approximate === 'number') return approximate * 1000;
  return now().getTime();
}

/** The change's instant: the new image's own one when it agrees with the stream's time, else the stream's. */
export function changeTime(
  approximate: number | Date | undefined,
  image: Readonly<Record<string, unknown>> | undefined,
  previous?: Readonly<Record<string, unknown>>,
): string {
  const stream = streamTime(approximate);
  const own = ownInstantFields
    .filter((field) => previous === undefined || image?.[field] !== previous[field])
    .map((field) => instantOf(image?.[field]))
    .filter(
      (instant): instant is number =>
        instant !== undefined && (approximate === undefined || Math.abs(instant - stream) <= agreementMs),
    );
  return new Date(own.length > 0 ? Math.max(...own) : stream).toISOString();
}

/**
 * Times of a batch's events in stream order, never going backwards: an event timed coarsely (a removal)
 * takes the time of the event before it when that is later, so ordering by time keeps the stream's order.
 */
export function inStreamOrder<E extends { time: string }>(events: readonly E[]): E[] {
  let latest = '';
  return events.map((event) => {
    if (event.time < latest) return { ...event, time: latest };
    latest = event.time;
    return event;
  });
}
