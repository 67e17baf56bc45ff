/**
 * The OpenAPI document as JSON text: every group's catalogue (its zod schemas) and the document builder.
 * A side bundle (`openapi-document.mjs`, shared/side-bundle.ts): the OpenAPI function loads it at the
 * first GET of the document, so its cold starts and its 404/405 answers never parse or build it.
 */
import { openApiDocument } from '../../../shared/openapi/document';
import { catalogues } from '../../catalogue';

export const openApiJson = (): string => JSON.stringify(openApiDocument(catalogues));
