/**
 * The route catalogue: each group declares its operations once, as data (no I/O). The CDK routes,
 * each Lambda's dispatch, the OpenAPI document, the local gateway and the contract tests all read it.
 */
import type { $ZodType, output } from 'zod/v4/core';
import type { Permission, Role } from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RouteDefinition<
  P extends $ZodType | undefined = $ZodType | undefined,
  Q extends $ZodType | undefined = $ZodType | undefined,
  B extends $ZodType | undefined = $ZodType | undefined,
  R extends $ZodType | undefined = $ZodType | undefined,
> {
  method: HttpMethod;
  /** Exactly as in the interface, with its path-parameter names. */
  path: string;
  operationId: string;
  summary: string;
  permission: Permission;
  params?: P;
  query?: Q;
  /** Wrap in z.optional() when the body may be absent (bulk deletes that also take ids in the query). */
  body?: B;
  /** Success status. */
  status: number;
  /** Create-or-replace: the status when the PUT creates (`status` is the replace's). */
  createdStatus?: number;
  /** Other success statuses the operation may answer with the same body, and what each means. */
  otherStatuses?: Record<number, string>;
  /** Schema of the success body; undefined for 204 or redirects. */
  response?: R;
  /** The resource carries a version: reads answer an ETag and writes honour If-Match. */
  versioned?: boolean;
  /**
   * A write's read that shows its outcome (`GET /v1/inventory/alert-rules/{id}`), named in its 504 when
   * the function runs out of time; by default the interface's GET of the path or the nearest one above it
   * (outcome-read.ts).
   */
  outcomeRead?: string;
  /**
   * This route's own stage throttling, below the stage's (API Gateway route settings): for operations
   * whose work is expensive (a label bought and rendered, a file exported) so a burst of them cannot
   * take the capacity every other route shares. Over it, API Gateway answers 429.
   */
  throttle?: RouteThrottle;
  /**
   * The POST calls outside the database (a carrier, S3) before its change, and that call must not be
   * made twice for one Idempotency-Key: the key is claimed before the work. Without it the key's record
   * is written in the change's own transaction (shared/http/idempotency).
   */
  outsideEffect?: true;
}

export interface RouteThrottle {
  /** Steady requests per second. */
  rateLimit: number;
  /** Requests allowed at once above the steady rate. */
  burstLimit: number;
}

/** A group's function settings, declared with its routes and read by the stack. */
export interface GroupRuntime {
  /** Memory in MB; Lambda gives CPU in proportion to it. */
  memoryMb: number;
  /** At most 25 s: API Gateway gives up on an integration at 30 s, and the function must answer first. */
  timeoutSeconds: number;
  /**
   * Concurrency reserved for the function, which is also its ceiling: for a group whose slow work
   * (exports) must never take the account's concurrency from the others.
   */
  reservedConcurrency?: number;
}

type Out<S> = [Exclude<S, undefined>] extends [never] ? undefined : output<Exclude<S, undefined>>;

export interface Caller {
  /** The token's subject. */
  subject: string;
  username: string;
  role: Role;
}

export interface OperationInput<D extends RouteDefinition> {
  params: Out<D['params']>;
  query: Out<D['query']>;
  body: Out<D['body']>;
  caller: Caller;
  /** The version the client named in If-Match (undefined when absent or `*`). */
  ifMatch: number | undefined;
  /** `If-Match: *` (must exist) and `If-None-Match: *` (create only), for create-or-replace routes. */
  conditions: { mustExist: boolean; mustNotExist: boolean };
  correlationId: string;
  /**
   * Present when a POST carries an Idempotency-Key: 40 hex characters derived from the caller, the
   * operation and the key. Work outside the database (a carrier purchase) keys on it, so a retry of
   * a request that died half way finds that work again instead of doing it twice.
   */
  requestKey?: string;
}

export interface OperationResult<D extends RouteDefinition> {
  body?: Out<D['response']>;
  /** Overrides the catalogue's success status (create-or-replace answers 201 or 200). */
  status?: number;
  /** Version of the resource in the body; becomes the ETag. */
  version?: number;
  headers?: Record<string, string>;
}

export type Operation<D extends RouteDefinition> = (input: OperationInput<D>) => Promise<OperationResult<D>>;

export type RouteTable = Record<string, RouteDefinition>;

export type Implementations<T extends RouteTable> = { [K in keyof T]: Operation<T[K]> };

export interface GroupCatalogue<T extends RouteTable = RouteTable> {
  /** The group's name in operations.tsv and its function's name. */
  group: string;
  routes: T;
  /** Every group declares it (the stack refuses one that does not); test catalogues may leave it out. */
  runtime?: GroupRuntime;
}

/** Declares one route; keeps the literal types of its schemas. */
export function route<
  P extends $ZodType | undefined = undefined,
  Q extends $ZodType | undefined = undefined,
  B extends $ZodType | undefined = undefined,
  R extends $ZodType | undefined = undefined,
>(definition: RouteDefinition<P, Q, B, R>): RouteDefinition<P, Q, B, R> {
  return definition;
}

export function defineGroup<T extends RouteTable>(
  group: string,
  routes: T,
  runtime?: GroupRuntime,
): GroupCatalogue<T> {
  return runtime ? { group, routes, runtime } : { group, routes };
}

export function pathSegments(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

export function isVariable(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

/**
 * API Gateway refuses two routes whose variables at the same level have different names, so the
 * deployed route keys name every variable after its depth (`{p2}`); the dispatcher maps them back.
 */
export function canonicalPath(path: string): string {
  return `/${pathSegments(path)
    .map((segment, depth) => (isVariable(segment) ? `{p${depth}}` : segment))
    .join('/')}`;
}

export function canonicalRouteKey(definition: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${definition.method} ${canonicalPath(definition.path)}`;
}

/**
 * The methods a route answers: a GET route answers HEAD too, as GET without a body (RFC 9110 §9.3.2).
 * The deployed routes, the dispatch, the local gateway's routing and the Allow header all read this.
 */
export function methodsServed(method: string): string[] {
  return method === 'GET' ? ['GET', 'HEAD'] : [method];
}

/** The catalogue method whose route answers a request's method: GET answers HEAD. */
export function answeringMethod(method: string): string {
  return method === 'HEAD' ? 'GET' : method;
}

/** Every route key a definition is deployed and dispatched under: `GET /x/{p1}` and `HEAD /x/{p1}`. */
export function servedRouteKeys(definition: Pick<RouteDefinition, 'method' | 'path'>): string[] {
  return methodsServed(definition.method).map((method) => `${method} ${canonicalPath(definition.path)}`);
}

/** Interface parameter names by depth, to rename the gateway's canonical parameters. */
export function parameterNamesByDepth(path: string): Map<string, string> {
  const names = new Map<string, string>();
  pathSegments(path).forEach((segment, depth) => {
    if (isVariable(segment)) names.set(`p${depth}`, segment.slice(1, -1));
  });
  return names;
}

/** Every operation of a set of groups, flattened, with its group. */
export function flattenCatalogue(
  groups: readonly GroupCatalogue[],
): Array<RouteDefinition & { group: string }> {
  return groups.flatMap((g) =>
    Object.values(g.routes).map((definition) => ({ ...definition, group: g.group })),
  );
}
