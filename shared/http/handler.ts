/**
 * The one middy stack every API function uses: correlation and access log, problem documents
 * (registered last so its onError runs first), around a dispatcher that resolves the route from the
 * event's routeKey, authorizes, parses and validates, applies Idempotency-Key, and shapes the response.
 */
import { createHash } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { strictObject } from 'zod/mini';
import { safeParse } from 'zod/v4/core';
import { cursorSigningKeyReady } from '../db/cursor';
import type { TransactItem } from '../db/transact-item';
import type { RequestWrites } from '../db/write-outcome';
import { newRequestWrites, recordingWrites } from '../db/write-outcome';
import { AppError, MethodNotAllowed, NotFound, PreconditionFailed, RequestTimedOut } from '../errors';
import { logger } from '../logging/logger';
import { recordRequest, serviceName, withMetrics } from '../metrics/metrics';
import { scopedValue } from '../scoped-values';
import { authorize } from './auth';
import type {
  GroupCatalogue,
  Implementations,
  Operation,
  OperationResult,
  RouteDefinition,
  RouteTable,
} from './catalogue';
import { parameterNamesByDepth, servedRouteKeys } from './catalogue';
import { correlationIdOf } from './correlation';
import {
  claimIdempotencyKey,
  keyInTransaction,
  requestFingerprint,
  validIdempotencyKey,
} from './idempotency';
import type { HttpResponse } from './problem';
import { failureAfterWrites, problemResponse } from './problem';
import { etag, header, jsonBody, preconditions, queryParameters } from './request';
import { interfaceRoutes } from './interface-routes';
import { timedOutDetail } from './outcome-read';
import { shadowingRouteMethods } from './route-matcher';
import { parsePart } from './validation';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

interface DispatchEntry {
  definition: RouteDefinition;
  operation: Operation<RouteDefinition>;
  parameterNames: Map<string, string>;
}

const validateResponses = process.env.VALIDATE_RESPONSES === 'true';
const jsonHeaders = { 'content-type': 'application/json; charset=utf-8' };

