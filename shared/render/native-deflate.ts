/**
 * pdf-lib compresses every stream it writes (page contents, object and cross-reference streams) with
 * pako, zlib in JavaScript, and sets up a fresh 64 KB window for each: on the busy day that was 1.7 s of
 * the 10.8 s its labels took under the profiler, for streams of a few KB. Node's own zlib writes the same
 * format (FlateDecode is zlib) several times faster. pdf-lib 1.17.1 (pinned) fills each stream's contents
 * cache with a closure made in its constructor; the cache's `populate` is a plain field, so each stream's
 * is swapped for zlib's the first time its contents are asked for, before they are computed. The
 * context's flateStream (font programs, ToUnicode maps) compresses with zlib too.
 */
import { deflateSync } from 'node:zlib';
import type { PDFObject, PDFRawStream } from 'pdf-lib';
import { PDFContext, PDFFlateStream } from 'pdf-lib';

interface FlateStreamInternals {
  encode: boolean;
  getUnencodedContents(): Uint8Array;
  contentsCache: { populate: () => Uint8Array; value: Uint8Array | undefined };
}

const swapped = new WeakSet<object>();

function compressWithZlib(stream: FlateStreamInternals): void {
  if (swapped.has(stream)) return;
  swapped.add(stream);
  stream.contentsCache.populate = () => {
    const unencoded = stream.getUnencodedContents();
    return stream.encode ? new Uint8Array(deflateSync(unencoded)) : unencoded;
  };
}

const prototype = PDFFlateStream.prototype as unknown as {
  getContents(): Uint8Array;
  getContentsSize(): number;
};
const { getContents, getContentsSize } = prototype;
prototype.getContents = function (this: FlateStreamInternals) {
  compressWithZlib(this);
  return getContents.call(this);
};
prototype.getContentsSize = function (this: FlateStreamInternals) {
  compressWithZlib(this);
  return getContentsSize.call(this);
};

type FlateStreamMaker = (
  contents: string | Uint8Array,
  dict?: Record<string, PDFObject | string>,
) => PDFRawStream;
const context = PDFContext.prototype as unknown as {
  flateStream: FlateStreamMaker;
  stream(contents: Uint8Array, dict: Record<string, unknown>): PDFRawStream;
};
context.flateStream = function (this: typeof context, contents, dict = {}) {
  // As pdf-lib's typedArrayFor: a string's characters as bytes, each its code's low byte.
  const bytes = typeof contents === 'string' ? Buffer.from(contents, 'latin1') : contents;
  return this.stream(new Uint8Array(deflateSync(bytes)), { ...dict, Filter: 'FlateDecode' });
};
