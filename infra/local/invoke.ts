/**
 * `npm run invoke -- <group> <event.json>`: runs one function locally with an event file, like
 * `sam local invoke`, against the data under `.data/`. When `npm start` is running it uses that
 * runtime's DynamoDB Local and S3 (two JVMs must never share one database file); otherwise it starts
 * both on free ports over the same `.data/` stores for the call and stops them after. Prints the result.
 */
import { readFileSync } from 'node:fs';
import { catalogues } from '../../functions/catalogue';
import { metaGroup } from './api-event';
import { repoDataDir } from './data-dir';
import type { LocalStores } from './local-stores';
import { attachLocalStores } from './local-stores';
import { invokeLambda } from './local-lambda';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const usage = 'Usage: npm run invoke -- <group> <event.json>   (make an event with `npm run event`)';
const groups = [...catalogues.map((catalogue) => catalogue.group), metaGroup];

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(1);
}

const [group, eventFile, ...extra] = process.argv.slice(2);
if (!group || !eventFile || extra.length > 0) fail('Name a group and an event file.');
if (!groups.includes(group)) fail(`Unknown group "${group}"; the groups are ${groups.join(', ')}.`);
let event: unknown;
try {
  event = JSON.parse(readFileSync(eventFile, 'utf8'));
} catch (error) {
  fail(`Could not read the event: ${(error as Error).message}`);
}

let stores: LocalStores;
try {
  stores = await attachLocalStores(repoDataDir, 'this call');
} catch (error) {
  fail((error as Error).message);
}

let exitCode = 0;
try {
  const result = await invokeLambda(group, event);
  console.log(JSON.stringify(result, null, 2));
} catch (error) {
  console.error('The function failed:', error);
  exitCode = 1;
} finally {
  await stores.stop();
}
process.exit(exitCode);
