/**
 * `npm start`: the whole API on http://127.0.0.1:$PORT (default 3000), data under `.data/` (or DATA_DIR).
 * SIGINT (Ctrl-C), SIGTERM or SIGHUP, to this process or to the npm process that started it, stops
 * everything; the DynamoDB Local JVM never outlives this process (see processes.ts), and a JVM that
 * dies on its own stops the runtime with a non-zero exit status.
 */
import { relative } from 'node:path';
import { dataPaths, repoDataDir, repoRoot } from './data-dir';
import { javaAvailable } from './dynamodb-local';
import { watchLaunchers } from './processes';
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

// npm forwards SIGINT and SIGTERM to its script's process only (the start script `exec`s tsx so that
// is tsx, which relays them here; a `sh -c` in between would die of them without passing them on),
// and a SIGHUP kills npm alone. So also stop when a process that launched this one goes away. Read the
// launchers now, before anything starts, while they are all alive.
let onLauncherGone: (pid: number) => void = (pid) => {
  // Still starting: leave; the exit hook of processes.ts kills the JVM if it was spawned already.
  console.error(`The process that started this one (pid ${pid}) exited; not starting.`);
  process.exit(1);
};
watchLaunchers((pid) => onLauncherGone(pid));

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
    'Ctrl-C stops it (so do SIGTERM and SIGHUP, to this process or to npm).',
    '',
  ].join('\n'),
);

let stoppingSince: number | undefined;
/** Stops everything in order (pending requests, the poller's last batch, s3rver, the JVM), then exits. */
async function shutdown(reason: string, exitCode: number): Promise<void> {
  if (stoppingSince !== undefined) return;
  stoppingSince = Date.now();
  console.log(`\n${reason}: stopping…`);
  // Whatever hangs, the process leaves; the exit hook of processes.ts still kills the JVM.
  // Past the gateway's 25 s for requests under way to be answered.
  const force = setTimeout(() => process.exit(exitCode === 0 ? 1 : exitCode), 30_000);
  force.unref();
  await runtime.stop();
  process.exit(exitCode);
}

function onSignal(signal: NodeJS.Signals): void {
  if (stoppingSince !== undefined) {
    // tsx relays the terminal's SIGINT, so one Ctrl-C arrives twice; a later second one means: leave
    // now (the exit hook still kills the JVM).
    if (Date.now() - stoppingSince > 1000) process.exit(130);
    return;
  }
  void shutdown(signal, 0);
}

// This entry point owns the process: a graceful stop (pending requests, the poller's last batch)
// replaces the immediate exit processes.ts installs; its exit hook still kills any child left.
// Only the visible listeners go: tsx's hidden one tells its parent we handle the signal (without it,
// tsx SIGKILLs this process 60 ms after a Ctrl-C).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
  process.on(signal, onSignal);
}

onLauncherGone = (pid) => void shutdown(`The process that started this one (pid ${pid}) exited`, 0);

// DynamoDB Local dying under us is a failure, said as such: log it, stop the rest, exit non-zero. A
// Ctrl-C reaches the JVM too (same process group) and may end it a moment before our own handler
// runs: that exit is part of the stop, so look again after a short while.
void runtime.dynamoLost.then(async (reason) => {
  await new Promise((resolve) => setTimeout(resolve, 250));
  if (stoppingSince !== undefined) return;
  console.error(`\n${reason}`);
  await shutdown('DynamoDB Local is gone', 1);
});
