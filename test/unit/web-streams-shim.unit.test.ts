/**
 * The stand-in for `node:stream/web` (infra/bundling-shims/web-streams.ts) behaves as the real
 * ReadableStream for what its importers do with it, and a function built as the construct builds it
 * loads without Node's web streams.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadableStream as StandIn } from '../../infra/bundling-shims/web-streams';
import { buildFunction, importIndex, runInFunction } from '../support/built-function';

let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'web-streams-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the web streams stand-in', () => {
  it('recognises real streams and nothing else', () => {
    expect(new globalThis.ReadableStream() instanceof StandIn).toBe(true);
    expect({} instanceof StandIn).toBe(false);
    const notObjects: unknown[] = ['text', null];
    for (const value of notObjects) expect(value instanceof StandIn).toBe(false);
  });

  it('builds a real stream that reads', async () => {
    const stream = new StandIn<string>({
      start(controller) {
        controller.enqueue('a');
        controller.close();
      },
    });
    expect(stream).toBeInstanceOf(globalThis.ReadableStream);
    const chunks: string[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks).toEqual(['a']);
  });

  it('keeps Node’s web streams out of a built group function’s load', async () => {
    const dir = await buildFunction(
      join(work, 'vendors'),
      'vendors',
      `export { handler } from './functions/vendors/handler';`,
    );
    expect(readFileSync(join(dir, 'index.mjs'), 'utf8')).not.toContain('node:stream/web');
    const loaded = runInFunction(
      dir,
      [
        `${importIndex(dir)};`,
        `console.log(JSON.stringify(process.moduleLoadList.filter((name) => name.includes('readablestream'))));`,
      ],
      {
        TABLE_NAME: 'table',
        AWS_REGION: 'eu-central-1',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
    );
    expect(loaded).toEqual([]);
  }, 30_000);
});
