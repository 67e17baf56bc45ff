/**
 * Builds API Gateway HTTP API (payload 2.0) events exactly as the deployed API would send them:
 * canonical route keys and path-parameter names, JWT claims under requestContext.authorizer.
 * The local gateway, `npm run event` and the tests all use it.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { catalogues } from '../../functions/catalogue';
import { publicPaths } from '../../functions/openapi/paths';
import type { RouteDefinition } from '../../shared/http/catalogue';
import { answeringMethod, canonicalPath, flattenCatalogue } from '../../shared/http/catalogue';
import { matchRoute } from '../../shared/http/route-matcher';

export const operations = flattenCatalogue(catalogues);
/** The function that serves the OpenAPI document and unmatched paths. */
export const metaGroup = 'openapi';

export interface ResolvedRoute {
  group: string;
  routeKey: string;
  pathParameters?: Record<string, string>;
  /** False for the OpenAPI document, the reference page and the $default route (no authorizer on those). */
  authorized: boolean;
  definition?: RouteDefinition;
}

/** Which function and route key API Gateway would pick for a request. */
export function resolveRoute(method: string, path: string): ResolvedRoute {
  const match = matchRoute(operations, method, path);
  if (match.kind === 'found') {
    const canonical: Record<string, string> = {};
    const segments = match.route.path.split('/').filter(Boolean);
    segments.forEach((segment, depth) => {
      if (segment.startsWith('{')) canonical[`p${depth}`] = match.params[segment.slice(1, -1)]!;
    });
    return {
      group: match.route.group,
      routeKey: `${method} ${canonicalPath(match.route.path)}`,
      pathParameters: Object.keys(canonical).length > 0 ? canonical : undefined,
      authorized: true,
      definition: match.route,
    };
  }
  // The document and the reference page: public routes of the API function, as the stack plans them.
  if (answeringMethod(method) === 'GET' && (publicPaths as readonly string[]).includes(path)) {
    return { group: metaGroup, routeKey: `${method} ${path}`, authorized: false };
  }
  // A method the path does not have falls to $default too: that function answers 405 with Allow.
  return { group: metaGroup, routeKey: '$default', authorized: false };
}

export interface RequestSpec {
  method: string;
  /** Path with an optional query string. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  claims?: Record<string, string | number | boolean | string[]>;
  sourceIp?: string;
}

export function buildApiEvent(
  spec: RequestSpec,
): APIGatewayProxyEventV2WithJWTAuthorizer & { group: string } {
  const url = new URL(spec.path, 'http://localhost');
  const route = resolveRoute(spec.method, url.pathname);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(spec.headers ?? {})) headers[name.toLowerCase()] = value;
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams)
    query[name] = name in query ? `${query[name]},${value}` : value;
  const cookies = headers.cookie?.split(';').map((cookie) => cookie.trim());
  const isBinary = Buffer.isBuffer(spec.body);
  const requestId = randomUUID();
  const now = new Date();
  const claims = spec.claims
    ? Object.fromEntries(
        Object.entries(spec.claims).map(([name, value]) => [
          name,
          Array.isArray(value) ? `[${value.join(' ')}]` : value,
        ]),
      )
    : undefined;
  return {
    group: route.group,
    version: '2.0',
    routeKey: route.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: route.pathParameters,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer:
        claims && route.authorized
          ? { jwt: { claims, scopes: [] }, principalId: '', integrationLatency: 0 }
          : undefined,
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: spec.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: spec.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: route.routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body:
      spec.body === undefined
        ? undefined
        : isBinary
          ? (spec.body as Buffer).toString('base64')
          : (spec.body as string),
    isBase64Encoded: isBinary,
    stageVariables: undefined,
  } as APIGatewayProxyEventV2WithJWTAuthorizer & { group: string };
}
