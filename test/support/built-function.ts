/**
 * A Lambda function's folder built as the CDK construct builds it: the entry bundled with the functions'
 * esbuild settings (infra/bundling.ts), then the after-bundling hook's commands run as CDK's local
 * bundling runs them (the side bundles, the PDF fonts, the API reference script).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import {
  esbuildOptions,
  pdfFontCommands,
  referenceScriptCommands,
  sideBundleCommands,
} from '../../infra/bundling';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Builds `contents` (TypeScript, imports relative to the repository root) into `outDir`/index.mjs. */
export async function buildFunction(outDir: string, name: string, contents: string): Promise<string> {
  await build({
    ...esbuildOptions,
    sourcemap: false, // not what is tested, and the slowest part of the build
    stdin: { contents, resolveDir: repoRoot, sourcefile: `${name}.ts`, loader: 'ts' },
    outfile: join(outDir, 'index.mjs'),
    absWorkingDir: repoRoot,
    logLevel: 'warning',
  });
  for (const command of [
    ...sideBundleCommands(repoRoot, outDir),
    ...pdfFontCommands(repoRoot, outDir),
    ...referenceScriptCommands(repoRoot, outDir),
  ]) {
    execFileSync('bash', ['-c', command], { cwd: repoRoot });
  }
  return outDir;
}

/** The expression that imports a built function's index.mjs, for a script given to `runInFunction`. */
export const importIndex = (dir: string) =>
  `await import(${JSON.stringify(pathToFileURL(join(dir, 'index.mjs')).href)})`;

/**
 * Runs an ES module script in a fresh `node` in the built function's folder (no node_modules in reach),
 * with PATH and `env` as its whole environment; answers what it printed, parsed as JSON.
 */
export function runInFunction(dir: string, script: string[], env: Record<string, string>): unknown {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script.join('\n')], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return JSON.parse(output);
}
