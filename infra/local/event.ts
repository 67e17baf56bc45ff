/**
 * `npm run event -- GET /v1/vendors/01H... --role manager [--body '{...}' | --body-file f]
 *   [--header 'if-match: "2"'] [--out file]`: writes the API Gateway HTTP API (payload 2.0) event the
 * deployed API would send the function, claims included as the JWT authorizer passes them. It prints
 * the file path and the `npm run invoke` command for it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import type { Role } from '../../shared/http/permissions';
import { roles } from '../../shared/http/permissions';
import { buildApiEvent } from './api-event';
import { dataPaths, repoDataDir, repoRoot } from './data-dir';
import { signDevToken } from './dev-keys';
import { authorizeRequest } from './jwt-authorizer';

const usage =
  "Usage: npm run event -- <METHOD> <path> [--role viewer|operator|manager] [--subject alice] [--body '{...}' | --body-file f] [--header 'name: value'] [--out file]";

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(1);
}

function parse() {
  try {
    return parseArgs({
      options: {
        role: { type: 'string' },
        subject: { type: 'string' },
        body: { type: 'string' },
        'body-file': { type: 'string' },
        header: { type: 'string', multiple: true },
        out: { type: 'string' },
      },
      allowPositionals: true,
    });
  } catch (error) {
    fail((error as Error).message);
  }
}

const { values, positionals } = parse();
const [methodArgument, path, ...extra] = positionals;
if (!methodArgument || !path) fail('Name a method and a path.');
if (extra.length > 0) fail(`Unexpected arguments: ${extra.join(' ')}`);
if (!path.startsWith('/')) fail(`The path must start with "/": ${path}`);
if (values.body !== undefined && values['body-file'] !== undefined)
  fail('Give --body or --body-file, not both.');
const role = values.role;
if (role !== undefined && !(roles as readonly string[]).includes(role)) {
  fail(`Unknown role "${role}"; the roles are ${roles.join(', ')}.`);
}
const method = methodArgument.toUpperCase();

const headers: Record<string, string> = { host: '127.0.0.1:3000', 'user-agent': 'npm-run-event' };
for (const line of values.header ?? []) {
  const colon = line.indexOf(':');
  if (colon < 1) fail(`A header is "name: value", not "${line}".`);
  headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
}
const body = values['body-file'] !== undefined ? readFileSync(values['body-file'], 'utf8') : values.body;
if (body !== undefined) headers['content-type'] ??= 'application/json';

// The claims exactly as the authorizer passes them: sign a dev token and verify it the gateway's way.
let claims: Record<string, string | number | boolean | string[]> | undefined;
if (role !== undefined) {
  const token = await signDevToken(role as Role, { dataDir: repoDataDir, subject: values.subject });
  const authorization = await authorizeRequest(`Bearer ${token}`, repoDataDir);
  if (!authorization.ok) fail('The development token did not verify; delete .data/dev-jwt and try again.');
  headers.authorization = `Bearer ${token}`;
  claims = authorization.claims;
}

const { group, ...event } = buildApiEvent({ method, path, headers, body, claims });
const slug = `${method}-${path.split('?')[0]}`
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, '-')
  .replace(/^-+|-+$/g, '');
const file = resolve(values.out ?? join(dataPaths(repoDataDir).eventFiles, `${slug}.json`));
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(event, null, 2)}\n`);

console.log(`Route ${event.routeKey} → function ${group}${role ? `, as a ${role}` : ', without a token'}.`);
const shown = file.startsWith(`${repoRoot}${sep}`) ? relative(repoRoot, file) : file;
console.log(`Invoke it: npm run invoke -- ${group} ${shown}`);
console.log(file);
