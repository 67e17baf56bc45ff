/**
 * Five-field cron expressions (`minute hour day-of-month month day-of-week`) for scheduled report jobs,
 * read in the reporting zone: matched minute by minute by the local runtime, and turned into the fields
 * of an EventBridge Scheduler cron by the stack, so both run a job at the same moments.
 *
 * Each field: `*`, a value, a range `a-b`, a step `*∕n` or `a-b/n`, or a list of those. Days of the week
 * are 0–7 (0 and 7 are Sunday) or SUN–SAT. A day of the month and a day of the week cannot both be
 * restricted (EventBridge refuses it; classic cron would run on either). Pure.
 */

export interface CronFields {
  minute: string;
  hour: string;
  day: string;
  month: string;
  weekDay: string;
}

export interface Cron {
  fields: CronFields;
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  days: ReadonlySet<number>;
  months: ReadonlySet<number>;
  /** 0 (Sunday) to 6. */
  weekDays: ReadonlySet<number>;
}

export class InvalidCron extends Error {
  constructor(expression: string, reason: string) {
    super(`cron "${expression}": ${reason}`);
    this.name = 'InvalidCron';
  }
}

const weekDayNames = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

function valueOf(text: string, names: readonly string[] | undefined, low: number, high: number): number {
  const named = names?.indexOf(text.toUpperCase()) ?? -1;
  const value = named >= 0 ? named : /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value < low || value > high)
    throw new RangeError(`${text} is not ${low}–${high}`);
  return value;
}

function parseField(text: string, low: number, high: number, names?: readonly string[]): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const [range, stepText] = part.split('/');
    const step = stepText === undefined ? 1 : valueOf(stepText, undefined, 1, high);
    let from = low;
    let to = high;
    if (range !== '*') {
      const [a, b] = range!.split('-');
      from = valueOf(a!, names, low, high);
      to = b === undefined ? (stepText === undefined ? from : high) : valueOf(b, names, low, high);
      if (to < from) throw new RangeError(`${range} runs backwards`);
    }
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

export function parseCron(expression: string): Cron {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5)
    throw new InvalidCron(expression, 'needs five fields: minute hour day month weekday');
  const [minute, hour, day, month, weekDay] = parts as [string, string, string, string, string];
  try {
    const weekDays = new Set([...parseField(weekDay, 0, 7, weekDayNames)].map((d) => d % 7));
    if (day !== '*' && weekDay !== '*')
      throw new RangeError('restrict the day of the month or the day of the week, not both');
    return {
      fields: { minute, hour, day, month, weekDay },
      minutes: parseField(minute, 0, 59),
      hours: parseField(hour, 0, 23),
      days: parseField(day, 1, 31),
      months: parseField(month, 1, 12),
      weekDays,
    };
  } catch (error) {
    throw new InvalidCron(expression, (error as Error).message);
  }
}

/** A moment as the zone's wall clock shows it. */
export interface WallClock {
  minute: number;
  hour: number;
  day: number;
  month: number;
  /** 0 (Sunday) to 6. */
  weekDay: number;
}

export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      minute: 'numeric',
      hour: 'numeric',
      day: 'numeric',
      month: 'numeric',
      weekday: 'short',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    minute: Number(parts.minute),
    hour: Number(parts.hour),
    day: Number(parts.day),
    month: Number(parts.month),
    weekDay: weekDayNames.indexOf(String(parts.weekday).toUpperCase().slice(0, 3)),
  };
}

export function cronMatches(cron: Cron, clock: WallClock): boolean {
  return (
    cron.minutes.has(clock.minute) &&
    cron.hours.has(clock.hour) &&
    cron.days.has(clock.day) &&
    cron.months.has(clock.month) &&
    cron.weekDays.has(clock.weekDay)
  );
}

/**
 * The fields of an EventBridge Scheduler cron (`aws-scheduler` ScheduleExpression.cron): days of the week
 * by name (EventBridge counts them 1–7 from Sunday), and only the day field that is restricted.
 */
export function eventBridgeCronFields(cron: Cron): Partial<CronFields> {
  const { minute, hour, day, month, weekDay } = cron.fields;
  const named = weekDay.replace(/\d+/g, (digits) => weekDayNames[Number(digits) % 7]!);
  return {
    minute,
    hour,
    month,
    ...(day !== '*' ? { day } : {}),
    ...(weekDay !== '*' ? { weekDay: named } : {}),
  };
}
