/** Bundles one entry exactly as the CDK does (infra/bundling.ts) and reads what went into it. */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { esbuildOptions } from '../../infra/bundling';
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
  return { ...entry, file, bytes: statSync(file).size, packages: bytesByPackage(output[1].inputs) };
}
