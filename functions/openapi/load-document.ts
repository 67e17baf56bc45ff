/** The OpenAPI document's side bundle, loaded at its first use (functions/openapi/document/). Light. */
import { loadSideBundle } from '../../shared/side-bundle';
import type * as DocumentModule from './document';

export const loadOpenApiDocument = () =>
  loadSideBundle<typeof DocumentModule>(
    'openapi-document.mjs',
    new URL('./document/index.ts', import.meta.url).href,
  );
