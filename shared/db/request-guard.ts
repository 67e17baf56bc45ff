/**
 * An idempotency guard rides in the transaction of the change it guards: the kernel opens it for a
 * request with an Idempotency-Key, and the first write the request commits (a transaction, or a
 * conditional write turned into one) carries it as the item named `idempotency`. So the record says
 * `committed` if and only if the change committed: a retry after a crash can never apply it twice.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { TransactItem } from './transactions';

export interface RequestGuard {
  /** The item that marks the request's record committed (conditioned on the claim's token). */
  item: TransactItem;
  /** Set once a write carrying the item committed. */
  consumed: boolean;
  /** A write carrying the item failed without saying whether it committed (a lost connection). */
  uncertain: boolean;
}

const storage = new AsyncLocalStorage<RequestGuard>();

export function withRequestGuard<T>(guard: RequestGuard, work: () => Promise<T>): Promise<T> {
  return storage.run(guard, work);
}

/** The guard still waiting for a write to carry it, if any. */
export function pendingGuard(): RequestGuard | undefined {
  const guard = storage.getStore();
  return guard && !guard.consumed ? guard : undefined;
}

/**
 * The record was no longer this request's claim when its change came to commit: another attempt with
 * the same key took it over, or an earlier write of this request committed after all. Nothing more
 * was written.
 */
export class RequestGuardLost extends Error {
  constructor() {
    super('The idempotency claim of this request was no longer held');
    this.name = 'RequestGuardLost';
  }
}

/** Writes that are bookkeeping of a change, not the change (staging, settling): the guard stays off them. */
export function withoutRequestGuard<T>(work: () => Promise<T>): Promise<T> {
  return storage.exit(work);
}
