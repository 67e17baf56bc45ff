/**
 * Optimistic writes: read, decide, write conditioned on what was read. A write refused because someone
 * else changed the same items meanwhile is retried from a fresh read, which then answers 404, 409 or 412
 * itself when the change made the request wrong. Refusals the caller maps to errors never reach here.
 */
import { ConditionFailed, TransactionCancelled } from '../../shared/db/write-errors';
import { Conflict } from '../../shared/errors';

const maxAttempts = 12;

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** attempt)));

export async function retryOnRace<T>(what: string, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const raced = error instanceof TransactionCancelled || error instanceof ConditionFailed;
      if (!raced) throw error;
      if (attempt >= maxAttempts) {
        throw new Conflict(
          `${what} is being changed by others right now; nothing was changed. Retry shortly.`,
          {},
          {
            'retry-after': '1',
          },
        );
      }
      await pause(attempt);
    }
  }
}
