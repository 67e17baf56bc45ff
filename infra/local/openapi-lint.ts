/**
 * `npm run lint:api`: writes the OpenAPI document (the one /v1/openapi.json serves) to a temporary file
 * and runs Redocly's recommended rules on it (redocly.yaml); any error or warning fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogues } from '../../functions/catalogue';
import { catalogueDocs } from '../../functions/catalogue-docs';
import { openApiDocument } from '../../shared/openapi/document';
import { repoRoot } from './data-dir';

const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
const file = join(dir, 'openapi.json');
try {
  writeFileSync(file, JSON.stringify(openApiDocument(catalogues, catalogueDocs)));
  const redocly = join(repoRoot, 'node_modules', '.bin', 'redocly');
  const result = spawnSync(
    redocly,
    ['lint', file, '--config', join(repoRoot, 'redocly.yaml'), '--max-problems', '1000'],
    {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  const output = `${result.stdout}${result.stderr}`;
  process.stdout.write(output);
  // `redocly lint` exits 0 on warnings; the check wants none.
  const warned = /You have \d+ warnings?/.test(output);
  process.exitCode = result.status !== 0 ? (result.status ?? 1) : warned ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
