/**
 * The API's own function: serves the OpenAPI document without auth at GET /v1/openapi.json and answers
 * the $default route (paths no operation has) with 404 or 405 problem documents.
 */
import { MethodNotAllowed, NotFound } from '../../shared/errors';
import { flattenCatalogue } from '../../shared/http/catalogue';
import type { ApiEvent } from '../../shared/http/handler';
import { createHandler, unmatchedOperation } from '../../shared/http/handler';
import { matchRoute } from '../../shared/http/route-matcher';
import { openApiDocument } from '../../shared/openapi/document';
import { catalogues } from '../catalogue';

export const openApiPath = '/v1/openapi.json';

let document: string | undefined;
const operations = flattenCatalogue(catalogues);

const isDocumentRequest = (event: ApiEvent) =>
  event.rawPath === openApiPath && event.requestContext.http.method === 'GET';

export const handler = createHandler(
  async (event: ApiEvent) => {
    const method = event.requestContext.http.method;
    if (isDocumentRequest(event)) {
      document ??= JSON.stringify(openApiDocument(catalogues));
      return {
        statusCode: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: document,
      };
    }
    const match = matchRoute([...operations, { method: 'GET', path: openApiPath }], method, event.rawPath);
    if (match.kind === 'method-not-allowed') throw new MethodNotAllowed(method, event.rawPath, match.allowed);
    throw new NotFound(`No operation answers ${method} ${event.rawPath}.`);
  },
  (event) => (isDocumentRequest(event) ? 'getOpenApiDocument' : unmatchedOperation),
);
