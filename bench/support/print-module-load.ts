/**
 * Module load of the fulfillment bundle for the print benchmark. bench/support/module-load.ts times an
 * import in a clean environment (no NODE_OPTIONS) for the exports benchmark; a function runs with the
 * deployed NODE_OPTIONS (functionNodeOptions: the old-space bound, no source maps), so this times both, with the
 * same child script, interleaved across bundles and settings. `splitBundle` builds an entry with the same
 * esbuild settings plus code splitting: what the bundle would load if a lazy `import()` stayed lazy.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { esbuildOptions } from '../../infra/bundling';
import { repoRoot } from '../lib/paths';
import type { Entry } from './function-entries';
import type { PackageBytes } from './package-bytes';
import { bytesByPackage } from './package-bytes';
import { lambdaNode } from './lambda-node';

const childScript = [
  'const start = process.hrtime.bigint();',
  'await import(process.argv[1]);',
  'process.stdout.write(String(Number(process.hrtime.bigint() - start) / 1e6));',
].join(' ');

export interface LoadRun {
  file: string;
  /** '' for none. */
  nodeOptions: string;
}

export const runKey = (run: LoadRun) => `${run.file}\u0000${run.nodeOptions}`;

function loadOnce(run: LoadRun): number {
  const child = spawnSync(
    lambdaNode().path,
    ['--input-type=module', '-e', childScript, pathToFileURL(run.file).href],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        AWS_REGION: 'us-east-1',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        ...(run.nodeOptions ? { NODE_OPTIONS: run.nodeOptions } : {}),
      },
      encoding: 'utf8',
    },
  );
  if (child.status !== 0) throw new Error(`loading ${run.file} failed (${child.status}): ${child.stderr}`);
  const ms = Number(child.stdout);
  if (!Number.isFinite(ms)) throw new Error(`loading ${run.file} printed ${JSON.stringify(child.stdout)}`);
  return ms;
}

/** Samples in ms per run (runKey), after one unmeasured load each; interleaved, one process at a time. */
export function loadTimesWith(runs: readonly LoadRun[], samples: number): Map<string, number[]> {
  for (const run of runs) loadOnce(run);
  const times = new Map<string, number[]>(runs.map((run) => [runKey(run), []]));
  for (let i = 0; i < samples; i++) for (const run of runs) times.get(runKey(run))!.push(loadOnce(run));
  return times;
}

export interface SplitBundle {
  /** index.mjs, the file Lambda imports. */
  file: string;
  /** index.mjs and the chunks it imports statically (what a cold start reads). */
  loadedBytes: number;
  /** Every .mjs written (lazy chunks included). */
  totalBytes: number;
  /** What the statically loaded files hold, by package (bench/support/package-bytes.ts). */
  loadedPackages: PackageBytes[];
}

/** The entry bundled as infra/bundling.ts does, with `splitting: true` (ESM chunks beside index.mjs). */
export async function splitBundle(entry: Entry, outDir: string): Promise<SplitBundle> {
  const result = await build({
    ...esbuildOptions,
    entryPoints: { index: join(repoRoot, entry.entry) },
    outdir: outDir,
    splitting: true,
    outExtension: { '.js': '.mjs' },
    absWorkingDir: repoRoot,
    metafile: true,
    logLevel: 'warning',
  });
  const outputs = result.metafile.outputs;
  const byName = new Map(Object.entries(outputs).map(([path, output]) => [join(repoRoot, path), output]));
  const file = join(outDir, 'index.mjs');
  const loaded = new Set<string>();
  const visit = (path: string) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    for (const imported of byName.get(path)?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(join(repoRoot, imported.path));
    }
  };
  visit(file);
  const size = (path: string) => statSync(path).size;
  const all = readdirSync(outDir).filter((name) => name.endsWith('.mjs'));
  const loadedInputs: Record<string, { bytesInOutput: number }> = {};
  for (const path of loaded) {
    for (const [input, { bytesInOutput }] of Object.entries(byName.get(path)?.inputs ?? {})) {
      loadedInputs[input] = { bytesInOutput: (loadedInputs[input]?.bytesInOutput ?? 0) + bytesInOutput };
    }
  }
  return {
    file,
    loadedPackages: bytesByPackage(loadedInputs),
    loadedBytes: [...loaded].reduce((sum, path) => sum + size(path), 0),
    totalBytes: all.reduce((sum, name) => sum + size(join(outDir, name)), 0),
  };
}