async function invoke(entry: DispatchEntry, event: ApiEvent, correlationId: string): Promise<HttpResponse> {
  const { definition, operation } = entry;
  const caller = authorize(event, definition.permission);

  const rawParams: Record<string, string> = {};
  for (const [canonical, value] of Object.entries(event.pathParameters ?? {})) {
    if (value !== undefined) rawParams[entry.parameterNames.get(canonical) ?? canonical] = value;
  }
  const rawQuery = queryParameters(event);
  const rawBody = jsonBody(event, definition.body !== undefined);
  const params = definition.params ? parsePart(definition.params, rawParams, 'path') : undefined;
  const query = definition.query
    ? parsePart(definition.query, rawQuery, 'query')
    : Object.keys(rawQuery).length > 0
      ? parsePart(emptyObject, rawQuery, 'query')
      : undefined;
  const body = definition.body ? parsePart(definition.body, rawBody, 'body') : undefined;
  const { version: ifMatch, ...conditions } =
    definition.versioned && definition.method !== 'GET'
      ? preconditions(event)
      : { version: undefined, mustExist: false, mustNotExist: false };
  const createsNew = definition.method === 'POST' && definition.status === 201;
  if (conditions.mustNotExist && definition.createdStatus === undefined && !createsNew) {
    // Only a create can hold "only if it does not exist": a create-or-replace, or a POST that makes a new
    // resource under a new id (which never existed, so it always holds).
    throw new PreconditionFailed(
      `${definition.method} ${definition.path} changes an existing resource; If-None-Match: * (create only) cannot hold.`,
    );
  }

  const idempotencyHeader = definition.method === 'POST' ? header(event, 'idempotency-key') : undefined;
  const requestKey =
    idempotencyHeader === undefined
      ? undefined
      : createHash('sha256')
          .update(`${caller.subject}\n${definition.operationId}\n${idempotencyHeader}`)
          .digest('hex')
          .slice(0, 40);

  const run = async (): Promise<HttpResponse> => {
    const result = await operation({
      params,
      query,
      body,
      caller,
      ifMatch,
      conditions,
      correlationId,
      ...(requestKey ? { requestKey } : {}),
    } as never);
    if (validateResponses && definition.response && result.body !== undefined) {
      // Tests run with this on: an operation answering outside its declared schema is our bug, a 500.
      const check = safeParse(definition.response, result.body);
      if (!check.success)
        throw new Error(`${definition.operationId} answered outside its schema: ${check.error.message}`);
      // Strictly: a field the schema does not name (a storage attribute, a counter) is a leak.
      const stray = strayFields(result.body, check.data);
      if (stray.length > 0)
        throw new Error(`${definition.operationId} answered fields outside its schema: ${stray.join(', ')}`);
    }
    return responseOf(result);
  };
  const responseOf = (result: OperationResult<RouteDefinition>): HttpResponse => {
    const headers: Record<string, string> = { ...result.headers };
    if (result.version !== undefined) headers.etag = etag(result.version);
    if (result.body === undefined)
      return { statusCode: result.status ?? definition.status, headers, body: '' };
    return {
      statusCode: result.status ?? definition.status,
      headers: { ...jsonHeaders, ...headers },
      body: JSON.stringify(result.body),
    };
  };
  /** The answer, given before the change commits, rides in the change's write with the guard. */
  const answering =
    (
      writes: RequestWrites,
      plainGuard: TransactItem,
      guardAnswering: (response: HttpResponse) => TransactItem | undefined,
    ) =>
    (result: unknown) => {
      const response = responseOf(result as OperationResult<RouteDefinition>);
      const guard = guardAnswering(response);
      if (guard) {
        writes.guard = guard;
        writes.answered = response;
        return;
      }
      // Too large to ride along: the plain guard, never an earlier attempt's answer.
      writes.guard = plainGuard;
      delete writes.answered;
    };

  if (idempotencyHeader === undefined) {
    const writes = newRequestWrites();
    try {
      return await recordingWrites(writes, run);
    } catch (error) {
      throw answerableFailure(error, writes, false, correlationId);
    }
  }
  const scope = {
    subject: caller.subject,
    operationId: definition.operationId,
    key: validIdempotencyKey(idempotencyHeader),
  };
  const fingerprint = requestFingerprint({ path: event.rawPath, query: rawQuery, body: rawBody });
  if (!definition.outsideEffect) {
    // The key's record rides in the change's transaction: no claim before, one write after.
    const kept = keyInTransaction(scope, fingerprint);
    const writes = newRequestWrites(kept.guard);
    writes.answering = answering(writes, kept.guard, kept.guardAnswering);
    let response: HttpResponse;
    try {
      response = await recordingWrites(writes, run);
    } catch (error) {
      const earlier = await kept.earlierAnswer(error, writes);
      if (earlier) return earlier;
      throw answerableFailure(error, writes, true, correlationId);
    }
    try {
      return await kept.finish(response, writes);
    } catch (problem) {
      // A replay's own answer (422, 409) is the answer; failing to keep a committed answer is not.
      if (problem instanceof AppError) throw problem;
      logger.error('The response of a request could not be kept for replays', {
        correlationId,
        error: problem,
      });
      return response;
    }
  }
  const claim = await claimIdempotencyKey(scope, fingerprint);
  if (claim.replay) {
    return { ...claim.replay, headers: { ...claim.replay.headers, 'idempotent-replayed': 'true' } };
  }
  const writes = newRequestWrites(claim.guard);
  writes.answering = answering(writes, claim.guard, claim.guardAnswering);
  let response: HttpResponse;
  try {
    response = await recordingWrites(writes, run);
  } catch (error) {
    await claim.release(writes).catch((problem: unknown) => {
      // The claim's lock runs out by itself: a retry with the key is then served as usual.
      logger.warn('An idempotency claim could not be released', { correlationId, error: problem });
    });
    throw answerableFailure(error, writes, true, correlationId);
  }
  // The answer is built from what committed: keeping it for replays must not turn it into a failure
  // (a client retrying with a new key would pay twice). Unkept, a retry with the same key is told the
  // change was applied (or, if nothing committed, runs again once the claim's lock runs out).
  await claim.complete(response, writes).catch((problem: unknown) => {
    logger.error('The response of a committed request could not be kept for replays', {
      correlationId,
      error: problem,
    });
  });
  return response;
}

/** What the client is told of a failed operation, from what its change did (DESIGN §3); the cause is logged. */
function answerableFailure(
  error: unknown,
  writes: RequestWrites,
  withIdempotencyKey: boolean,
  correlationId: string,
): unknown {
  const answer = failureAfterWrites(error, writes, withIdempotencyKey);
  if (answer !== error) {
    logger.error('A request failed after its change committed or may have', {
      correlationId,
      commits: writes.commits,
      uncertain: writes.uncertain,
      error,
    });
  }
  return answer;
}

const emptyObject = strictObject({});

/** Paths of fields in what an operation answered that parsing its response schema dropped. */
export function strayFields(answered: unknown, parsed: unknown, path = 'body'): string[] {
  if (Array.isArray(answered) && Array.isArray(parsed)) {
    return answered.flatMap((item, index) => strayFields(item, parsed[index], `${path}[${index}]`));
  }
  if (!answered || typeof answered !== 'object' || !parsed || typeof parsed !== 'object') return [];
  const kept = parsed as Record<string, unknown>;
  return Object.entries(answered as Record<string, unknown>).flatMap(([key, value]) => {
    if (value === undefined) return [];
    // zod's record drops a key named __proto__ (a client's SKU); no object schema names one, so it is
    // never a storage field leaking.
    if (key === '__proto__') return [];
    if (!Object.prototype.hasOwnProperty.call(kept, key)) return [`${path}.${key}`];
    return strayFields(value, kept[key], `${path}.${key}`);
  });
}

