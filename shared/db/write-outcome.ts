/**
 * Whether a piece of work left a write whose outcome is unknown: a transaction sent that got no answer
 * (or a server error) may have committed. Work done outside the database before it (a bought label) is
 * undone only when every write it depends on surely failed.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Watch {
  uncertain: boolean;
}

const storage = new AsyncLocalStorage<Watch>();

/** A failed write with no answer from DynamoDB, or a server error: it may have been applied. */
export function mayHaveCommitted(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
    ?.httpStatusCode;
  return status === undefined || status >= 500;
}

/** Called by the write layer when a write failed without saying whether it was applied. */
export function markWriteUncertain(): void {
  const watch = storage.getStore();
  if (watch) watch.uncertain = true;
}

/** Runs the work; `uncertain()` then says whether any of its writes may have committed although it failed. */
export function watchWrites() {
  const watch: Watch = { uncertain: false };
  return {
    run: <T>(work: () => Promise<T>): Promise<T> => storage.run(watch, work),
    uncertain: () => watch.uncertain,
  };
}
