/**
 * DESIGN §3's rule for a failed request, from its write record: nothing written answers as it is; a
 * commit is never "nothing changed"; an unanswered write is a 504 without Retry-After. The retry policy
 * never repeats an attempt whose change committed or may have. Retry-After of a held claim.
 */
import { describe, expect, it } from 'vitest';
import { StorageBusy } from '../../shared/db/errors';
import { RequestGuardLost } from '../../shared/db/request-guard';
import { LostRace, withRetry } from '../../shared/db/retry';
import {
  markWriteCommitted,
  markWriteFailed,
  newRequestWrites,
  outsideRequestWrites,
  recordingWrites,
} from '../../shared/db/write-outcome';
import {
  ChangeAppliedAnswerFailed,
  ChangeMayHaveCompleted,
  Conflict,
  ServiceUnavailable,
} from '../../shared/errors';
import { failureAfterWrites, problemResponse, secondsUntil } from '../../shared/http/problem';

const unreachable = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
const nothing = { commits: 0, uncertain: false };
const committed = { commits: 1, uncertain: false };
const uncertain = { commits: 0, uncertain: true };

describe('failureAfterWrites', () => {
  it('leaves a failure of a request that wrote nothing as it is (a 503 means nothing changed)', () => {
    const error = unreachable();
    expect(failureAfterWrites(error, nothing, false)).toBe(error);
  });

  it('after a commit, answers "applied" instead of a 503, a contention 409 or a 500', () => {
    for (const error of [
      unreachable(),
      new StorageBusy('contention', 1, 'Order 1'),
      new ServiceUnavailable('S3 is away.'),
      new Error('a bug'),
    ]) {
      const answer = failureAfterWrites(error, committed, true);
      expect(answer).toBeInstanceOf(ChangeAppliedAnswerFailed);
      const problem = problemResponse(answer, 'c-1');
      expect(problem.statusCode).toBe(500);
      expect(problem.headers['retry-after']).toBeUndefined();
      expect(JSON.parse(problem.body)).toMatchObject({ applied: true });
    }
  });

  it('keeps a refusal the operation decided after a commit (a 4xx without Retry-After)', () => {
    const refusal = new Conflict('The list is full; SKUs added before stay.');
    expect(failureAfterWrites(refusal, committed, false)).toBe(refusal);
  });

  it('answers 504 "may have completed" without Retry-After when a write got no answer', () => {
    const answer = failureAfterWrites(unreachable(), uncertain, false);
    expect(answer).toBeInstanceOf(ChangeMayHaveCompleted);
    const problem = problemResponse(answer, 'c-2');
    expect(problem.statusCode).toBe(504);
    expect(problem.headers['retry-after']).toBeUndefined();
    expect(JSON.parse(problem.body).detail).toContain('Read the resource');
    expect(
      JSON.parse(problemResponse(failureAfterWrites(unreachable(), uncertain, true), 'c-3').body).detail,
    ).toContain('same Idempotency-Key');
  });
});

describe('the request write record', () => {
  it('counts commits and unanswered writes of the change, not of its bookkeeping', async () => {
    const writes = newRequestWrites();
    await recordingWrites(writes, async () => {
      markWriteCommitted();
      markWriteFailed(Object.assign(new Error('refused'), { $metadata: { httpStatusCode: 400 } }));
      await outsideRequestWrites(async () => {
        markWriteCommitted();
        markWriteFailed(unreachable());
      });
    });
    // Throttling is an answer (refused), whatever the SDK says of its status.
    await recordingWrites(writes, async () =>
      markWriteFailed(Object.assign(new Error('slow down'), { name: 'ThrottlingException', $metadata: {} })),
    );
    expect(writes).toMatchObject({ commits: 1, uncertain: false });
    await recordingWrites(writes, async () => markWriteFailed(unreachable()));
    expect(writes.uncertain).toBe(true);
  });
});

describe('withRetry and the write record', () => {
  it('repeats an attempt that committed some writes when the work says it reads afresh and only deletes', async () => {
    let attempts = 0;
    const work = recordingWrites(newRequestWrites(), () =>
      withRetry({ what: 'This test', repeatsSafely: true }, async () => {
        attempts += 1;
        markWriteCommitted();
        if (attempts < 3) throw new LostRace();
        return 'done';
      }),
    );
    await expect(work).resolves.toBe('done');
    expect(attempts).toBe(3);
  });

  it('never repeats an attempt whose write got no answer, even for work that repeats safely after a commit', async () => {
    let attempts = 0;
    const work = recordingWrites(newRequestWrites(), () =>
      withRetry({ what: 'This test', repeatsSafely: true }, async () => {
        attempts += 1;
        markWriteFailed(unreachable());
        throw unreachable();
      }),
    );
    await expect(work).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(attempts).toBe(1);
  });

  it('never repeats an attempt that committed a write, nor one whose write got no answer', async () => {
    for (const mark of [markWriteCommitted, () => markWriteFailed(unreachable())]) {
      let attempts = 0;
      const work = recordingWrites(newRequestWrites(), () =>
        withRetry({ what: 'This test' }, async () => {
          attempts += 1;
          mark();
          throw unreachable();
        }),
      );
      await expect(work).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      expect(attempts).toBe(1);
    }
  });

  it('tries an attempt again when only work running beside it committed', async () => {
    let attempts = 0;
    let release: () => void = () => undefined;
    const sibling = new Promise<void>((resolve) => (release = resolve));
    const answer = await recordingWrites(newRequestWrites(), async () => {
      const [result] = await Promise.all([
        withRetry({ what: 'This test' }, async () => {
          attempts += 1;
          if (attempts === 1) {
            await sibling;
            throw new LostRace('the order changed');
          }
          return 'moved';
        }),
        (async () => {
          markWriteCommitted();
          release();
        })(),
      ]);
      return result;
    });
    expect(answer).toBe('moved');
    expect(attempts).toBe(2);
  });

  it('still tries a failed read again, and a race after an earlier change committed', async () => {
    let attempts = 0;
    const writes = newRequestWrites();
    const answer = await recordingWrites(writes, async () => {
      markWriteCommitted();
      return withRetry({ what: 'This test' }, async () => {
        attempts += 1;
        if (attempts === 1) throw unreachable();
        if (attempts === 2) throw new LostRace('the list changed');
        return 'done';
      });
    });
    expect(answer).toBe('done');
    expect(attempts).toBe(3);
  });
});

describe('Retry-After of a held claim', () => {
  it('says the time left on the lock, at least a second', () => {
    const now = 1_000_000_000_000;
    expect(secondsUntil(now / 1000 + 42, now)).toBe(42);
    expect(secondsUntil(now / 1000 - 5, now)).toBe(1);
    expect(secondsUntil(undefined, now)).toBe(1);
  });

  it('answers a lost guard with the holder’s time left, or "applied" when the other attempt committed', () => {
    const lockedUntil = Math.floor(Date.now() / 1000) + 30;
    const held = problemResponse(new RequestGuardLost({ state: 'in-progress', lockedUntil }), 'c-4');
    expect(held.statusCode).toBe(409);
    expect(Number(held.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    const applied = problemResponse(new RequestGuardLost({ state: 'committed' }), 'c-5');
    expect(applied.statusCode).toBe(409);
    expect(applied.headers['retry-after']).toBeUndefined();
    expect(JSON.parse(applied.body)).toMatchObject({ applied: true });
  });
});
