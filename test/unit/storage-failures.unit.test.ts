/** Which failures the one retry policy (shared/db/retry) takes for storage being busy or away. */
import { describe, expect, it } from 'vitest';
import { StorageBusy, storageFailureKind } from '../../shared/db/errors';
import { configureRetryPolicy, LostRace, withRetry } from '../../shared/db/retry';
import { Conflict, ServiceUnavailable } from '../../shared/errors';

const sdkError = (name: string, status?: number) =>
  Object.assign(new Error(name), { name, ...(status ? { $metadata: { httpStatusCode: status } } : {}) });

describe('storageFailureKind', () => {
  it('reads the SDK’s throttling, unavailability and connection failures', () => {
    expect(storageFailureKind(sdkError('ProvisionedThroughputExceededException', 400))).toBe('throttled');
    expect(storageFailureKind(sdkError('ServiceUnavailable', 503))).toBe('unavailable');
    expect(storageFailureKind(sdkError('InternalError', 500))).toBe('unavailable');
    expect(storageFailureKind(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe('unavailable');
  });

  it('leaves the service’s own typed errors alone, ServiceUnavailable included (the same name as the SDK’s)', () => {
    expect(storageFailureKind(new ServiceUnavailable('The label file could not be stored.'))).toBeUndefined();
    expect(storageFailureKind(new Conflict('No.'))).toBeUndefined();
  });
});

describe('withRetry', () => {
  it('answers a typed error at once, without another attempt', async () => {
    let attempts = 0;
    const failing = withRetry({ what: 'This test' }, async () => {
      attempts += 1;
      throw new ServiceUnavailable('The carrier is away.');
    });
    await expect(failing).rejects.toThrow('The carrier is away.');
    expect(attempts).toBe(1);
  });

  it('tries a lost race again', async () => {
    let attempts = 0;
    const answer = await withRetry({ what: 'This test' }, async () => {
      attempts += 1;
      if (attempts < 3) throw new LostRace('the order changed');
      return 'committed';
    });
    expect(answer).toBe('committed');
    expect(attempts).toBe(3);
  });
});

describe('withRetry inside withRetry', () => {
  it('ends by the outer loop’s deadline, so one request never outlasts one policy deadline', async () => {
    configureRetryPolicy({ deadlineMs: 1000, baseMs: 20, capMs: 20 });
    try {
      const started = Date.now();
      let inner = 0;
      const outer = withRetry({ what: 'The outer change' }, async () => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        return withRetry({ what: 'The inner change' }, async () => {
          inner += 1;
          throw new LostRace('always');
        });
      });
      await expect(outer).rejects.toThrow(StorageBusy);
      // Alone, the inner loop would have run its own 1,000 ms after the outer one's 600 (1,600 in all).
      expect(Date.now() - started).toBeLessThan(1350);
      expect(inner).toBeGreaterThan(1);
    } finally {
      configureRetryPolicy(undefined);
    }
  });
});
