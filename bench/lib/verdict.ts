/** A ratio against its target, as printed in the tables. */
export type Verdict = 'PASS' | 'OVER';

export function verdict(ratio: number, target: number): Verdict {
  return ratio <= target ? 'PASS' : 'OVER';
}
