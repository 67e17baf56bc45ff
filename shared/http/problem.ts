/** The one place errors become RFC 9457 problem documents. */
import { InvalidCursor } from '../db/cursor';
import { RequestGuardLost } from '../db/request-guard';
import { StorageBusy, StorageLimitExceeded, storageFailureKind } from '../db/errors';
import { InsufficientStock, UnitCostRequired, WarehouseRefused } from '../domain/stock-ledger';
import type { RequestWrites } from '../db/write-outcome';
import {
  AppError,
  BadRequest,
  ChangeAppliedAnswerFailed,
  ChangeMayHaveCompleted,
  Conflict,
  PayloadTooLarge,
  ServiceUnavailable,
  ValidationFailed,
} from '../errors';
import { FileStorageUnavailable } from '../files/unavailable';

export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

export const problemContentType = 'application/problem+json';

/** A cursor this service did not make for the listing: a 400 whose one entry names where it was sent. */
export function invalidCursorProblem(path: string): ValidationFailed {
  return new ValidationFailed(new InvalidCursor().message, [
    { path, message: 'is not a cursor of this listing and query: start again without one' },
  ]);
}

/** Storage and domain errors that reach the kernel unhandled, as the client should see them. */
function fromStorage(error: unknown): AppError | undefined {
  if (error instanceof InsufficientStock)
    return new Conflict(error.message, { shortfalls: error.shortfalls });
  if (error instanceof WarehouseRefused) {
    return new Conflict(error.message, { warehouseId: error.warehouseId });
  }
  if (error instanceof UnitCostRequired) {
    // Callers that know the request's shape name the field (work orders: lines[i].unitCost).
    return new BadRequest(error.message, {
      unitCostRequired: error.missing.map(({ sku, warehouseId }) => ({ sku, warehouseId })),
    });
  }
  if (error instanceof InvalidCursor) return invalidCursorProblem('query.cursor');
  if (error instanceof RequestGuardLost) {
    const { state, lockedUntil } = error.record;
    if (state === 'committed' || state === 'done') {
      return new Conflict(
        'Another attempt with this Idempotency-Key applied the request; nothing more was changed. Retry with the same key for its result.',
        { applied: true },
      );
    }
    return new Conflict(
      'Another attempt with this Idempotency-Key holds the request; nothing was changed. Retry with the same key once it is done.',
      {},
      { 'retry-after': String(secondsUntil(lockedUntil)) },
    );
  }
  if (error instanceof StorageBusy) {
    const headers = { 'retry-after': String(error.retryAfterSeconds) };
    return error.kind === 'contention'
      ? new Conflict(
          `${error.what} is being changed by others right now; nothing was changed. Retry shortly.`,
          {},
          headers,
        )
      : new ServiceUnavailable(
          `The database is ${error.kind === 'throttled' ? 'busy' : 'unreachable'} right now; nothing was changed. Retry shortly.`,
          {},
          headers,
        );
  }
  if (error instanceof FileStorageUnavailable) {
    // Files are stored before the change that names them commits, so nothing changed.
    return new ServiceUnavailable(
      'File storage is unreachable right now; nothing was changed. Retry shortly.',
      {},
      { 'retry-after': String(error.retryAfterSeconds) },
    );
  }
  if (error instanceof StorageLimitExceeded) {
    return new PayloadTooLarge(`The change is larger than the database takes in one write: ${error.detail}.`);
  }
  const kind = storageFailureKind(error);
  if (kind) {
    return new ServiceUnavailable(
      `The database is ${kind === 'throttled' ? 'busy' : 'unreachable'} right now; retry shortly.`,
      {},
      { 'retry-after': '2' },
    );
  }
  return undefined;
}

/** Seconds left until an epoch-seconds instant, at least 1 (a Retry-After for a claim's lock). */
export function secondsUntil(epochSeconds: number | undefined, nowMillis = Date.now()): number {
  if (epochSeconds === undefined) return 1;
  return Math.max(1, Math.ceil(epochSeconds - nowMillis / 1000));
}

/**
 * DESIGN §3, the one rule for a request whose operation failed, from what its change did (the request's
 * write record): nothing written, the failure answers as it is (a 503 means nothing changed); a write
 * committed, any answer that would say "failed, retry" (a 5xx, a Retry-After) becomes a 500 saying the
 * change was applied; a write without an answer and nothing committed, a 504 "may have completed", with
 * no Retry-After. A refusal the operation decided after a commit (a 4xx without Retry-After: a bulk
 * change that stopped part-way says so) keeps its own words.
 */
export function failureAfterWrites(
  error: unknown,
  writes: Pick<RequestWrites, 'commits' | 'uncertain'>,
  withIdempotencyKey: boolean,
): unknown {
  if (writes.commits === 0 && !writes.uncertain) return error;
  const known = error instanceof AppError ? error : fromStorage(error);
  if (known && known.status < 500 && known.headers['retry-after'] === undefined) return error;
  if (writes.commits > 0) {
    return new ChangeAppliedAnswerFailed(
      `The change was applied, but its answer could not be built. Read the resource for the result; do not make the change again${withIdempotencyKey ? ' (a retry with the same Idempotency-Key answers that it was applied)' : ''}.`,
      { applied: true },
    );
  }
  if (error instanceof ChangeMayHaveCompleted) return error;
  return new ChangeMayHaveCompleted(
    withIdempotencyKey
      ? 'The database did not answer whether the change was saved, so it may have completed. Retry with the same Idempotency-Key to find out (it is never applied twice), or read the resource.'
      : 'The database did not answer whether the change was saved, so it may have completed. Read the resource to see whether it did before making the change again.',
  );
}

export function problemResponse(error: unknown, correlationId: string, instance?: string): HttpResponse {
  const known = error instanceof AppError ? error : fromStorage(error);
  if (known) {
    return {
      statusCode: known.status,
      headers: { 'content-type': problemContentType, ...known.headers },
      // Extensions first: a member named like a standard one (status, type) can never replace it.
      body: JSON.stringify({
        ...known.extensions,
        type: `https://problems.commerce-backoffice.dev/${known.slug}`,
        title: known.title,
        status: known.status,
        detail: known.message,
        instance,
        correlationId,
      }),
    };
  }
  // Anything else is our fault: say so, with the id to find the log line, and nothing internal.
  return {
    statusCode: 500,
    headers: { 'content-type': problemContentType },
    body: JSON.stringify({
      type: 'https://problems.commerce-backoffice.dev/internal-error',
      title: 'Internal Server Error',
      status: 500,
      detail: `Something went wrong on our side. Quote correlation id ${correlationId} when reporting it.`,
      instance,
      correlationId,
    }),
  };
}
