/** Order statistics over samples; medians and p95 rather than means, so a GC pause does not move them. */
function sorted(samples: readonly number[]): number[] {
  if (samples.length === 0) throw new Error('no samples');
  return [...samples].sort((a, b) => a - b);
}

export function median(samples: readonly number[]): number {
  const values = sorted(samples);
  const middle = Math.floor(values.length / 2);
  return values.length % 2 === 1 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(samples: readonly number[], p: number): number {
  const values = sorted(samples);
  const rank = Math.max(1, Math.ceil((p / 100) * values.length));
  return values[rank - 1]!;
}

/**
 * The median of per-pair ratios, `subject[i] / reference[i]`, for samples taken in pairs (the same
 * round of interleaved runs): drift in the machine's speed between rounds moves both alike and cancels.
 */
export function pairedRatio(subject: readonly number[], reference: readonly number[]): number {
  if (subject.length !== reference.length) throw new Error('paired samples differ in count');
  return median(subject.map((value, index) => value / reference[index]!));
}

export interface Summary {
  n: number;
  medianMs: number;
  p95Ms: number;
}

export function summarize(samplesMs: readonly number[]): Summary {
  return { n: samplesMs.length, medianMs: median(samplesMs), p95Ms: percentile(samplesMs, 95) };
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
