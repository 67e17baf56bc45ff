/** Bundles one entry exactly as the CDK does (infra/bundling.ts) and reads what went into it. */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { esbuildOptions, sideBundles } from '../../infra/bundling';
import { repoRoot } from '../lib/paths';
import type { Entry } from './function-entries';
import type { PackageBytes } from './package-bytes';
import { bytesByPackage } from './package-bytes';

export interface Bundle extends Entry {
  /** The .mjs file; its source map beside it is not counted. */
  file: string;
  bytes: number;
  packages: PackageBytes[];
}

export async function bundle(entry: Entry, outDir: string, index: number): Promise<Bundle> {
  // Lambda loads index.mjs as ESM; the directory per bundle keeps each one's map beside it.
  const file = join(outDir, String(index), 'index.mjs');
  const result = await build({
    ...esbuildOptions,
    entryPoints: [join(repoRoot, entry.entry)],
    outfile: file,
    absWorkingDir: repoRoot,
    metafile: true,
    logLevel: 'warning',
  });
  const output = Object.entries(result.metafile.outputs).find(([path]) => path.endsWith('.mjs'));
  if (!output) throw new Error(`esbuild wrote no .mjs for ${entry.entry}`);
  // The renderers' bundles beside it, as the construct's after-bundling hook builds them (loaded at
  // the first render, not counted in the function's size or load).
  const code = readFileSync(file, 'utf8');
  for (const [name, source] of Object.entries(sideBundles)) {
    if (!code.includes(name)) continue;
    await build({
      ...esbuildOptions,
      entryPoints: [join(repoRoot, source)],
      outfile: join(dirname(file), name),
      absWorkingDir: repoRoot,
      logLevel: 'warning',
    });
  }
  return { ...entry, file, bytes: statSync(file).size, packages: bytesByPackage(output[1].inputs) };
}
