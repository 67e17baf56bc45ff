/**
 * The OpenAPI document as JSON text: every group's catalogue (its zod schemas), the groups' reference
 * docs and the document builder. A side bundle (`openapi-document.mjs`, shared/side-bundle.ts): the
 * OpenAPI function loads it at the first GET of the document, so its cold starts, its reference page and
 * its 404/405 answers never parse or build it.
 */
import { openApiDocument } from '../../../shared/openapi/document';
import { catalogues } from '../../catalogue';
import { catalogueDocs } from '../../catalogue-docs';

export const openApiJson = (): string => JSON.stringify(openApiDocument(catalogues, catalogueDocs));
