/**
 * The API's own function: serves, without a token, the OpenAPI document (GET /v1/openapi.json) and the
 * API reference page over it (GET /v1/docs and its script), and answers the $default route (paths no
 * operation has) with 404 or 405 problem documents.
 */
import { MethodNotAllowed, NotFound } from '../../shared/errors';
import { flattenCatalogue } from '../../shared/http/catalogue';
import type { ApiEvent } from '../../shared/http/handler';
import { createHandler, unmatchedOperation } from '../../shared/http/handler';
import { matchRoute } from '../../shared/http/route-matcher';
import { openApiDocument } from '../../shared/openapi/document';
import { catalogues } from '../catalogue';
import { catalogueDocs } from '../catalogue-docs';
import { docsPath, docsScriptPath, openApiPath, publicPaths } from './paths';
import { referencePageResponse } from './reference-page';
import { referenceScriptResponse } from './reference-script';

export { openApiPath } from './paths';

let document: string | undefined;
const operations = flattenCatalogue(catalogues);
const publicRoutes = publicPaths.map((path) => ({ method: 'GET' as const, path }));

/**
 * The document, built at its first request. The docs are imported statically: an `import()` of them made
 * esbuild wrap every module behind it for lazy evaluation, which kept the whole DynamoDB client package
 * in the bundle (+74 KB).
 */
function documentText(): string {
  document ??= JSON.stringify(openApiDocument(catalogues, catalogueDocs));
  return document;
}

/** The Operation dimension of each public request in the metrics; anything else is `unmatched`. */
const publicOperations = new Map([
  [openApiPath, 'getOpenApiDocument'],
  [docsPath, 'getApiReference'],
  [docsScriptPath, 'getApiReferenceScript'],
]);

const publicOperationOf = (event: ApiEvent) =>
  (event.requestContext.http.method === 'GET' && publicOperations.get(event.rawPath)) || unmatchedOperation;

export const handler = createHandler(async (event: ApiEvent) => {
  const method = event.requestContext.http.method;
  if (method === 'GET' && event.rawPath === openApiPath) {
    return {
      statusCode: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: documentText(),
    };
  }
  if (method === 'GET' && event.rawPath === docsPath) return referencePageResponse();
  if (method === 'GET' && event.rawPath === docsScriptPath) return referenceScriptResponse(event.headers);
  const match = matchRoute([...operations, ...publicRoutes], method, event.rawPath);
  if (match.kind === 'method-not-allowed') throw new MethodNotAllowed(method, event.rawPath, match.allowed);
  throw new NotFound(`No operation answers ${method} ${event.rawPath}.`);
}, publicOperationOf);
