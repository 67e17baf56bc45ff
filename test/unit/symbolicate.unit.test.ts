/**
 * A stack thrown by a bundle built with the functions' esbuild settings and run without source maps (as
 * deployed) maps back to the source lines through the .map beside the bundle (npm run symbolicate).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esbuildOptions } from '../../infra/bundling';
import { functionNodeOptions } from '../../infra/constructs/group-function';
import type { MapOf } from '../../infra/local/symbolicate-stack';
import { repositoryPath, symbolicate, symbolicateLog } from '../../infra/local/symbolicate-stack';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const source = 'test/fixtures/symbolicate/fails.ts';
let work: string;
let stack: string;
let mapOf: MapOf;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'symbolicate-'));
  const bundle = join(work, 'index.mjs');
  await build({
    ...esbuildOptions,
    entryPoints: [join(repoRoot, source)],
    outfile: bundle,
    absWorkingDir: repoRoot,
    logLevel: 'warning',
  });
  // Run as a deployed function runs: the stack's NODE_OPTIONS, nothing of the test runner's.
  const child = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { reserve } = await import(${JSON.stringify(pathToFileURL(bundle).href)});
       try { reserve([3, 25]); } catch (error) { process.stdout.write(error.stack); }`,
    ],
    { env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: functionNodeOptions }, encoding: 'utf8' },
  );
  stack = child.stdout;
  const map = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')));
  mapOf = (file) => (file === 'index.mjs' ? map : undefined);
}, 30_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('symbolicate', () => {
  it('maps each bundle frame of a deployed stack to its source line', () => {
    expect(stack).toContain('RangeError: quantity 25 is over 10');
    expect(stack).toMatch(/index\.mjs:\d+:\d+/);
    const mapped = symbolicate(stack, mapOf);
    expect(mapped).toContain(`${source}:3:`);
    expect(mapped).toContain(`${source}:8:`);
    expect(mapped).not.toMatch(/index\.mjs:\d+:\d+/);
  });

  it('reads a logged JSON record: its message, then its stack symbolicated', () => {
    const record = JSON.stringify({
      level: 'error',
      message: 'Unhandled error',
      error: { name: 'RangeError', message: 'quantity 25 is over 10', stack },
    });
    const [first, ...rest] = symbolicateLog(record, mapOf).split('\n');
    expect(first).toBe('Unhandled error');
    expect(rest.join('\n')).toContain(`${source}:3:`);
  });

  it('leaves positions it has no map for as they are', () => {
    const line = '    at run (file:///var/task/render-pdf.mjs:1:200)';
    expect(symbolicate(line, mapOf)).toBe(line);
  });

  it('names sources as the repository does', () => {
    expect(repositoryPath('../../functions/vendors/handler.ts')).toBe('functions/vendors/handler.ts');
    expect(repositoryPath('../../../work/node_modules/zod/v4/core/core.js')).toBe(
      'node_modules/zod/v4/core/core.js',
    );
  });
});
