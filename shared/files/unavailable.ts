/**
 * The one place that tells an S3 outage from other failures of a file operation. The S3 side bundle
 * (s3/put-bytes.ts, s3/put-stream.ts, s3/head.ts) throws FileStorageUnavailable for what a retry later may
 * mend; the kernel (shared/http/problem.ts) answers it 503 with Retry-After. Operations store a file
 * before they commit the change that names it, so by then nothing has changed.
 *
 * A missing bucket counts: it is our misconfiguration (or someone took the bucket away), nothing the
 * client did, and the same request succeeds once the bucket is back; it is logged as an error with the
 * rest, by the kernel's access log.
 */
import { isConnectionFailure } from '../connection-failures';

/** S3's own codes for a request it could not serve now, whatever HTTP status carried them. */
const unavailableCodes = new Set([
  'NoSuchBucket',
  'RequestTimeout',
  'SlowDown',
  'ServiceUnavailable',
  'InternalError',
]);

/** Seconds a client waits before trying again. */
export const fileStorageRetryAfterSeconds = 5;

// A symbol in the global registry, not the class: the S3 side bundle carries its own copy of this module
// (shared/side-bundle.ts), and an error it throws must be recognised by the function's copy.
const brand = Symbol.for('commerce-backoffice.FileStorageUnavailable');

/** S3 could not be reached or could not serve the request; nothing was stored. */
export class FileStorageUnavailable extends Error {
  readonly [brand] = true;
  readonly retryAfterSeconds = fileStorageRetryAfterSeconds;

  constructor(
    /** What was being done: `store labels/2026/11/25/<id>.pdf`. */
    readonly what: string,
    options?: { cause?: unknown },
  ) {
    super(`${what}: file storage unavailable`, options);
    this.name = 'FileStorageUnavailable';
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
  }
}

/** Whether an error from the S3 client means S3 is unavailable (not that the request was wrong). */
export function isFileStorageOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof FileStorageUnavailable) return true;
  const code = (error as { code?: unknown }).code;
  if (isConnectionFailure(error)) {
    return true;
  }
  if (unavailableCodes.has(error.name) || (typeof code === 'string' && unavailableCodes.has(code)))
    return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status !== undefined && status >= 500;
}

/** The error as the operation should see it: FileStorageUnavailable for an outage, else itself. */
export function asFileStorageFailure(error: unknown, what: string): unknown {
  if (error instanceof FileStorageUnavailable || !isFileStorageOutage(error)) return error;
  return new FileStorageUnavailable(what, { cause: error });
}
