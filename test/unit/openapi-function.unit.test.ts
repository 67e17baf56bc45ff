/**
 * The OpenAPI function as it ships. Only it carries the docs (descriptions and examples of every
 * operation): no group's bundle does. Built as the construct builds it, it carries Scalar's browser bundle
 * gzipped beside index.mjs (and no other function does) and serves the reference page, its script and
 * the document from there with no node_modules in reach.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues, handlerEntry } from '../../functions/catalogue';
import { docsPath, docsScriptPath, openApiPath } from '../../functions/openapi/paths';
import { acceptsGzip, bundledReferenceScript } from '../../functions/openapi/reference-script';
import { buildApiEvent } from '../../infra/local/api-event';
import { buildFunction } from '../support/built-function';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scalarScript = readFileSync(
  join(
    dirname(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference'))),
    'dist/browser/standalone.js',
  ),
);

/** The repository's source files esbuild put into a bundle of the entry (packages left out: only ours matter). */
async function sourcesIn(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    metafile: true,
    absWorkingDir: root,
    logLevel: 'warning',
  });
  return Object.keys(result.metafile.inputs);
}

const isDocs = (source: string) => /(^|\/)(openapi-docs|catalogue-docs)\.ts$/.test(source);

describe('the docs in bundles', () => {
  it.each(catalogues.map((catalogue) => catalogue.group))('stay out of the %s function', async (group) => {
    expect((await sourcesIn(handlerEntry(group))).filter(isDocs)).toEqual([]);
  });

  it('are in the OpenAPI document’s side bundle, every group’s, and not in the function’s own', async () => {
    const docs = (await sourcesIn('functions/openapi/document/index.ts')).filter(isDocs);
    expect(docs).toContain('functions/catalogue-docs.ts');
    for (const { group } of catalogues) expect(docs).toContain(`functions/${group}/openapi-docs.ts`);
    expect((await sourcesIn('functions/openapi/handler.ts')).filter(isDocs)).toEqual([]);
  });
});

describe('the built OpenAPI function', () => {
  let work: string;
  let dir: string;
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'openapi-function-'));
    dir = await buildFunction(
      join(work, 'openapi'),
      'openapi',
      `export { handler } from './functions/openapi/handler';`,
    );
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** One invocation of the built handler in a fresh node, run from outside the repository. */
  function invoke(method: string, path: string, headers: Record<string, string> = {}) {
    const { group: _group, ...event } = buildApiEvent({ method, path, headers });
    const script = [
      `const { handler } = await import(${JSON.stringify(pathToFileURL(join(dir, 'index.mjs')).href)});`,
      `const result = await handler(JSON.parse(process.argv[1]), { awsRequestId: 'r', getRemainingTimeInMillis: () => 25000 });`,
      `process.stdout.write(JSON.stringify(result));`,
    ].join('\n');
    const output = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', script, JSON.stringify(event)],
      {
        cwd: work,
        env: {
          PATH: process.env.PATH ?? '',
          AWS_REGION: 'eu-central-1',
          LOG_LEVEL: 'silent',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return JSON.parse(output) as {
      statusCode: number;
      headers: Record<string, string>;
      body: string;
      isBase64Encoded?: boolean;
    };
  }

  it('carries Scalar’s bundle gzipped beside index.mjs, and a function that serves no page does not', async () => {
    expect(gunzipSync(readFileSync(join(dir, bundledReferenceScript))).equals(scalarScript)).toBe(true);
    const other = await buildFunction(
      join(work, 'other'),
      'other',
      `export { openApiPath } from './functions/openapi/paths';`,
    );
    expect(existsSync(join(other, bundledReferenceScript))).toBe(false);
  });

  it('serves the script gzipped to a browser, plain to a client that takes no gzip, and 304 when unchanged', () => {
    const gzipped = invoke('GET', docsScriptPath, { 'accept-encoding': 'gzip, deflate, br' });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'content-encoding': 'gzip',
      'cache-control': 'public, max-age=86400',
      vary: 'accept-encoding',
    });
    expect(gzipped.isBase64Encoded).toBe(true);
    // Lambda answers at most 6 MB, base64 included.
    expect(gzipped.body.length).toBeLessThan(3 * 1024 * 1024);
    expect(gunzipSync(Buffer.from(gzipped.body, 'base64')).equals(scalarScript)).toBe(true);

    const plain = invoke('GET', docsScriptPath, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.isBase64Encoded).toBeUndefined();
    expect(Buffer.from(plain.body).equals(scalarScript)).toBe(true);
    expect(plain.headers.etag).toBe(gzipped.headers.etag);

    const unchanged = invoke('GET', docsScriptPath, { 'if-none-match': gzipped.headers.etag! });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });

  it('serves the reference page over the document, which it builds with the docs', () => {
    const page = invoke('GET', docsPath);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(page.body).toContain(`<script src="${docsScriptPath}"></script>`);
    expect(page.body).toContain(`"url":"${openApiPath}"`);

    const document = invoke('GET', openApiPath);
    expect(document.statusCode).toBe(200);
    const json = JSON.parse(document.body) as { tags: Array<{ name: string; description?: string }> };
    expect(json.tags.map((tag) => tag.name)).toEqual(catalogues.map((catalogue) => catalogue.group));
    expect(json.tags.every((tag) => typeof tag.description === 'string')).toBe(true);
  });
});

describe('acceptsGzip', () => {
  it('reads Accept-Encoding weights', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
