/**
 * Module-load time of bundles, as a cold Lambda pays it: a fresh `node` per sample times only the
 * `import()` of the bundle (process start-up excluded). Samples are interleaved across bundles so drift
 * hits them alike, and run one at a time so the two cores do not contend.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const childScript = [
  'const start = process.hrtime.bigint();',
  'await import(process.argv[1]);',
  'process.stdout.write(String(Number(process.hrtime.bigint() - start) / 1e6));',
].join(' ');

// A clean environment: nothing of the parent's (tsx's NODE_OPTIONS included) may slow the child.
const childEnv = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  AWS_REGION: 'us-east-1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

function loadOnce(file: string): number {
  const child = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', childScript, pathToFileURL(file).href],
    {
      env: childEnv,
      encoding: 'utf8',
    },
  );
  if (child.status !== 0) throw new Error(`loading ${file} failed (${child.status}): ${child.stderr}`);
  const ms = Number(child.stdout);
  if (!Number.isFinite(ms)) throw new Error(`loading ${file} printed ${JSON.stringify(child.stdout)}`);
  return ms;
}

/** Samples in ms per file, after one unmeasured load each (to warm the page cache). */
export function loadTimes(files: readonly string[], samples: number): Map<string, number[]> {
  for (const file of files) loadOnce(file);
  const times = new Map<string, number[]>(files.map((file) => [file, []]));
  for (let i = 0; i < samples; i++) {
    for (const file of files) times.get(file)!.push(loadOnce(file));
  }
  return times;
}
