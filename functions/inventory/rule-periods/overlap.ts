/** Rule periods are inclusive date ranges (YYYY-MM-DD, which compare correctly as strings). */

export interface DateRange {
  from: string;
  to: string;
}

export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return a.from <= b.to && b.from <= a.to;
}

/** The earliest other period the candidate overlaps (itself excluded when replacing it). */
export function firstOverlap<T extends DateRange & { id: string }>(
  candidate: DateRange & { id: string },
  periods: readonly T[],
): T | undefined {
  return periods
    .filter((period) => period.id !== candidate.id && rangesOverlap(candidate, period))
    .sort((a, b) => a.from.localeCompare(b.from) || a.id.localeCompare(b.id))[0];
}

export function isActiveOn(range: DateRange, day: string): boolean {
  return range.from <= day && day <= range.to;
}
