/**
 * Idempotency-Key on POST: the first request with a key runs and its response is stored; a retry with
 * the same key and body answers that response and does nothing again; another body is a 422.
 * Records live 24 hours (DynamoDB TTL). A record left in progress by a crashed invocation is taken
 * over once its lock expires.
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { idempotencyKey } from '../db/keys';
import { getItem } from '../db/query';
import { conditionalPut } from '../db/transactions';
import { ConditionFailed } from '../db/write-errors';
import { BadRequest, Conflict, IdempotencyKeyReused } from '../errors';
import type { HttpResponse } from './problem';

const recordLifetimeSeconds = 24 * 60 * 60;
/** Longer than any API function's timeout: a lock older than this belongs to a dead invocation. */
const lockSeconds = 60;

export interface StoredResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestFingerprint(request: { path: string; query: unknown; body: unknown }): string {
  return createHash('sha256').update(stableStringify(request)).digest('base64url');
}

export function validIdempotencyKey(key: string): string {
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new BadRequest('Idempotency-Key must be 1 to 255 visible ASCII characters.');
  }
  return key;
}

export interface IdempotencyClaim {
  /** The stored response when this is a replay. */
  replay?: StoredResponse;
  complete(response: HttpResponse): Promise<void>;
  release(): Promise<void>;
}

export async function claimIdempotencyKey(
  scope: { subject: string; operationId: string; key: string },
  fingerprint: string,
): Promise<IdempotencyClaim> {
  const key = idempotencyKey(scope.subject, scope.operationId, scope.key);
  const now = Math.floor(Date.now() / 1000);
  const handle: IdempotencyClaim = {
    async complete(response) {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET #state = :done, #response = :response REMOVE lockedUntil',
          ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
          ExpressionAttributeValues: {
            ':done': 'done',
            ':response': { statusCode: response.statusCode, headers: response.headers, body: response.body },
          },
        }),
      );
    },
    async release() {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
    },
  };
  try {
    await conditionalPut({
      TableName: tableName(),
      Item: {
        ...key,
        state: 'in-progress',
        fingerprint,
        lockedUntil: now + lockSeconds,
        expiresAt: now + recordLifetimeSeconds,
      },
      ConditionExpression: 'attribute_not_exists(PK) OR (#state = :inProgress AND lockedUntil < :now)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':inProgress': 'in-progress', ':now': now },
    });
    return handle;
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
  const existing = (await getItem(key, true)) as
    { state: string; fingerprint: string; response?: StoredResponse } | undefined;
  if (!existing) return claimIdempotencyKey(scope, fingerprint);
  if (existing.fingerprint !== fingerprint) {
    throw new IdempotencyKeyReused(
      'This Idempotency-Key was already used with a different request; use a new key for a new request.',
    );
  }
  if (existing.state !== 'done' || !existing.response) {
    throw new Conflict(
      'A request with this Idempotency-Key is still in progress; retry shortly.',
      {},
      { 'retry-after': '1' },
    );
  }
  return { ...handle, replay: existing.response };
}
