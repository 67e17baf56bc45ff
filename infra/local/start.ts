/**
 * `npm start`: the whole API on http://127.0.0.1:$PORT (default 3000), data under `.data/`.
 * Ctrl-C stops everything; the DynamoDB Local JVM never outlives this process (see processes.ts).
 */
import { relative } from 'node:path';
import { dataPaths, repoDataDir, repoRoot } from './data-dir';
import { javaAvailable } from './dynamodb-local';
import { startRuntime } from './runtime';

function portFromEnv(name: string): number | undefined {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`${name} must be a port number, not "${value}".`);
    process.exit(1);
  }
  return port;
}

if (!javaAvailable()) {
  console.error(
    'DynamoDB Local needs a Java runtime (17 or newer) and `java` was not found on PATH.\n' +
      'Install one, for example `sudo apt-get install openjdk-17-jre-headless` or `brew install openjdk`, then run `npm start` again.',
  );
  process.exit(1);
}

const port = portFromEnv('PORT') ?? 3000;
let runtime: Awaited<ReturnType<typeof startRuntime>>;
try {
  runtime = await startRuntime({
    port,
    dataDir: repoDataDir,
    dynamoPort: portFromEnv('DYNAMODB_PORT'),
    s3Port: portFromEnv('S3_PORT'),
  });
} catch (error) {
  console.error(`Could not start the local API: ${(error as Error).message}`);
  process.exit(1);
}

const paths = dataPaths(repoDataDir);
const shown = (path: string) => relative(repoRoot, path) || '.';
console.log(
  [
    '',
    `Commerce back-office API (local) on ${runtime.url}`,
    `  OpenAPI document   ${runtime.url}/v1/openapi.json`,
    '  A token            npm run token -- manager   (or viewer, operator)',
    `  Try                curl -H "Authorization: Bearer $(npm run -s token -- manager | tail -n 1)" ${runtime.url}/v1/vendors`,
    `  Domain events      ${shown(paths.events)} (one JSON line each)`,
    `  Data               ${shown(paths.root)}/ (DynamoDB ${runtime.dynamoEndpoint}, S3 ${runtime.s3Endpoint})`,
    `  CORS origins       ${process.env.CORS_ORIGINS}`,
    'Ctrl-C stops it.',
    '',
  ].join('\n'),
);

let stoppingSince: number | undefined;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stoppingSince !== undefined) {
    // tsx relays the terminal's SIGINT, so one Ctrl-C arrives twice; a later second one means: leave
    // now (the exit hook still kills the JVM).
    if (Date.now() - stoppingSince > 1000) process.exit(130);
    return;
  }
  stoppingSince = Date.now();
  console.log(`\n${signal}: stopping…`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await runtime.stop();
  process.exit(0);
}
// This entry point owns the process: a graceful stop (pending requests, the poller's last batch)
// replaces the immediate exit processes.ts installs; its exit hook still kills any child left.
// Only the visible listeners go: tsx's hidden one tells its parent we handle the signal (without it,
// tsx SIGKILLs this process 60 ms after a Ctrl-C).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
  process.on(signal, () => void shutdown(signal));
}
