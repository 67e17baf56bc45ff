/** A small generated file (a label, a manifest form: tens of KB) stored in one PutObject. */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { filesBucket, s3 } from './client';
import { attachmentDisposition } from '../content-disposition';
import { asFileStorageFailure } from '../unavailable';

export interface PutBytesInput {
  /** From a key builder (keys.ts), never from client text. */
  key: string;
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

export async function putBytes(input: PutBytesInput): Promise<void> {
  const command = new PutObjectCommand({
    Bucket: filesBucket(),
    Key: input.key,
    Body: input.bytes,
    ContentType: input.contentType,
    ContentDisposition: attachmentDisposition(input.fileName),
  });
  try {
    await s3().send(command);
  } catch (error) {
    throw asFileStorageFailure(error, `store ${input.key}`);
  }
}