export function createDispatcher<T extends RouteTable>(
  catalogue: GroupCatalogue<T>,
  implementations: Implementations<T>,
) {
  const entries = new Map<string, DispatchEntry>();
  for (const [name, definition] of Object.entries(catalogue.routes)) {
    const entry = {
      definition,
      operation: implementations[name] as Operation<RouteDefinition>,
      parameterNames: parameterNamesByDepth(definition.path),
    };
    // A GET's entry answers its HEAD route key too; the handler drops the body (createHandler).
    for (const routeKey of servedRouteKeys(definition)) entries.set(routeKey, entry);
  }

  return async (event: ApiEvent): Promise<HttpResponse> => {
    const entry = entries.get(event.routeKey);
    // The API sends a group only its own route keys; paths and methods nobody has go to $default.
    if (!entry) throw new NotFound(`No operation of this function answers ${event.routeKey}.`);
    const shadowing = shadowingRouteMethods(interfaceRoutes, entry.definition.path, event.rawPath);
    if (shadowing) throw new MethodNotAllowed(event.requestContext.http.method, event.rawPath, shadowing);
    return invoke(entry, event, correlationIdOf(event));
  };
}

/** Correlation id on every response and one access-log line per request. */
function accessLog(): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  const started = new WeakMap<object, number>();
  const finish = (request: middy.Request<ApiEvent, HttpResponse>) => {
    const correlationId = correlationIdOf(request.event);
    if (request.response) {
      request.response.headers = { ...request.response.headers, 'x-correlation-id': correlationId };
    }
    const status = request.response?.statusCode ?? 500;
    const fields = {
      correlationId,
      routeKey: request.event.routeKey,
      path: request.event.rawPath,
      status,
      durationMs: Date.now() - (started.get(request) ?? Date.now()),
    };
    if (status >= 500) logger.error('request failed', { ...fields, error: request.error });
    else logger.info('request', fields);
  };
  return {
    before: (request) => {
      started.set(request, Date.now());
    },
    after: finish,
    onError: finish,
  };
}

/** Turns any thrown error into a problem document; registered last so it runs first on error. */
function problemDocuments(): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  return {
    onError: (request) => {
      request.response = problemResponse(
        request.error,
        correlationIdOf(request.event),
        request.event.rawPath,
      );
    },
  };
}

/** The request the time-out fires for: its timer runs in the request's async context. */
const timing = scopedValue<ApiEvent>('timed request');

/** The Operation dimension of a request no operation of the function answers (the $default route's). */
export const unmatchedOperation = 'unmatched';

/**
 * The handler: the middy stack inside one metrics invocation (shared/metrics), so every request counts by
 * its operation, status class and latency, a 5xx included, and its business counts are written with it.
 */
export function createHandler(
  dispatch: (event: ApiEvent) => Promise<HttpResponse>,
  operationOf: (event: ApiEvent) => string = () => unmatchedOperation,
  routeOf: (event: ApiEvent) => RouteDefinition | undefined = () => undefined,
) {
  // CORS is the gateway's: API Gateway's corsPreflight answers preflights and sets the headers on every
  // response (ignoring any a function sends), and the local gateway does the same.
  const stack = middy<ApiEvent, HttpResponse, Error, Context>({
    // Answered just before the function's time-out, while its work may still be running and commit: say
    // the outcome is unknown, never "retry" (middy's own TimeoutError reads as an unreachable database).
    timeoutEarlyResponse: () => {
      const event = timing.get();
      throw new RequestTimedOut(timedOutDetail(event ? routeOf(event) : undefined));
    },
  })
    .use(accessLog())
    .use(problemDocuments())
    .before(() => cursorSigningKeyReady())
    .handler((event) => dispatch(event));
  return (event: ApiEvent, context: Context): Promise<HttpResponse> =>
    withMetrics({ Service: serviceName(), Operation: operationOf(event) }, async () => {
      const started = performance.now();
      let status = 500;
      try {
        const response = await timing.run(event, () => stack(event, context));
        status = response?.statusCode ?? 500;
        return event.requestContext?.http?.method === 'HEAD' ? withoutBody(response) : response;
      } finally {
        recordRequest(status, performance.now() - started);
      }
    });
}

/**
 * HEAD answers as GET without a body (RFC 9110 §9.3.2): the same status and headers, Content-Length
 * the length the GET's body would have.
 */
function withoutBody(response: HttpResponse): HttpResponse {
  const headers = Object.fromEntries(
    Object.entries(response.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'content-length'),
  );
  const encoding = (response as { isBase64Encoded?: boolean }).isBase64Encoded ? 'base64' : 'utf8';
  return {
    ...response,
    headers: { ...headers, 'content-length': String(Buffer.byteLength(response.body ?? '', encoding)) },
    body: '',
  };
}

/** A group's Lambda handler: its catalogue, its operations, the shared stack. */
export function createGroupHandler<T extends RouteTable>(
  catalogue: GroupCatalogue<T>,
  implementations: Implementations<T>,
) {
  const routes = new Map(
    Object.values(catalogue.routes).flatMap((definition) =>
      servedRouteKeys(definition).map((routeKey) => [routeKey, definition] as const),
    ),
  );
  return createHandler(
    createDispatcher(catalogue, implementations),
    (event) => routes.get(event.routeKey)?.operationId ?? unmatchedOperation,
    (event) => routes.get(event.routeKey),
  );
}
