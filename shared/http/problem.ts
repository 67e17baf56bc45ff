/** The one place errors become RFC 9457 problem documents. */
import { InvalidCursor } from '../db/cursor';
import { RequestGuardLost } from '../db/request-guard';
import { StorageBusy, StorageLimitExceeded, storageFailureKind } from '../db/errors';
import { InsufficientStock, UnitCostRequired, WarehouseRefused } from '../domain/stock-ledger';
import { AppError, BadRequest, Conflict, PayloadTooLarge, ServiceUnavailable } from '../errors';
import { FileStorageUnavailable } from '../files/unavailable';

export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

export const problemContentType = 'application/problem+json';

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
  if (error instanceof InvalidCursor) return new BadRequest(error.message);
  if (error instanceof RequestGuardLost) {
    return new Conflict(
      'Another attempt with this Idempotency-Key applied or holds the request; nothing more was changed. Retry with the same key for its result.',
      {},
      { 'retry-after': '1' },
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
