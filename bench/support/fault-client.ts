/**
 * What a careful client does with each answer during an outage, as docs/api-conventions.md tells it:
 * a 2xx applied; a 503 changed nothing (retry, a new Idempotency-Key is allowed); a 504 may have
 * completed (retry with the same key only, or read first); a 409 with `applied` was applied with its
 * answer lost; a 409 with Retry-After is still in progress (wait, same key); any other 4xx refused.
 */
export type NextStep =
  | { kind: 'applied' }
  | { kind: 'retry'; newKey: boolean; afterMs: number }
  | { kind: 'refused' }
  | { kind: 'unknown' };

const maxWaitMs = 3_000;

function retryAfterMs(header: string | null, fallbackMs: number): number {
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(maxWaitMs, seconds * 1000) : fallbackMs;
}

export function nextStep(status: number, retryAfter: string | null, body: unknown): NextStep {
  if (status >= 200 && status < 300) return { kind: 'applied' };
  if (status === 503) return { kind: 'retry', newKey: true, afterMs: retryAfterMs(retryAfter, 1_000) };
  if (status === 504) return { kind: 'retry', newKey: false, afterMs: 1_000 };
  if (status === 409 && (body as { applied?: unknown } | undefined)?.applied === true)
    return { kind: 'applied' };
  if (status === 409 && retryAfter !== null) {
    return { kind: 'retry', newKey: false, afterMs: retryAfterMs(retryAfter, 1_000) };
  }
  if (status >= 400 && status < 500) return { kind: 'refused' };
  return { kind: 'unknown' };
}
