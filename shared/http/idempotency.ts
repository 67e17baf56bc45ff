/**
 * Idempotency-Key on POST. The first request with a key claims a record (in progress, with a token and
 * a lock); the change it makes commits the record in the same transaction (shared/db/request-guard),
 * and the response is kept afterwards, in the record or, when large, in parts beside it. A retry with
 * the same key and body answers the kept response and does nothing again; another body is a 422.
 * A claim left in progress by a dead invocation is taken over once its lock expires; the dead one's
 * change, if it ever reaches DynamoDB, is refused because the token changed. Records live 24 hours.
 */
import { createHash, randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client';
import { ConditionFailed } from '../db/errors';
import type { ItemKey } from '../db/keys';
import { idempotencyKey, idempotencyPartKey, idempotencyParts } from '../db/keys';
import { getItem, queryAll } from '../db/query';
import type { TransactItem } from '../db/transactions';
import { conditionalDelete, conditionalPut, conditionalUpdate } from '../db/transactions';
import type { RequestWrites } from '../db/write-outcome';
import { BadRequest, Conflict, IdempotencyKeyReused } from '../errors';
import type { HttpResponse } from './problem';
import { secondsUntil } from './problem';

const recordLifetimeSeconds = 24 * 60 * 60;
/** Longer than any API function's timeout: a lock older than this belongs to a dead invocation. */
const lockSeconds = 60;
/** A body longer than this (in UTF-16 units, at most 3 bytes each) is kept in parts under 400 KB. */
export const responsePartChars = 100_000;

export type StoredResponse = HttpResponse;

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
  /** The kept response when this is a replay. */
  replay?: StoredResponse;
  /** Rides in the transaction of the change (see shared/db/request-guard). */
  guard: TransactItem;
  complete(response: HttpResponse): Promise<void>;
  /**
   * The request failed: a claim whose change surely did not commit is freed for a retry; one whose
   * change may have committed keeps its record but drops its lock, so a retry with the key finds out at
   * once (the record turned `committed`, or the retry takes the claim over and the late write, if it
   * ever lands, is refused by the changed token).
   */
  release(writes: Pick<RequestWrites, 'commits' | 'uncertain'>): Promise<void>;
}

interface RecordItem {
  state: 'in-progress' | 'committed' | 'done';
  fingerprint: string;
  response?: StoredResponse;
  /** The body is kept in this many parts beside the record. */
  parts?: number;
  /** Epoch seconds until which the attempt that claimed it holds it. */
  lockedUntil?: number;
}

async function keptResponse(key: ItemKey, record: RecordItem): Promise<StoredResponse> {
  if (record.response) return record.response;
  const parts = await queryAll({ ...idempotencyParts(key), consistent: true });
  const meta = (record as { partsMeta?: Omit<StoredResponse, 'body'> }).partsMeta!;
  return { ...meta, body: parts.map((part) => String(part.chunk)).join('') };
}

async function keepInParts(key: ItemKey, response: HttpResponse, expiresAt: number): Promise<number> {
  const count = Math.ceil(response.body.length / responsePartChars);
  for (let index = 0; index < count; index++) {
    const chunk = response.body.slice(index * responsePartChars, (index + 1) * responsePartChars);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...idempotencyPartKey(key, index), chunk, expiresAt },
      }),
    );
  }
  return count;
}

export async function claimIdempotencyKey(
  scope: { subject: string; operationId: string; key: string },
  fingerprint: string,
): Promise<IdempotencyClaim> {
  const key = idempotencyKey(scope.subject, scope.operationId, scope.key);
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + recordLifetimeSeconds;
  const token = randomUUID();
  const guard: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #state = :committed',
      ConditionExpression: '#token = :token AND #state = :inProgress',
      ExpressionAttributeNames: { '#state': 'state', '#token': 'token' },
      ExpressionAttributeValues: {
        ':committed': 'committed',
        ':token': token,
        ':inProgress': 'in-progress',
      },
      // A refusal says who holds the record, and for how long (RequestGuardLost's Retry-After).
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
  const mine = { ConditionExpression: '#token = :token', ExpressionAttributeNames: { '#token': 'token' } };
  const claim: IdempotencyClaim = {
    guard,
    async complete(response) {
      const small = response.body.length <= responsePartChars;
      const parts = small ? 0 : await keepInParts(key, response, expiresAt);
      await conditionalUpdate({
        TableName: tableName(),
        Key: key,
        UpdateExpression: small
          ? 'SET #state = :done, #response = :response REMOVE lockedUntil'
          : 'SET #state = :done, parts = :parts, partsMeta = :meta REMOVE lockedUntil',
        ...mine,
        ExpressionAttributeNames: {
          ...mine.ExpressionAttributeNames,
          '#state': 'state',
          ...(small ? { '#response': 'response' } : {}),
        },
        ExpressionAttributeValues: {
          ':token': token,
          ':done': 'done',
          ...(small
            ? { ':response': response }
            : { ':parts': parts, ':meta': { statusCode: response.statusCode, headers: response.headers } }),
        },
      }).catch((error: unknown) => {
        // Taken over by a retry meanwhile: that retry answers for the key now.
        if (!(error instanceof ConditionFailed)) throw error;
      });
    },
    async release(writes) {
      // A change that committed keeps its record as committed: a retry must not apply it again.
      if (writes.commits > 0) return;
      if (writes.uncertain) {
        await conditionalUpdate({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET lockedUntil = :expired',
          ConditionExpression: '#token = :token AND #state = :inProgress',
          ExpressionAttributeNames: { ...mine.ExpressionAttributeNames, '#state': 'state' },
          ExpressionAttributeValues: { ':token': token, ':inProgress': 'in-progress', ':expired': 0 },
        }).catch((error: unknown) => {
          // Committed after all (or taken over): the record already tells a retry the truth.
          if (!(error instanceof ConditionFailed)) throw error;
        });
        return;
      }
      await conditionalDelete({
        TableName: tableName(),
        Key: key,
        ...mine,
        ExpressionAttributeValues: { ':token': token },
      }).catch((error: unknown) => {
        if (!(error instanceof ConditionFailed)) throw error;
      });
    },
  };
  try {
    await conditionalPut({
      TableName: tableName(),
      Item: { ...key, state: 'in-progress', token, fingerprint, lockedUntil: now + lockSeconds, expiresAt },
      ConditionExpression: 'attribute_not_exists(PK) OR (#state = :inProgress AND lockedUntil < :now)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':inProgress': 'in-progress', ':now': now },
    });
    return claim;
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
  const existing = (await getItem(key, true)) as RecordItem | undefined;
  if (!existing) return claimIdempotencyKey(scope, fingerprint);
  if (existing.fingerprint !== fingerprint) {
    throw new IdempotencyKeyReused(
      'This Idempotency-Key was already used with a different request; use a new key for a new request.',
    );
  }
  if (existing.state === 'done') return { ...claim, replay: await keptResponse(key, existing) };
  if (existing.state === 'committed') {
    // The change committed but its invocation died before keeping the response: never apply it again.
    throw new Conflict(
      'A request with this Idempotency-Key was already applied, but its response was lost; read the resource to see the result.',
      { applied: true },
    );
  }
  throw new Conflict(
    'A request with this Idempotency-Key is still in progress; retry when its claim runs out.',
    {},
    { 'retry-after': String(secondsUntil(existing.lockedUntil)) },
  );
}
