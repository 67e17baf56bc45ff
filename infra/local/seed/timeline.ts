/**
 * When orders happen: a density over the days of the period (growth over the year, quieter summers,
 * a busy November and December with a Black Friday peak, weekdays) and over the hours of a day (US
 * evenings, in UTC). Order i of n sits at quantile (i + jitter) / n, so dates rise with i while
 * following the density.
 */

const dayMs = 86_400_000;
const hourMs = 3_600_000;

/** Jan … Dec. */
const monthWeights = [0.85, 0.78, 0.88, 0.9, 0.95, 0.88, 0.9, 0.95, 1, 1.1, 1.6, 1.85];
/** Sun … Sat. */
const weekdayWeights = [1.05, 1.12, 1.05, 1, 1, 0.95, 0.85];
/** UTC hours 0 … 23: most customers are in the Americas. */
const hourWeights = [
  6, 5, 4, 3, 2, 1.5, 1.2, 1.2, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 5.5, 6, 6, 6.5, 7, 7, 6.5,
];

/** Friday after the fourth Thursday of November (UTC day start). */
function blackFriday(year: number): number {
  const first = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  const firstThursday = 1 + ((4 - first + 7) % 7);
  return Date.UTC(year, 10, firstThursday + 22);
}

function dayWeight(dayStart: number): number {
  const date = new Date(dayStart);
  let weight = monthWeights[date.getUTCMonth()]! * weekdayWeights[date.getUTCDay()]!;
  const friday = blackFriday(date.getUTCFullYear());
  // Black Friday to Cyber Monday; and the last shipping days before Christmas, then a lull.
  if (dayStart >= friday && dayStart <= friday + 3 * dayMs) weight *= 2.6;
  if (date.getUTCMonth() === 11 && date.getUTCDate() >= 22) weight *= date.getUTCDate() >= 25 ? 0.55 : 0.8;
  return weight;
}

const hourCumulative = (() => {
  const total = hourWeights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  return hourWeights.map((weight) => (running += weight / total));
})();

/** Share of a day's orders placed before `ms` into it. */
function hourCdf(ms: number): number {
  const hour = Math.min(23, Math.floor(ms / hourMs));
  const before = hour === 0 ? 0 : hourCumulative[hour - 1]!;
  return before + (hourCumulative[hour]! - before) * ((ms - hour * hourMs) / hourMs);
}

/** Time into the day at which a share `p` of its orders have been placed. */
function inverseHourCdf(p: number): number {
  let hour = 0;
  while (hour < 23 && hourCumulative[hour]! <= p) hour++;
  const before = hour === 0 ? 0 : hourCumulative[hour - 1]!;
  return hour * hourMs + ((p - before) / (hourCumulative[hour]! - before)) * hourMs;
}

export interface Timeline {
  start: number;
  end: number;
  /** The time at quantile u in [0, 1). */
  at(u: number): number;
}

export function timeline(end: number, days: number): Timeline {
  const firstDay = Math.floor((end - days * dayMs) / dayMs) * dayMs;
  const starts: number[] = [];
  const cumulative: number[] = [];
  const floors: number[] = [];
  const ceilings: number[] = [];
  let total = 0;
  for (let day = firstDay; day < end; day += dayMs) {
    const growth = 0.8 + (0.4 * (day - firstDay)) / (days * dayMs);
    // The first day counts from `end - days`, the last only up to `end`.
    const from = day === firstDay ? hourCdf(end - days * dayMs - day) : 0;
    const to = day + dayMs > end ? hourCdf(end - day) : 1;
    total += dayWeight(day) * growth * (to - from);
    starts.push(day);
    cumulative.push(total);
    floors.push(from);
    ceilings.push(to);
  }
  return {
    start: end - days * dayMs,
    end,
    at(u) {
      const target = u * total;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (cumulative[middle]! > target) high = middle;
        else low = middle + 1;
      }
      const before = low === 0 ? 0 : cumulative[low - 1]!;
      const share = (target - before) / (cumulative[low]! - before);
      const p = floors[low]! + share * (ceilings[low]! - floors[low]!);
      return Math.min(end - 1, starts[low]! + Math.floor(inverseHourCdf(p)));
    },
  };
}
