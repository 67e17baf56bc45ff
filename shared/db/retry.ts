/**
 * The one retry policy: exponential backoff with full jitter, within a deadline well below the API
 * functions' 25 s time-out. A lost race (the caller's LostRace, or a TransactionConflict) is tried
 * again from a fresh read; throttling and an unreachable DynamoDB are tried again too. When the
 * deadline passes, StorageBusy says which it was, and the kernel answers 409 or 503 with Retry-After.
 * An attempt that committed a write of the request's change, or left one whose outcome is unknown, is
 * never tried again: a fresh read would see the change and could apply it a second time (a payment
 * without an Idempotency-Key); the kernel answers from the request's write record instead.
 */
import { scopedValue } from '../scoped-values';
import { ConditionFailed, StorageBusy, TransactionCancelled, storageFailureKind } from './errors';
import { requestWrites, watchWrites } from './write-outcome';

/** Thrown by the work to ask for another attempt: what it read changed before it could write. */
export class LostRace extends Error {
  constructor(what = 'lost a race') {
    super(what);
    this.name = 'LostRace';
  }
}

export interface RetryPolicy {
  /** Total time allowed for all attempts. */
  deadlineMs: number;
  baseMs: number;
  capMs: number;
}

const defaults: RetryPolicy = { deadlineMs: 20_000, baseMs: 10, capMs: 250 };
let policy: RetryPolicy = { ...defaults };

/** Tests shorten the deadline; nothing else changes the policy. */
export function configureRetryPolicy(change: Partial<RetryPolicy> | undefined): void {
  policy = { ...defaults, ...change };
}

export interface RetryOptions {
  /** Names what is being changed, for the error when the policy gives up. */
  what: string;
  /** Which refusals are lost races worth another attempt (besides LostRace and TransactionConflict). */
  isRace?: (error: unknown) => boolean;
  /**
   * The work reads afresh each attempt and only deletes what it then finds, so an attempt that committed
   * some of its writes may be repeated after a refusal: nothing can apply twice (a forced delete of lists
   * and the rules that target them). An attempt whose write got no answer is never repeated.
   */
  repeatsSafely?: boolean;
}

/** Refusals of an optimistic write: something read before writing changed meanwhile. */
export const anyRefusal = (error: unknown) =>
  error instanceof TransactionCancelled || error instanceof ConditionFailed;

function failureKind(error: unknown, options: RetryOptions): StorageBusy['kind'] | undefined {
  if (error instanceof LostRace) return 'contention';
  if (error instanceof TransactionCancelled && error.conflicted) return 'contention';
  const storage = storageFailureKind(error);
  if (storage) return storage;
  if (options.isRace?.(error)) return 'contention';
  return undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The deadline of the outermost retry loop under way: a loop inside another (an order write inside a
 * return's) ends by the outer one's deadline, so the whole request stays within one policy deadline.
 */
const deadlines = scopedValue<number>('retry deadline');

export async function withRetry<T>(options: RetryOptions, work: (attempt: number) => Promise<T>): Promise<T> {
  const deadline = Math.min(Date.now() + policy.deadlineMs, deadlines.get() ?? Infinity);
  return deadlines.run(deadline, async () => {
    const inRequest = requestWrites() !== undefined;
    for (let attempt = 0; ; attempt++) {
      // This attempt's own writes: a change committed beside it (a parallel move) does not stop a retry.
      const writes = watchWrites();
      try {
        return await writes.run(() => work(attempt));
      } catch (error) {
        const kind = failureKind(error, options);
        if (!kind) throw error;
        // A write whose outcome is unknown is never repeated from a fresh read, even by work that repeats
        // safely after a commit: that read could not tell "done" from "never there".
        if (inRequest && (writes.uncertain() || (!options.repeatsSafely && writes.committed()))) throw error;
        const pause = Math.random() * Math.min(policy.capMs, policy.baseMs * 2 ** attempt);
        if (Date.now() + pause > deadline) {
          throw new StorageBusy(kind, kind === 'contention' ? 1 : 2, options.what, { cause: error });
        }
        await sleep(pause);
      }
    }
  });
}
