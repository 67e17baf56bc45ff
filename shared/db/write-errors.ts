/**
 * What a conditional write or transaction refused, in data terms. Repositories throw these; services
 * decide what they mean (a duplicate, a stale version, a missing resource). Never HTTP errors here.
 */
export class ConditionFailed extends Error {
  constructor(readonly item?: Record<string, unknown>) {
    super('The write condition did not hold');
    this.name = 'ConditionFailed';
  }
}

/** One reason per transaction item, in order: 'None' for items that were fine. */
export class TransactionCancelled extends Error {
  constructor(readonly reasons: Array<{ code: string; item?: Record<string, unknown> }>) {
    super(`Transaction cancelled: ${reasons.map((reason) => reason.code).join(', ')}`);
    this.name = 'TransactionCancelled';
  }

  /** Indexes of the items whose condition failed. */
  failedConditions(): number[] {
    return this.reasons.flatMap((reason, index) => (reason.code === 'ConditionalCheckFailed' ? [index] : []));
  }

  /** Another transaction touched the same items at once; callers may retry. */
  get conflicted(): boolean {
    return this.reasons.some((reason) => reason.code === 'TransactionConflict');
  }
}

interface CancellationReason {
  Code?: string;
  Item?: Record<string, unknown>;
}

export function isConditionalCheckFailed(
  error: unknown,
): error is Error & { Item?: Record<string, unknown> } {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

export function toTransactionCancelled(error: unknown): TransactionCancelled | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons = ((error as { CancellationReasons?: CancellationReason[] }).CancellationReasons ?? []).map(
    (reason) => ({ code: reason.Code ?? 'None', item: reason.Item }),
  );
  return new TransactionCancelled(reasons);
}
