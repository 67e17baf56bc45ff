/**
 * Streams a generated file into the files bucket without ever holding it whole: the bytes go out in
 * 5 MiB parts of a multipart upload (@aws-sdk/lib-storage, at most `queueSize` parts in memory; a file
 * smaller than one part is sent as one PutObject). On any failure, the producer's or S3's, the
 * multipart upload is aborted, so no part is left behind, and the error is thrown (an S3 outage as
 * FileStorageUnavailable, ../unavailable.ts).
 */
import type { Readable, Writable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Upload } from '@aws-sdk/lib-storage';
import { filesBucket, s3 } from './client';
import { attachmentDisposition } from '../content-disposition';
import { FileStorageUnavailable, asFileStorageFailure } from '../unavailable';

/** S3's minimum part size; a part is buffered in memory until sent. */
const partSize = 5 * 1024 * 1024;
/** Parts in flight at once: at most partSize × (queueSize + 1) bytes buffered, about 20 MiB. */
const queueSize = 3;

export interface PutStreamInput {
  /** From a key builder (keys.ts), never from client text. */
  key: string;
  contentType: string;
  /** The name the file downloads under (any Unicode); stored as Content-Disposition: attachment. */
  fileName: string;
  /**
   * The bytes: a Readable, or a producer that writes into the stream it is given (honouring its
   * backpressure). The producer may end the stream; it is ended for it when its promise resolves.
   */
  body: Readable | ((output: Writable) => Promise<unknown>);
}

export interface StoredFile {
  key: string;
  /** Bytes stored. */
  bytes: number;
}

export async function putStream(input: PutStreamInput): Promise<StoredFile> {
  let bucket: string;
  let disposition: string;
  try {
    bucket = filesBucket();
    disposition = attachmentDisposition(input.fileName);
  } catch (error) {
    if (typeof input.body !== 'function') input.body.destroy();
    throw error;
  }
  let bytes = 0;
  // Counts what passes; its readable side is the upload's body, its writable side the producer's output.
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const upload = new Upload({
    client: s3(),
    params: {
      Bucket: bucket,
      Key: input.key,
      Body: counter,
      ContentType: input.contentType,
      ContentDisposition: disposition,
    },
    partSize,
    queueSize,
    leavePartsOnError: false,
  });

  // Destroying the body with the producer's error makes the upload fail, and a failed upload aborts its
  // multipart upload; an upload failing first destroys the body, so a producer waiting on it stops.
  const stop = (error: unknown) => {
    counter.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  };
  // S3's own failures are named here, where they are known to be S3's (the producer's reads may fail alike).
  const uploading = upload
    .done()
    .catch((error: unknown) => stop(asFileStorageFailure(error, `store ${input.key}`)));
  const producing = (
    typeof input.body === 'function'
      ? input.body(counter).then(() => {
          if (!counter.writableEnded) counter.end();
        })
      : pipeline(input.body, counter)
  ).catch(stop);

  try {
    await Promise.all([producing, uploading]);
  } catch (error) {
    // Settle the upload (its abort included) before answering; the producer has been told to stop.
    const uploadFailure = await uploading.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    // An outage of S3 is the answer even when the producer, cut off by it, failed first.
    throw uploadFailure instanceof FileStorageUnavailable ? uploadFailure : error;
  }
  return { key: input.key, bytes };
}
