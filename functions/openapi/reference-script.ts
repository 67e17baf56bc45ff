/**
 * Scalar's standalone browser bundle (`@scalar/api-reference`, 4.3 MB, 1.3 MB gzipped), served by this
 * function at GET /v1/docs/scalar.js so the reference page needs no CDN.
 *
 * Where it is found, first hit wins:
 * 1. `api-reference/scalar.js.gz` beside the running module file. In a Lambda bundle that file is
 *    index.mjs, and the construct's afterBundling hook writes the gzipped bundle there
 *    (`referenceScriptCommands` in infra/bundling.ts).
 * 2. The package, resolved from this module (tsx and vitest run the source inside the repository), then
 *    from the working directory (a bundle built into a temp folder and run from the repository): the
 *    plain file, gzipped here once.
 *
 * Nothing is read at import: the first request for the script reads it, later ones reuse the bytes.
 * Gzipped it stays far under Lambda's 6 MB response limit even base64-encoded (1.7 MB); a client that
 * does not take gzip gets the plain text (4.3 MB, still under it).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { HttpResponse } from '../../shared/http/problem';

/** The package the script comes from; infra/bundling.ts copies from it, and looks for its name in a bundle. */
export const referenceScriptPackage = '@scalar/api-reference';
/** The file in the package. */
export const referenceScriptFile = 'dist/browser/standalone.js';
/** Beside a bundle's index.mjs. */
export const bundledReferenceScript = 'api-reference/scalar.js.gz';

export class ReferenceScriptMissingError extends Error {
  override readonly name = 'ReferenceScriptMissingError';
}

interface ReferenceScript {
  gzipped: Buffer;
  etag: string;
}

/** The package's own file, resolved from a place (its exports map names no subpath for it). */
function packageScript(from: string | URL): string | undefined {
  try {
    // The main entry is `dist/index.js`: the browser bundle sits beside it.
    const entry = createRequire(from).resolve(referenceScriptPackage);
    return join(dirname(dirname(entry)), referenceScriptFile);
  } catch {
    return undefined;
  }
}

async function readIfThere(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function findScript(): Promise<ReferenceScript> {
  const beside = fileURLToPath(new URL(`./${bundledReferenceScript}`, import.meta.url));
  let gzipped = await readIfThere(beside);
  const tried = [beside];
  if (!gzipped) {
    for (const file of [
      packageScript(import.meta.url),
      packageScript(pathToFileURL(join(process.cwd(), 'package.json'))),
    ]) {
      if (!file) continue;
      tried.push(file);
      const plain = await readIfThere(file);
      if (plain) {
        gzipped = gzipSync(plain, { level: 9 });
        break;
      }
    }
  }
  if (!gzipped) throw new ReferenceScriptMissingError(`Scalar's bundle is in none of: ${tried.join(', ')}`);
  const etag = `"${createHash('sha256').update(gzipped).digest('base64url').slice(0, 27)}"`;
  return { gzipped, etag };
}

let loading: Promise<ReferenceScript> | undefined;

/** The script, read once per process; a failed read is retried on the next request. */
export function referenceScript(): Promise<ReferenceScript> {
  loading ??= findScript().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Whether an Accept-Encoding header takes gzip: named with a q above 0, or not named and `*` taken. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [coding = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    weights.set(coding.trim(), q === undefined ? 1 : Number(q.slice(2)));
  }
  const weight = weights.get('gzip') ?? weights.get('*') ?? 0;
  return weight > 0;
}

/** Whether an If-None-Match header names the entity tag (weak comparison, RFC 9110 §13.1.2). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export async function referenceScriptResponse(
  headers: Record<string, string | undefined>,
): Promise<HttpResponse> {
  const script = await referenceScript();
  const common = {
    etag: script.etag,
    // A day: the script changes only with a release, and revalidation is a 304.
    'cache-control': 'public, max-age=86400',
    vary: 'accept-encoding',
    'x-content-type-options': 'nosniff',
  };
  if (matchesEtag(headers['if-none-match'], script.etag)) {
    return { statusCode: 304, headers: common, body: '' };
  }
  const contentType = { 'content-type': 'text/javascript; charset=utf-8' };
  if (acceptsGzip(headers['accept-encoding'])) {
    const gzipped: HttpResponse & { isBase64Encoded: boolean } = {
      statusCode: 200,
      headers: { ...common, ...contentType, 'content-encoding': 'gzip' },
      body: script.gzipped.toString('base64'),
      isBase64Encoded: true,
    };
    return gzipped;
  }
  return {
    statusCode: 200,
    headers: { ...common, ...contentType },
    body: gunzipSync(script.gzipped).toString('utf8'),
  };
}
