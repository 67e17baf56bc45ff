/**
 * Malformed requests for every catalogue operation, independent of transport: the integration suite
 * sends them to the handlers, the end-to-end suite over HTTP. Each must answer a 4xx problem document
 * and change nothing.
 */
import { catalogues } from '../../functions/catalogue';
import type { RouteDefinition } from '../../shared/http/catalogue';
import { flattenCatalogue, isVariable, pathSegments } from '../../shared/http/catalogue';

export interface MalformedRequest {
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  rawBody?: string;
  /** The status it must get; any 4xx when undefined. */
  expected?: number;
}

const validId = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

/** The operation's path with a plausible value in every variable. */
function concretePath(definition: RouteDefinition, value = validId): string {
  return `/${pathSegments(definition.path)
    .map((segment) => (isVariable(segment) ? value : segment))
    .join('/')}`;
}

export function malformedRequests(): MalformedRequest[] {
  const cases: MalformedRequest[] = [];
  for (const definition of flattenCatalogue(catalogues)) {
    const path = concretePath(definition);
    const label = `${definition.method} ${definition.path}`;
    const json = { 'content-type': 'application/json' };
    cases.push({
      name: `${label}: unknown query parameter`,
      method: definition.method,
      path: `${path}?bogus=1`,
      headers: {},
      expected: 400,
    });
    if (definition.query) {
      cases.push({
        name: `${label}: limit out of range`,
        method: definition.method,
        path: `${path}?limit=0`,
        headers: {},
      });
      cases.push({
        name: `${label}: tampered cursor`,
        method: definition.method,
        path: `${path}?cursor=eyJzIjoiIn0.AAAA`,
        headers: {},
      });
    }
    if (definition.params) {
      cases.push({
        name: `${label}: path parameter of the wrong shape`,
        method: definition.method,
        path: concretePath(definition, '%F0%9F%92%A5..%20'),
        headers: {},
      });
    }
    if (definition.body) {
      cases.push({
        name: `${label}: invalid JSON`,
        method: definition.method,
        path,
        headers: json,
        rawBody: '{"a":',
        expected: 400,
      });
      cases.push({
        name: `${label}: not JSON`,
        method: definition.method,
        path,
        headers: { 'content-type': 'text/plain' },
        rawBody: 'hello',
        expected: 415,
      });
      cases.push({
        name: `${label}: array body`,
        method: definition.method,
        path,
        headers: json,
        rawBody: '[]',
        expected: 400,
      });
      cases.push({
        name: `${label}: unknown field`,
        method: definition.method,
        path,
        headers: json,
        rawBody: '{"zzUnknown":1}',
        expected: 400,
      });
      cases.push({
        name: `${label}: wrong types`,
        method: definition.method,
        path,
        headers: json,
        rawBody: '{"ids":"x","code":7,"name":[],"vendorId":false}',
        expected: 400,
      });
      cases.push({
        name: `${label}: body over 1 MiB`,
        method: definition.method,
        path,
        headers: json,
        rawBody: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
        expected: 413,
      });
    } else {
      cases.push({
        name: `${label}: unexpected body`,
        method: definition.method,
        path,
        headers: json,
        rawBody: '{"a":1}',
        expected: 400,
      });
    }
    if (definition.method === 'POST') {
      cases.push({
        name: `${label}: bad Idempotency-Key`,
        method: definition.method,
        path,
        headers: { ...json, 'idempotency-key': 'x'.repeat(300) },
        rawBody: '{}',
        expected: 400,
      });
    }
    if (definition.versioned && definition.method !== 'GET' && definition.method !== 'POST') {
      cases.push({
        name: `${label}: malformed If-Match`,
        method: definition.method,
        path,
        headers: { ...json, 'if-match': 'v1' },
        rawBody: '{}',
        expected: 400,
      });
    }
  }
  return cases;
}

/** Why a response is not the 4xx problem document a malformed request must get; undefined when it is. */
export function problemFailure(
  request: MalformedRequest,
  response: { status: number; contentType: string | null | undefined; body: unknown; text: string },
): string | undefined {
  const ok =
    response.status >= 400 &&
    response.status < 500 &&
    (request.expected === undefined || response.status === request.expected) &&
    response.contentType === 'application/problem+json' &&
    typeof (response.body as { detail?: unknown } | undefined)?.detail === 'string';
  return ok ? undefined : `${request.name}: ${response.status} ${response.text.slice(0, 200)}`;
}
