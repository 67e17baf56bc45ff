/**
 * Idempotency-Key on POST, two ways. The response is kept in the record or, when large, in parts beside
 * it; a retry with the same key and body answers the kept response and does nothing again; another body
 * is a 422. Records live 24 hours. An operation that knows its answer before its change commits gives it
 * (shared/db/request-guard answerBeforeCommit) and the change's own write keeps it, so the record is
 * `done` the moment the change commits and nothing is written after; otherwise the answer is kept by a
 * write after the work.
 *
 * - In the change's transaction (keepInTransaction), for every POST whose effect is only DynamoDB: the
 *   record is written by the change's first write (shared/db/request-guard), conditioned on not
 *   existing, so the change and its record commit together or not at all. A replay does its reads, is
 *   refused (by its own rules or by the record's condition), and then reads the record back.
 * - Claimed before the work (claimIdempotencyKey), for a POST with an effect outside the database that
 *   must not repeat (a label bought from a carrier): the claim (in progress, with a token and a lock)
 *   stops a second attempt before its outside call; the change commits the record in its transaction.
 *   A claim left in progress by a dead invocation is taken over once its lock expires; the dead one's
 *   change, if it ever reaches DynamoDB, is refused because the token changed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { db, tableName } from '../db/client';
import { ConditionFailed } from '../db/errors';
import type { ItemKey } from '../db/keys';
import { idempotencyKey, idempotencyPartKey, idempotencyParts } from '../db/keys';
import { getItem, queryAll } from '../db/query';
import type { TransactItem } from '../db/transactions';
import { conditionalDelete, conditionalPut, conditionalUpdate } from '../db/transactions';
import type { RequestGuardLost } from '../db/request-guard';
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
  /** The guard made to keep the answer too (undefined when the answer is too large to ride along). */
  guardAnswering(response: HttpResponse): TransactItem | undefined;
  /** Keeps the answer for replays, unless the change's own write kept this very answer. */
  complete(response: HttpResponse, writes: Pick<RequestWrites, 'commits' | 'answered'>): Promise<void>;
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
    guardAnswering(response) {
      if (response.body.length > responsePartChars) return undefined;
      // DynamoDB refuses a value the expressions do not use: the guard's own values are named anew.
      return {
        Update: {
          ...guard.Update!,
          UpdateExpression: 'SET #state = :done, #response = :response REMOVE lockedUntil',
          ExpressionAttributeNames: { ...guard.Update!.ExpressionAttributeNames, '#response': 'response' },
          ExpressionAttributeValues: {
            ':token': token,
            ':inProgress': 'in-progress',
            ':done': 'done',
            ':response': response,
          },
        },
      };
    },
    async complete(response, writes) {
      if (keptByTheChange(response, writes)) return;
      const small = response.body.length <= responsePartChars;
      const parts = small ? 0 : await keepInParts(key, response, expiresAt);
      await conditionalUpdate({
        TableName: tableName(),
        Key: key,
        UpdateExpression: small
          ? 'SET #state = :done, #response = :response REMOVE lockedUntil'
          : 'SET #state = :done, parts = :parts, partsMeta = :meta REMOVE lockedUntil, #response',
        ...mine,
        ExpressionAttributeNames: {
          ...mine.ExpressionAttributeNames,
          '#state': 'state',
          '#response': 'response',
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

/** The record for a POST whose Idempotency-Key rides in its change's transaction. */
export interface KeyInTransaction {
  /** Writes the record (`committed`) with the change; refused when the key was used before. */
  guard: TransactItem;
  /** The guard made to keep the answer too (undefined when the answer is too large to ride along). */
  guardAnswering(response: HttpResponse): TransactItem | undefined;
  /**
   * The work answered. A change committed: its answer is kept for replays. Nothing changed (a write that
   * changes nothing, a POST that writes nothing): the answer is kept unless the key was used before, and
   * then the earlier answer is the answer (or 422, or 409 while it is not known).
   */
  finish(response: HttpResponse, writes: RequestWrites): Promise<HttpResponse>;
  /**
   * The work failed before any write committed: when the key was used before (the failure is the
   * replay's own refusal, or the record's condition), what it answered then, or a 422 (another body) or
   * 409 (applied, answer not known yet). Undefined for a first request, or when the record cannot be
   * read: the failure answers as it is.
   */
  earlierAnswer(error: unknown, writes: RequestWrites): Promise<HttpResponse | undefined>;
}

const sameHeaders = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([name, value]) => b[name] === value);

/** The change committed with the guard keeping this very answer (answerBeforeCommit): nothing to write. */
export function keptByTheChange(
  response: HttpResponse,
  writes: Pick<RequestWrites, 'commits' | 'answered'>,
): boolean {
  const kept = writes.answered;
  return (
    writes.commits > 0 &&
    kept !== undefined &&
    kept.statusCode === response.statusCode &&
    kept.body === response.body &&
    sameHeaders(kept.headers, response.headers)
  );
}

/** Items in cancellation reasons and condition failures may come back as attribute values. */
function plainRecord(item: Record<string, unknown> | undefined): RecordItem | undefined {
  if (!item) return undefined;
  const state = item.state as unknown;
  if (state && typeof state === 'object' && 'S' in (state as object)) {
    return unmarshall(item as Parameters<typeof unmarshall>[0]) as RecordItem;
  }
  return item as unknown as RecordItem;
}

export function keyInTransaction(
  scope: { subject: string; operationId: string; key: string },
  fingerprint: string,
): KeyInTransaction {
  const key = idempotencyKey(scope.subject, scope.operationId, scope.key);
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + recordLifetimeSeconds;
  const token = randomUUID();
  // A claim left in progress by an operation's earlier claim-before-work version is taken over as a
  // claim is (its lock expired).
  const free = 'attribute_not_exists(PK) OR (#state = :inProgress AND lockedUntil < :now)';
  const guard: TransactItem = {
    Put: {
      TableName: tableName(),
      Item: { ...key, state: 'committed', token, fingerprint, expiresAt },
      ConditionExpression: free,
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':inProgress': 'in-progress', ':now': now },
      // A refusal carries the record: the earlier answer, without reading it again.
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
  const replayed = (response: StoredResponse): HttpResponse => ({
    ...response,
    headers: { ...response.headers, 'idempotent-replayed': 'true' },
  });

  async function answerOf(record: RecordItem): Promise<HttpResponse> {
    if (record.fingerprint !== fingerprint) {
      throw new IdempotencyKeyReused(
        'This Idempotency-Key was already used with a different request; use a new key for a new request.',
      );
    }
    if (record.state === 'done') return replayed(await keptResponse(key, record));
    if (record.state === 'committed') {
      throw new Conflict(
        'A request with this Idempotency-Key was applied; its answer is not kept (yet). Retry with the same key shortly for it, or read the resource; it is never applied twice.',
        { applied: true },
      );
    }
    throw new Conflict(
      'A request with this Idempotency-Key is still in progress; retry when its claim runs out.',
      {},
      { 'retry-after': String(secondsUntil(record.lockedUntil)) },
    );
  }

  /** Keeps the answer in the record this request wrote (or writes it, when its change wrote none). */
  async function keep(response: HttpResponse): Promise<void> {
    const mine = {
      ConditionExpression: `${free} OR #token = :token`,
      ExpressionAttributeNames: { '#state': 'state', '#token': 'token' },
      ExpressionAttributeValues: { ':inProgress': 'in-progress', ':now': now, ':token': token },
    };
    const record = { ...key, token, fingerprint, expiresAt };
    if (response.body.length <= responsePartChars) {
      await conditionalPut({ TableName: tableName(), Item: { ...record, state: 'done', response }, ...mine });
      return;
    }
    // The record is made this request's before its parts are written beside it.
    await conditionalPut({ TableName: tableName(), Item: { ...record, state: 'committed' }, ...mine });
    const parts = await keepInParts(key, response, expiresAt);
    await conditionalPut({
      TableName: tableName(),
      Item: {
        ...record,
        state: 'done',
        parts,
        partsMeta: { statusCode: response.statusCode, headers: response.headers },
      },
      ...mine,
    });
  }

  async function recordNow(): Promise<RecordItem | undefined> {
    return plainRecord(await getItem(key, true));
  }

  return {
    guard,
    guardAnswering(response) {
      if (response.body.length > responsePartChars) return undefined;
      return { Put: { ...guard.Put!, Item: { ...guard.Put!.Item, state: 'done', response } } };
    },
    async finish(response, writes) {
      if (keptByTheChange(response, writes)) return response;
      if (writes.commits > 0 || writes.uncertain) {
        await keep(response);
        return response;
      }
      try {
        await keep(response);
        return response;
      } catch (error) {
        if (!(error instanceof ConditionFailed)) throw error;
      }
      // The key was used before, and this replay changed nothing: the earlier answer is the answer.
      const earlier = await recordNow();
      return earlier ? answerOf(earlier) : response;
    },
    async earlierAnswer(error, writes) {
      const lost = (error as Partial<RequestGuardLost>)?.name === 'RequestGuardLost';
      if (!lost && (writes.commits > 0 || writes.uncertain)) return undefined;
      let record = lost
        ? plainRecord((error as RequestGuardLost).record as Record<string, unknown>)
        : undefined;
      if (!record?.fingerprint) {
        try {
          record = await recordNow();
        } catch {
          return undefined;
        }
      }
      return record ? answerOf(record) : undefined;
    },
  };
}
