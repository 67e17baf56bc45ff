/**
 * The API's own function: serves the OpenAPI document without auth at GET /v1/openapi.json and answers
 * the $default route (paths no operation has) with 404 or 405 problem documents. The document (every
 * group's schemas) is a side bundle loaded at its first request; the 404/405 answers need only the
 * interface's methods and paths (shared/http/interface-routes.ts, which a unit test keeps equal to the
 * catalogues).
 */
import { MethodNotAllowed, NotFound } from '../../shared/errors';
import type { ApiEvent } from '../../shared/http/handler';
import { createHandler } from '../../shared/http/handler';
import { interfaceRoutes } from '../../shared/http/interface-routes';
import { matchRoute } from '../../shared/http/route-matcher';
import { loadOpenApiDocument } from './load-document';

export const openApiPath = '/v1/openapi.json';

let document: string | undefined;
const routes = [...interfaceRoutes, { method: 'GET', path: openApiPath }];

export const handler = createHandler(async (event: ApiEvent) => {
  const method = event.requestContext.http.method;
  if (event.rawPath === openApiPath && method === 'GET') {
    document ??= (await loadOpenApiDocument()).openApiJson();
    return {
      statusCode: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: document,
    };
  }
  const match = matchRoute(routes, method, event.rawPath);
  if (match.kind === 'method-not-allowed') throw new MethodNotAllowed(method, event.rawPath, match.allowed);
  throw new NotFound(`No operation answers ${method} ${event.rawPath}.`);
});
