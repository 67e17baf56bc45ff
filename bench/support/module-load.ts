/**
 * Module-load time of bundles, as a cold Lambda pays it: a fresh `node` per sample times only the
 * `import()` of the bundle (process start-up excluded), in the environment it is given. Samples are
 * interleaved across runs so drift hits them alike (each round starting at another run), and run one at
 * a time so the two cores do not contend. Each sample is the wall time and the process's CPU time (user + system, all threads: V8
 * compiles and collects on helper threads) over the import: on a machine shared with other work the
 * wall time also holds the time the process waited for a core, the CPU time does not.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { lambdaNode } from './lambda-node';

const childScript = [
  'const cpu = process.cpuUsage();',
  'const start = process.hrtime.bigint();',
  'await import(process.argv[1]);',
  'const wallMs = Number(process.hrtime.bigint() - start) / 1e6;',
  'const { user, system } = process.cpuUsage(cpu);',
  'process.stdout.write(JSON.stringify({ wallMs, cpuMs: (user + system) / 1000 }));',
].join(' ');

export interface LoadRun {
  file: string;
  /** The child's whole environment. */
  env: Readonly<Record<string, string>>;
}

export interface LoadSamples {
  wallMs: number[];
  cpuMs: number[];
}

// A clean environment: nothing of the parent's (tsx's NODE_OPTIONS included) may slow the child.
const cleanEnv = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  AWS_REGION: 'us-east-1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

function loadOnce({ file, env }: LoadRun): { wallMs: number; cpuMs: number } {
  const child = spawnSync(
    lambdaNode().path,
    ['--input-type=module', '-e', childScript, pathToFileURL(file).href],
    { env, encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(`loading ${file} failed (${child.status}): ${child.stderr}`);
  const sample = JSON.parse(child.stdout) as { wallMs: number; cpuMs: number };
  if (!Number.isFinite(sample.wallMs) || !Number.isFinite(sample.cpuMs)) {
    throw new Error(`loading ${file} printed ${JSON.stringify(child.stdout)}`);
  }
  return sample;
}

/** Samples per run, in the order of `runs`, after one unmeasured load each (to warm the page cache). */
export function loadSamples(runs: readonly LoadRun[], samples: number): LoadSamples[] {
  for (const run of runs) loadOnce(run);
  const results = runs.map((): LoadSamples => ({ wallMs: [], cpuMs: [] }));
  for (let i = 0; i < samples; i++) {
    // Each round starts one run further on, so no run always follows the same one or goes first.
    for (let step = 0; step < runs.length; step++) {
      const index = (i + step) % runs.length;
      const { wallMs, cpuMs } = loadOnce(runs[index]!);
      results[index]!.wallMs.push(wallMs);
      results[index]!.cpuMs.push(cpuMs);
    }
  }
  return results;
}

/** Wall-time samples in ms per file, with only AWS_REGION set and the given NODE_OPTIONS (none by default). */
export function loadTimes(
  files: readonly string[],
  samples: number,
  nodeOptions?: string,
): Map<string, number[]> {
  const env = nodeOptions ? { ...cleanEnv, NODE_OPTIONS: nodeOptions } : cleanEnv;
  const results = loadSamples(
    files.map((file) => ({ file, env })),
    samples,
  );
  return new Map(files.map((file, index) => [file, results[index]!.wallMs]));
}
