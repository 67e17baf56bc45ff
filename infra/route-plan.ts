/**
 * Which API Gateway routes the catalogue becomes, as data: one authorized route per operation under its
 * canonical path (and a HEAD route beside each GET), and the public OpenAPI document and API reference
 * page. A method a path does not have falls to the $default
 * route, whose function knows the whole catalogue and answers 405 with a complete Allow header; so no ANY
 * route is needed, preflights never meet the authorizer (API Gateway answers them from the CORS settings),
 * and the 125 operations with a HEAD beside each GET (191 routes) stay under the routes-per-API quota.
 */
import { docsPath, docsScriptPath, openApiPath } from '../functions/openapi/paths';
import type { GroupCatalogue } from '../shared/http/catalogue';
import { canonicalPath, flattenCatalogue, methodsServed } from '../shared/http/catalogue';
import { findVariableConflicts } from './route-conflicts';

/** The function that serves the document, the $default route and paths several groups share. */
export const apiTarget = 'openapi';

export interface PlannedRoute {
  method: string;
  path: string;
  /** A group name, or apiTarget. */
  target: string;
  /** Why the route needs no token; every other route goes through the JWT authorizer. */
  publicBecause?: string;
}

const documentReason =
  'The OpenAPI document describes the public contract and is served without a token on purpose.';
const referencePageReason =
  'The API reference page (and its script) shows the public OpenAPI document; calls made from it carry their own token.';

export const routeKeyOf = (route: Pick<PlannedRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** HTTP API's default quota of routes per API (adjustable through Service Quotas). */
export const routesPerApiQuota = 300;

export function planRoutes(groups: readonly GroupCatalogue[]): PlannedRoute[] {
  // HTTP API routes by method and has no HEAD of its own: each GET gets a HEAD route to the same
  // function, which answers it as the GET without a body.
  const operations: PlannedRoute[] = flattenCatalogue(groups).flatMap((definition) =>
    methodsServed(definition.method).map((method) => ({
      method,
      path: canonicalPath(definition.path),
      target: definition.group,
    })),
  );
  const publicRoutes: PlannedRoute[] = [
    { method: 'GET', path: openApiPath, target: apiTarget, publicBecause: documentReason },
    { method: 'GET', path: docsPath, target: apiTarget, publicBecause: referencePageReason },
    { method: 'GET', path: docsScriptPath, target: apiTarget, publicBecause: referencePageReason },
  ];

  const routes: PlannedRoute[] = [
    ...operations,
    ...publicRoutes.flatMap((route) => methodsServed(route.method).map((method) => ({ ...route, method }))),
  ];
  assertDeployable(routes);
  return routes;
}

/** Fails the synth on what API Gateway would only refuse at deploy time. */
function assertDeployable(routes: readonly PlannedRoute[]): void {
  const keys = routes.map(routeKeyOf);
  const duplicates = keys.filter((key, index) => keys.indexOf(key) !== index);
  if (duplicates.length > 0) throw new Error(`Two operations share the route key ${duplicates.join(', ')}.`);
  const conflicts = findVariableConflicts(keys);
  if (conflicts.length > 0) {
    const described = conflicts.map(({ parent, names }) => `${parent}/{${names.join('|')}}`).join(', ');
    throw new Error(`Route variables at the same level differ in name: ${described}.`);
  }
}
