/**
 * What a request's change has done to the table, kept by the write layer (transactWrite, the
 * conditional writes, batchWrite) and read by the kernel when an operation fails: whether a write of the
 * change committed, and whether one failed without saying whether it was applied (a transaction sent
 * that got no answer, or a server error: it may have committed). The kernel answers from it (DESIGN §3):
 * a failure after a commit is never "nothing changed", and an unknown outcome is a 504, never a 503.
 *
 * Bookkeeping beside a change (staging, settling, holds; shared/db/request-guard withoutRequestGuard) is
 * not the change and is not recorded here. Work done outside the database before a change (a bought
 * label) watches its own writes (watchWrites) to undo itself only when they surely failed.
 */
import { scopedValue } from '../scoped-values';
import { storageFailureKind } from './errors';
import type { TransactItem } from './transact-item';

export interface RequestWrites {
  /** Writes of the change that committed (the first carried the idempotency guard, if any). */
  commits: number;
  /** A write of the change failed without saying whether it was applied. */
  uncertain: boolean;
  /**
   * With an Idempotency-Key: the item that marks the request's record committed (conditioned on the
   * claim's token), carried by the change's first committed write (shared/db/request-guard).
   */
  guard?: TransactItem;
  /**
   * Set by the kernel for a request with an Idempotency-Key: given the answer the operation will give
   * once its change commits, makes the guard keep that answer too (shared/db/request-guard
   * answerBeforeCommit), so the record is `done` the moment the change commits.
   */
  answering?: (result: unknown) => void;
  /** The answer the guard keeps, once `answering` made it keep one. */
  answered?: KeptAnswer;
}

/** An answer as the kernel keeps it for replays (an HTTP response, body serialised). */
export interface KeptAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** The writes of one piece of work (a retry attempt, a label's recording), nested ones included. */
interface Watch {
  commits: number;
  uncertain: boolean;
  parent?: Watch;
}

const requests = scopedValue<RequestWrites>('request writes');
const watches = scopedValue<Watch>('watched writes');

/** A record for one request, before any write. */
export function newRequestWrites(guard?: TransactItem): RequestWrites {
  return { commits: 0, uncertain: false, ...(guard ? { guard } : {}) };
}

/** Runs a request's work with its record open: the write layer keeps it from here on. */
export function recordingWrites<T>(writes: RequestWrites, work: () => Promise<T>): Promise<T> {
  return requests.run(writes, work);
}

/** The record of the request under way, if a request is (and its work is not bookkeeping). */
export function requestWrites(): RequestWrites | undefined {
  return requests.get();
}

/** Writes that are bookkeeping of a change, not the change: neither recorded, watched nor guarded. */
export function outsideRequestWrites<T>(work: () => Promise<T>): Promise<T> {
  return requests.run(undefined, () => watches.run(undefined, work));
}

/** The work under way and every piece of work it is part of. */
function eachWatch(mark: (watch: Watch) => void): void {
  for (let watch = watches.get(); watch; watch = watch.parent) mark(watch);
}

/**
 * A failed write with no answer from DynamoDB, or a server error: it may have been applied. Throttling
 * is DynamoDB's answer that it refused the write.
 */
export function mayHaveCommitted(error: unknown): boolean {
  if (storageFailureKind(error) === 'throttled') return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
    ?.httpStatusCode;
  return status === undefined || status >= 500;
}

/** Called by the write layer once a write committed. */
export function markWriteCommitted(): void {
  eachWatch((watch) => (watch.commits += 1));
  const writes = requests.get();
  if (writes) writes.commits += 1;
}

/** Called by the write layer when a write failed without saying whether it was applied. */
export function markWriteUncertain(): void {
  eachWatch((watch) => (watch.uncertain = true));
  const writes = requests.get();
  if (writes) writes.uncertain = true;
}

/**
 * Called by the write layer when a write failed: an error without an answer (or a server error) leaves
 * the write's outcome unknown.
 */
export function markWriteFailed(error: unknown): void {
  if (mayHaveCommitted(error)) markWriteUncertain();
}

/**
 * Watches the writes of a piece of work (and of the work nested in it, not of work running beside it):
 * `committed()` says whether any committed, `uncertain()` whether any may have committed although it
 * failed.
 */
export function watchWrites() {
  const watch: Watch = { commits: 0, uncertain: false, parent: watches.get() };
  return {
    run: <T>(work: () => Promise<T>): Promise<T> => watches.run(watch, work),
    committed: () => watch.commits > 0,
    uncertain: () => watch.uncertain,
  };
}
