/**
 * Server-made ids are ULIDs: 48 bits of time then 80 random bits, in Crockford base32, so they sort by
 * creation time. Monotonic within a process: ids made in the same millisecond still sort in order.
 */
import { randomFillSync } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const randomLength = 16;

let lastTime = -1;
let lastRandom: number[] = [];

/**
 * Random bytes from a pool filled 4 KB at a time: one call to the system's generator for 256 ids, where
 * one per id (randomBytes) was half a per cent of the busy day's CPU. The bytes are as random; each is
 * used once.
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomDigits(): number[] {
  if (poolOffset + randomLength > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const digits = Array.from(pool.subarray(poolOffset, poolOffset + randomLength), (byte) => byte & 31);
  poolOffset += randomLength;
  return digits;
}

function encodeTime(time: number): string {
  let text = '';
  let rest = time;
  for (let i = 0; i < 10; i++) {
    text = alphabet[rest % 32] + text;
    rest = Math.floor(rest / 32);
  }
  return text;
}

/** Adds one to the random part (base32 digits), as the ULID spec does for ids in the same millisecond. */
function increment(digits: number[]): number[] {
  const next = [...digits];
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i]! < 31) {
      next[i]! += 1;
      return next;
    }
    next[i] = 0;
  }
  throw new Error('ULID random part overflowed within one millisecond');
}

export function newId(now = Date.now()): string {
  if (now <= lastTime) {
    lastRandom = increment(lastRandom);
  } else {
    lastTime = now;
    lastRandom = randomDigits();
  }
  return encodeTime(lastTime) + lastRandom.map((digit) => alphabet[digit]).join('');
}
