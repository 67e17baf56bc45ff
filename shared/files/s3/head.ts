/**
 * Whether a stored file is there. It reads the file's first byte rather than its metadata: a HEAD answer
 * has no body, so S3 answers a missing bucket with the same bare 404 as a missing key, and a missing
 * bucket is an outage (../unavailable.ts), not a missing file.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { filesBucket, s3 } from './client';
import { asFileStorageFailure } from '../unavailable';

export async function fileStored(key: string): Promise<boolean> {
  try {
    const object = await s3().send(
      new GetObjectCommand({ Bucket: filesBucket(), Key: key, Range: 'bytes=0-0' }),
    );
    await object.Body?.transformToByteArray();
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'NoSuchKey') return false;
    throw asFileStorageFailure(error, `read ${key}`);
  }
}
