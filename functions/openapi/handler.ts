/**
 * The API's own function: serves, without a token, the OpenAPI document (GET /v1/openapi.json) and the
 * API reference page over it (GET /v1/docs and its script), and answers the $default route (paths no
 * operation has) with 404 or 405 problem documents. The document (every group's schemas and docs) is a
 * side bundle loaded at its first request; the 404/405 answers need only the interface's methods and
 * paths (shared/http/interface-routes.ts, which a unit test keeps equal to the catalogues).
 */
import { MethodNotAllowed, NotFound } from '../../shared/errors';
import type { ApiEvent } from '../../shared/http/handler';
import { answeringMethod } from '../../shared/http/catalogue';
import { createHandler, unmatchedOperation } from '../../shared/http/handler';
import { interfaceRoutes } from '../../shared/http/interface-routes';
import { matchRoute } from '../../shared/http/route-matcher';
import { loadOpenApiDocument } from './load-document';
import { docsPath, docsScriptPath, openApiPath, publicPaths } from './paths';
import { referencePageResponse } from './reference-page';
import { referenceScriptResponse } from './reference-script';

export { openApiPath } from './paths';

let document: string | undefined;
const routes = [...interfaceRoutes, ...publicPaths.map((path) => ({ method: 'GET' as const, path }))];

/** The Operation dimension of each public request in the metrics; anything else is `unmatched`. */
const publicOperations = new Map([
  [openApiPath, 'getOpenApiDocument'],
  [docsPath, 'getApiReference'],
  [docsScriptPath, 'getApiReferenceScript'],
]);

const publicOperationOf = (event: ApiEvent) =>
  (answeringMethod(event.requestContext.http.method) === 'GET' && publicOperations.get(event.rawPath)) ||
  unmatchedOperation;

export const handler = createHandler(async (event: ApiEvent) => {
  const method = event.requestContext.http.method;
  // HEAD is answered as GET; createHandler drops the body.
  const asGet = answeringMethod(method) === 'GET';
  if (asGet && event.rawPath === openApiPath) {
    document ??= (await loadOpenApiDocument()).openApiJson();
    return {
      statusCode: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: document,
    };
  }
  if (asGet && event.rawPath === docsPath) return referencePageResponse();
  if (asGet && event.rawPath === docsScriptPath) return referenceScriptResponse(event.headers);
  const match = matchRoute(routes, method, event.rawPath);
  if (match.kind === 'method-not-allowed') throw new MethodNotAllowed(method, event.rawPath, match.allowed);
  throw new NotFound(`No operation answers ${method} ${event.rawPath}.`);
}, publicOperationOf);
