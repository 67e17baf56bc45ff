/** `npm run openapi`: writes the OpenAPI 3.1 document derived from the route catalogue to dist/openapi.json. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { catalogues } from '../../functions/catalogue';
import { catalogueDocs } from '../../functions/catalogue-docs';
import { openApiDocument } from '../../shared/openapi/document';
import { repoRoot } from './data-dir';

const file = join(repoRoot, 'dist', 'openapi.json');
const document = openApiDocument(catalogues, catalogueDocs) as { paths?: Record<string, unknown> };
mkdirSync(join(repoRoot, 'dist'), { recursive: true });
writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
console.log(`Wrote ${relative(repoRoot, file)} (${Object.keys(document.paths ?? {}).length} paths).`);
