/**
 * Reporting days (DESIGN §4, Reports): one IANA time zone per deployment; a day is a calendar day in that
 * zone, whatever its offset (Asia/Kathmandu is +05:45) and however long it is (23 or 25 hours where
 * daylight saving time starts or ends). Pure: the zone is always passed in. Report ranges name days
 * (`from`/`to`, both included) and span at most 366 of them.
 */
import { ValidationFailed } from '../errors';

/** YYYY-MM-DD */
export type Day = string;

export const maxReportDays = 366;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD; the parts are read by type, so the locale's order does not matter.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows the zone (an IANA name such as `Europe/Warsaw`, or `UTC`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function partsOf(instant: Date, timeZone: string) {
  const parts: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return parts as { year: string; month: string; day: string; hour: string; minute: string; second: string };
}

/** The reporting day an instant falls on in the zone. */
export function reportingDay(instant: string | Date, timeZone: string): Day {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an instant: ${String(instant)}`);
  const { year, month, day } = partsOf(date, timeZone);
  return `${year}-${month}-${day}`;
}

/** The zone's offset from UTC at an instant, in minutes (Kathmandu +345, New York −300 or −240). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const { year, month, day, hour, minute, second } = partsOf(instant, timeZone);
  const asUtc = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The first instant of a day in the zone (midnight, or the first minute after a transition skipped it).
 * Days are at most 26 hours apart from UTC midnight, so two corrections of the offset settle it.
 */
export function startOfDay(day: Day, timeZone: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  let guess = utcMidnight - offsetMinutes(new Date(utcMidnight), timeZone) * 60_000;
  guess = utcMidnight - offsetMinutes(new Date(guess), timeZone) * 60_000;
  // Where midnight itself does not exist (a transition at 00:00), the day starts at the transition.
  while (reportingDay(new Date(guess), timeZone) < day) guess += 15 * 60_000;
  while (reportingDay(new Date(guess - 1), timeZone) === day) guess -= 15 * 60_000;
  return new Date(guess);
}

/** The calendar day after (or `days` after, negative for before). */
export function addDays(day: Day, days: number): Day {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: Day, to: Day): Day[] {
  // Counted as a number, never by comparing text: a year past 9999 would not sort after 9999.
  const count = Math.max(0, dayCount(from, to));
  return Array.from({ length: count }, (_, index) => addDays(from, index));
}

/** The days a report may name: four-digit years, with room for a previous period before and none after. */
export const earliestReportDay = '1971-01-01';
export const latestReportDay = '9998-12-31';

/** The number of days from `from` to `to`, both included. */
export const dayCount = (from: Day, to: Day) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** A report's range, checked: `to` not before `from`, at most 366 days (400 naming the field). */
export function checkReportRange(from: Day, to: Day): void {
  if (to < from) {
    throw new ValidationFailed(`The range ends (${to}) before it starts (${from}).`, [
      { path: 'query.to', message: `must not be before from (${from})` },
    ]);
  }
  const count = dayCount(from, to);
  if (count > maxReportDays) {
    throw new ValidationFailed(`The range spans ${count} days; a report spans at most ${maxReportDays}.`, [
      { path: 'query.to', message: `must be at most ${maxReportDays} days after from, counting both` },
    ]);
  }
}

/** The period of the same length just before a range, aligned day by day (a trend's comparison). */
export function previousPeriod(from: Day, to: Day): { from: Day; to: Day } {
  const length = dayCount(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}
