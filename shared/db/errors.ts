/**
 * What storage refused, in data terms. Repositories throw these; operations decide what they mean (a
 * duplicate, a stale version, a missing resource); only the HTTP kernel turns them into responses.
 */
import { isConnectionFailure } from '../connection-failures';
import { AppError } from '../errors';

export class ConditionFailed extends Error {
  constructor(readonly item?: Record<string, unknown>) {
    super('The write condition did not hold');
    this.name = 'ConditionFailed';
  }
}

export interface CancellationReason {
  /** The name the item was added under. */
  name: string;
  /** DynamoDB's code: 'None' for items that were fine, 'ConditionalCheckFailed', 'TransactionConflict', ... */
  code: string;
  item?: Record<string, unknown>;
}

/** A transaction DynamoDB refused, with the reason of each item by the name it was added under. */
export class TransactionCancelled extends Error {
  constructor(readonly reasons: CancellationReason[]) {
    super(`Transaction cancelled: ${reasons.map((reason) => `${reason.name}=${reason.code}`).join(', ')}`);
    this.name = 'TransactionCancelled';
  }

  /** Names of the items whose condition failed. */
  refusedNames(): string[] {
    return this.reasons.filter((reason) => reason.code === 'ConditionalCheckFailed').map((r) => r.name);
  }

  /** The condition of the item added under this name failed. */
  refused(name: string): boolean {
    return this.reasons.some((reason) => reason.name === name && reason.code === 'ConditionalCheckFailed');
  }

  /** The first refused item whose name starts with the prefix (`stock:`), with what DynamoDB returned. */
  refusedWithPrefix(prefix: string): CancellationReason | undefined {
    return this.reasons.find(
      (reason) => reason.code === 'ConditionalCheckFailed' && reason.name.startsWith(prefix),
    );
  }

  /** Another transaction held one of the items: nothing was wrong with ours, so it may be retried. */
  get conflicted(): boolean {
    return this.reasons.some((reason) => reason.code === 'TransactionConflict');
  }

  /** DynamoDB throttled one of the items. */
  get throttled(): boolean {
    return this.reasons.some((reason) => throttlingCodes.has(reason.code));
  }
}

/** The retry policy gave up: `contention` (races outlasted the deadline), `throttled` or `unavailable`. */
export class StorageBusy extends Error {
  constructor(
    readonly kind: 'contention' | 'throttled' | 'unavailable',
    readonly retryAfterSeconds: number,
    readonly what: string,
    options?: { cause?: unknown },
  ) {
    super(`${what}: storage ${kind}`, options);
    this.name = 'StorageBusy';
  }
}

/** An item or a request over one of DynamoDB's size limits (400 KB an item, 4 MB a transaction). */
export class StorageLimitExceeded extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'StorageLimitExceeded';
  }
}

/** A BatchWriteItem left items unprocessed: DynamoDB's way of throttling part of a batch. */
export class UnprocessedWrites extends Error {
  constructor(readonly count: number) {
    super(`${count} writes of a batch were left unprocessed`);
    this.name = 'UnprocessedWrites';
  }
}

const throttlingCodes = new Set([
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
]);

/** How the retry policy and the kernel read an error from the SDK. */
export function storageFailureKind(error: unknown): 'throttled' | 'unavailable' | undefined {
  if (!(error instanceof Error)) return undefined;
  // The service's own typed errors are answers already decided (our ServiceUnavailable shares the name
  // of an SDK error), never a storage failure to retry.
  if (error instanceof AppError) return undefined;
  if (error instanceof TransactionCancelled) return error.throttled ? 'throttled' : undefined;
  if (error instanceof UnprocessedWrites) return 'throttled';
  if (throttlingCodes.has(error.name)) return 'throttled';
  const code = (error as { code?: string }).code;
  if (isConnectionFailure(error) || error.name === 'RequestTimeout' || code === 'RequestTimeout')
    return 'unavailable';
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (error.name === 'InternalServerError' || error.name === 'ServiceUnavailable' || (status ?? 0) >= 500)
    return 'unavailable';
  return undefined;
}

interface SdkCancellationReason {
  Code?: string;
  Item?: Record<string, unknown>;
}

export function isConditionalCheckFailed(
  error: unknown,
): error is Error & { Item?: Record<string, unknown> } {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** DynamoDB answers one reason per item, in the order sent: name them with the names they were added under. */
export function toTransactionCancelled(
  error: unknown,
  names: readonly string[],
): TransactionCancelled | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as { CancellationReasons?: SdkCancellationReason[] }).CancellationReasons ?? [];
  return new TransactionCancelled(
    names.map((name, index) => ({
      name,
      code: reasons[index]?.Code ?? 'None',
      item: reasons[index]?.Item,
    })),
  );
}
