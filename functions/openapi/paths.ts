/**
 * The public paths the OpenAPI function serves without a token: the document and the API reference page
 * with its script. Light on purpose: infra and the local gateway read them without loading the function.
 */
export const openApiPath = '/v1/openapi.json';
export const docsPath = '/v1/docs';
export const docsScriptPath = '/v1/docs/scalar.js';

export const publicPaths = [openApiPath, docsPath, docsScriptPath] as const;
