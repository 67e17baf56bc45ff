/**
 * Streams a generated file into the files bucket as a multipart upload, aborted on any failure (the
 * implementation: s3/put-stream.ts).
 */
import { loadS3Files } from './load';
import type { PutStreamInput, StoredFile } from './s3/put-stream';

export type { PutStreamInput, StoredFile };

export async function putStream(input: PutStreamInput): Promise<StoredFile> {
  let put: Awaited<ReturnType<typeof loadS3Files>>['putStream'];
  try {
    ({ putStream: put } = await loadS3Files());
  } catch (error) {
    // As a failed upload does: a stream handed over is not left open.
    if (typeof input.body !== 'function') input.body.destroy();
    throw error;
  }
  return put(input);
}
