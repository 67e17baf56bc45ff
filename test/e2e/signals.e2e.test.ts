/**
 * `npm start` as a user runs it, in its own process group, on free ports and a temp data dir: a signal
 * to the npm process stops every process it started (the DynamoDB Local JVM included), and a JVM that
 * dies on its own stops the runtime with a non-zero exit status.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataPaths, repoRoot } from '../../infra/local/data-dir';
import type { RuntimeMarker } from '../../infra/local/runtime-marker';

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface Started {
  npm: ChildProcess;
  /** npm is the leader of a group of its own: its id is the group's. */
  group: number;
  marker: Required<RuntimeMarker>;
  /** Set when npm has exited. */
  exit?: Exit;
  output(): string;
}

const started: Started[] = [];
const dataDirs: string[] = [];

/** The live (not zombie) processes among these ids, or of a process group. */
function living(args: string[]): number[] {
  const result = spawnSync('ps', ['-o', 'pid=,stat=', ...args], { encoding: 'utf8' });
  return (result.stdout ?? '')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, stat]) => pid && stat && !stat.startsWith('Z'))
    .map(([pid]) => Number(pid));
}

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function readMarker(dataDir: string): Required<RuntimeMarker> | undefined {
  try {
    const marker = JSON.parse(readFileSync(dataPaths(dataDir).runtimeMarker, 'utf8')) as RuntimeMarker;
    return marker.dynamoPid ? (marker as Required<RuntimeMarker>) : undefined;
  } catch {
    return undefined;
  }
}

async function answers(url: string): Promise<true | undefined> {
  try {
    return (await fetch(`${url}/v1/openapi.json`)).status === 200 ? true : undefined;
  } catch {
    return undefined;
  }
}

async function startNpm(): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'commerce-signals-'));
  dataDirs.push(dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' };
  delete env.DYNAMODB_PORT;
  delete env.S3_PORT;
  const npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout!.on('data', (chunk) => (output += chunk));
  npm.stderr!.on('data', (chunk) => (output += chunk));
  const run = { npm, group: npm.pid!, output: () => output } as Started;
  npm.once('exit', (code, signal) => (run.exit = { code, signal }));
  started.push(run);

  const marker = await waitFor(() => (run.exit ? null : readMarker(dataDir)), 60_000);
  if (!marker) throw new Error(`npm start did not come up:\n${output}`);
  run.marker = marker;
  expect(await waitFor(() => answers(marker.url), 10_000), 'the gateway answers').toBe(true);
  // The JVM is one of the processes npm start made, in npm's group.
  expect(living(['-g', String(run.group)])).toEqual(
    expect.arrayContaining([npm.pid, marker.pid, marker.dynamoPid]),
  );
  return run;
}

/** True once no process of the group is left. */
async function groupGone(run: Started): Promise<boolean> {
  return (
    (await waitFor(() => (living(['-g', String(run.group)]).length === 0 ? true : undefined), 20_000)) ??
    false
  );
}

afterEach(async () => {
  for (const run of started.splice(0)) {
    // Only if a test failed halfway: nothing of what this test started may outlive it.
    if (living(['-g', String(run.group)]).length > 0) {
      try {
        process.kill(-run.group, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
  }
  for (const dataDir of dataDirs.splice(0)) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'stops every process it started, the DynamoDB JVM included, on %s to the npm process',
    async (signal) => {
      const run = await startNpm();
      process.kill(run.npm.pid!, signal);

      expect(await groupGone(run), `processes left:\n${run.output()}`).toBe(true);
      expect(living(['-p', String(run.marker.dynamoPid)])).toEqual([]);
      expect(living(['-p', String(run.marker.pid)])).toEqual([]);
      // A clean stop removes the marker: nothing claims the data folder any more.
      expect(readMarker(dataDirs.at(-1)!)).toBeUndefined();
    },
  );

  it('notices a DynamoDB JVM that dies, says so and exits non-zero', async () => {
    const run = await startNpm();
    process.kill(run.marker.dynamoPid, 'SIGKILL');

    const exit = await waitFor(() => run.exit, 20_000);
    expect(exit, `npm start still running:\n${run.output()}`).toBeDefined();
    expect(exit!.code).not.toBe(0);
    expect(run.output()).toMatch(/DynamoDB Local \(pid \d+\) killed by SIGKILL/);
    expect(await groupGone(run)).toBe(true);
  });
});
