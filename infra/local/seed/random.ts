/**
 * Deterministic pseudo-random numbers for the seed: the same `--seed` gives the same data set, so a
 * bug report can name the seed that shows it. sfc32, seeded through splitmix32 (fast, good enough for data).
 */
import { ulid } from 'ulid';

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(values: readonly T[]): T;
  /** A ULID at the given time whose random part comes from this generator. */
  ulid(at: number | string): string;
  /** `length` decimal digits (leading zeros allowed). */
  digits(length: number): string;
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function createRandom(seed: number): Random {
  const mix = splitmix32(seed);
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Warm up: the first outputs of a fresh state are the least mixed.
  for (let i = 0; i < 12; i++) next();
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (values) => values[Math.floor(next() * values.length)]!,
    ulid: (at) => ulid(typeof at === 'string' ? Date.parse(at) : at, next),
    digits: (length) => {
      let text = '';
      for (let i = 0; i < length; i++) text += Math.floor(next() * 10);
      return text;
    },
  };
}

/** Picks by weight in O(log n): the cumulative weights are built once per list. */
export interface WeightedPicker<T> {
  pick(random: Random): T;
}

export function weighted<T>(entries: ReadonlyArray<readonly [T, number]>): WeightedPicker<T> {
  const values = entries.map(([value]) => value);
  const cumulative: number[] = [];
  let total = 0;
  for (const [, weight] of entries) {
    total += weight;
    cumulative.push(total);
  }
  if (total <= 0) throw new Error('weighted: no positive weight');
  return {
    pick(random) {
      const target = random.next() * total;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (cumulative[middle]! > target) high = middle;
        else low = middle + 1;
      }
      return values[low]!;
    },
  };
}
