/**
 * `npm test`: the static checks (lint, typecheck) run beside the tests, at a lower priority, instead of
 * before them: the test passes leave a core part-idle (waiting on DynamoDB Local), and the checks take
 * about a minute of it. Their output is printed whole when they finish; a failed check stops the run at
 * once (no need to wait for the tests to hear about a lint error). The tests run in two passes: the
 * parallel one (a DynamoDB Local per worker), then the files that measure time against the machine, the
 * end-to-end and the slow files one at a time.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

// The system tools first: a missing one stops the run in seconds with its install line, not in ENOENTs.
const preflight = spawnSync(process.execPath, [join(import.meta.dirname, 'preflight.mjs')], {
  stdio: 'inherit',
});
if (preflight.status !== 0) process.exit(preflight.status ?? 1);

/**
 * Each pass is one or more vitest runs side by side (a second run's output is printed whole when it
 * finishes). The 500-line print had a run of its own and the stock-slots race outlasted its 120 s after
 * other heavy files: the cause was every table's stream in DynamoDB Local (test/support/stream-tables.ts).
 */
const passes = [
  [['vitest', 'run', '--project', 'unit', '--project', 'int', '--project', 'infra', '--maxWorkers=2']],
  [['vitest', 'run', '--project', 'int-serial', '--project', 'e2e', '--project', 'slow', '--maxWorkers=1']],
];
const checks = [
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
  ['api lint', ['npm', 'run', '--silent', 'lint:api']],
];

const running = new Set();

function run(command, { quiet = false, nice = false } = {}) {
  const [program, ...args] = nice ? ['nice', '-n', '10', ...command] : command;
  const child = spawn(program, args, {
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    shell: false,
    env: process.env,
    // A group of its own, so stopping it stops what it started too (vitest's DynamoDB Local JVM).
    detached: true,
  });
  running.add(child);
  let output = '';
  if (quiet) {
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      running.delete(child);
      resolve({ code: 1, output: `${output}${error.message}\n` });
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

function stopAll(code) {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  process.exit(code);
}
process.on('SIGINT', () => stopAll(130));
process.on('SIGTERM', () => stopAll(143));

const npx = (args) => ['npx', '--no-install', ...args];

const staticChecks = Promise.all(
  checks.map(async ([name, command]) => {
    const started = Date.now();
    const result = await run(command, { quiet: true, nice: true });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (result.code !== 0) {
      process.stdout.write(`\n✖ ${name} failed (${seconds} s):\n${result.output}\n`);
      stopAll(result.code);
    }
    process.stdout.write(`\n✓ ${name} passed (${seconds} s)\n`);
  }),
);

for (const pass of passes) {
  const results = await Promise.all(
    pass.map(async (command, index) => {
      const result = await run(npx(command), { quiet: index > 0 });
      if (index > 0) process.stdout.write(result.output);
      return result;
    }),
  );
  const failed = results.find((result) => result.code !== 0);
  if (failed) stopAll(failed.code);
}
await staticChecks;
