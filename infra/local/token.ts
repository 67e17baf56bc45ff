/**
 * `npm run token -- <viewer|operator|manager> [--subject alice] [--expires 12h]`: a development token
 * the local gateway accepts, signed with the key under `.data/dev-jwt/`. The token is the last line.
 */
import { parseArgs } from 'node:util';
import type { Role } from '../../shared/http/permissions';
import { roles } from '../../shared/http/permissions';
import { repoDataDir } from './data-dir';
import { signDevToken } from './dev-keys';

const usage = 'Usage: npm run token -- <viewer|operator|manager> [--subject alice] [--expires 12h]';

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(1);
}

function parse() {
  try {
    return parseArgs({
      options: { subject: { type: 'string' }, expires: { type: 'string' } },
      allowPositionals: true,
    });
  } catch (error) {
    fail((error as Error).message);
  }
}

const parsed = parse();

const [role, ...extra] = parsed.positionals;
if (!role) fail('Name a role.');
if (extra.length > 0) fail(`Unexpected arguments: ${extra.join(' ')}`);
if (!(roles as readonly string[]).includes(role))
  fail(`Unknown role "${role}"; the roles are ${roles.join(', ')}.`);

const expiresIn = parsed.values.expires ?? '12h';
let token: string;
try {
  token = await signDevToken(role as Role, {
    dataDir: repoDataDir,
    subject: parsed.values.subject,
    expiresIn,
  });
} catch (error) {
  fail(`Could not sign a token: ${(error as Error).message}`);
}
console.log(
  `Bearer token for a ${role}${parsed.values.subject ? ` (${parsed.values.subject})` : ''}, valid ${expiresIn}:`,
);
console.log(token);
