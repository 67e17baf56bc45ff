import { answeringMethod, isVariable, methodsServed, pathSegments } from './catalogue';

export interface MatchableRoute {
  method: string;
  path: string;
}

export type RouteMatch<R extends MatchableRoute> =
  | { kind: 'found'; route: R; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

/** How well a template fits: literal segments outrank variables, earlier segments first (API Gateway's rule). */
function matchTemplate(
  template: string[],
  actual: string[],
): { score: string; params: Record<string, string> } | null {
  if (template.length !== actual.length) return null;
  const params: Record<string, string> = {};
  let score = '';
  for (let i = 0; i < template.length; i++) {
    const expected = template[i]!;
    const segment = actual[i]!;
    if (isVariable(expected)) {
      if (segment.length === 0) return null;
      params[expected.slice(1, -1)] = segment;
      score += '0';
    } else if (expected === segment) {
      score += '1';
    } else {
      return null;
    }
  }
  return { score, params };
}

/** A template's segments, split once: a request is matched against every route of the catalogue. */
const templates = new Map<string, string[]>();
function templateSegments(template: string): string[] {
  let segments = templates.get(template);
  if (!segments) {
    segments = pathSegments(template);
    templates.set(template, segments);
  }
  return segments;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The catalogue's routes by their number of segments, once per route list: only a template of the path's
 * length can match, and a request was matched against all 125 routes (a quarter of the local gateway's
 * work on the busy day).
 */
const routesByLength = new WeakMap<readonly MatchableRoute[], Map<number, MatchableRoute[]>>();
function routesOfLength<R extends MatchableRoute>(routes: readonly R[], length: number): readonly R[] {
  let byLength = routesByLength.get(routes);
  if (!byLength) {
    byLength = new Map();
    for (const route of routes) {
      const count = templateSegments(route.path).length;
      byLength.set(count, [...(byLength.get(count) ?? []), route]);
    }
    routesByLength.set(routes, byLength);
  }
  return (byLength.get(length) ?? []) as R[];
}

/** Finds the route for a request the way API Gateway does (HEAD by the GET route); tells 404 from 405. */
export function matchRoute<R extends MatchableRoute>(
  routes: readonly R[],
  method: string,
  path: string,
): RouteMatch<R> {
  const rawSegments = pathSegments(path);
  const decoded = rawSegments.map(decodeSegment);
  if (decoded.some((segment) => segment === null)) return { kind: 'not-found' };
  const actual = decoded as string[];
  let best: { route: R; score: string; params: Record<string, string> } | undefined;
  const allowed = new Set<string>();
  for (const route of routesOfLength(routes, actual.length)) {
    const result = matchTemplate(templateSegments(route.path), actual);
    if (!result) continue;
    for (const served of methodsServed(route.method)) allowed.add(served);
    if (route.method !== answeringMethod(method)) continue;
    if (!best || result.score > best.score) best = { route, ...result };
  }
  if (best) return { kind: 'found', route: best.route, params: best.params };
  if (allowed.size > 0) return { kind: 'method-not-allowed', allowed: [...allowed].sort() };
  return { kind: 'not-found' };
}

/**
 * API Gateway sends `GET /v1/orders/work-orders` to `GET /v1/orders/{id}` when only POST has the literal
 * path. The path is still the literal route's, so the request is a 405 naming that route's methods, not
 * an order id. Answers those methods when a route of `routes` fits `path` more literally than `template`.
 */
export function shadowingRouteMethods(
  routes: readonly MatchableRoute[],
  template: string,
  path: string,
): string[] | undefined {
  const actual = pathSegments(path).map(decodeSegment);
  if (actual.some((segment) => segment === null)) return undefined;
  const segments = actual as string[];
  const matched = matchTemplate(templateSegments(template), segments);
  if (!matched) return undefined;
  let best = matched.score;
  let methods = new Set<string>();
  for (const route of routesOfLength(routes, segments.length)) {
    const result = matchTemplate(templateSegments(route.path), segments);
    if (!result || result.score <= matched.score) continue;
    if (result.score > best) {
      best = result.score;
      methods = new Set();
    }
    if (result.score === best) for (const served of methodsServed(route.method)) methods.add(served);
  }
  return methods.size > 0 ? [...methods].sort() : undefined;
}
