/**
 * An idempotency guard rides in the transaction of the change it guards: the kernel opens the request's
 * write record (shared/db/write-outcome) with the guard's item for a request with an Idempotency-Key,
 * and the first write the request commits (a transaction, or a conditional write turned into one)
 * carries it as the item named `idempotency`. So the record says `committed` if and only if the change
 * committed: a retry after a crash can never apply it twice.
 */
import { outsideRequestWrites, requestWrites } from './write-outcome';
import type { TransactItem } from './transact-item';

/**
 * The guard item still waiting for a write to carry it, if any. After a write whose outcome is unknown
 * it stays on every later write, so a second application is refused.
 */
export function pendingGuard(): TransactItem | undefined {
  const writes = requestWrites();
  return writes && writes.commits === 0 ? writes.guard : undefined;
}

/**
 * What the operation will answer once the change it is about to commit commits, exactly as it will
 * return it. With an Idempotency-Key, the record is then written `done` with that answer by the change's
 * own write, and no write after the change is needed to keep it for replays. Outside a request, after
 * its first commit, or without a key, nothing happens; an operation that ends up answering otherwise has
 * its final answer kept after the change, as it would without this.
 */
export function answerBeforeCommit(result: unknown): void {
  const writes = requestWrites();
  if (writes && writes.commits === 0) writes.answering?.(result);
}

/** The request's idempotency record as it stood when the guard was refused. */
export interface GuardRecord {
  state?: string;
  /** Epoch seconds until which another attempt holds the claim. */
  lockedUntil?: number;
}

/**
 * The record was no longer this request's claim when its change came to commit: another attempt with
 * the same key took it over, or an earlier write of this request committed after all. Nothing more
 * was written.
 */
export class RequestGuardLost extends Error {
  constructor(readonly record: GuardRecord = {}) {
    super('The idempotency claim of this request was no longer held');
    this.name = 'RequestGuardLost';
  }
}

/** Writes that are bookkeeping of a change, not the change (staging, settling): the guard stays off them. */
export function withoutRequestGuard<T>(work: () => Promise<T>): Promise<T> {
  return outsideRequestWrites(work);
}
