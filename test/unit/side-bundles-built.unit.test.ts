/**
 * A function built as the construct builds it (infra/bundling.ts, the after-bundling hook included) gets
 * beside its index.mjs the side bundles it loads and no other, and they work from there with no
 * node_modules in reach. (The PDF renderer's case, fonts included: label-pdf.unit.test.ts.)
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFunction, importIndex, runInFunction } from '../support/built-function';
import { sideBundles } from '../../shared/side-bundle';

let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'side-bundles-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A port nothing listens on: one the system just handed out and that was closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const builtFunction = (name: string, contents: string) => buildFunction(join(work, name), name, contents);

describe('side bundles in a built function', () => {
  it('carry the S3 client apart from index.mjs, and sign a link from there', async () => {
    const dir = await builtFunction(
      'files',
      `export { presignedGetUrl } from './shared/files/presigned-url';
       export { putBytes } from './shared/files/put-bytes';`,
    );
    const present = Object.keys(sideBundles).filter((file) => existsSync(join(dir, file)));
    expect(present).toEqual(['files-s3.mjs']);
    // The S3 client is over 100 KB minified: index.mjs holds only the loader.
    expect(statSync(join(dir, 'index.mjs')).size).toBeLessThan(10_000);
    expect(statSync(join(dir, 'files-s3.mjs')).size).toBeGreaterThan(100_000);

    // Signing is local: credentials and a region suffice, no S3 is asked.
    const link = runInFunction(
      dir,
      [
        `const { presignedGetUrl } = ${importIndex(dir)};`,
        `const link = await presignedGetUrl('labels/2026/11/24/x.pdf', { fileName: 'Łódź.pdf' });`,
        `console.log(JSON.stringify(link));`,
      ],
      {
        AWS_REGION: 'eu-central-1',
        AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        AWS_SECRET_ACCESS_KEY: 'secret',
        EXPORTS_BUCKET: 'files-bucket',
      },
    ) as { url: string; expiresAt: string };
    const url = new URL(link.url);
    expect(url.hostname).toBe('files-bucket.s3.eu-central-1.amazonaws.com');
    expect(url.pathname).toBe('/labels/2026/11/24/x.pdf');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('response-content-disposition')).toContain("UTF-8''%C5%81%C3%B3d%C5%BA.pdf");
  });

  it('throw an S3 outage as the FileStorageUnavailable the function itself recognises', async () => {
    const dir = await builtFunction(
      'files-outage',
      `export { putBytes } from './shared/files/put-bytes';
       export { FileStorageUnavailable } from './shared/files/unavailable';`,
    );
    const port = await closedPort();
    const outcome = runInFunction(
      dir,
      [
        `const { putBytes, FileStorageUnavailable } = ${importIndex(dir)};`,
        `const bytes = new Uint8Array([1]);`,
        `const stored = putBytes({ key: 'labels/x.pdf', bytes, contentType: 'application/pdf', fileName: 'x.pdf' });`,
        `const error = await stored.then(() => undefined, (failure) => failure);`,
        // The class of index.mjs, the error thrown by files-s3.mjs's own copy of it.
        `console.log(JSON.stringify({ name: error?.name, recognised: error instanceof FileStorageUnavailable }));`,
      ],
      {
        AWS_REGION: 'eu-central-1',
        AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        AWS_SECRET_ACCESS_KEY: 'secret',
        EXPORTS_BUCKET: 'files-bucket',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
    );
    expect(outcome).toEqual({ name: 'FileStorageUnavailable', recognised: true });
  });

  it('carry the OpenAPI document apart from the OpenAPI function, which serves it from there', async () => {
    const dir = await builtFunction('openapi', `export { handler } from './functions/openapi/handler';`);
    expect(Object.keys(sideBundles).filter((file) => existsSync(join(dir, file)))).toEqual([
      'openapi-document.mjs',
    ]);
    const event = {
      version: '2.0',
      routeKey: '$default',
      rawPath: '/v1/openapi.json',
      rawQueryString: '',
      headers: {},
      requestContext: { http: { method: 'GET', path: '/v1/openapi.json' }, requestId: 'r1' },
      isBase64Encoded: false,
    };
    const answer = runInFunction(
      dir,
      [
        `const { handler } = ${importIndex(dir)};`,
        `const response = await handler(${JSON.stringify(event)}, { awsRequestId: 'r1' });`,
        `console.log(JSON.stringify({ status: response.statusCode, openapi: JSON.parse(response.body).openapi }));`,
      ],
      { LOG_LEVEL: 'silent', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    );
    expect(answer).toEqual({ status: 200, openapi: '3.1.0' });
    // Two bundles of every group's schemas built, then loaded: seconds on a busy machine.
  }, 30_000);

  it('are left out of a function that loads none', async () => {
    const dir = await builtFunction('plain', `export { exportKey } from './shared/files/keys';`);
    expect(Object.keys(sideBundles).filter((file) => existsSync(join(dir, file)))).toEqual([]);
  });
});
