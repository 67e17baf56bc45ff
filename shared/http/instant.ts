/** Instants clients send: ISO 8601 with `Z` or a UTC offset, kept as UTC (`...Z`) so they sort as text. */
import * as z from 'zod/mini';

/** The same instant in UTC; the client's precision is kept (milliseconds at most once converted). */
export function toUtc(value: string): string {
  if (value.endsWith('Z')) return value;
  const utc = new Date(value).toISOString();
  return value.includes('.') ? utc : utc.replace('.000Z', 'Z');
}

export const instantSchema = z.pipe(
  z.iso.datetime({
    offset: true,
    error: 'must be an ISO 8601 date and time with Z or an offset, such as 2026-11-22T09:30:00Z',
  }),
  z.transform(toUtc),
);
