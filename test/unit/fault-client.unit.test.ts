/** The fault bench's client follows docs/api-conventions.md's rules for each answer. */
import { describe, expect, it } from 'vitest';
import { nextStep } from '../../bench/support/fault-client';

describe('what a careful client does with an answer', () => {
  it('takes a 2xx as applied, and a 409 that says applied too', () => {
    expect(nextStep(201, null, {})).toEqual({ kind: 'applied' });
    expect(nextStep(409, null, { applied: true })).toEqual({ kind: 'applied' });
  });
  it('retries a 503 with a new key after its Retry-After, a 504 only with the same key', () => {
    expect(nextStep(503, '2', {})).toEqual({ kind: 'retry', newKey: true, afterMs: 2000 });
    expect(nextStep(504, null, {})).toEqual({ kind: 'retry', newKey: false, afterMs: 1000 });
  });
  it('waits out a 409 in progress with the same key, and stops on any other 4xx', () => {
    expect(nextStep(409, '7', {})).toEqual({ kind: 'retry', newKey: false, afterMs: 3000 });
    expect(nextStep(409, null, {})).toEqual({ kind: 'refused' });
    expect(nextStep(400, null, {})).toEqual({ kind: 'refused' });
  });
  it('has no rule for a 500', () => {
    expect(nextStep(500, null, {})).toEqual({ kind: 'unknown' });
  });
});
