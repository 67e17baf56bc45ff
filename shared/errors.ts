/**
 * Typed errors thrown by services and the HTTP kernel. Each maps to one RFC 9457 problem document
 * in shared/http/problem.ts; nothing else builds an error response.
 */
export interface FieldError {
  path: string;
  message: string;
}

export abstract class AppError extends Error {
  abstract readonly status: number;
  abstract readonly title: string;
  /** Extra members of the problem document (for example the ids that were not found). */
  readonly extensions: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    detail: string,
    extensions: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = new.target.name;
    this.extensions = extensions;
    this.headers = headers;
  }

  /** Short slug used in the problem `type` URI. */
  get slug(): string {
    return this.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  }
}

export class BadRequest extends AppError {
  readonly status = 400;
  readonly title = 'Bad Request';
}

export class ValidationFailed extends AppError {
  readonly status = 400;
  readonly title = 'Validation Failed';
  constructor(
    detail: string,
    readonly errors: FieldError[],
  ) {
    super(detail, { errors });
  }
}

export class Unauthorized extends AppError {
  readonly status = 401;
  readonly title = 'Unauthorized';
  constructor(detail = 'A valid bearer token is required.') {
    super(detail, {}, { 'www-authenticate': 'Bearer' });
  }
}

export class Forbidden extends AppError {
  readonly status = 403;
  readonly title = 'Forbidden';
}

export class NotFound extends AppError {
  readonly status = 404;
  readonly title = 'Not Found';
}

export class MethodNotAllowed extends AppError {
  readonly status = 405;
  readonly title = 'Method Not Allowed';
  constructor(method: string, path: string, allowed: string[]) {
    super(`${method} is not allowed on ${path}.`, { allowed }, { allow: allowed.join(', ') });
  }
}

export class Conflict extends AppError {
  readonly status = 409;
  readonly title = 'Conflict';
}

export class PreconditionFailed extends AppError {
  readonly status = 412;
  readonly title = 'Precondition Failed';
}

export class PayloadTooLarge extends AppError {
  readonly status = 413;
  readonly title = 'Payload Too Large';
}

export class UnsupportedMediaType extends AppError {
  readonly status = 415;
  readonly title = 'Unsupported Media Type';
}

export class IdempotencyKeyReused extends AppError {
  readonly status = 422;
  readonly title = 'Idempotency Key Reused';
}

export class ServiceUnavailable extends AppError {
  readonly status = 503;
  readonly title = 'Service Unavailable';
}

/**
 * The function ran out of time before it answered: its work may still commit after this answer, so the
 * client must not take it as "nothing changed" (a blind retry could apply a payment twice).
 */
export class RequestTimedOut extends AppError {
  readonly status = 504;
  readonly title = 'Request Timed Out';
}

/**
 * A write of the change got no answer from the database (or a server error), so it may have been
 * applied: never "retry" (a new attempt could apply a payment twice), and no Retry-After.
 */
export class ChangeMayHaveCompleted extends AppError {
  readonly status = 504;
  readonly title = 'May Have Completed';
}

/**
 * The change committed but building its answer failed afterwards (the kernel's safety net; operations
 * answer from the committed decision). Says the change was applied (`applied: true`), so nobody repeats it.
 */
export class ChangeAppliedAnswerFailed extends AppError {
  readonly status = 500;
  readonly title = 'Applied, Answer Failed';
}
