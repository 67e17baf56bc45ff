/**
 * What a write's 504 tells the client to do to learn whether the write happened (the kernel answers 504
 * when the function runs out of time while the work may still commit). A route names it in the catalogue
 * (`outcomeRead`): an interface read (`GET /v1/inventory/alert-rules/{id}`), or `replay` where no read
 * shows it (an export) and the same POST with the same Idempotency-Key answers it. By default it is the
 * interface's GET of the route's own path, else of the nearest path above it (`POST
 * /v1/orders/{id}/payments` is read by `GET /v1/orders/{id}`). A unit test checks every write of the
 * catalogue against the interface.
 */
import type { RouteDefinition } from './catalogue';
import { interfaceRoutes } from './interface-routes';

export type OutcomeRoute = Pick<RouteDefinition, 'method' | 'path' | 'outcomeRead'>;

const hasGet = (path: string) =>
  interfaceRoutes.some((route) => route.method === 'GET' && route.path === path);

/** `GET <path>` or `replay` for a write; undefined for a read, or a write the interface gives none. */
export function outcomeReadOf(definition: OutcomeRoute): string | undefined {
  if (definition.method === 'GET') return undefined;
  if (definition.outcomeRead) return definition.outcomeRead;
  const segments = definition.path.split('/');
  for (let end = segments.length; end > 2; end -= 1) {
    const path = segments.slice(0, end).join('/');
    if (hasGet(path)) return `GET ${path}`;
  }
  return undefined;
}

const ranOut = 'The request ran out of time before it finished and may still complete.';
const neverTwice = 'a retry with the same Idempotency-Key is never applied twice';

/** The 504's detail for a route (undefined: a request the kernel could not place). */
export function timedOutDetail(definition: OutcomeRoute | undefined): string {
  const read = definition ? outcomeReadOf(definition) : undefined;
  if (read === 'replay') {
    return `${ranOut} Send it again with the same Idempotency-Key to learn whether it did: it answers the outcome and is never applied twice.`;
  }
  const check = read ? `${read} shows whether it did` : 'Read what it changes to see whether it did';
  return definition?.method === 'POST' || !definition
    ? `${ranOut} ${check}; ${neverTwice}.`
    : `${ranOut} ${check}.`;
}
