/**
 * A presigned GET URL for a generated file, at most 15 minutes long, that makes the browser save it under
 * its name (the implementation, with what the URL promises: s3/presigned-url.ts).
 */
import { loadS3Files } from './load';
import type { PresignedUrl, PresignOptions } from './s3/presigned-url';

export type { PresignedUrl, PresignOptions };

export async function presignedGetUrl(key: string, options: PresignOptions = {}): Promise<PresignedUrl> {
  const { presignedGetUrl: presign } = await loadS3Files();
  return presign(key, options);
}
