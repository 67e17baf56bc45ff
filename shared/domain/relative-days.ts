/**
 * Relative days in a scheduled report's query (`from: start-of-last-month`, `to: yesterday`), resolved
 * against the day the job runs, in the reporting zone. A value that is not one of these words is kept as
 * written. Pure.
 */
import type { Day } from './reporting-days';
import { addDays } from './reporting-days';

const offsetPattern = /^today([+-])(\d{1,3})$/;

const dayOfWeek = (day: Day) => new Date(`${day}T00:00:00Z`).getUTCDay();
/** ISO weeks start on Monday. */
const startOfWeek = (day: Day) => addDays(day, -((dayOfWeek(day) + 6) % 7));
const startOfMonth = (day: Day) => `${day.slice(0, 7)}-01`;

const words: Record<string, (today: Day) => Day> = {
  today: (today) => today,
  yesterday: (today) => addDays(today, -1),
  'start-of-week': startOfWeek,
  'start-of-last-week': (today) => addDays(startOfWeek(today), -7),
  'end-of-last-week': (today) => addDays(startOfWeek(today), -1),
  'start-of-month': startOfMonth,
  'start-of-last-month': (today) => startOfMonth(addDays(startOfMonth(today), -1)),
  'end-of-last-month': (today) => addDays(startOfMonth(today), -1),
  'start-of-year': (today) => `${today.slice(0, 4)}-01-01`,
  'start-of-last-year': (today) => `${Number(today.slice(0, 4)) - 1}-01-01`,
  'end-of-last-year': (today) => `${Number(today.slice(0, 4)) - 1}-12-31`,
};

export const relativeDayWords = [...Object.keys(words), 'today-N', 'today+N'] as const;

/** The day a relative word names, or undefined when the value is not one. `today-7` counts days (0–366). */
export function relativeDay(value: string, today: Day): Day | undefined {
  if (Object.hasOwn(words, value)) return words[value]!(today);
  const offset = offsetPattern.exec(value);
  if (!offset) return undefined;
  const days = Number(offset[2]);
  if (days > 366) return undefined;
  return addDays(today, offset[1] === '-' ? -days : days);
}

/** The query with every relative word replaced by its day. */
export function resolveRelativeDays(
  query: Readonly<Record<string, string>>,
  today: Day,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, relativeDay(value, today) ?? value]),
  );
}
