/**
 * The `from`/`to` bounds of a history listing: ISO 8601 instants (with `Z` or an offset) or dates
 * (`YYYY-MM-DD`, a UTC day). Each becomes an instant in the stored form of an entry's `at`
 * (`YYYY-MM-DDTHH:mm:ss.sssZ`, always milliseconds), so comparing them as text compares the times:
 * a date `from` starts its day, a date `to` ends it (its whole day is included). Pure; no I/O.
 */

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const instantPattern =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):(\d{2}))$/i;

export type RangeEdge = 'start' | 'end';

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Date.UTC maps years 0–99 to 1900–1999; this does not. */
function utcMillis(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year);
  return date.getTime();
}

function stored(millis: number): string | undefined {
  const date = new Date(millis);
  if (Number.isNaN(date.getTime())) return undefined;
  const year = date.getUTCFullYear();
  // Only four-digit years keep the text order of the stored form.
  if (year < 0 || year > 9999) return undefined;
  return date.toISOString();
}

/**
 * The stored-form instant of one bound, or undefined when the value is neither a real date nor a real
 * instant. An instant more precise than milliseconds is rounded inwards (a start up, an end down), so
 * the bound includes exactly the entries it names.
 */
export function rangeBound(value: string, edge: RangeEdge): string | undefined {
  const date = datePattern.exec(value);
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
    if (!validDay(year, month, day)) return undefined;
    const start = utcMillis(year, month, day, 0, 0, 0);
    return stored(edge === 'start' ? start : start + 24 * 60 * 60 * 1000 - 1);
  }
  const instant = instantPattern.exec(value);
  if (!instant) return undefined;
  const [year, month, day, hour, minute] = instant.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = instant[6] === undefined ? 0 : Number(instant[6]);
  if (!validDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  const fraction = (instant[7] ?? '').padEnd(9, '0');
  const millis = Number(fraction.slice(0, 3));
  let offsetMinutes = 0;
  if (instant[8] === undefined) {
    const [offsetHours, offsetMins] = [Number(instant[10]), Number(instant[11])];
    if (offsetHours > 23 || offsetMins > 59) return undefined;
    offsetMinutes = (instant[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const at = utcMillis(year, month, day, hour, minute, second) + millis - offsetMinutes * 60 * 1000;
  return stored(at);
}

export interface HistoryRange {
  from?: string;
  to?: string;
}

/** Why a range is empty by construction (`from` after `to`), or undefined when it is not. */
export function rangeProblem(range: HistoryRange): string | undefined {
  if (range.from !== undefined && range.to !== undefined && range.from > range.to) {
    return 'must not be after to';
  }
  return undefined;
}
